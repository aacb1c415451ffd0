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
/// column's `<c r="` and letters are made once, as far as the columns written reach.
struct CellStartBytes {
    /// `<c r="` and the column's letters, by column.
    private var columnStarts: [[UInt8]] = []

    /// Makes the starts of the columns up to `column`.
    private mutating func prepare(upTo column: Int) {
        while columnStarts.count <= column {
            columnStarts.append(Array(#"<c r=""#.utf8) + Array(CellReference.columnLetters(columnStarts.count).utf8))
        }
    }

    /// Appends `<c r="` + the column's letters + `row` (the row's number, 1-based, as digits) + `"`.
    mutating func append(column: Int, row: [UInt8], to bytes: inout [UInt8]) {
        prepare(upTo: column)
        bytes.append(contentsOf: columnStarts[column])
        bytes.append(contentsOf: row)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a run of cells from `firstColumn` on, one a flag: each cell's start (as `append`)
    /// followed by `set` where its flag is set, `unset` where it is not. The run's bytes are
    /// counted first and copied into place: a year template writes 550k of these cells, and an
    /// `append(contentsOf:)` a piece cost ~100 instructions each.
    mutating func appendRun(_ flags: [Bool], firstColumn: Int, row: [UInt8], set: [UInt8], unset: [UInt8],
                            to bytes: inout [UInt8]) {
        guard !flags.isEmpty else { return }
        prepare(upTo: firstColumn + flags.count - 1)
        var length = 0
        for (offset, flag) in flags.enumerated() {
            length += columnStarts[firstColumn + offset].count + row.count + 1 + (flag ? set.count : unset.count)
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: length))
        bytes.withUnsafeMutableBytes { buffer in
            guard var cursor = buffer.baseAddress.map({ $0 + start }) else { return }
            for (offset, flag) in flags.enumerated() {
                CellStartBytes.copy(columnStarts[firstColumn + offset], to: &cursor)
                CellStartBytes.copy(row, to: &cursor)
                cursor.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
                cursor += 1
                CellStartBytes.copy(flag ? set : unset, to: &cursor)
            }
        }
    }

    /// Copies `piece` to `cursor` and moves the cursor past it.
    @inline(__always)
    private static func copy(_ piece: [UInt8], to cursor: inout UnsafeMutableRawPointer) {
        piece.withUnsafeBytes { source in
            if let base = source.baseAddress { cursor.copyMemory(from: base, byteCount: source.count) }
        }
        cursor += piece.count
    }
}
