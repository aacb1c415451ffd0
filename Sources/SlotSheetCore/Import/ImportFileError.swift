import XLSXReader

/// A file that cannot be imported at all (exit code 4), as opposed to one with problems in its
/// cells (exit code 1). The reader's and the CSV reader's refusals are kept as they are, and said
/// in the office's language here (`text(_:)`).
public enum ImportFileError: Error, Equatable {
    /// The file does not exist or cannot be read.
    case unreadable(path: String)
    /// The workbook reader refused the file.
    case workbook(XLSXError)
    /// Not a workbook at all, and recognisably something else (a PDF, a Word document...).
    case notAWorkbook(FileLook)
    /// The CSV reader refused the file; the error names the line.
    case csv(CSVError)
    /// A workbook, but not a slotsheet template; says what it is.
    case notATemplate(WorkbookSummary)
    /// A template whose hidden `_slotsheet` sheet is gone.
    case metadataLost
    case metadataDamaged(MetadataDamage)
    /// A template whose hidden `_slotsheet` sheet is readable but was changed by hand (staff codes,
    /// dates or fingerprint no longer agree with each other): not a database that changed since export.
    case metadataEdited
    case newerTemplateFormat(version: Int)
    /// A list workbook whose hidden `_slotsheet` sheet (what the export saw) was changed by hand:
    /// the import cannot tell the office's edits from the database's changes.
    case listRecordsEdited(ListKind)
    /// A requests workbook whose hidden `_slotsheet` sheet (each request as exported) was changed
    /// by hand: the import cannot tell the office's decisions from others' changes.
    case requestRecordsEdited
}

/// What a workbook that is not a template is, so the office recognises the file it picked.
public struct WorkbookSummary: Hashable, Sendable {
    public var sheets: [String]
    /// The program that wrote it, when it says.
    public var application: String?

    public init(sheets: [String], application: String?) {
        self.sheets = sheets
        self.application = application
    }
}

extension WorkbookSummary: OfficeMessage {
    /// "a workbook with the sheets 'Sheet1' and 'Data', written by Microsoft Excel".
    public var english: String {
        let names = listed(sheets.map { "'\($0)'" }, and: "and")
        let writer = application.map { ", written by \($0)" } ?? ""
        return "a workbook with \(sheets.count == 1 ? "the sheet" : "the sheets") \(names)\(writer)"
    }

    public var dutch: String {
        let names = listed(sheets.map { "'\($0)'" }, and: "en")
        let writer = application.map { ", geschreven door \($0)" } ?? ""
        return "een werkmap met \(sheets.count == 1 ? "het blad" : "de bladen") \(names)\(writer)"
    }
}

extension ImportFileError {
    /// The file could not be opened at all: the server's trouble with its own copy, not something
    /// the file says. Such a refusal names a server path (and the system's reason), so it is never
    /// shown to a web client: the web front leaves the upload to be read again instead.
    public var isOpeningFailure: Bool {
        switch self {
        case .unreadable, .workbook(.unreadable), .csv(.unreadable): return true
        default: return false
        }
    }

    /// The `status` of `slotsheet import --json` for a file refused whole: `template_edited` for a
    /// template whose hidden information was changed, `unreadable` for every other refusal.
    public var jsonStatus: String {
        switch self {
        case .metadataEdited, .listRecordsEdited, .requestRecordsEdited: return "template_edited"
        default: return "unreadable"
        }
    }
}

extension ImportFileError: OfficeMessage, CustomStringConvertible {
    public var description: String { english }

    public var english: String {
        switch self {
        case let .unreadable(path): return "\(path) cannot be opened: it does not exist or cannot be read."
        case let .workbook(error): return error.english
        case let .notAWorkbook(look): return look.english
        case let .csv(error): return error.english
        case let .notATemplate(summary):
            return "This is not a slotsheet availability template: it is \(summary.english). Import a template made with 'slotsheet template export', or a CSV with the columns date, daypart, staff, available."
        case .metadataLost:
            return "This template has lost its hidden sheet _slotsheet, which the import needs (some programs, such as Google Sheets, drop it). Export a new template, or save the Availability sheet's data as CSV and import that."
        case let .metadataDamaged(damage): return "The hidden sheet _slotsheet of this template is damaged (\(damage.english)). Export a new template."
        case .metadataEdited:
            return "This template's hidden information (the sheet _slotsheet: staff codes, dates, fingerprint) was changed, so the import cannot tell what the office saw; export a new template and enter your changes there."
        case let .newerTemplateFormat(version): return "This template was made by a newer slotsheet (template format \(version)). Update slotsheet first."
        case let .listRecordsEdited(kind):
            return "This \(kind.title(.en).lowercased()) list's hidden information (the sheet _slotsheet: what the export saw) was changed, so the import cannot tell what the office edited; export the list again and enter your changes there."
        case .requestRecordsEdited:
            return "This requests workbook's hidden information (the sheet _slotsheet: each request as exported) was changed, so the import cannot tell what the office decided; export the requests again and enter your decisions there."
        }
    }

    public var dutch: String {
        switch self {
        case let .unreadable(path): return "\(path) kan niet worden geopend: het bestaat niet of is niet leesbaar."
        case let .workbook(error): return error.dutch
        case let .notAWorkbook(look): return look.dutch
        case let .csv(error): return error.dutch
        case let .notATemplate(summary):
            return "Dit is geen beschikbaarheidsrooster van slotsheet: het is \(summary.dutch). Importeer een rooster dat met 'slotsheet template export' is gemaakt, of een CSV met de kolommen date, daypart, staff, available."
        case .metadataLost:
            return "Dit rooster mist het verborgen blad _slotsheet dat de import nodig heeft (sommige programma's, zoals Google Spreadsheets, laten het weg). Exporteer een nieuw rooster, of sla de gegevens van het blad Beschikbaarheid op als CSV en importeer die."
        case let .metadataDamaged(damage): return "Het verborgen blad _slotsheet van dit rooster is beschadigd (\(damage.dutch)). Exporteer een nieuw rooster."
        case .metadataEdited:
            return "De verborgen gegevens van dit rooster (het blad _slotsheet: medewerkercodes, datums, vingerafdruk) zijn gewijzigd, dus de import kan niet weten wat het kantoor zag; exporteer een nieuw rooster en voer uw wijzigingen daarin in."
        case let .newerTemplateFormat(version): return "Dit rooster is gemaakt met een nieuwere slotsheet (roosterformaat \(version)). Werk slotsheet eerst bij."
        case let .listRecordsEdited(kind):
            return "De verborgen gegevens van deze lijst (\(kind.title(.nl).lowercased()); het blad _slotsheet: wat de export zag) zijn gewijzigd, dus de import kan niet weten wat het kantoor wijzigde; exporteer de lijst opnieuw en voer uw wijzigingen daarin in."
        case .requestRecordsEdited:
            return "De verborgen gegevens van deze verzoekenwerkmap (het blad _slotsheet: elk verzoek zoals het werd geëxporteerd) zijn gewijzigd, dus de import kan niet weten wat het kantoor besloot; exporteer de verzoeken opnieuw en voer uw besluiten daarin in."
        }
    }
}
