import XLSXWriter

/// How the requests workbook lays out `RequestColumn`: the export's order is the sheet's, from
/// column A.
extension RequestColumn {
    /// Where the column is: 0 for `request` (column A).
    var index: Int { RequestColumn.allCases.firstIndex(of: self)! }

    /// The column's letters in the workbook: A for `request`.
    var letter: String { CellReference.columnLetters(index) }

    /// Width in the workbook, in digits: the long texts wide and wrapped, the codes narrow.
    var width: Double {
        switch self {
        case .request: return 9
        case .created: return 23
        case .resident: return 20
        case .address: return 24
        case .corporation: return 20
        case .defects: return 34
        case .description: return 36
        case .date: return 13
        case .daypart: return 10
        case .status: return 13
        case .staff: return 12
        case .subcontractor: return 20
        case .note: return 26
        }
    }

    /// The texts of this column wrap at its width (names, defects, long descriptions and notes).
    var wraps: Bool { [.resident, .address, .corporation, .defects, .description, .note].contains(self) }
}
