import Foundation

/// The header line of an availability CSV: where each column is and how wide a row is. Names are
/// compared without case and without the spaces around them; empty names at the end (Excel's
/// trailing empty columns) do not count to the width.
struct CSVHeader {
    typealias Field = CSVAvailabilityParser.Field

    let line: Int
    /// The names as written, without the spaces around them.
    let names: [String]
    /// The fields on the header line.
    let count: Int
    /// The fields up to the last named one.
    let width: Int
    /// Where each field is, by `Field.rawValue`; nil when a column is missing.
    let positions: [Int]?
    let missing: [Field]
    let delimiter: UInt8

    /// Reads the header from the record `reader` read last. Throws when a missing column's name
    /// is there with another separator inside it (`date,daypart` in a file of semicolons).
    init(_ reader: CSVReader) throws(CSVError) {
        line = reader.recordLine
        delimiter = reader.delimiter ?? 0x2C
        var names: [String] = []
        for index in 0..<reader.fieldCount { names.append(try reader.string(index).trimmingCharacters(in: .whitespaces)) }
        self.names = names
        count = names.count
        width = (names.lastIndex { !$0.isEmpty } ?? 0) + 1
        let lowered = names.prefix(width).map { $0.lowercased() }
        var positions: [Int] = [], missing: [Field] = []
        for (field, accepted) in CSVAvailabilityParser.columnNames {
            if let index = lowered.firstIndex(where: accepted.contains) { positions.append(index) } else { missing.append(field) }
        }
        self.positions = missing.isEmpty ? positions : nil
        self.missing = missing
        let others = [UInt8(0x2C), 0x3B].filter { $0 != delimiter }
        if !missing.isEmpty, let index = names.firstIndex(where: { $0.utf8.contains { others.contains($0) } }) {
            let found = names[index].utf8.first { others.contains($0) }!
            throw .mixedDelimiters(line: line, column: column(index), found: found, delimiter: delimiter)
        }
    }

    /// The separators that are not this file's.
    private var otherDelimiters: [UInt8] { [0x2C, 0x3B].filter { $0 != delimiter } }

    /// The column of field `index` (0-based), with its header.
    func column(_ index: Int) -> CSVColumn {
        CSVColumn(number: index + 1, header: index < names.count ? names[index] : "")
    }

    /// The column of `field`, as the header names it.
    func column(_ field: Field) -> CSVColumn {
        positions.map { column($0[field.rawValue]) } ?? CSVColumn(number: 0, header: field.name)
    }

    /// For a record of the wrong width: the mixed separators it shows, when it is this file's
    /// width once the other separator is counted as one too (`2026-12-08,D09,ANB,x` in a file of
    /// semicolons); nil when it is just short or long.
    func strayDelimiter(in reader: CSVReader) -> CSVError? {
        let others = otherDelimiters
        var strays = 0
        var first: (field: Int, byte: UInt8)?
        for index in 0..<reader.fieldCount {
            for byte in reader.field(index) where others.contains(byte) {
                strays += 1
                if first == nil { first = (index, byte) }
            }
        }
        guard let first, reader.fieldCount + strays == width || reader.fieldCount + strays == count else { return nil }
        return .mixedDelimiters(line: reader.recordLine, column: column(first.field), found: first.byte, delimiter: delimiter)
    }
}
