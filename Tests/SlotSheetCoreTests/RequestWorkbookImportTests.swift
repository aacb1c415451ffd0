import Foundation
import InteropSupport
import SlotSheetTemplates
import Testing
import XLSXWriter
@testable import SlotSheetCore

/// The requests workbook's round trip on the sample database, on SQLite and PostgreSQL: exported,
/// edited the way the office edits it (openpyxl, LibreOffice), and imported by the decisions job.
@Suite(.ownThreads) struct RequestWorkbookImportTests {
    static let python = FileManager.default.isExecutableFile(atPath: Interop.python.path) || Interop.toolsRequired

    /// The sample database on 1 December 2026 and its new and approved requests as a workbook.
    final class Scenario {
        let database: ImportFixture
        let files: RequestWorkbookFixture
        let filter = RequestFilter(statuses: [.new, .approved])
        let language: Language
        var store: any RepairStore { database.store }
        var rules: OfficeRules { database.clock.standardRules }

        init(_ backend: Backend, language: Language = .en) throws {
            database = try ImportFixture(backend)
            files = try RequestWorkbookFixture()
            self.language = language
        }

        deinit { files.remove() }

        /// Exports the queue to `name` in the scenario's language.
        @discardableResult
        func export(_ name: String) throws -> ExportResult {
            try RequestQueueExporter(store: store, rules: rules).export(filter, to: files.path(name), language: language, paper: .a4)
        }

        /// The queue as exported, in the workbook's row order (row 2 first).
        func queue() throws -> [RequestQueueRow] {
            var rows: [RequestQueueRow] = []
            try store.read { session in try RequestQueue.forEach(matching: filter, session: session) { rows.append($0) } }
            return rows
        }

        func run(_ path: String, dryRun: Bool = false, force: Bool = false) throws -> DecisionOutcome {
            let job = RequestDecisionJob(store: store, rules: rules, notices: .forTests)
            return try job.run(try job.read(path: path), DecisionRequest(dryRun: dryRun, operatorName: "maria", force: force))
        }

        /// The requests and their log, to compare databases.
        func requestTables() throws -> [[String]] {
            let tables = try database.database.dump()
            return [tables["repair_request"] ?? [], tables["request_status_log"] ?? []]
        }

        func stored(_ id: RowID) throws -> StoredRequest? {
            try store.read { try $0.storedRequests([id])[id] }
        }
    }

