import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// An apply writes its requests, log rows and tenants' notices a chunk at a time
/// (`NoticeChunks`), so its memory holds one chunk's notices; the chunks are one transaction, so
/// a failure in a later chunk leaves nothing of the earlier ones, and every decision's notice is
/// queued once. On every backend.
@Suite struct DecisionChunkTests {
    /// 1001, 1002, 1003, 1011, ..., 1015 approved, two changes a chunk: 1012 and 1013 are the third.
    @Test(arguments: Backend.available) func aFailureInTheThirdChunkLeavesNothingOfTheFirstTwo(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        var rows = DecisionRows(try fixture.export(RequestQueueOrder(statuses: "new")))
        let approved: [RowID] = [1001, 1002, 1003, 1011, 1012, 1013, 1014, 1015]
        for id in approved { rows.set(id, .status, "approved") }
        let path = try fixture.csv(rows.rows)
        let refusal = Self.refusingNotices(of: 1013, on: backend)
        try fixture.store.write { session in for statement in refusal.create { try (session as! any RawSQLSession).executeRaw(statement) } }
        let before = try fixture.database.dump()

        #expect(throws: (any Error).self, "the notice of 1013, in the third chunk, is refused by the server") { try Self.apply(path, fixture) }
        #expect(try fixture.database.dump() == before, "no request, log row, notice or batch of the first two chunks is left")
        #expect(try fixture.status(1001) == "new" && fixture.requestsOutOfStepWithTheirLog() == 0)

        try fixture.store.write { session in try (session as! any RawSQLSession).executeRaw(refusal.drop) }
        let applied = try Self.apply(path, fixture)
        guard case let .applied(batch) = applied.status else { Issue.record("\(applied.problems.map(\.english))"); return }
        #expect(applied.plan.changes.map(\.requestID) == approved && applied.notices?.queued.count == approved.count)
        #expect(try fixture.database.strings("SELECT CAST(request_id AS TEXT) FROM request_status_log WHERE batch_id = \(batch) ORDER BY id")
            == approved.map(String.init), "one log row a decision, in the order of the changes")
        #expect(try fixture.database.strings("SELECT CAST(request_id AS TEXT) FROM resident_notice WHERE batch_id = \(batch) ORDER BY id")
            == approved.map(String.init), "one notice a decision, once, in the order of the changes")
        #expect(try fixture.requestsOutOfStepWithTheirLog() == 0 && fixture.status(1015) == "approved")
    }

    static func apply(_ path: String, _ fixture: DecisionFixture) throws -> DecisionOutcome {
        var job = RequestDecisionJob(store: fixture.store, rules: fixture.rules, notices: .forTests)
        job.rowsPerChunk = 2
        return try job.run(try job.read(path: path), DecisionRequest(dryRun: false, operatorName: "maria"))
    }

    /// A trigger of the office's own (as a DBA might add) that refuses a notice of `request`.
    static func refusingNotices(of request: RowID, on backend: Backend) -> (create: [String], drop: String) {
        switch backend {
        case .sqlite:
            return (["""
                CREATE TRIGGER refuse_notice BEFORE INSERT ON resident_notice WHEN NEW.request_id = \(request)
                BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                """], "DROP TRIGGER refuse_notice")
        case .postgres:
            return (["""
                CREATE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN IF NEW.request_id = \(request) THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$
                """, "CREATE TRIGGER refuse_notice BEFORE INSERT ON resident_notice FOR EACH ROW EXECUTE FUNCTION refuse_notice()"],
                    "DROP TRIGGER refuse_notice ON resident_notice")
        }
    }
}
