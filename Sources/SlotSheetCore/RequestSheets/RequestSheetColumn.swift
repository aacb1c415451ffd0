import SlotSheetTemplates
import XLSXWriter

/// The columns of the requests workbook, in the order it writes them: the CSV twin's header, in
/// English or Dutch (both are read). The office decides in the editable ones (status, date,
/// daypart, staff, subcontractor, note); the others say which request it is and are locked.
public enum RequestSheetColumn: Int, CaseIterable, Sendable {
    case request, created, resident, address, corporation, defects, description, date, daypart, status, staff, subcontractor, note

    public var english: String {
        switch self {
        case .request: return "request"
        case .created: return "created"
        case .resident: return "resident"
        case .address: return "address"
        case .corporation: return "corporation"
        case .defects: return "defects"
        case .description: return "description"
        case .date: return "date"
        case .daypart: return "daypart"
        case .status: return "status"
        case .staff: return "staff"
        case .subcontractor: return "subcontractor"
        case .note: return "note"
        }
    }

    public var dutch: String {
        switch self {
        case .request: return "verzoek"
        case .created: return "aangemaakt"
        case .resident: return "bewoner"
        case .address: return "adres"
        case .corporation: return "corporatie"
        case .defects: return "gebreken"
        case .description: return "omschrijving"
        case .date: return "datum"
        case .daypart: return "dagdeel"
        case .status: return "status"
        case .staff: return "medewerker"
        case .subcontractor: return "onderaannemer"
        case .note: return "notitie"
        }
    }

    public func name(_ language: Language) -> String { language == .nl ? dutch : english }

    /// The office decides in this column: unlocked in the workbook, recorded in its snapshot.
    public var isDecision: Bool {
        switch self {
        case .status, .date, .daypart, .staff, .subcontractor, .note: return true
        default: return false
        }
    }

    /// The decision columns, in order.
    public static let decisions = allCases.filter(\.isDecision)

    /// The column's letter in the workbook: A for `request`.
    var letter: String { CellReference.columnLetters(rawValue) }

    /// Width in the workbook, in digits: the long texts wide and wrapped, the codes narrow.
    var width: Double {
        switch self {
        case .request: return 9
        case .created: return 23
        case .resident: return 20
        case .address: return 22
        case .corporation: return 18
        case .defects: return 34
        case .description: return 40
        case .date: return 13
        case .daypart: return 10
        case .status: return 13
        case .staff: return 12
        case .subcontractor: return 20
        case .note: return 30
        }
    }

    /// The texts of this column wrap at its width (a defect a line; long descriptions and notes).
    var wraps: Bool { self == .defects || self == .description || self == .note || self == .address || self == .resident }
}
