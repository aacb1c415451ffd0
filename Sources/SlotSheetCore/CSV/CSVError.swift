/// Why a CSV file cannot be read. Each case names the line (1-based, as editors count), so the
/// office can find it; `text(_:)` says it in the office's words (`english`, `dutch`).
public enum CSVError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    /// No bytes, or blank lines only.
    case empty
    /// A header and no row under it.
    case headerOnly(line: Int)
    /// Not UTF-8: from a byte-order mark or the pattern of its bytes, the file looks like
    /// `encoding`; `sample` is the first text that is not UTF-8, read in that encoding.
    case notUTF8(TextEncoding, line: Int, sample: String?)
    /// Bytes no text holds (control characters, NULs in bulk, bytes no Western code page has).
    case binary(line: Int)
    /// One NUL byte in what is otherwise text.
    case nulCharacter(line: Int)
    case unterminatedQuote(line: Int)
    /// Text after the closing quote of a quoted field (`"ab"c`).
    case textAfterQuote(line: Int)
    /// A quote inside a field that does not start with one (`ab"c`).
    case quoteInUnquotedField(line: Int)
    case fieldTooLong(line: Int, limit: Int)
    /// A record (a line, or several when a quoted field holds line breaks) past its byte limit.
    case recordTooLong(line: Int, limit: Int)
    case tooManyFields(line: Int, limit: Int)

    public var description: String { english }
}

extension CSVError: OfficeMessage {
    public var english: String {
        switch self {
        case let .unreadable(path, _): return "\(path) cannot be opened: it does not exist or cannot be read."
        case .empty: return "The CSV file is empty. Export the availability again, or give the file with the header date,daypart,staff,available and one row a person and slot."
        case let .headerOnly(line): return "The CSV file has only its header (line \(line)) and no rows under it. Add a row for each person and slot, or import the file that holds them."
        case let .notUTF8(encoding, line, sample):
            let seen = sample.map { ", where it reads \"\($0)\"" } ?? ""
            return "Line \(line) of the CSV file is not UTF-8: the file looks like \(encoding.english)\(seen). Save it as 'CSV UTF-8' (Excel: File > Save As > CSV UTF-8) and import again."
        case let .binary(line): return "Line \(line) of the file holds bytes that are not text (a picture, a program or a damaged file): this is not a CSV file. Export the availability as 'CSV UTF-8' and import that."
        case let .nulCharacter(line): return "Line \(line) of the CSV file holds a NUL character (a zero byte), which text never has: the file is damaged. Save it again as 'CSV UTF-8', or remove that character."
        case let .unterminatedQuote(line): return "Line \(line) of the CSV file opens a quoted field (\") that is never closed. Add the closing quote, or remove the opening one."
        case let .textAfterQuote(line): return "Line \(line) of the CSV file has text after the closing quote of a field. Put the whole field in quotes and write a quote inside it twice (\"\")."
        case let .quoteInUnquotedField(line): return "Line \(line) of the CSV file has a quote (\") inside a field that does not start with one. Put the whole field in quotes and write the quote twice (\"\"), or remove it."
        case let .fieldTooLong(line, limit): return "Line \(line) of the CSV file has a field longer than \(size(limit)); a date, daypart, staff code or mark is never that long. The file is damaged or not an availability CSV."
        case let .recordTooLong(line, limit): return "Line \(line) of the CSV file is longer than \(size(limit)); an availability row is never that long. The file is damaged or not an availability CSV."
        case let .tooManyFields(line, limit): return "Line \(line) of the CSV file has more than \(limit) fields; an availability row has 4 (date, daypart, staff, available). The file is damaged or not an availability CSV."
        }
    }

