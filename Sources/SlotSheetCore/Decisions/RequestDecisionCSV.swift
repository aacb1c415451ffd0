import Foundation

/// The parse step of a decisions CSV: `CSVTableReader` over `CSVReader` (with its refusals of what
/// is not CSV text, and Excel's habits: a byte-order mark, semicolons, quoted fields), the header in
/// English or Dutch in any case and order, each field without the spaces around it and without the
/// apostrophe an export puts before text a spreadsheet would run as a formula. A file that cannot be
/// read at all throws `ImportFileError`; problems of form are collected in the sheet.
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
        var table = try CSVTableReader(path: path)
        let names = table.header.fields.map { FormulaGuard.restore($0) }
        var positions: [RequestColumn: Int] = [:]
        for (index, name) in names.enumerated() {
            if let column = RequestColumn(header: name), positions[column] == nil { positions[column] = index }
        }
        let missing = RequestColumn.allCases.filter { $0.isRequired && positions[$0] == nil }
        for column in missing { sheet.problems.append(DecisionProblem(.missingColumn(column), at: .line(table.header.line))) }
        guard missing.isEmpty else { return }
        while let line = try table.next() {
            switch line {
            case let .wrongFieldCount(expected, found, line):
                sheet.problems.append(DecisionProblem(.wrongFieldCount(expected: expected, found: found), at: .line(line)))
            case let .row(fields, line):
                guard sheet.rows.count < DecisionSheet.maxRows else {
                    sheet.problems.append(DecisionProblem(.tooManyRows(limit: DecisionSheet.maxRows), at: .line(line)))
                    return
                }
                var row = DecisionRow(place: .line(line))
                for (column, index) in positions { row.cells.set(column, fields[index]) }
                sheet.rows.append(row)
            }
        }
    }
}
