import Foundation
import GRDB
import InteropSupport
import Testing
@testable import SlotSheetCore
import SlotSheetTemplates

/// A decisions file that is applied queues the tenants' notices in its own transaction, and its
/// undo withdraws them (or corrects those sent); nothing is queued for a dry run or a refusal.
@Suite struct DecisionNoticeTests {
    @Test(arguments: Backend.available) func anAppliedFileQueuesOneNoticeADecisionAndItsUndoWithdrawsOrCorrects(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        try Self.giveNoAddress(to: 1002, in: fixture)
        var rows = DecisionRows(try fixture.export(RequestQueueOrder(statuses: "new,approved")))
        rows.set(1001, .status, "approved")
        rows.set(1002, .status, "approved")
        rows.set(1003, .status, "cancelled"); rows.set(1003, .note, "Resident repaired it herself")
        rows.set(1004, .date, fixture.day(9).iso)
        let path = try fixture.csv(rows.rows)

        #expect(try fixture.run(path, dryRun: true).notices == nil)
        #expect(try Self.notices(fixture) == [], "a dry run queues nothing")
        var refused = rows
        refused.set(1001, .status, "completed")
        #expect(try fixture.run(try fixture.csv(refused.rows)).status == .rejected)
        #expect(try Self.notices(fixture) == [], "a refused file queues nothing")

        let applied = try fixture.run(path)
        guard case let .applied(batch) = applied.status else { Issue.record("\(applied.problems.map(\.english))"); return }
        #expect(try Self.notices(fixture) == ["1001 approved queued", "1003 cancelled queued", "1004 moved queued"])
        #expect(applied.notices?.queued.count == 3 && applied.notices?.withoutAddress == [1002], "the tenant without an address is counted")
        #expect(try fixture.database.strings("SELECT body FROM resident_notice WHERE request_id = 1003").first?.contains("Resident repaired it herself") == true)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(DecisionOutcomeJSON(applied, .en))) as? [String: Any]
        #expect((json?["notices"] as? [String: Int]) == ["queued": 3, "withoutAddress": 1])
        #expect(DecisionReportLine.noticesQueued(queued: 3, withoutAddress: 1).english
            == "3 notices to tenants queued; 1 tenant has no e-mail address and will not hear of it.")

        // 1001's notice went out before the undo: it is corrected; the others are withdrawn.
        try Self.execute("UPDATE resident_notice SET state = 'sent' WHERE request_id = 1001 RETURNING id", in: fixture)
        let (_, reverted) = try UndoJob(store: fixture.store, rules: fixture.rules, notices: .forTests).undoing(batchID: batch, operatorName: "maria")
        guard case let .requests(_, withdrawal) = reverted else { Issue.record("not a requests undo"); return }
        #expect(withdrawal.withdrawn.count == 2 && withdrawal.corrections.count == 1)
        #expect(try Self.notices(fixture) == ["1001 approved sent", "1001 correction queued", "1003 cancelled withdrawn", "1004 moved withdrawn"])

        var completing = DecisionRows(try fixture.export(RequestQueueOrder(statuses: "approved")))
        completing.set(1004, .status, "completed")
        let completed = try fixture.run(try fixture.csv(completing.rows))
        #expect(completed.notices?.queued.count == 1)
        #expect(try Self.notices(fixture).last == "1004 completed queued")
    }

    /// Every notice as "request kind state", by request and id.
    static func notices(_ fixture: DecisionFixture) throws -> [String] {
        try fixture.database.strings("""
            SELECT CAST(request_id AS TEXT) || ' ' || kind || ' ' || state FROM resident_notice ORDER BY request_id, id
            """)
    }

    /// Moves a request to a tenant of its own who has no e-mail address.
    static func giveNoAddress(to request: RowID, in fixture: DecisionFixture) throws {
        let resident = try fixture.store.write { session in
            try session.upsertResident(Resident(name: "Sem Bakker", email: "", phone: nil, postcode: "6811 CD", houseNumber: "3", street: "Korenmarkt",
                                                city: "Arnhem", corporationID: try session.upsertCorporation(name: "Woonstede")))
        }
        try execute("UPDATE repair_request SET resident_id = \(resident) WHERE id = \(request) RETURNING id", in: fixture)
    }

    /// Runs a writing statement (with RETURNING) behind the store's back, on either backend.
    static func execute(_ sql: String, in fixture: DecisionFixture) throws {
        switch fixture.database.backend {
        case .sqlite: try fixture.database.rawConnection().write { try $0.execute(sql: sql) }
        case .postgres: _ = try PostgresTestServer.rows(sql, url: fixture.database.location)
        }
    }
}
