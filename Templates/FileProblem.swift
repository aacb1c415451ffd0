/// Why a whole file cannot be imported (as opposed to a problem in one of its cells). Each
/// language says each case in its own words (`ImportWords.fileProblem`).
public enum FileProblem: Hashable, Sendable {
    case unreadable(path: String)
    /// Neither an .xlsx workbook nor a CSV file.
    case notAWorkbook
    case encrypted
    /// An Excel 97-2003 .xls or other old Office file.
    case legacyOffice
    /// The workbook's structure is broken; the detail says where.
    case damaged(detail: String)
    /// Refused for safety (a limit, a DTD); the detail says which.
    case refused(detail: String)
    /// A workbook, but not a slotsheet template; says what it is.
    case notATemplate(description: String)
    /// A template whose hidden `_slotsheet` sheet is gone.
    case metadataLost
    case metadataDamaged(detail: String)
    case newerTemplateFormat(version: Int)
    /// A CSV file of no bytes, or of blank lines only.
    case csvEmpty
    /// A CSV file with its header line and not one row under it.
    case csvHeaderOnly(line: Int)
    /// A CSV file in another encoding than UTF-8, from `line` on; `sample` is the first text that
    /// is not UTF-8, read in that encoding, so the office recognises it ("Müller").
    case csvEncoding(TextEncoding, line: Int, sample: String?)
    /// Bytes that no text file holds: a picture, a program, a damaged file.
    case csvBinary(line: Int)
    case csvNul(line: Int)
    case csvUnclosedQuote(line: Int)
    case csvTextAfterQuote(line: Int)
    /// A double quote inside a field that does not start with one (`ab"c`).
    case csvQuoteInField(line: Int)
    case csvFieldTooLong(line: Int, limit: Int)
    case csvLineTooLong(line: Int, limit: Int)
    case csvTooManyFields(line: Int, limit: Int)
}

/// What a text file that is not UTF-8 looks like it is.
public enum TextEncoding: Hashable, Sendable {
    case utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian
    /// Windows' Western European code page (a superset of Latin-1), what Excel's plain
    /// "CSV (Comma delimited)" writes on a Western European Windows.
    case windows1252

    /// The name in English.
    public var english: String {
        switch self {
        case .utf16LittleEndian: return "UTF-16 (little-endian, Excel's 'Unicode Text')"
        case .utf16BigEndian: return "UTF-16 (big-endian)"
        case .utf32LittleEndian: return "UTF-32 (little-endian)"
        case .utf32BigEndian: return "UTF-32 (big-endian)"
        case .windows1252: return "Windows-1252 (Western European)"
        }
    }

    /// The name in Dutch.
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
private func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : bytes % 1024 == 0 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
}

extension FileProblem {
    /// The English sentence.
    public var english: String {
        switch self {
        case let .unreadable(path): return "\(path) cannot be opened: it does not exist or cannot be read."
        case .notAWorkbook: return "The file is neither a spreadsheet (.xlsx or .ods) nor a CSV file."
        case .encrypted: return "The workbook is protected with a password. Remove the password in Excel (File > Info > Protect Workbook) or LibreOffice (File > Properties > Security), save, and import again."
        case .legacyOffice: return "This is an old Excel file (.xls). Open it in Excel and save it as Excel Workbook (.xlsx)."
        case let .damaged(detail): return "The workbook is damaged (\(detail)). Save it again from Excel or LibreOffice, or import the original file."
        case let .refused(detail): return "The workbook was refused for safety: \(detail)."
        case let .notATemplate(description):
            return "This is not a slotsheet availability template: it is \(description). Import a template made with 'slotsheet template export', or a CSV with the columns date, daypart, staff, available."
        case .metadataLost:
            return "This template has lost its hidden sheet _slotsheet, which the import needs (some programs, such as Google Sheets, drop it). Export a new template, or save the Availability sheet's data as CSV and import that."
        case let .metadataDamaged(detail): return "The hidden sheet _slotsheet of this template is damaged (\(detail)). Export a new template."
        case let .newerTemplateFormat(version): return "This template was made by a newer slotsheet (template format \(version)). Update slotsheet first."
        case .csvEmpty: return "The CSV file is empty. Export the availability again, or give the file with the header date,daypart,staff,available and one row a person and slot."
        case let .csvHeaderOnly(line): return "The CSV file has only its header (line \(line)) and no rows under it. Add a row for each person and slot, or import the file that holds them."
        case let .csvEncoding(encoding, line, sample):
            let seen = sample.map { ", where it reads \"\($0)\"" } ?? ""
            return "Line \(line) of the CSV file is not UTF-8: the file looks like \(encoding.english)\(seen). Save it as 'CSV UTF-8' (Excel: File > Save As > CSV UTF-8) and import again."
        case let .csvBinary(line): return "Line \(line) of the file holds bytes that are not text (a picture, a program or a damaged file): this is not a CSV file. Export the availability as 'CSV UTF-8' and import that."
        case let .csvNul(line): return "Line \(line) of the CSV file holds a NUL character (a zero byte), which text never has: the file is damaged. Save it again as 'CSV UTF-8', or remove that character."
        case let .csvUnclosedQuote(line): return "Line \(line) of the CSV file opens a quoted field (\") that is never closed. Add the closing quote, or remove the opening one."
        case let .csvTextAfterQuote(line): return "Line \(line) of the CSV file has text after the closing quote of a field. Put the whole field in quotes and write a quote inside it twice (\"\")."
        case let .csvQuoteInField(line): return "Line \(line) of the CSV file has a quote (\") inside a field that does not start with one. Put the whole field in quotes and write the quote twice (\"\"), or remove it."
        case let .csvFieldTooLong(line, limit): return "Line \(line) of the CSV file has a field longer than \(size(limit)); a date, daypart, staff code or mark is never that long. The file is damaged or not an availability CSV."
        case let .csvLineTooLong(line, limit): return "Line \(line) of the CSV file is longer than \(size(limit)); an availability row is never that long. The file is damaged or not an availability CSV."
        case let .csvTooManyFields(line, limit): return "Line \(line) of the CSV file has more than \(limit) fields; an availability row has 4 (date, daypart, staff, available). The file is damaged or not an availability CSV."
        }
    }

