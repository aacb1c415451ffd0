/// One sheet as the workbook lists it, in tab order.
public struct SheetInfo: Hashable, Sendable {
    /// Whether people see the sheet's tab. `veryHidden` sheets can only be shown again from VBA.
    public enum State: String, Hashable, Sendable {
        case visible, hidden, veryHidden
    }

    /// What the tab holds: only worksheets have cells.
    public enum Kind: String, Hashable, Sendable {
        case worksheet, chartsheet, dialogsheet, macrosheet
    }

    public var name: String
    public var state: State
    public var kind: Kind
    /// 0-based place among the workbook's tabs.
    public var position: Int
    /// The part (XML file inside the zip) with the sheet's content, such as `xl/worksheets/sheet1.xml`.
    public var part: String
}

/// A name defined in the workbook (Formulas > Name Manager), such as a print area or a named range.
public struct DefinedName: Hashable, Sendable {
    public var name: String
    /// What it refers to, as a formula: `Sheet1!$A$1:$C$10`.
    public var formula: String
    /// The 0-based position of the sheet it is local to; nil for a workbook-wide name.
    public var sheetPosition: Int?
    public var isHidden: Bool
}

/// The value of a custom document property (File > Properties > Custom).
public enum CustomPropertyValue: Hashable, Sendable, CustomStringConvertible {
    case text(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    /// A date and time as the file writes it (ISO 8601, UTC).
    case date(String)

    public var description: String {
        switch self {
        case let .text(text): return text
        case let .integer(value): return String(value)
        case let .number(value): return String(value)
        case let .boolean(value): return value ? "true" : "false"
        case let .date(text): return text
        }
    }
}

/// The value of a non-empty cell. A formula cell has its cached value (what the program last
/// computed); a number with a date or time format is a date.
public enum CellValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case boolean(Bool)
    /// The error as Excel shows it: `#N/A`, `#DIV/0!`, `#VALUE!`...
    case error(String)
    case date(XLSXDateTime)
}

/// One cell with a value. Cells without one (styled blanks, formulas never computed, empty text)
/// are not reported.
public struct XLSXCell: Hashable, Sendable {
    /// 1-based.
    public var row: Int
    /// 1-based: A is 1.
    public var column: Int
    public var value: CellValue

    public init(row: Int, column: Int, value: CellValue) {
        self.row = row
        self.column = column
        self.value = value
    }

    public var reference: CellReference { CellReference(row: row, column: column) }
    /// The cell in A1 form, such as `B3`.
    public var a1: String { reference.a1 }
}

/// One row of a sheet as the file writes it; `cells` in column order as written, only those with a value.
public struct XLSXRow: Hashable, Sendable {
    /// 1-based.
    public var index: Int
    public var isHidden: Bool
    public var cells: [XLSXCell]
    /// Columns (1-based) of cells holding a formula with no calculated result (files written by
    /// scripts, which store the formula and leave the calculation to the program that opens them).
    /// They are not in `cells`, which holds values only; a reader that must not take them for empty
    /// cells looks here. .xlsx only (LibreOffice and Excel always store a result).
    public var formulaColumnsWithoutResult: [Int] = []
}
