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
    case csvEncoding(String)
    case csvInvalidText(line: Int)
    case csvUnclosedQuote(line: Int)
    case csvTextAfterQuote(line: Int)
    case csvNul(line: Int)
    case csvFieldTooLong(line: Int, limit: Int)
    case csvTooManyFields(line: Int, limit: Int)
}

extension FileProblem {
    /// The English sentence.
    public var english: String {
        switch self {
        case let .unreadable(path): return "\(path) cannot be opened: it does not exist or cannot be read."
        case .notAWorkbook: return "The file is neither an Excel workbook (.xlsx) nor a CSV file."
        case .encrypted: return "The workbook is protected with a password. Remove the password in Excel (File > Info > Protect Workbook), save, and import again."
        case .legacyOffice: return "This is an old Excel file (.xls). Open it in Excel and save it as Excel Workbook (.xlsx)."
        case let .damaged(detail): return "The workbook is damaged (\(detail)). Save it again from Excel, or import the original file."
        case let .refused(detail): return "The workbook was refused for safety: \(detail)."
        case let .notATemplate(description):
            return "This is not a slotsheet availability template: it is \(description). Import a template made with 'slotsheet template export', or a CSV with the columns date, daypart, staff, available."
        case .metadataLost:
            return "This template has lost its hidden sheet _slotsheet, which the import needs (some programs, such as Google Sheets, drop it). Export a new template, or save the Availability sheet's data as CSV and import that."
        case let .metadataDamaged(detail): return "The hidden sheet _slotsheet of this template is damaged (\(detail)). Export a new template."
        case let .newerTemplateFormat(version): return "This template was made by a newer slotsheet (template format \(version)). Update slotsheet first."
        case let .csvEncoding(encoding): return "The CSV file is \(encoding); save it as 'CSV UTF-8' and import again."
        case let .csvInvalidText(line): return "Line \(line) of the CSV file is not valid UTF-8 text; save the file as 'CSV UTF-8'."
        case let .csvUnclosedQuote(line): return "Line \(line) of the CSV file opens a quoted field that is never closed."
        case let .csvTextAfterQuote(line): return "Line \(line) of the CSV file has text after the closing quote of a field."
        case let .csvNul(line): return "Line \(line) of the CSV file holds a NUL character; it is not a text file."
        case let .csvFieldTooLong(line, limit): return "Line \(line) of the CSV file has a field longer than \(limit) bytes."
        case let .csvTooManyFields(line, limit): return "Line \(line) of the CSV file has more than \(limit) fields."
        }
    }

    /// The Dutch sentence.
    public var dutch: String {
        switch self {
        case let .unreadable(path): return "\(path) kan niet worden geopend: het bestaat niet of is niet leesbaar."
        case .notAWorkbook: return "Het bestand is geen Excel-werkmap (.xlsx) en geen CSV-bestand."
        case .encrypted: return "De werkmap is met een wachtwoord beveiligd. Haal het wachtwoord weg in Excel (Bestand > Info > Werkmap beveiligen), sla op en importeer opnieuw."
        case .legacyOffice: return "Dit is een oud Excel-bestand (.xls). Open het in Excel en sla het op als Excel-werkmap (.xlsx)."
        case let .damaged(detail): return "De werkmap is beschadigd (\(detail)). Sla hem opnieuw op vanuit Excel, of importeer het oorspronkelijke bestand."
        case let .refused(detail): return "De werkmap is om veiligheidsredenen geweigerd: \(detail)."
        case let .notATemplate(description):
            return "Dit is geen beschikbaarheidsrooster van slotsheet: het is \(description). Importeer een rooster dat met 'slotsheet template export' is gemaakt, of een CSV met de kolommen date, daypart, staff, available."
        case .metadataLost:
            return "Dit rooster mist het verborgen blad _slotsheet dat de import nodig heeft (sommige programma's, zoals Google Spreadsheets, laten het weg). Exporteer een nieuw rooster, of sla de gegevens van het blad Beschikbaarheid op als CSV en importeer die."
        case let .metadataDamaged(detail): return "Het verborgen blad _slotsheet van dit rooster is beschadigd (\(detail)). Exporteer een nieuw rooster."
        case let .newerTemplateFormat(version): return "Dit rooster is gemaakt met een nieuwere slotsheet (roosterformaat \(version)). Werk slotsheet eerst bij."
        case let .csvEncoding(encoding): return "Het CSV-bestand is \(encoding); sla het op als 'CSV UTF-8' en importeer opnieuw."
        case let .csvInvalidText(line): return "Regel \(line) van het CSV-bestand is geen geldige UTF-8-tekst; sla het bestand op als 'CSV UTF-8'."
        case let .csvUnclosedQuote(line): return "Regel \(line) van het CSV-bestand opent een veld met aanhalingstekens dat nooit wordt gesloten."
        case let .csvTextAfterQuote(line): return "Regel \(line) van het CSV-bestand heeft tekst na het sluitende aanhalingsteken van een veld."
        case let .csvNul(line): return "Regel \(line) van het CSV-bestand bevat een NUL-teken; het is geen tekstbestand."
        case let .csvFieldTooLong(line, limit): return "Regel \(line) van het CSV-bestand heeft een veld van meer dan \(limit) bytes."
        case let .csvTooManyFields(line, limit): return "Regel \(line) van het CSV-bestand heeft meer dan \(limit) velden."
        }
    }
}
