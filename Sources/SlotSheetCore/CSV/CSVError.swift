import SlotSheetTemplates

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
    /// A line that separates its fields with `found` where the file uses `delimiter` (a comma in a
    /// file of semicolons): its columns cannot be told apart. `column` holds the stray separator.
    case mixedDelimiters(line: Int, column: CSVColumn, found: UInt8, delimiter: UInt8)
    /// A date with slashes that is a date day first and month first (`08/12/2026`: 8 December or
    /// 12 August); nothing written reads it one way only.
    case ambiguousDate(text: String, line: Int, column: CSVColumn, dayFirst: LocalDate, monthFirst: LocalDate)
    /// A date with slashes that can only be read in `order`, in a file where an earlier one
    /// (`earlierText` on `earlierLine`) can only be read in the other: two date orders in one file.
    case conflictingDateOrders(text: String, line: Int, column: CSVColumn, order: DateOrder, earlierText: String, earlierLine: Int)

    /// Whether the file reads two ways (a date, the separators): refused as ambiguous rather than
    /// as unreadable, with an exit code of its own.
    public var isAmbiguity: Bool {
        switch self {
        case .mixedDelimiters, .ambiguousDate, .conflictingDateOrders: return true
        default: return false
        }
    }

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
        case let .mixedDelimiters(line, column, found, delimiter):
            return "Line \(line), \(column.english) of the CSV file holds \(separatorName(found, .en)) where the rest of the file separates its fields with \(separatorName(delimiter, .en)): the file mixes two separators, so its columns cannot be told apart. Save the whole file again from one program, with one separator (Excel: File > Save As > CSV UTF-8), and import again. Nothing was changed."
        case let .ambiguousDate(text, line, column, dayFirst, monthFirst):
            return "Line \(line), \(column.english) of the CSV file: '\(text)' can be read as \(DateText.long(dayFirst, .en)) (day first) or as \(DateText.long(monthFirst, .en)) (month first). Write the date as \(dayFirst.iso) (year-month-day) or \(dayMonthYear(dayFirst)) (day-month-year) and import again. Nothing was changed."
        case let .conflictingDateOrders(text, line, column, order, earlierText, earlierLine):
            return "Line \(line), \(column.english) of the CSV file: '\(text)' can only be \(order.english), but '\(earlierText)' on line \(earlierLine) can only be \(order.other.english): the file mixes two date orders, so no date with slashes in it can be trusted. Write the dates as year-month-day (2026-12-08) and import again. Nothing was changed."
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
        case let .mixedDelimiters(line, column, found, delimiter):
            return "Regel \(line), \(column.dutch) van het CSV-bestand bevat \(separatorName(found, .nl)) waar de rest van het bestand de velden scheidt met \(separatorName(delimiter, .nl)): het bestand mengt twee scheidingstekens, zodat de kolommen niet uit elkaar te houden zijn. Sla het hele bestand opnieuw op vanuit één programma, met één scheidingsteken (Excel: Bestand > Opslaan als > CSV UTF-8), en importeer opnieuw. Er is niets gewijzigd."
        case let .ambiguousDate(text, line, column, dayFirst, monthFirst):
            return "Regel \(line), \(column.dutch) van het CSV-bestand: '\(text)' kan gelezen worden als \(DateText.long(dayFirst, .nl)) (dag eerst) of als \(DateText.long(monthFirst, .nl)) (maand eerst). Schrijf de datum als \(dayFirst.iso) (jaar-maand-dag) of \(dayMonthYear(dayFirst)) (dag-maand-jaar) en importeer opnieuw. Er is niets gewijzigd."
        case let .conflictingDateOrders(text, line, column, order, earlierText, earlierLine):
            return "Regel \(line), \(column.dutch) van het CSV-bestand: '\(text)' kan alleen \(order.dutch) zijn, maar '\(earlierText)' op regel \(earlierLine) kan alleen \(order.other.dutch) zijn: het bestand mengt twee datumvolgorden, dus geen datum met schuine strepen erin is te vertrouwen. Schrijf de datums als jaar-maand-dag (2026-12-08) en importeer opnieuw. Er is niets gewijzigd."
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

/// A column of a CSV file as the office finds it: its place (1-based, as a spreadsheet shows the
/// file) and its header.
public struct CSVColumn: Hashable, Sendable, OfficeMessage {
    public var number: Int
    public var header: String

    public init(number: Int, header: String) {
        self.number = number
        self.header = header
    }

    /// "column 1 (date)".
    public var english: String { header.isEmpty ? "column \(number)" : "column \(number) (\(header))" }
    public var dutch: String { header.isEmpty ? "kolom \(number)" : "kolom \(number) (\(header))" }
}

/// Which number of a date with slashes is the day.
public enum DateOrder: Hashable, Sendable, OfficeMessage {
    /// `13/12/2026`, as Europe writes it.
    case dayFirst
    /// `12/13/2026`, as the United States writes it.
    case monthFirst

    public var other: DateOrder { self == .dayFirst ? .monthFirst : .dayFirst }
    public var english: String { self == .dayFirst ? "day first" : "month first" }
    public var dutch: String { self == .dayFirst ? "dag eerst" : "maand eerst" }
}

/// "8-12-2026", the way Dutch Excel writes a date.
func dayMonthYear(_ date: LocalDate) -> String {
    let (year, month, day) = date.parts
    return "\(day)-\(month)-\(year)"
}

/// A separator as the office names it: "a comma (,)", "een puntkomma (;)".
func separatorName(_ byte: UInt8, _ language: Language) -> String {
    switch (byte, language) {
    case (0x2C, .nl): return "een komma (,)"
    case (0x3B, .nl): return "een puntkomma (;)"
    case (0x09, .nl): return "een tab"
    case (0x2C, _): return "a comma (,)"
    case (0x3B, _): return "a semicolon (;)"
    case (0x09, _): return "a tab"
    case (_, .nl): return "het teken '\(Character(Unicode.Scalar(byte)))'"
    default: return "the character '\(Character(Unicode.Scalar(byte)))'"
    }
}

/// A byte limit as people read it: "128 KB", "1 MB".
func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : bytes % 1024 == 0 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
}

