/// A cell's place on a sheet: 1-based row and column, written `B3` in A1 notation.
///
///     CellReference(a1: "XFD1048576")   // row 1048576, column 16384, the last cell of a sheet
///     CellReference(row: 3, column: 2).a1  // "B3"
public struct CellReference: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The last row of Excel's grid.
    public static let maxRow = 1_048_576
    /// The last column of Excel's grid (XFD).
    public static let maxColumn = 16_384

    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// Parses `B3` (also `$B$3`); nil when it is not a cell inside Excel's grid.
    public init?(a1: String) {
        var text = a1
        guard let reference = text.withUTF8({ CellReference.parse($0) }) else { return nil }
        self = reference
    }

    /// The A1 form, such as `B3`.
    public var a1: String { CellReference.columnName(column) + String(row) }

    public var description: String { a1 }

    /// A column's letters: 1 -> `A`, 27 -> `AA`, 16384 -> `XFD`.
    public static func columnName(_ column: Int) -> String {
        var letters: [UInt8] = []
        var rest = max(column, 1)
        while rest > 0 {
            rest -= 1
            letters.append(UInt8(ascii: "A") + UInt8(rest % 26))
            rest /= 26
        }
        return String(decoding: letters.reversed(), as: UTF8.self)
    }

    public static func < (lhs: CellReference, rhs: CellReference) -> Bool {
        (lhs.row, lhs.column) < (rhs.row, rhs.column)
    }

    /// Parses A1 bytes: letters, then digits, `$` allowed before each; both inside Excel's grid.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> CellReference? {
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "$") { index += 1 }
        var column = 0
        var letters = 0
        while index < bytes.count {
            let byte = bytes[index] | 0x20  // ASCII lower case
            guard byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") else { break }
            column = column * 26 + Int(byte - UInt8(ascii: "a")) + 1
            letters += 1
            index += 1
            if letters > 3 { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "$") { index += 1 }
        var row = 0
        var digits = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            row = row * 10 + Int(digit)
            digits += 1
            index += 1
            if digits > 7 { return nil }
        }
        guard letters > 0, digits > 0, (1...maxColumn).contains(column), (1...maxRow).contains(row) else { return nil }
        return CellReference(row: row, column: column)
    }
}

/// A rectangle of cells, such as a merged range `A1:C2`.
public struct CellRange: Hashable, Sendable, CustomStringConvertible {
    public var first: CellReference
    public var last: CellReference

    public init(first: CellReference, last: CellReference) {
        self.first = CellReference(row: min(first.row, last.row), column: min(first.column, last.column))
        self.last = CellReference(row: max(first.row, last.row), column: max(first.column, last.column))
    }

    /// Parses `A1:C2` (or a single cell `B3`).
    public init?(a1: String) {
        let parts = a1.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2,
              let first = CellReference(a1: String(parts[0])),
              let last = CellReference(a1: String(parts[parts.count - 1])) else { return nil }
        self.init(first: first, last: last)
    }

    public func contains(_ cell: CellReference) -> Bool {
        (first.row...last.row).contains(cell.row) && (first.column...last.column).contains(cell.column)
    }

    public var a1: String { first == last ? first.a1 : "\(first.a1):\(last.a1)" }
    public var description: String { a1 }
}
