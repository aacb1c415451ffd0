import Foundation
import SlotSheetTemplates

/// The columns of the requests file (the CSV's header, the workbook's heading), in the order an
/// export writes them. A file may name them in English or Dutch, in any case and order; the
/// office decides in the `isDecision` columns, the others say which request a row is.
public enum RequestColumn: String, CaseIterable, Sendable, Codable {
    case request, created, resident, address, corporation, defects, description
    case date, daypart, status, staff, subcontractor, note

    /// Its titles, from the files' one catalogue.
    public var word: FileColumnWord { FileColumnWord(rawValue: rawValue)! }

    public var english: String { rawValue }
    public var dutch: String { word.dutch }

    public func name(_ language: Language) -> String { word.title(language) }

    /// Where the office writes its decisions (unlocked in the workbook).
    public var isDecision: Bool {
        switch self {
        case .status, .date, .daypart, .staff, .subcontractor, .note: return true
        default: return false
        }
    }

    /// Columns a file must have: the request's number and every decision column but the note.
    public var isRequired: Bool { self == .request || (isDecision && self != .note) }

    /// The column a header cell names, in either language, forgiving of case and surrounding spaces.
    public init?(header text: String) {
        let lowered = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let column = RequestColumn.allCases.first(where: { $0.english == lowered || $0.dutch == lowered }) else { return nil }
        self = column
    }
}
