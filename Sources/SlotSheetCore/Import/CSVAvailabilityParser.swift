import Foundation
import SlotSheetTemplates

/// Parses a CSV in the long format `date,daypart,staff,available` into a `ParsedSheet`, the same
/// value a template becomes, so both go through one pipeline.
///
/// Forgiving where a spreadsheet program may differ and strict where a mistake would change data.
/// Accepted: comma or semicolon (or the delimiter Excel's `sep=;` first line names), UTF-8 with or
/// without BOM, LF or CRLF, columns in any order, English or Dutch column names in any case and
/// with spaces around them, trailing empty columns and rows of only separators (what Excel leaves
/// of cells once touched), dates as `CSVDate` reads them (`2026-12-08`, `8-12-2026`, `08-12-26`);
/// `available` is `x`/`yes`/`ja`/`true`/`1` or empty/`no`/`nee`/`false`/`0`. A person a slot does
/// not mention is left as they are. A field with the apostrophe the export puts before
/// formula-like text is read without it. Refused as ambiguous (`CSVError.isAmbiguity`): a line
/// whose fields are split by the other separator, a date with slashes that reads two ways, and two
/// date orders in one file.
///
/// The lines are read as bytes: a field becomes a `String` only when it is new (a staff code or a
/// daypart seen first) or wrong (for its message), so a year of half a million lines reads in a
/// fraction of a second.
public enum CSVAvailabilityParser {
    /// Column names accepted, per field, lower-cased.
    static let columnNames: [(field: Field, names: Set<String>)] = Field.allCases.map { ($0, [$0.name, $0.dutchName]) }

    enum Field: Int, CaseIterable {
        case date, daypart, staff, available
        /// Its titles, from the files' one catalogue.
        var word: FileColumnWord { [FileColumnWord.date, .daypart, .staff, .available][rawValue] }
        var name: String { word.english }
        var dutchName: String { word.dutch }

        /// The field whose English column name is `name`.
        init?(name: String) {
            guard let field = Field.allCases.first(where: { $0.name == name }) else { return nil }
            self = field
        }
    }

    static let yes: Set<String> = ["x", "yes", "ja", "true", "1", "waar"]
    static let no: Set<String> = ["", "no", "nee", "false", "0", "onwaar"]

    /// Reads the file; throws `CSVError` when it is not readable text at all, is empty, has a
    /// header and no rows (an import of nothing is a mistake worth saying), or reads two ways.
    public static func parse(path: String, fileName: String, sha256: String) throws(CSVError) -> ParsedSheet {
        var reader = try CSVReader(path: path)
        return try parse(&reader, fileName: fileName, sha256: sha256)
    }

