import Foundation

/// A CSV read as a table, the way every office file with a header line is (lists, decisions):
/// the header first, then each row that is not blank, its fields without the apostrophe an export
/// puts before text a spreadsheet would run as a formula and without the spaces around them. The
/// table is as wide as the header up to its last named column; a row with fewer fields, or with a
/// value past that width, is handed back as such for the caller to report at its line.
///
///     var table = try CSVTableReader(path: "staff.csv")
///     while let line = try table.next() {
///         switch line {
///         case let .row(fields, line): ...
///         case let .wrongFieldCount(expected, found, line): ...
///         }
///     }
///
/// An empty file throws `CSVError.empty`, one with a header and no row `CSVError.headerOnly` (at
/// the end of the rows, so a caller that stops earlier, at a missing column, never hears of it).
struct CSVTableReader {
    /// A line after the header, as the table reads it.
    enum Line {
        case row(fields: [String], line: Int)
        case wrongFieldCount(expected: Int, found: Int, line: Int)
    }

    /// The header's fields as the file has them, and its line.
    let header: CSVRecord
    /// The fields a row has: up to the header's last field that is not blank.
    let width: Int
    private var reader: CSVReader
    private var sawRow = false

    init(path: String) throws {
        reader = try CSVReader(path: path)
        guard let header = try reader.next() else { throw CSVError.empty }
        self.header = header
        width = (header.fields.lastIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? 0) + 1
    }

    /// The next line that is not blank; nil after the last.
    mutating func next() throws -> Line? {
        while let record = try reader.next() {
            let fields = record.fields.map(CSVTableReader.cleaned)
            if fields.allSatisfy(\.isEmpty) { continue }
            sawRow = true
            let extra = fields.count > width && fields[width...].contains { !$0.isEmpty }
            if fields.count < width || extra { return .wrongFieldCount(expected: width, found: fields.count, line: record.line) }
            return .row(fields: fields, line: record.line)
        }
        if !sawRow { throw CSVError.headerOnly(line: header.line) }
        return nil
    }

    /// A field without the export's apostrophe and the spaces around it. Only a field that starts
    /// or ends with a space goes through Foundation's trimming, which cost more than reading the
    /// file (10,000 decisions: 130,000 fields).
    private static func cleaned(_ field: String) -> String {
        let restored = FormulaGuard.restore(field), space = CSVAvailabilityParser.whiteSpace
        guard let first = restored.unicodeScalars.first, let last = restored.unicodeScalars.last,
              space.contains(first) || space.contains(last) else { return restored }
        return restored.trimmingCharacters(in: space)
    }
}