    /// The Dutch sentence.
    public var dutch: String {
        switch self {
        case let .unreadable(path): return "\(path) kan niet worden geopend: het bestaat niet of is niet leesbaar."
        case .notAWorkbook: return "Het bestand is geen werkmap (.xlsx of .ods) en geen CSV-bestand."
        case .encrypted: return "De werkmap is met een wachtwoord beveiligd. Haal het wachtwoord weg in Excel (Bestand > Info > Werkmap beveiligen) of LibreOffice (Bestand > Eigenschappen > Beveiliging), sla op en importeer opnieuw."
        case .legacyOffice: return "Dit is een oud Excel-bestand (.xls). Open het in Excel en sla het op als Excel-werkmap (.xlsx)."
        case let .damaged(detail): return "De werkmap is beschadigd (\(detail)). Sla hem opnieuw op vanuit Excel of LibreOffice, of importeer het oorspronkelijke bestand."
        case let .refused(detail): return "De werkmap is om veiligheidsredenen geweigerd: \(detail)."
        case let .notATemplate(description):
            return "Dit is geen beschikbaarheidsrooster van slotsheet: het is \(description). Importeer een rooster dat met 'slotsheet template export' is gemaakt, of een CSV met de kolommen date, daypart, staff, available."
        case .metadataLost:
            return "Dit rooster mist het verborgen blad _slotsheet dat de import nodig heeft (sommige programma's, zoals Google Spreadsheets, laten het weg). Exporteer een nieuw rooster, of sla de gegevens van het blad Beschikbaarheid op als CSV en importeer die."
        case let .metadataDamaged(detail): return "Het verborgen blad _slotsheet van dit rooster is beschadigd (\(detail)). Exporteer een nieuw rooster."
        case let .newerTemplateFormat(version): return "Dit rooster is gemaakt met een nieuwere slotsheet (roosterformaat \(version)). Werk slotsheet eerst bij."
        case .csvEmpty: return "Het CSV-bestand is leeg. Exporteer de beschikbaarheid opnieuw, of geef het bestand met de kopregel date,daypart,staff,available en een regel per persoon en tijdvak."
        case let .csvHeaderOnly(line): return "Het CSV-bestand heeft alleen een kopregel (regel \(line)) en geen regels daaronder. Voeg een regel toe voor elke persoon en elk tijdvak, of importeer het bestand waarin ze staan."
        case let .csvEncoding(encoding, line, sample):
            let seen = sample.map { ", waarin staat \"\($0)\"" } ?? ""
            return "Regel \(line) van het CSV-bestand is geen UTF-8: het bestand lijkt opgeslagen als \(encoding.dutch)\(seen). Sla het op als 'CSV UTF-8' (Excel: Bestand > Opslaan als > CSV UTF-8) en importeer opnieuw."
        case let .csvBinary(line): return "Regel \(line) van het bestand bevat bytes die geen tekst zijn (een afbeelding, een programma of een beschadigd bestand): dit is geen CSV-bestand. Exporteer de beschikbaarheid als 'CSV UTF-8' en importeer die."
        case let .csvNul(line): return "Regel \(line) van het CSV-bestand bevat een NUL-teken (een nulbyte), dat nooit in tekst staat: het bestand is beschadigd. Sla het opnieuw op als 'CSV UTF-8', of haal dat teken weg."
        case let .csvUnclosedQuote(line): return "Regel \(line) van het CSV-bestand opent een veld met een aanhalingsteken (\") dat nooit wordt gesloten. Zet het sluitende aanhalingsteken erbij, of haal het openende weg."
        case let .csvTextAfterQuote(line): return "Regel \(line) van het CSV-bestand heeft tekst na het sluitende aanhalingsteken van een veld. Zet het hele veld tussen aanhalingstekens en schrijf een aanhalingsteken erin dubbel (\"\")."
        case let .csvQuoteInField(line): return "Regel \(line) van het CSV-bestand heeft een aanhalingsteken (\") midden in een veld dat er niet mee begint. Zet het hele veld tussen aanhalingstekens en schrijf het aanhalingsteken dubbel (\"\"), of haal het weg."
        case let .csvFieldTooLong(line, limit): return "Regel \(line) van het CSV-bestand heeft een veld langer dan \(size(limit)); een datum, dagdeel, medewerkercode of markering is nooit zo lang. Het bestand is beschadigd of geen beschikbaarheids-CSV."
        case let .csvLineTooLong(line, limit): return "Regel \(line) van het CSV-bestand is langer dan \(size(limit)); een regel met beschikbaarheid is nooit zo lang. Het bestand is beschadigd of geen beschikbaarheids-CSV."
        case let .csvTooManyFields(line, limit): return "Regel \(line) van het CSV-bestand heeft meer dan \(limit) velden; een regel met beschikbaarheid heeft er 4 (date, daypart, staff, available). Het bestand is beschadigd of geen beschikbaarheids-CSV."
        }
    }
}