    static func parse(_ reader: inout CSVReader, fileName: String, sha256: String) throws(CSVError) -> ParsedSheet {
        guard try reader.advance() else { throw .empty }
        let header = try CSVHeader(reader)
        var builder = Builder(dateColumn: header.column(.date))
        guard let positions = header.positions else {
            builder.problems = ProblemList(header.missing.map { ImportProblem(.missingColumn($0.name), at: .line(header.line)) })
            return builder.sheet(fileName: fileName, sha256: sha256)
        }
        var rows = 0
        var values: [UInt8] = []
        var ends = [0, 0, 0, 0]
        let (date, daypart, staff, available) = (positions[0], positions[1], positions[2], positions[3])
        while try reader.advance() {
            if reader.recordLength == 0 { continue }  // a row of only separators
            rows += 1
            let count = reader.fieldCount
            guard count == header.count || (count >= header.width && reader.fieldEnd(count - 1) == reader.fieldEnd(header.width - 1)) else {
                if let stray = header.strayDelimiter(in: reader) { throw stray }
                builder.problems.append(ImportProblem(.wrongFieldCount(expected: header.width, found: count), at: .line(reader.recordLine)))
                continue
            }
            let line = reader.recordLine
            if !reader.recordHasHighBytes {
                // ASCII: the fields are read where the reader holds them.
                try builder.add(date: asciiValue(reader.field(date)), daypart: asciiValue(reader.field(daypart)),
                                staff: asciiValue(reader.field(staff)), available: asciiValue(reader.field(available)), line: line)
                continue
            }
            values.removeAll(keepingCapacity: true)
            for field in Field.allCases {
                appendValue(reader.field(positions[field.rawValue]), to: &values)
                ends[field.rawValue] = values.count
            }
            let failure = values.withUnsafeBufferPointer { all -> CSVError? in
                let part = { (field: Field) in
                    UnsafeBufferPointer(rebasing: all[(field.rawValue == 0 ? 0 : ends[field.rawValue - 1])..<ends[field.rawValue]])
                }
                do throws(CSVError) {
                    try builder.add(date: part(.date), daypart: part(.daypart), staff: part(.staff), available: part(.available), line: line)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
        }
        guard rows > 0 else { throw .headerOnly(line: header.line) }
        return builder.sheet(fileName: fileName, sha256: sha256)
    }

    /// A field as the import reads it: without the apostrophe the export puts before formula-like
    /// text (`FormulaGuard`), then without spaces and tabs around it. Text past ASCII goes the way of
    /// `String` (Unicode has more spaces); ASCII stays bytes (`asciiValue`).
    /// White space trimmed from a field: Foundation's `.whitespaces` also holds U+200B ZERO WIDTH SPACE,
    /// which is kept so that a refused value can name it (`MarkText` drops it when judging a mark).
    static let whiteSpace = CharacterSet.whitespaces.subtracting(CharacterSet(charactersIn: "\u{200B}"))

    static func appendValue(_ field: UnsafeBufferPointer<UInt8>, to values: inout [UInt8]) {
        if field.contains(where: { $0 >= 0x80 }) {
            let text = FormulaGuard.restore(String(decoding: field, as: UTF8.self)).trimmingCharacters(in: whiteSpace)
            values.append(contentsOf: text.utf8)
        } else {
            values.append(contentsOf: asciiValue(field))
        }
    }

    /// `appendValue` of an ASCII field, as a part of it.
    @inline(__always)
    static func asciiValue(_ field: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = field.count
        if end >= 2, field[0] == 0x27, field[1] == 0x27 || FormulaGuard.triggerBytes.contains(field[1]) { start = 1 }
        while start < end, field[start] == 0x20 || field[start] == 0x09 { start += 1 }
        while end > start, field[end - 1] == 0x20 || field[end - 1] == 0x09 { end -= 1 }
        return UnsafeBufferPointer(rebasing: field[start..<end])
    }

    /// A date written one way only (`CSVDate`), for text outside a CSV (a template's key cells).
    static func date(_ text: String) -> LocalDate? {
        switch CSVDate.read(text) {
        case let .date(date), let .ordered(date, _): return date
        case .ambiguous, .invalid: return nil
        }
    }

    /// Gathers lines into slots (a date and a daypart) and staff columns.
    private struct Builder {
        struct SlotKey: Hashable {
            var day: Int
            var daypart: Int
        }

        let dateColumn: CSVColumn
        var problems = ProblemList()
        var staffCodes: [String] = []
        var staffTable = ByteKeyTable()
        var daypartTable = ByteKeyTable()
        var daypartCodes: [String] = []
        var slots: [ParsedSlot] = []
        var lines: [[Int32]] = []
        var slotIndex: [SlotKey: Int] = [:]
        /// The slot of the line before, which the next line most often shares.
        var lastSlot: (key: SlotKey, index: Int)?
        /// The date text of the line before and what it read as.
        var lastDateBytes: [UInt8] = []
        var lastDate: LocalDate?
        /// The first date with slashes that only one order reads, to hold the file to that order.
        var firstOrder: (order: DateOrder, text: String, line: Int)?

        init(dateColumn: CSVColumn) {
            self.dateColumn = dateColumn
        }

        mutating func add(date dateBytes: UnsafeBufferPointer<UInt8>, daypart daypartBytes: UnsafeBufferPointer<UInt8>,
                          staff staffBytes: UnsafeBufferPointer<UInt8>, available: UnsafeBufferPointer<UInt8>, line: Int) throws(CSVError) {
            let date: LocalDate
            if let last = lastDate, sameBytes(lastDateBytes, dateBytes) {
                date = last
            } else {
                guard let read = try readDate(dateBytes, line: line) else {
                    problems.append(ImportProblem(.invalidDate(text(dateBytes)), at: .line(line), staffCode: text(staffBytes)))
                    return
                }
                date = read
                lastDateBytes.removeAll(keepingCapacity: true)
                lastDateBytes.append(contentsOf: dateBytes)
                lastDate = read
            }
            let (daypart, newDaypart) = daypartTable.number(of: daypartBytes)
            if newDaypart { daypartCodes.append(text(daypartBytes)) }
            let key = SlotKey(day: date.dayNumber, daypart: daypart)
            let slot: Int
            if let last = lastSlot, last.key == key {
                slot = last.index
            } else {
                slot = slotIndex[key] ?? newSlot(date: date, daypart: daypartCodes[daypart], key: key)
                lastSlot = (key, slot)
            }
            let (column, newStaff) = staffTable.number(of: staffBytes)
            if newStaff { newColumn(text(staffBytes)) }
            let earlier = lines[slot][column]
            if earlier > 0 {
                problems.append(ImportProblem(.duplicate(first: .line(Int(earlier))), at: .line(line), slot: slots[slot].name, staffCode: staffCodes[column]))
                return
            }
            lines[slot][column] = Int32(line)
            let mark = CSVAvailabilityParser.mark(available)
            slots[slot].marks[column] = mark
            if mark == .invalid {
                problems.append(ImportProblem(.invalidAvailableValue(text(available)), at: .line(line), slot: slots[slot].name, staffCode: staffCodes[column]))
            }
        }

        /// The date of a field; nil when it is none (a problem of the line); throws when it reads
        /// two ways, or in the other order than an earlier date of the file.
        private mutating func readDate(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(CSVError) -> LocalDate? {
            switch CSVDate.read(bytes) {
            case let .date(date):
                return date
            case let .ordered(date, order):
                if let first = firstOrder, first.order != order {
                    throw .conflictingDateOrders(text: text(bytes), line: line, column: dateColumn, order: order, earlierText: first.text, earlierLine: first.line)
                }
                if firstOrder == nil { firstOrder = (order, text(bytes), line) }
                return date
            case let .ambiguous(dayFirst, monthFirst):
                throw .ambiguousDate(text: text(bytes), line: line, column: dateColumn, dayFirst: dayFirst, monthFirst: monthFirst)
            case .invalid:
                return nil
            }
        }

        private func sameBytes(_ known: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard known.count == bytes.count else { return false }
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
            return known.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, bytes.count) == 0 }
        }

        private func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: bytes, as: UTF8.self)
        }

