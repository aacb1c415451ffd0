import Foundation
import SlotSheetTemplates

/// A request's status, slot and who does it, in the office's words (codes and names, as a file
/// shows them): what an export recorded, what a file's row says, what the database says now.
/// Comparing the three is how an import tells the office's edits from other people's changes.
public struct RecordedRequest: Hashable, Sendable {
    public var status: RequestStatus
    public var date: LocalDate
    public var daypartCode: String
    /// A staff code; nil when nobody is assigned.
    public var staffCode: String?
    /// A subcontractor's name; nil when none.
    public var subcontractor: String?

    public init(status: RequestStatus, date: LocalDate, daypartCode: String, staffCode: String?, subcontractor: String?) {
        self.status = status
        self.date = date
        self.daypartCode = daypartCode
        self.staffCode = staffCode
        self.subcontractor = subcontractor
    }

    /// The fields that differ from `other`, in column order.
    public func differences(from other: RecordedRequest) -> [RequestColumn] {
        var columns: [RequestColumn] = []
        if date != other.date { columns.append(.date) }
        if daypartCode != other.daypartCode { columns.append(.daypart) }
        if status != other.status { columns.append(.status) }
        if staffCode != other.staffCode { columns.append(.staff) }
        if subcontractor != other.subcontractor { columns.append(.subcontractor) }
        return columns
    }

    /// The field's value as a file writes it (the status in `language`; empty for none).
    public func text(_ column: RequestColumn, _ language: Language) -> String {
        switch column {
        case .date: return date.iso
        case .daypart: return daypartCode
        case .status: return status.word(language)
        case .staff: return staffCode ?? ""
        case .subcontractor: return subcontractor ?? ""
        default: return ""
        }
    }
}

/// One cell of a decisions file: its text (spaces around it removed, a formula guard's apostrophe
/// taken off) and where it is, for messages.
public struct DecisionCell: Hashable, Sendable {
    public var text: String
    public var place: ImportProblem.Location

    public init(text: String, place: ImportProblem.Location) {
        self.text = text
        self.place = place
    }
}

/// One data row of a decisions file: its cells by column (a column the file lacks is absent).
public struct DecisionRow: Hashable, Sendable {
    public var cells: DecisionCells

    /// The row as a whole (a CSV line, a sheet's row by its first cell), which its cells' places
    /// are made from: kept once, by `cells`.
    public var place: ImportProblem.Location { cells.row }

    /// A row with no cells yet; `cells.set` adds them.
    public init(place: ImportProblem.Location) {
        self.cells = DecisionCells(row: place)
    }

    /// The place of a column's cell: the cell where there is one, else the row.
    public func place(of column: RequestColumn) -> ImportProblem.Location { cells[column]?.place ?? place }
}

/// A row's cells by column, held compactly (a file of 19,000 decisions is 19,000 of them, and
/// the apply holds them all): the text of the request's number and of each decision column, none
/// where the file lacks the column, and no place of their own. The other columns (who, where, what)
/// say which request a row is to the office; nothing reads them back, so they are not kept. A
/// cell's place is made from its row's when it is asked for: the same CSV line, or on a sheet the
/// cell of its own column in the row's row (every reader places its cells so).
public struct DecisionCells: Hashable, Sendable {
    /// The columns kept, in the order of `texts`.
    static let kept = RequestColumn.allCases.filter { $0 == .request || $0.isDecision }
    /// Each kept column's position in `texts`, found once rather than at every access.
    private static let slots = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($0.element, $0.offset) })
    private var texts: [String?] = Array(repeating: nil, count: DecisionCells.kept.count)
    /// The place of the row (`DecisionRow.place`).
    let row: ImportProblem.Location

    init(row: ImportProblem.Location) {
        self.row = row
    }

    /// The column's cell, or nil when the file lacks the column (or it is not kept).
    public subscript(column: RequestColumn) -> DecisionCell? {
        DecisionCells.slots[column].flatMap { texts[$0] }.map { DecisionCell(text: $0, place: place(of: column)) }
    }

    /// Gives the column's cell its text; a column that is not kept is let go of.
    public mutating func set(_ column: RequestColumn, _ text: String) {
        if let slot = DecisionCells.slots[column] { texts[slot] = text }
    }

    private func place(of column: RequestColumn) -> ImportProblem.Location {
        guard case let .cell(sheet, reference) = row else { return row }
        return .cell(sheet: sheet, reference: column.letter + reference.drop { $0.isLetter })
    }
}

/// A decisions file read (the parse step): a CSV by `RequestDecisionCSV`, a requests workbook by
/// the workbook reader. Everything after this step is the same for every kind of file.
public struct DecisionSheet: Sendable {
    /// The file's name as the batch records it.
    public var fileName: String
    public var sha256: String
    public var rows: [DecisionRow]
    /// Problems of form found while reading (a missing column, a short line, too many rows).
    public var problems: [DecisionProblem]
    /// What the export recorded for each request it wrote (a workbook's sealed snapshot), by
    /// request number. Nil for a CSV, which has none: its rows are compared with the database as
    /// it is now, so what differs from the database is what the office decided.
    public var recorded: [RowID: RecordedRequest]?

    public init(fileName: String, sha256: String, rows: [DecisionRow], problems: [DecisionProblem] = [],
                recorded: [RowID: RecordedRequest]? = nil) {
        self.fileName = fileName
        self.sha256 = sha256
        self.rows = rows
        self.problems = problems
        self.recorded = recorded
    }

    /// Rows a decisions file may hold: a year's requests several times over, far fewer than a
    /// file made to exhaust the importer.
    public static let maxRows = 200_000
}
