import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// A batch of decisions sends the server a number of statements that grows with its chunks, not
/// its rows (docs/design.md, "Store"): its reads are one statement each for every request of the
/// file; its writes go a chunk of changes at a time (`NoticeChunks.rowsPerChunk`, 1,000), each
/// chunk one array statement a table; the tenants' notices of a chunk add five more (their
/// requests' facts, defects and calendar sequences, their ids, one insert). The status log's and
/// the notices' inserts check their foreign keys once for the statement, as an apply's
/// availability rows do: one statement before each, one after (25 before, when the server ran
/// 80,000 row checks for 10,000 decisions). Counted by the server (`pg_stat_statements`).
@Suite(.enabled(if: Backend.available.contains(.postgres)), .serialized)
struct RequestStatementCountTests {
    /// A batch of one chunk.
    static let bound = 29
    /// Each further chunk: the requests' update, the log's insert with its check before and after,
    /// the notices' facts, defects, sequences, ids and insert with its check before and after.
    static let perChunk = 11

    @Test func aDecisionsApplyTakesTheSameStatementsForTenRowsAsForAll() throws {
        let database = try TestDatabase(.postgres)
        let clock = OfficeClock.fixed(today: LocalDate(iso: "2026-01-01")!)
        let range = DateRange(from: LocalDate(iso: "2026-01-02")!, to: LocalDate(iso: "2026-03-31")!)!
        _ = try Seeder.load(try SyntheticDataset(staffCount: 12, range: range, seed: 1, fill: 0.5, clock: clock), into: database.store)
        let count = try PostgresStatementCountTests.ServerCount(database)
        let rules = clock.standardRules
        let exported = database.folder.appending(path: "new.csv").path
        _ = try RequestQueueExporter(store: database.store, rules: rules).exportCSV(RequestFilter(statuses: [.new]), to: exported, language: .en)
        var reader = try CSVReader(path: exported)
        var rows: [[String]] = []
        while let record = try reader.next() { rows.append(record.fields) }
        let status = rows[0].firstIndex(of: "status")!
        #expect(rows.count > 400, "a batch of hundreds: \(rows.count - 1)")
        var counts: [Int] = []
        // The third batch in chunks of 100: four of them.
        for (batch, rowsPerChunk) in [(1...10, NoticeChunks.rowsPerChunk), (11...200, NoticeChunks.rowsPerChunk), (201...(rows.count - 1), 100)] {
            var writer = CSVWriter(neutralizeFormulas: true)
            writer.write(rows[0])
            for var row in rows[batch] { row[status] = "approved"; writer.write(row) }
            let path = database.folder.appending(path: "decisions-\(batch.count).csv").path
            try writer.text.write(toFile: path, atomically: true, encoding: .utf8)
            try counts.append(count.of {
                let store = try PostgresStore(url: database.location)
                try store.requireCurrentSchema()
                var job = RequestDecisionJob(store: store, rules: rules, notices: .forTests)
                job.rowsPerChunk = rowsPerChunk
                let outcome = try job.run(try job.read(path: path), DecisionRequest(dryRun: false, operatorName: "count"))
                #expect(outcome.plan.counts.approved == batch.count, "\(outcome.problems.prefix(3).map(\.english))")
            })
        }
        let chunks = (rows.count - 201 + 99) / 100
        #expect(counts[0] == counts[1] && counts[1] <= RequestStatementCountTests.bound
                    && counts[2] == counts[1] + (chunks - 1) * RequestStatementCountTests.perChunk,
                "statements for 10 rows, for 190 and for \(rows.count - 201) in \(chunks) chunks: \(counts)")
    }
}