        private mutating func newSlot(date: LocalDate, daypart: String, key: SlotKey) -> Int {
            slots.append(ParsedSlot(date: date, daypartCode: daypart, daypartLabel: daypart, marks: Array(repeating: .absent, count: staffCodes.count)))
            lines.append(Array(repeating: 0, count: staffCodes.count))
            slotIndex[key] = slots.count - 1
            return slots.count - 1
        }

        private mutating func newColumn(_ staff: String) {
            staffCodes.append(staff)
            for index in slots.indices {
                slots[index].marks.append(.absent)
                lines[index].append(0)
            }
        }

        func sheet(fileName: String, sha256: String) -> ParsedSheet {
            ParsedSheet(fileName: fileName, sha256: sha256, origin: .csv(lines: lines), staffCodes: staffCodes, slots: slots, problems: problems)
        }
    }

    /// `x` (in either case) is available and empty is not, read from the bytes; other words go
    /// through `yes` and `no`; anything else is invalid.
    static func mark(_ value: UnsafeBufferPointer<UInt8>) -> Mark {
        if value.isEmpty { return .unavailable }
        if value.count == 1, value[0] | 0x20 == 0x78 { return .available }
        // Judged as a template's mark is (`MarkText`): `ｘ`, `x` with a zero-width space, `ja` with a no-break space count.
        let word = MarkText.visible(String(decoding: value, as: UTF8.self)).lowercased()
        return yes.contains(word) ? .available : no.contains(word) ? .unavailable : .invalid
    }
}
