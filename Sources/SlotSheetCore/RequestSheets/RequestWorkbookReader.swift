import Foundation
import XLSXReader

/// The parse step of a requests workbook (.xlsx, or .ods): the sheet read into the `DecisionSheet`
/// a CSV gives (`RequestDecisionCSV`), each cell's text with its place ("Sheet Verzoeken, cell J7")
/// for messages. The header is checked (each column's title in English or Dutch, in the export's
/// order), and a workbook slotsheet wrote is read against its snapshot (`RequestSheetSnapshot`):
/// every request on the row it was written on, nothing outside the table, nothing merged. What
/// breaks that layout is a problem at its cell (`RequestSheetLayout`), all at once; the snapshot
/// becomes the sheet's `recorded`, from which the import tells the office's edits from others'
/// changes. A file that cannot be read as a workbook at all throws `ImportFileError`, as does a
/// snapshot edited by hand.
///
///     let sheet = try RequestWorkbookReader.read(path: "verzoeken.xlsx")
///     sheet.rows[0].cells[.status]   // DecisionCell(text: "goedgekeurd", place: .cell(sheet: "Verzoeken", reference: "J2"))
enum RequestWorkbookReader {
    static func read(path: String) throws -> DecisionSheet {
        let sha256: String
        do {
            sha256 = try FileDigest.sha256(ofFileAt: path)
        } catch {
            throw ImportFileError.unreadable(path: path)
        }
        var reading = Reading()
        do {
            let book = try Workbook(path: path)
            reading.exported = try RequestSheetSnapshot.read(from: book)
            try reading.readRows(of: book)
        } catch let error as XLSXError {
            switch error {
            case .notAZip, .notASpreadsheet, .missingPart: throw FileLook.of(path: path).map(ImportFileError.notAWorkbook) ?? .workbook(error)
            default: throw ImportFileError.workbook(error)
            }
        }
        return DecisionSheet(fileName: URL(fileURLWithPath: path).lastPathComponent, sha256: sha256, rows: reading.rows,
                             problems: reading.problems.sorted(by: DecisionEvaluation.placeOrder), recorded: reading.exported?.recorded)
    }

    /// The sheet a workbook holds the requests in: the one its snapshot names; else the one named
    /// Requests or Verzoeken, else the first visible worksheet. The error workbook copies the same.
    static func requestsSheet(in book: Workbook, exported: RequestSheetSnapshot?) -> SheetInfo? {
        let worksheets = book.sheets.filter { $0.kind == .worksheet }
        if let exported { return worksheets.first { $0.name == exported.sheet } }
        let named = Set([RequestSheetText.requestsSheet.english, RequestSheetText.requestsSheet.dutch].map { $0.lowercased() })
        return worksheets.first { named.contains($0.name.lowercased()) } ?? worksheets.first { $0.state == .visible }
    }

    /// The sheet's rows and problems as they are read.
    private struct Reading {
        var exported: RequestSheetSnapshot?
        var rows: [DecisionRow] = []
        var problems: [DecisionProblem] = []
        var sheetName = ""

        /// "Sheet Verzoeken, cell J7".
        private func place(_ column: RequestColumn, row: Int) -> ImportProblem.Location {
            .cell(sheet: sheetName, reference: "\(column.letter)\(row)")
        }

        private mutating func refuse(_ change: RequestSheetLayout, at place: ImportProblem.Location, column: RequestColumn? = nil) {
            problems.append(DecisionProblem(.layoutChanged(change), at: place, column: column))
        }

        mutating func readRows(of book: Workbook) throws {
            guard let sheet = RequestWorkbookReader.requestsSheet(in: book, exported: exported) else {
                let name = exported?.sheet ?? RequestSheetText.requestsSheet.english
                refuse(.missingSheet(name), at: .sheet(name))
                return
            }
            sheetName = sheet.name
            let columns = RequestColumn.allCases
            var rowsOfSheet = try book.rows(of: sheet)
            var header: [String]?
            var rowsSeen = Set<Int>()
            var rowsRead = 0, stopped = false
            while !stopped, let row = try rowsOfSheet.next() {
                var values = [String](repeating: "", count: columns.count)
                // A row's first cell right of the table is its problem (one a row, however wide).
                var outside: (text: String, reference: String)?
                for cell in row.cells {
                    let text = ListTable.text(cell.value)
                    guard !text.isEmpty else { continue }
                    if cell.column <= columns.count {
                        values[cell.column - 1] = text
                    } else if outside == nil {
                        outside = (text, cell.a1)
                    }
                }
                if let outside { refuse(.outsideTable(found: outside.text), at: .cell(sheet: sheet.name, reference: outside.reference)) }
                if row.index == 1 {
                    header = values
                    continue
                }
                guard let first = values.firstIndex(where: { !$0.isEmpty }) else { continue }
                // Every row with something in it counts, in the table or below it.
                rowsRead += 1
                guard rowsRead <= DecisionSheet.maxRows else {
                    problems.append(DecisionProblem(.tooManyRows(limit: DecisionSheet.maxRows), at: place(.request, row: row.index)))
                    stopped = true
                    continue
                }
                if let exported {
                    guard let id = exported.byRow[row.index] else {
                        refuse(.outsideTable(found: values[first]), at: place(columns[first], row: row.index), column: columns[first])
                        continue
                    }
                    rowsSeen.insert(row.index)
                    guard values[RequestColumn.request.index] == String(id) else {
                        refuse(.requestMoved(expected: id, found: values[RequestColumn.request.index]), at: place(.request, row: row.index),
                               column: .request)
                        continue
                    }
                }
                // Each cell's place is its own column's in this row (`DecisionCells`).
                var decisionRow = DecisionRow(place: place(.request, row: row.index))
                for (index, column) in columns.enumerated() { decisionRow.cells.set(column, values[index]) }
                rows.append(decisionRow)
            }
            checkHeader(header ?? [String](repeating: "", count: columns.count))
            // Rows past a stop were not read, so not missed either.
            for (index, id) in exported?.byRow ?? [:] where !stopped && !rowsSeen.contains(index) {
                refuse(.requestRemoved(id), at: place(.request, row: index), column: .request)
            }
            for merged in rowsOfSheet.mergedRanges {
                refuse(.mergedCells(merged.a1), at: .cell(sheet: sheet.name, reference: merged.first.a1))
            }
        }

        /// Each header cell must be its column's title, English or Dutch, in any case.
        private mutating func checkHeader(_ titles: [String]) {
            for column in RequestColumn.allCases where RequestColumn(header: titles[column.index]) != column {
                refuse(.headerChanged(column: column, found: titles[column.index]), at: place(column, row: 1), column: column)
            }
        }
    }
}
