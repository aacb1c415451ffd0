import Foundation

/// Parses a CSV in the long format `date,daypart,staff,available` into a `ParsedSheet`, the same
/// value a template becomes, so both go through one pipeline.
///
/// Forgiving where a spreadsheet program may differ and strict where a mistake would change data:
/// comma or semicolon, UTF-8 with or without BOM, columns in any order, English or Dutch column
/// names, dates as `2026-12-08` or `08-12-2026`; `available` is `x`/`yes`/`ja`/`true`/`1` or
/// empty/`no`/`nee`/`false`/`0`. A person a slot does not mention is left as they are. A field
/// with the apostrophe the export puts before formula-like text is read without it.
public enum CSVAvailabilityParser {
    /// Column names accepted, per field, lower-cased.
    static let columnNames: [(field: Field, names: Set<String>)] = [
        (.date, ["date", "datum"]), (.daypart, ["daypart", "dagdeel"]),
        (.staff, ["staff", "medewerker"]), (.available, ["available", "beschikbaar"]),
    ]

    enum Field: String, CaseIterable {
        case date, daypart, staff, available
    }

    static let yes: Set<String> = ["x", "yes", "ja", "true", "1", "waar"]
    static let no: Set<String> = ["", "no", "nee", "false", "0", "onwaar"]

    /// Reads the file; throws `CSVError` when it is not readable text at all, is empty, or has a
    /// header and no rows (an import of nothing is a mistake worth saying).
    public static func parse(path: String, fileName: String, sha256: String) throws(CSVError) -> ParsedSheet {
        var reader = try CSVReader(path: path)
        var builder = Builder()
        guard let header = try reader.next() else { throw .empty }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var positions: [Field: Int] = [:]
        for (field, accepted) in columnNames {
            if let index = names.firstIndex(where: accepted.contains) {
                positions[field] = index
            } else {
                builder.problems.append(ImportProblem(.missingColumn(field.rawValue), at: .line(header.line)))
            }
        }
        guard positions.count == Field.allCases.count else { return builder.sheet(fileName: fileName, sha256: sha256) }
        var rows = 0
        while let record = try reader.next() {
            rows += 1
            guard record.fields.count == header.fields.count else {
                builder.problems.append(ImportProblem(.wrongFieldCount(expected: header.fields.count, found: record.fields.count), at: .line(record.line)))
                continue
            }
            // A value slotsheet's export neutralised ('=cmd|x) reads back as the value it was.
            let value = { (field: Field) in FormulaGuard.restore(record.fields[positions[field]!]).trimmingCharacters(in: .whitespaces) }
            // The mark as it was typed: `MarkText` judges it, and a refusal names what it holds (`.whitespaces` would drop a U+200B).
            let mark = FormulaGuard.restore(record.fields[positions[.available]!])
            builder.add(date: value(.date), daypart: value(.daypart), staff: value(.staff), available: mark, line: record.line)
        }
        guard rows > 0 else { throw .headerOnly(line: header.line) }
        return builder.sheet(fileName: fileName, sha256: sha256)
    }

    /// `2026-12-08`, `08-12-2026` or `8-12-2026` (also with `/`).
    static func date(_ text: String) -> LocalDate? {
        if let iso = LocalDate(iso: text) { return iso }
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "/" }).map(String.init)
        guard parts.count == 3, parts[2].count == 4, let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2]) else {
            return nil
        }
        return LocalDate(year: year, month: month, day: day)
    }

    /// Gathers lines into slots (a date and a daypart) and staff columns.
    private struct Builder {
        var problems: [ImportProblem] = []
        var staffCodes: [String] = []
        var staffColumn: [String: Int] = [:]
        var slots: [ParsedSlot] = []
        var lines: [[Int32]] = []
        var slotIndex: [String: Int] = [:]

        mutating func add(date dateText: String, daypart: String, staff: String, available: String, line: Int) {
            guard let date = CSVAvailabilityParser.date(dateText) else {
                problems.append(ImportProblem(.invalidDate(dateText), at: .line(line), staffCode: staff))
                return
            }
            let slotKey = "\(date.iso)|\(daypart)"
            let slot = slotIndex[slotKey] ?? newSlot(date: date, daypart: daypart, key: slotKey)
            let column = staffColumn[staff] ?? newColumn(staff)
            let name = slots[slot].name
            if lines[slot][column] > 0 {
                problems.append(ImportProblem(.duplicate(first: .line(Int(lines[slot][column]))), at: .line(line), slot: name, staffCode: staff))
                return
            }
            lines[slot][column] = Int32(line)
            // Judged as a mark is: `ｘ`, `x` with a zero-width space, `ja` with a no-break space count.
            let value = MarkText.visible(available).lowercased()
            if CSVAvailabilityParser.yes.contains(value) {
                slots[slot].marks[column] = .available
            } else if CSVAvailabilityParser.no.contains(value) {
                slots[slot].marks[column] = .unavailable
            } else {
                slots[slot].marks[column] = .invalid
                problems.append(ImportProblem(.invalidAvailableValue(available), at: .line(line), slot: name, staffCode: staff))
            }
        }

        private mutating func newSlot(date: LocalDate, daypart: String, key: String) -> Int {
            slots.append(ParsedSlot(date: date, daypartCode: daypart, daypartLabel: daypart, marks: Array(repeating: .absent, count: staffCodes.count)))
            lines.append(Array(repeating: 0, count: staffCodes.count))
            slotIndex[key] = slots.count - 1
            return slots.count - 1
        }

        private mutating func newColumn(_ staff: String) -> Int {
            staffCodes.append(staff)
            staffColumn[staff] = staffCodes.count - 1
            for index in slots.indices {
                slots[index].marks.append(.absent)
                lines[index].append(0)
            }
            return staffCodes.count - 1
        }

        func sheet(fileName: String, sha256: String) -> ParsedSheet {
            ParsedSheet(fileName: fileName, sha256: sha256, origin: .csv(lines: lines), staffCodes: staffCodes, slots: slots, problems: problems)
        }
    }
}
