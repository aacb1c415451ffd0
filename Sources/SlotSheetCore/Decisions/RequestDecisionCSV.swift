import Foundation

/// The parse step of a decisions CSV: `CSVReader` (with its refusals of what is not CSV text, and
/// Excel's habits: a byte-order mark, semicolons, quoted fields), the header in English or Dutch
/// in any case and order, each field without the spaces around it and without the apostrophe an
/// export puts before text a spreadsheet would run as a formula. A file that cannot be read at all
/// throws `ImportFileError`; problems of form are collected in the sheet.
public enum RequestDecisionCSV {
    public static func read(path: String) throws -> DecisionSheet {
        let sha256: String
        do {
            sha256 = try FileDigest.sha256(ofFileAt: path)
        } catch {
            throw ImportFileError.unreadable(path: path)
        }
        var sheet = DecisionSheet(fileName: URL(fileURLWithPath: path).lastPathComponent, sha256: sha256, rows: [])
        do {
            try read(path, into: &sheet)
        } catch let error as CSVError {
            throw ImportFileError.csv(error)
        }
        return sheet
    }

    private static func read(_ path: String, into sheet: inout DecisionSheet) throws {
        var reader = try CSVReader(path: path)
        guard let header = try reader.next() else { throw CSVError.empty }
        let names = header.fields.map { FormulaGuard.restore($0) }
        var positions: [RequestColumn: Int] = [:]
        for (index, name) in names.enumerated() {
            if let column = RequestColumn(header: name), positions[column] == nil { positions[column] = index }
        }
        let missing = RequestColumn.allCases.filter { $0.isRequired && positions[$0] == nil }
        for column in missing { sheet.problems.append(DecisionProblem(.missingColumn(column), at: .line(header.line))) }
        guard missing.isEmpty else { return }
        let width = (names.lastIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? 0) + 1
        var sawRow = false
        while let record = try reader.next() {
            let fields = record.fields.map { FormulaGuard.restore($0).trimmingCharacters(in: CSVAvailabilityParser.whiteSpace) }
            if fields.allSatisfy(\.isEmpty) { continue }
            sawRow = true
            let extra = fields.count > width && fields[width...].contains { !$0.isEmpty }
            if fields.count < width || extra {
                sheet.problems.append(DecisionProblem(.wrongFieldCount(expected: width, found: fields.count), at: .line(record.line)))
                continue
            }
            guard sheet.rows.count < DecisionSheet.maxRows else {
                sheet.problems.append(DecisionProblem(.tooManyRows(limit: DecisionSheet.maxRows), at: .line(record.line)))
                return
            }
            var cells: [RequestColumn: DecisionCell] = [:]
            for (column, index) in positions { cells[column] = DecisionCell(text: fields[index], place: .line(record.line)) }
            sheet.rows.append(DecisionRow(place: .line(record.line), cells: cells))
        }
        if !sawRow { throw CSVError.headerOnly(line: header.line) }
    }
}
