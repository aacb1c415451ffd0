import Foundation
import SlotSheetTemplates
import Testing
import XLSXReader
@testable import SlotSheetCore

/// A requests workbook (or its CSV) is one more kind of upload: its kind's reader and checker
/// (`RequestUploads`) give the row's reading, a stored decision preview bounded as its page shows
/// it (every problem counted, the first `ProblemTally.kept` kept with their places and words in both
/// languages; the digest the checker worked out) and, with problems, the error workbook the command
/// line's `--errors-out` writes, in both languages. On both backends.
@Suite struct RequestUploadPreviewTests {
    @Test(arguments: Backend.available) func aRequestsUploadsPreviewIsStoredBoundedWithItsErrorWorkbooks(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let rules = fixture.clock.standardRules
        let folder = FileManager.default.temporaryDirectory.appending(path: "request-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let exported = folder.appending(path: "requests.csv").path
        _ = try RequestQueueExporter(store: fixture.store, rules: rules).exportCSV(RequestFilter(statuses: [.new]), to: exported, language: .en)
        var reader = try CSVReader(path: exported)
        var rows: [[String]] = []
        while let record = try reader.next() { rows.append(record.fields) }
        try #require(rows.count > 3)
        let status = try #require(rows[0].firstIndex(of: "status"))
        func read(_ name: String, _ lines: [[String]]) throws -> UploadRead {
            var csv = CSVWriter()
            for line in lines { csv.write(line) }
            let path = folder.appending(path: "\(name).upload").path
            try csv.text.write(toFile: path, atomically: true, encoding: .utf8)
            let pipeline = RequestUploads(), file = UploadFile(path: path, fileName: "\(name).csv", operatorName: "maria")
            return try pipeline.check(try pipeline.parse(file) { _, _ in }, file: file, store: fixture.store, rules: rules, paper: .a4) {
                folder.appending(path: "\(name)-errors-\($0.rawValue).xlsx").path
            }
        }

        // 1,200 rows naming requests that do not exist: each a problem, all counted, the first kept.
        let unknown = try read("unknown", [rows[0]] + (1...1_200).map { number in
            var row = rows[1]
            row[0] = String(900_000 + number)
            return row
        })
        #expect(unknown.reading.state == .refused && unknown.reading.outcome == .rejected && unknown.reading.problems == 1_200, "\(unknown.reading)")
        let back = try StoredDecisionPreview.decode(unknown.stored)
        guard case let .checked(outcome, onTop) = back.result else { Issue.record("\(back.result)"); return }
        #expect(outcome.problemTotal == 1_200 && outcome.problems.count == ProblemTally.kept && onTop == nil)
        let first = try #require(outcome.problems.first)
        #expect(first.message.text(.en) == "There is no request 900001." && first.message.text(.nl) != first.message.text(.en), "\(first)")
        #expect(first.place.text(.en).hasPrefix("Line 2") && first.place.text(.nl).hasPrefix("Regel 2"), "\(first.place)")
        // The error workbooks: the CSV's lines, each bad one marked, and the first problems listed with how many there are.
        let english = try ErrorWorkbookCells(try #require(unknown.workbooks[.en]))
        let dutch = try ErrorWorkbookCells(try #require(unknown.workbooks[.nl]))
        #expect(english.sheets == ["CSV", "Errors"] && dutch.sheets == ["CSV", "Fouten"], "\(english.sheets) \(dutch.sheets)")
        #expect(english["CSV", "A1201"] == "901200", "the file's lines are copied")
        #expect(english["Errors", "A2"] == "Line 2, column request" && english["Errors", "B2"] == "900001", "\(english.cells["Errors"] ?? [:])")
        #expect(english["Errors", "C2"] == "There is no request 900001." && dutch["Fouten", "C2"] == "Er is geen verzoek 900001.")
        #expect(dutch["Fouten", "A2"] == "Regel 2, kolom verzoek" && dutch["Fouten", "B1"] == "Verzoek", "\(dutch.cells["Fouten"] ?? [:])")
        #expect(english["Errors", "A\(ProblemTally.kept + 1)"] != nil && english["Errors", "A\(ProblemTally.kept + 2)"] == nil)
        #expect(english.cells["Errors"]?.values.contains { $0.contains("1,200") } == true, "the list says how many problems there are")

        // Two requests approved: ready, with the counts and the digest the apply will be given.
        var approved = rows
        approved[1][status] = "approved"
        approved[2][status] = "Approved "
        let ready = try read("approved", approved)
        #expect(ready.reading.state == .ready && ready.reading.outcome == .ready && ready.reading.added == 2 && ready.workbooks.isEmpty)
        guard case let .checked(decided, nil) = try StoredDecisionPreview.decode(ready.stored).result else { Issue.record("not checked"); return }
        #expect(decided.counts.approved == 2 && decided.changes.count == 2 && decided.changeTotal == 2 && decided.unchanged == rows.count - 3)
        #expect(decided.planDigest == ready.reading.planDigest && decided.status == .dryRun)
        #expect(Set(decided.changes.map(\.request)) == [RowID(rows[1][0]), RowID(rows[2][0])], "the two requests approved")

        // A file refused whole is stored as its refusal.
        let refused = RequestUploads().refused(UploadReadRetry.refusalWords(afterFailures: UploadReadRetry.attempts))
        guard case .unreadable = try StoredDecisionPreview.decode(refused.stored).result else { Issue.record("not a refusal"); return }
        #expect(refused.reading.state == .refused)
    }
}

/// An error workbook read back by our own reader: each sheet's cells as text by their A1 reference.
struct ErrorWorkbookCells {
    let sheets: [String]
    let cells: [String: [String: String]]

    init(_ path: String) throws {
        let book = try Workbook(path: path)
        var cells: [String: [String: String]] = [:]
        for sheet in book.sheets {
            var rows = try book.rows(of: sheet)
            while let row = try rows.next() {
                for cell in row.cells { cells[sheet.name, default: [:]][cell.a1] = ListTable.text(cell.value) }
            }
        }
        sheets = book.sheets.map(\.name)
        self.cells = cells
    }

    subscript(sheet: String, reference: String) -> String? { cells[sheet]?[reference] }
}