    @Test(arguments: Backend.available)
    func anUntouchedWorkbookImportsAsNothingToChange(_ backend: Backend) throws {
        let scenario = try Scenario(backend, language: .nl)
        let result = try scenario.export("verzoeken.xlsx")
        #expect(result.rows == (try scenario.queue().count) && result.rows > 10, "the sample's new and approved requests")
        let before = try scenario.requestTables()
        let outcome = try scenario.run(scenario.files.path("verzoeken.xlsx"))
        #expect(outcome.status == .nothingToChange, "\(outcome.problems.map { $0.text(.en) })")
        #expect(outcome.plan.unchanged == result.rows)
        #expect(try scenario.requestTables() == before, "no request and no log row changed")
        if Interop.shouldRun(needing: ["soffice"]) {
            try Interop.requirePrograms(["soffice"])
            for format in ["xlsx", "ods"] {
                let resaved = try scenario.files.resaved(scenario.files.path("verzoeken.xlsx"), as: format)
                let again = try scenario.run(resaved, dryRun: true)
                #expect(again.status == .dryRun && again.plan.isEmpty && again.problems.isEmpty,
                        "LibreOffice's .\(format) changes nothing either: \(again.problems.map { $0.text(.en) })")
            }
        }
    }

    /// The office approves one request, cancels another with a note, gives a third a staff member
    /// available in its slot, and moves a fourth to a slot with room: each edited cell becomes
    /// that decision, and nothing else changes.
    @Test(.enabled(if: RequestWorkbookImportTests.python, "no interop venv"), arguments: Backend.available)
    func editedCellsBecomeTheirDecisions(_ backend: Backend) throws {
        let scenario = try Scenario(backend)
        try scenario.export("requests.xlsx")
        let queue = try scenario.queue()
        let day = scenario.rules.now()
        let dayparts = try scenario.database.dayparts()
        let staffCodes = Dictionary(uniqueKeysWithValues: try scenario.database.staff().map { ($0.id, $0.code) })
        let new = queue.enumerated().filter { $0.element.recorded.status == .new && $0.element.recorded.date >= day.firstOpenDay }
        try #require(new.count >= 4, "the sample has new requests to decide on")
        let (approve, cancel) = (new[0], new[1])
        // A person available in the slot of a request nobody is assigned to.
        var assign: (row: Int, code: String)?
        for (index, request) in new.dropFirst(2) where request.recorded.staffCode == nil {
            let daypart = dayparts.first { $0.code == request.recorded.daypartCode }!
            let available = try scenario.store.read { try $0.availability(on: request.recorded.date) }.filter { $0.daypartID == daypart.id }
            if let first = available.first { assign = (index, staffCodes[first.staffID]!); break }
        }
        let assigned = try #require(assign)
        // Another unassigned request, moved to a slot with room from the first open day on.
        let move = try #require(new.dropFirst(2).first { $0.offset != assigned.row && $0.element.recorded.staffCode == nil })
        let occupancy = try scenario.store.read {
            try $0.slotOccupancy(in: DateRange(from: day.firstOpenDay, to: day.firstOpenDay.adding(days: 20))!)
        }
        let free = try #require(occupancy.filter { $0.value.capacity > $0.value.held + 1 && $0.key.date != move.element.recorded.date }
            .keys.sorted { ($0.date, $0.daypartID) < ($1.date, $1.daypartID) }.first)
        let freeDaypart = dayparts.first { $0.id == free.daypartID }!.code
        let (year, month, date) = free.date.parts
        let row = { (index: Int) in index + 2 }
        try scenario.files.edit(scenario.files.path("requests.xlsx"), to: "decided.xlsx", """
            import datetime
            ws["J\(row(approve.offset))"] = "Approved "
            ws["J\(row(cancel.offset))"] = "cancelled"
            ws["M\(row(cancel.offset))"] = "tenant moved away"
            ws["K\(row(assigned.row))"] = "\(assigned.code)"
            ws["H\(row(move.offset))"] = datetime.date(\(year), \(month), \(date))
            ws["I\(row(move.offset))"] = "\(freeDaypart)"
            """)
        let path = scenario.files.path("decided.xlsx")
        let preview = try scenario.run(path, dryRun: true)
        #expect(preview.status == .dryRun, "\(preview.problems.map { $0.text(.en) })")
        let counts = preview.plan.counts
        #expect(counts.approved == 1 && counts.cancelled == 1 && counts.moved == 1 && counts.assigned == 1, "\(counts)")
        #expect(preview.plan.changes.count == 4 && preview.plan.unchanged == queue.count - 4)

        let applied = try scenario.run(path)
        guard case .applied = applied.status else { Issue.record("not applied: \(applied.status)"); return }
        #expect(try scenario.stored(approve.element.id)?.state.status == .approved)
        #expect(try scenario.stored(cancel.element.id)?.state.status == .cancelled)
        #expect(try scenario.stored(queue[assigned.row].id)?.state.staffID.flatMap { staffCodes[$0] } == assigned.code)
        #expect(try scenario.stored(move.element.id)?.state.slot == free)
        let log = try scenario.store.read { try $0.statusLog(ofBatch: applied.auditBatchID!) }
        #expect(log.count == 4 && log.contains { $0.note == "tenant moved away" }, "one log row a decision, the note with the cancellation")
        #expect(try scenario.run(path, dryRun: true).plan.isEmpty, "the applied workbook imported again changes nothing")
    }

    /// A request someone else changed after the export, which the office changed too, is named
    /// at its cell with what changed; nothing is applied. Forced, only the office's edit is.
    @Test(.enabled(if: RequestWorkbookImportTests.python, "no interop venv"), arguments: Backend.available)
    func aRequestChangedSinceTheExportIsNamedAtItsCell(_ backend: Backend) throws {
        let scenario = try Scenario(backend)
        try scenario.export("mine.xlsx")
        try scenario.export("theirs.xlsx")
        let queue = try scenario.queue()
        let index = try #require(queue.firstIndex { $0.recorded.status == .new && $0.recorded.date >= scenario.rules.now().firstOpenDay })
        let cell = "J\(index + 2)"
        try scenario.files.edit(scenario.files.path("theirs.xlsx"), to: "theirs-decided.xlsx", "ws[\"\(cell)\"] = \"approved\"")
        guard case .applied = try scenario.run(scenario.files.path("theirs-decided.xlsx")).status else { Issue.record("theirs not applied"); return }
        try scenario.files.edit(scenario.files.path("mine.xlsx"), to: "mine-decided.xlsx", "ws[\"\(cell)\"] = \"cancelled\"")
        let before = try scenario.requestTables()
        let outcome = try scenario.run(scenario.files.path("mine-decided.xlsx"))
        #expect(outcome.status == .stale)
        let problem = try #require(outcome.problems.first)
        #expect(outcome.problems.count == 1 && problem.place == .cell(sheet: "Requests", reference: cell))
        #expect(problem.text(.en).hasPrefix("Sheet Requests, cell \(cell): Request \(queue[index].id) was changed in the database after the export: status approved (exported: new)"),
                "\(problem.text(.en))")
        #expect(try scenario.requestTables() == before, "nothing applied")

        // --force: the office's own edit (new -> cancelled) on top of the database's approval,
        // which the state machine allows from approved.
        let forced = try scenario.run(scenario.files.path("mine-decided.xlsx"), force: true)
        guard case .applied = forced.status else { Issue.record("not applied with --force: \(forced.problems.map { $0.text(.en) })"); return }
        #expect(try scenario.stored(queue[index].id)?.state.status == .cancelled)
        #expect(forced.plan.changes.map(\.decision) == [.cancel], "the one edit, nothing of the rest of the stale workbook")
    }

    /// A resident's description a spreadsheet would run as a formula (with an escape and a
    /// right-to-left override) is a text cell in the workbook, and the workbook imports untouched.
    @Test(.enabled(if: RequestWorkbookImportTests.python, "no interop venv"), arguments: Backend.available)
    func aFormulaInADescriptionStaysText(_ backend: Backend) throws {
        let scenario = try Scenario(backend)
        let id = try #require(try scenario.queue().first?.id)
        let hostile = "=HYPERLINK(\"http://evil.example\",\"klik\")\u{1B}[31m \u{202E}txt.exe"
        let sql = "UPDATE repair_request SET description = '\(hostile.replacingOccurrences(of: "'", with: "''"))' WHERE id = \(id)"
        switch backend {
        case .sqlite: try scenario.database.database.rawConnection().write { try $0.execute(sql: sql) }
        case .postgres: _ = try PostgresTestServer.rows(sql, url: scenario.database.database.location)
        }
        try scenario.export("requests.xlsx")
        let seen = try scenario.files.peek(scenario.files.path("requests.xlsx"), """
            ws = wb["Requests"]
            out["g2"] = [ws["G2"].value, ws["G2"].data_type]
            """)
        #expect(seen["g2"] as? [String] == [hostile.replacingOccurrences(of: "\u{1B}", with: "_x001B_"), "s"], "\(String(describing: seen["g2"]))")
        #expect(try scenario.run(scenario.files.path("requests.xlsx")).status == .nothingToChange)
    }

    /// A request the office archived offers, on its next export, to be restored to the status it
    /// had (from its log): its row of Status choices is archived, completed.
    @Test(.enabled(if: RequestWorkbookImportTests.python, "no interop venv"), arguments: Backend.available)
    func anArchivedRequestOffersTheStatusItHadBefore(_ backend: Backend) throws {
        let scenario = try Scenario(backend)
        let exporter = RequestQueueExporter(store: scenario.store, rules: scenario.rules)
        _ = try exporter.export(RequestFilter(statuses: [.completed]), to: scenario.files.path("completed.xlsx"), language: .en, paper: .a4)
        let id = try #require(try RequestWorkbookReader.read(path: scenario.files.path("completed.xlsx")).rows.first?.cells[.request]?.text)
        try scenario.files.edit(scenario.files.path("completed.xlsx"), to: "archived.xlsx", "ws[\"J2\"] = \"archived\"")
        guard case .applied = try scenario.run(scenario.files.path("archived.xlsx")).status else { Issue.record("not archived"); return }
        _ = try exporter.export(RequestFilter(statuses: [.archived]), to: scenario.files.path("all-archived.xlsx"), language: .en, paper: .a4)
        let seen = try scenario.files.peek(scenario.files.path("all-archived.xlsx"), """
            ws = wb["Requests"]
            choices = wb["Status choices"]
            out["rows"] = {str(ws.cell(r, 1).value): [c.value for c in choices[r][:3] if c.value] for r in range(2, ws.max_row + 1)}
            """)
        let rows = try #require(seen["rows"] as? [String: [String]])
        #expect(rows[id] == ["archived", "completed"], "\(rows[id] ?? [])")
    }
}