/// Why an output file (an export, a report, an error workbook, the nightly's files) cannot be
/// written. Nothing partial is left behind in any case.
public enum OutputProblem: Hashable, Sendable {
    case folderMissing(String)
    case isAFolder(String)
    /// The file, by its final name, and why.
    case cannotWrite(path: String, reason: OutputReason)

    /// The English sentence.
    public var english: String {
        switch self {
        case let .folderMissing(folder): return "The folder \(folder) does not exist."
        case let .isAFolder(path): return "\(path) is a folder; give a file name."
        case let .cannotWrite(path, reason): return "\(path) could not be written: \(reason.english). \(reason.englishFix) Nothing was left behind."
        }
    }

    /// The Dutch sentence.
    public var dutch: String {
        switch self {
        case let .folderMissing(folder): return "De map \(folder) bestaat niet."
        case let .isAFolder(path): return "\(path) is een map; geef een bestandsnaam."
        case let .cannotWrite(path, reason): return "\(path) kon niet worden geschreven: \(reason.dutch). \(reason.dutchFix) Er is niets achtergebleven."
        }
    }
}

/// Why a file could not be written, in the words of the person who has to fix it.
public enum OutputReason: Hashable, Sendable {
    case noSpace
    case readOnly
    case noPermission
    /// Anything else, in the system's (English) words.
    case other(String)

    public var english: String {
        switch self {
        case .noSpace: return "no space left on the device"
        case .readOnly: return "the folder is read-only"
        case .noPermission: return "no permission to write in the folder"
        case let .other(text): return text.hasSuffix(".") ? String(text.dropLast()) : text
        }
    }

    public var dutch: String {
        switch self {
        case .noSpace: return "er is geen ruimte meer op het apparaat"
        case .readOnly: return "de map is alleen-lezen"
        case .noPermission: return "er is geen toestemming om in de map te schrijven"
        case .other: return english
        }
    }

    var englishFix: String {
        switch self {
        case .noSpace: return "Free some space there, or write to another folder."
        case .readOnly, .noPermission: return "Write to another folder, or ask the administrator to make this one writable."
        case .other: return "Check the folder and the device, and run the command again."
        }
    }

    var dutchFix: String {
        switch self {
        case .noSpace: return "Maak daar ruimte vrij, of schrijf naar een andere map."
        case .readOnly, .noPermission: return "Schrijf naar een andere map, of vraag de beheerder deze map schrijfbaar te maken."
        case .other: return "Controleer de map en het apparaat, en voer de opdracht opnieuw uit."
        }
    }
}
