import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// On PostgreSQL a decisions apply with its tenants' notices is a bounded number of round trips:
/// 10 approvals and 100 approvals make the server run the same number of statements (counted by
/// `pg_stat_statements`, as `PostgresStatementCountTests` counts the other jobs).
@Suite(.enabled(if: Backend.available.contains(.postgres)), .serialized)
struct DecisionStatementCountTests {
    @Test func theStatementsOfAnApplyWithNoticesDoNotGrowWithTheBatch() throws {
        let database = try TestDatabase(.postgres)
        let clock = OfficeClock.fixed(today: LocalDate(iso: "2026-01-01")!)
        let range = DateRange(from: LocalDate(iso: "2026-01-02")!, to: LocalDate(iso: "2026-03-31")!)!
        _ = try Seeder.load(try SyntheticDataset(staffCount: 12, range: range, seed: 1, fill: 0.2, clock: clock), into: database.store)
        let count = try PostgresStatementCountTests.ServerCount(database)
        let rules = clock.standardRules
        let exported = database.folder.appending(path: "new.csv").path
        _ = try RequestQueueExporter(store: database.store, rules: rules).exportCSV(try RequestQueueOrder(statuses: "new").filter(clock), to: exported,
                                                                                    language: .en)
        var reader = try CSVReader(path: exported)
        var table: [[String]] = []
        while let record = try reader.next() { table.append(record.fields) }
        let ids = table.dropFirst().compactMap { RowID($0[0]) }
        try #require(ids.count >= 110, "new requests to decide: \(ids.count)")

        var statements: [Int: Int] = [:]
        for (size, chosen) in [(10, ids.prefix(10)), (100, ids.dropFirst(10).prefix(100))] {
            var rows = DecisionRows(table)
            // The file says what the database says of the requests approved before: unchanged.
            for id in ids.prefix(10) + chosen { rows.set(id, .status, "approved") }
            var writer = CSVWriter(neutralizeFormulas: true)
            for row in rows.rows { writer.write(row) }
            let path = database.folder.appending(path: "approve-\(size).csv").path
            try writer.text.write(toFile: path, atomically: true, encoding: .utf8)
            var outcome: DecisionOutcome?
            statements[size] = try count.of {
                let store = try PostgresStore(url: database.location)
                try store.requireCurrentSchema()
                let job = RequestDecisionJob(store: store, rules: rules, notices: .forTests)
                outcome = try job.run(try job.read(path: path), DecisionRequest(dryRun: false, operatorName: "count"))
            }
            guard let notices = outcome?.notices else {
                Issue.record("not applied: \(outcome?.problems.prefix(3).map(\.english) ?? [])"); return
            }
            #expect(notices.queued.count + notices.withoutAddress.count == size, "one notice an approval")
            #expect(try database.integer("SELECT COUNT(*) FROM resident_notice WHERE message_id IS NOT NULL") == statements.keys.reduce(0) { $0 + $1 })
        }
        print("statements of a decisions apply with its notices: 10 approvals \(statements[10]!), 100 approvals \(statements[100]!)")
        #expect(statements[10] == statements[100], "the same statements for 10 and for 100 approvals")
    }
}
