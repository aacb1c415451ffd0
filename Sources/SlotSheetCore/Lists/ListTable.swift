import Foundation
import XLSXReader

/// A list file (staff or dayparts) read into rows of text by the list's columns: the parse step
/// of a list import. CSV goes through `CSVReader` (with its refusals of what is not CSV text);
/// a workbook (.xlsx, .ods) through the workbook reader, from the sheet named after the list, else
/// the first. Column names are English or Dutch, in any case and order. A file that cannot be
/// read at all throws `ImportFileError`; problems of form (a missing column, a short line, too
/// many rows) are collected in `problems`.
struct ListTable: Sendable {
    struct Row: Sendable {
        /// Per column of the list (`ListKind.columns`): the value without the spaces around it; nil
        /// when the file has no such column.
        let values: [String?]
        /// Where each column's value is: a line of a CSV, a cell of a sheet.
        let places: [ImportProblem.Location]
    }

    let kind: ListKind
    /// The file's name as the batch records it (the path's last part, or the name a browser gave).
    var fileName: String
    let sha256: String
    var rows: [Row] = []
    var problems: [ListProblem] = []
    /// What the export saw, when the file is a list workbook slotsheet wrote (`ListSnapshot`).
    var exported: ListSnapshot?

    /// Reads `path` as a `kind` list; `fileName` is what the batch records (else the path's last part).
    static func read(path: String, kind: ListKind, fileName: String? = nil) throws -> ListTable {
        let sha256: String
        do {
            sha256 = try FileDigest.sha256(ofFileAt: path)
        } catch {
            throw ImportFileError.unreadable(path: path)
        }
        var table = ListTable(kind: kind, fileName: fileName ?? URL(fileURLWithPath: path).lastPathComponent, sha256: sha256)
        if ImportSource.looksLikeWorkbook(path) {
            try table.readWorkbook(path)
        } else {
            do {
                try table.readCSV(path)
            } catch let error as CSVError {
                throw ImportFileError.csv(error)
            }
        }
        return table
    }

    // MARK: - CSV

    private mutating func readCSV(_ path: String) throws {
        var reader = try CSVReader(path: path)
        guard let header = try reader.next() else { throw CSVError.empty }
        guard let positions = columnPositions(header.fields, at: .line(header.line)) else { return }
        let width = (header.fields.lastIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? 0) + 1
        var sawRow = false
        while let record = try reader.next() {
            let fields = record.fields.map { FormulaGuard.restore($0).trimmingCharacters(in: CSVAvailabilityParser.whiteSpace) }
            if fields.allSatisfy(\.isEmpty) { continue }
            sawRow = true
            let extra = fields.count > width && fields[width...].contains { !$0.isEmpty }
            if fields.count < width || extra {
                problems.append(ListProblem(.wrongFieldCount(expected: width, found: fields.count), at: .line(record.line)))
                continue
            }
            guard add(positions.map { $0.map { fields[$0] } }, places: positions.map { _ in .line(record.line) }) else { return }
        }
        if !sawRow { throw CSVError.headerOnly(line: header.line) }
    }

    // MARK: - Workbook

    private mutating func readWorkbook(_ path: String) throws {
        do {
            let book = try Workbook(path: path)
            exported = try ListSnapshot.read(from: book, kind: kind)
            let sheet = try ListTable.sheet(of: kind, in: book)
            var rows = try book.rows(of: sheet)
            var positions: [Int?]?
            while let row = try rows.next() {
                var byColumn: [Int: String] = [:]
                for cell in row.cells { byColumn[cell.column - 1] = ListTable.text(cell.value) }
                if byColumn.values.allSatisfy(\.isEmpty) { continue }
                guard let known = positions else {
                    let width = (byColumn.keys.max() ?? 0) + 1
                    let names = (0..<width).map { byColumn[$0] ?? "" }
                    guard let found = columnPositions(names, at: .cell(sheet: sheet.name, reference: "A\(row.index)")) else { return }
                    positions = found
                    continue
                }
                let places = known.map { index in
                    ImportProblem.Location.cell(sheet: sheet.name, reference: CellReference(row: row.index, column: (index ?? 0) + 1).a1)
                }
                guard add(known.map { $0.map { byColumn[$0] ?? "" } }, places: places) else { return }
            }
        } catch let error as XLSXError {
            switch error {
            case .notAZip, .notASpreadsheet, .missingPart: throw FileLook.of(path: path).map(ImportFileError.notAWorkbook) ?? .workbook(error)
            default: throw ImportFileError.workbook(error)
            }
        }
    }

    /// The sheet a workbook holds the list in: the one named after the list (in either language),
    /// else the first visible worksheet.
    static func sheet(of kind: ListKind, in book: Workbook) throws -> SheetInfo {
        let worksheets = book.sheets.filter { $0.kind == .worksheet }
        let named = Set([kind.title(.en), kind.title(.nl)].map { $0.lowercased() })
        guard let sheet = worksheets.first(where: { named.contains($0.name.lowercased()) })
            ?? worksheets.first(where: { $0.state == .visible }) else {
            throw ImportFileError.workbook(.missingPart(name: "xl/worksheets"))
        }
        return sheet
    }

    /// A cell's value as the text a person sees: numbers without a needless ".0", a time of day as
    /// `HH:MM`, a date as ISO, TRUE as `x`.
    static func text(_ value: CellValue) -> String {
        switch value {
        case let .string(text): return text.trimmingCharacters(in: CSVAvailabilityParser.whiteSpace)
        case let .number(number):
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case let .boolean(flag): return flag ? "x" : ""
        case let .error(text): return text
        case let .date(moment):
            if moment.isTimeOfDay { return String(format: "%02d:%02d", moment.hour, moment.minute) }
            return String(format: "%04d-%02d-%02d", moment.year, moment.month, moment.day)
        }
    }

    // MARK: - Shared

    /// Where each of the list's columns is in `names`, the header; nil, with a problem for each
    /// missing required column, when one is missing.
    private mutating func columnPositions(_ names: [String], at place: ImportProblem.Location) -> [Int?]? {
        let lowered = names.map { $0.trimmingCharacters(in: CSVAvailabilityParser.whiteSpace).lowercased() }
        let positions = kind.columns.map { column in lowered.firstIndex { $0 == column.english || $0 == column.dutch } }
        let missing = zip(kind.columns, positions).filter { $0.0.required && $0.1 == nil }.map { $0.0 }
        for column in missing {
            problems.append(ListProblem(.missingColumn(column, expected: kind.columns), at: place))
        }
        return missing.isEmpty ? positions : nil
    }

    /// Adds a row; false (with the problem) once the file holds more rows than the list may.
    private mutating func add(_ values: [String?], places: [ImportProblem.Location]) -> Bool {
        guard rows.count < kind.maxRows else {
            problems.append(ListProblem(.tooManyRows(limit: kind.maxRows), at: places[0]))
            return false
        }
        rows.append(Row(values: values, places: places))
        return true
    }
}