    public var dutch: String {
        switch self {
        case let .unreadable(path, _): return "\(path) kan niet worden geopend: het bestaat niet of is niet leesbaar."
        case .empty: return "Het CSV-bestand is leeg. Exporteer de beschikbaarheid opnieuw, of geef het bestand met de kopregel date,daypart,staff,available en een regel per persoon en tijdvak."
        case let .headerOnly(line): return "Het CSV-bestand heeft alleen een kopregel (regel \(line)) en geen regels daaronder. Voeg een regel toe voor elke persoon en elk tijdvak, of importeer het bestand waarin ze staan."
        case let .notUTF8(encoding, line, sample):
            let seen = sample.map { ", waarin staat \"\($0)\"" } ?? ""
            return "Regel \(line) van het CSV-bestand is geen UTF-8: het bestand lijkt opgeslagen als \(encoding.dutch)\(seen). Sla het op als 'CSV UTF-8' (Excel: Bestand > Opslaan als > CSV UTF-8) en importeer opnieuw."
        case let .binary(line): return "Regel \(line) van het bestand bevat bytes die geen tekst zijn (een afbeelding, een programma of een beschadigd bestand): dit is geen CSV-bestand. Exporteer de beschikbaarheid als 'CSV UTF-8' en importeer die."
        case let .nulCharacter(line): return "Regel \(line) van het CSV-bestand bevat een NUL-teken (een nulbyte), dat nooit in tekst staat: het bestand is beschadigd. Sla het opnieuw op als 'CSV UTF-8', of haal dat teken weg."
        case let .unterminatedQuote(line): return "Regel \(line) van het CSV-bestand opent een veld met een aanhalingsteken (\") dat nooit wordt gesloten. Zet het sluitende aanhalingsteken erbij, of haal het openende weg."
        case let .textAfterQuote(line): return "Regel \(line) van het CSV-bestand heeft tekst na het sluitende aanhalingsteken van een veld. Zet het hele veld tussen aanhalingstekens en schrijf een aanhalingsteken erin dubbel (\"\")."
        case let .quoteInUnquotedField(line): return "Regel \(line) van het CSV-bestand heeft een aanhalingsteken (\") midden in een veld dat er niet mee begint. Zet het hele veld tussen aanhalingstekens en schrijf het aanhalingsteken dubbel (\"\"), of haal het weg."
        case let .fieldTooLong(line, limit): return "Regel \(line) van het CSV-bestand heeft een veld langer dan \(size(limit)); een datum, dagdeel, medewerkercode of markering is nooit zo lang. Het bestand is beschadigd of geen beschikbaarheids-CSV."
        case let .recordTooLong(line, limit): return "Regel \(line) van het CSV-bestand is langer dan \(size(limit)); een regel met beschikbaarheid is nooit zo lang. Het bestand is beschadigd of geen beschikbaarheids-CSV."
        case let .tooManyFields(line, limit): return "Regel \(line) van het CSV-bestand heeft meer dan \(limit) velden; een regel met beschikbaarheid heeft er 4 (date, daypart, staff, available). Het bestand is beschadigd of geen beschikbaarheids-CSV."
        }
    }
}

/// What a text file that is not UTF-8 looks like it is.
public enum TextEncoding: Hashable, Sendable, OfficeMessage {
    case utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian
    /// Windows' Western European code page (a superset of Latin-1), what Excel's plain
    /// "CSV (Comma delimited)" writes on a Western European Windows.
    case windows1252

    public var english: String {
        switch self {
        case .utf16LittleEndian: return "UTF-16 (little-endian, Excel's 'Unicode Text')"
        case .utf16BigEndian: return "UTF-16 (big-endian)"
        case .utf32LittleEndian: return "UTF-32 (little-endian)"
        case .utf32BigEndian: return "UTF-32 (big-endian)"
        case .windows1252: return "Windows-1252 (Western European)"
        }
    }

    public var dutch: String {
        switch self {
        case .utf16LittleEndian: return "UTF-16 (little-endian, 'Unicode-tekst' van Excel)"
        case .utf16BigEndian: return "UTF-16 (big-endian)"
        case .utf32LittleEndian: return "UTF-32 (little-endian)"
        case .utf32BigEndian: return "UTF-32 (big-endian)"
        case .windows1252: return "Windows-1252 (West-Europees)"
        }
    }
}

/// A byte limit as people read it: "128 KB", "1 MB".
func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : bytes % 1024 == 0 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
}

