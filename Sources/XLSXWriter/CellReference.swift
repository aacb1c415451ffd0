/// A1-style cell references ("F12", "AB3") for 0-based rows and columns, as people and formulas
/// name cells.
///
///     CellReference.a1(row: 11, column: 5)   // "F12"
///     CellReference.columnLetters(27)        // "AB"
public enum CellReference {
    /// Excel's limits: 1,048,576 rows and 16,384 columns (XFD).
    public static let maxRows = 1_048_576
    public static let maxColumns = 16_384

    public static func isValid(row: Int, column: Int) -> Bool {
        (0..<maxRows).contains(row) && (0..<maxColumns).contains(column)
    }

    public static func columnLetters(_ column: Int) -> String {
        var letters: [Character] = []
        var remaining = column + 1
        while remaining > 0 {
            let digit = (remaining - 1) % 26
            letters.append(Character(Unicode.Scalar(UInt8(65 + digit))))
            remaining = (remaining - 1) / 26
        }
        return String(letters.reversed())
    }

    public static func a1(row: Int, column: Int) -> String {
        "\(columnLetters(column))\(row + 1)"
    }

    /// `$F$12`, for formulas that must not shift.
    public static func absolute(row: Int, column: Int) -> String {
        "$\(columnLetters(column))$\(row + 1)"
    }

    /// `F2:Z30`.
    public static func range(firstRow: Int, firstColumn: Int, lastRow: Int, lastColumn: Int) -> String {
        "\(a1(row: firstRow, column: firstColumn)):\(a1(row: lastRow, column: lastColumn))"
    }
}

/// The start of a cell's tag, `<c r="B12"`, as the prepared sheets write it in every cell; each
/// column's letters are made once, as far as the columns written reach.
struct CellStartBytes {
    private var columnLetters: [[UInt8]] = []

    /// Appends `<c r="` + the column's letters + `row` (the row's number, 1-based, as digits) + `"`.
    mutating func append(column: Int, row: [UInt8], to bytes: inout [UInt8]) {
        while columnLetters.count <= column { columnLetters.append(Array(CellReference.columnLetters(columnLetters.count).utf8)) }
        bytes.append(contentsOf: #"<c r=""#.utf8)
        bytes.append(contentsOf: columnLetters[column])
        bytes.append(contentsOf: row)
        bytes.append(UInt8(ascii: "\""))
    }
}
