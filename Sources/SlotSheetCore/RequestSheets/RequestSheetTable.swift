import Foundation
import XLSXReader

/// A requests workbook (.xlsx, or .ods) read into the row text its CSV twin gives, by
/// `RequestSheetColumn`, with each cell's place for messages: the parse step of a requests
/// import. The header is checked (each column's title in English or Dutch, in the export's
/// order), and a workbook slotsheet wrote is read against its snapshot (`RequestSheetSnapshot`):
/// every request on the row it was written on, nothing outside the table, nothing merged. What
/// breaks that layout is collected in `problems`, all at once; a file that cannot be read as a
/// workbook at all throws `ImportFileError`, as does a snapshot edited by hand.
///
///     let table = try RequestSheetTable.read(path: "verzoeken.xlsx")
///     table.rows[0].value(.status)   // "goedgekeurd"
///     table.rows[0].place(.status)   // .cell(sheet: "Verzoeken", reference: "J2")
struct RequestSheetTable: Sendable {
    /// Requests a file may hold: far more than an office decides at once, far fewer than a file
    /// made to exhaust the importer.
    static let maxRows = 200_000

    struct Row: Sendable, Equatable {
        /// The sheet's name and the row's number, as people count (the header is row 1).
        let sheet: String
        let index: Int
        /// Per column of `RequestSheetColumn.allCases`, the cell as text without the spaces around
        /// it (`ListTable.text`: a date as ISO, a whole number without ".0"); "" for an empty cell.
        let values: [String]

        func value(_ column: RequestSheetColumn) -> String { values[column.rawValue] }

        /// "Sheet Requests, cell J7".
        func place(_ column: RequestSheetColumn) -> ImportProblem.Location {
            .cell(sheet: sheet, reference: "\(column.letter)\(index)")
        }
    }

    /// The file's name as the batch records it.
    var fileName: String
    let sha256: String
    /// The sheet the requests were read from.
    var sheetName = ""
    var rows: [Row] = []
    var problems: [RequestSheetProblem] = []
    /// What the export saw, when slotsheet wrote the workbook; nil for one it did not write (a
    /// CSV saved as a workbook), which is compared with the database as it is, as a CSV is.
    var exported: RequestSheetSnapshot?

    /// Reads the workbook at `path`.
    static func read(path: String) throws -> RequestSheetTable {
        let sha256: String
        do {
            sha256 = try FileDigest.sha256(ofFileAt: path)
        } catch {
            throw ImportFileError.unreadable(path: path)
        }
        var table = RequestSheetTable(fileName: URL(fileURLWithPath: path).lastPathComponent, sha256: sha256)
        do {
            let book = try Workbook(path: path)
            table.exported = try RequestSheetSnapshot.read(from: book)
            try table.readRows(of: book)
        } catch let error as XLSXError {
            switch error {
            case .notAZip, .notASpreadsheet, .missingPart: throw FileLook.of(path: path).map(ImportFileError.notAWorkbook) ?? .workbook(error)
            default: throw ImportFileError.workbook(error)
            }
        }
        table.problems.sort { $0.location.order.lexicographicallyPrecedes($1.location.order) }
        return table
    }

    /// The sheet a workbook holds the requests in: the one its snapshot names; else the one named
    /// Requests or Verzoeken, else the first visible worksheet.
    private func requestsSheet(in book: Workbook) -> SheetInfo? {
        let worksheets = book.sheets.filter { $0.kind == .worksheet }
        if let exported { return worksheets.first { $0.name == exported.sheet } }
        let named = Set([RequestSheetText.requestsSheet.english, RequestSheetText.requestsSheet.dutch].map { $0.lowercased() })
        return worksheets.first { named.contains($0.name.lowercased()) } ?? worksheets.first { $0.state == .visible }
    }

    private mutating func readRows(of book: Workbook) throws {
        guard let sheet = requestsSheet(in: book) else {
            let name = exported?.sheet ?? RequestSheetText.requestsSheet.english
            problems.append(RequestSheetProblem(.missingSheet(name), at: .sheet(name)))
            return
        }
        sheetName = sheet.name
        let width = RequestSheetColumn.allCases.count
        var rowsOfSheet = try book.rows(of: sheet)
        var header: [String]?
        var rowsSeen = Set<Int>()
        while let row = try rowsOfSheet.next() {
            var values = [String](repeating: "", count: width)
            for cell in row.cells {
                let text = ListTable.text(cell.value)
                guard !text.isEmpty else { continue }
                if cell.column <= width {
                    values[cell.column - 1] = text
                } else {
                    problems.append(RequestSheetProblem(.outsideTable(found: text), at: .cell(sheet: sheet.name, reference: cell.a1)))
                }
            }
            if row.index == 1 {
                header = values
                continue
            }
            guard let first = values.firstIndex(where: { !$0.isEmpty }) else { continue }
            let read = Row(sheet: sheet.name, index: row.index, values: values)
            if let exported {
                guard let id = exported.byRow[row.index] else {
                    let column = RequestSheetColumn.allCases[first]
                    problems.append(RequestSheetProblem(.outsideTable(found: values[first]), at: read.place(column)))
                    continue
                }
                rowsSeen.insert(row.index)
                guard read.value(.request) == String(id) else {
                    problems.append(RequestSheetProblem(.requestMoved(expected: id, found: read.value(.request)), at: read.place(.request)))
                    continue
                }
            }
            guard rows.count < RequestSheetTable.maxRows else {
                problems.append(RequestSheetProblem(.tooManyRows(limit: RequestSheetTable.maxRows), at: read.place(.request)))
                return
            }
            rows.append(read)
        }
        checkHeader(header ?? [String](repeating: "", count: width), sheet: sheet.name)
        for (index, id) in exported?.byRow ?? [:] where !rowsSeen.contains(index) {
            let row = Row(sheet: sheet.name, index: index, values: [])
            problems.append(RequestSheetProblem(.requestRemoved(id), at: row.place(.request)))
        }
        for merged in rowsOfSheet.mergedRanges {
            problems.append(RequestSheetProblem(.mergedCells(merged.a1), at: .cell(sheet: sheet.name, reference: merged.first.a1)))
        }
    }

    /// Each header cell must be its column's title, English or Dutch, in any case.
    private mutating func checkHeader(_ titles: [String], sheet: String) {
        for column in RequestSheetColumn.allCases {
            let found = titles[column.rawValue]
            let title = found.lowercased()
            guard title != column.english && title != column.dutch else { continue }
            problems.append(RequestSheetProblem(.headerChanged(column: column, found: found),
                                                at: .cell(sheet: sheet, reference: "\(column.letter)1")))
        }
    }
}
