import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// A batch of repair-request decisions (`slotsheet requests import`) on the web front: the
/// History page marks it as requests, in the reader's language, and an admin's undo from there
/// says how many requests it put back, and puts them back.
@Suite struct RequestsBatchPageTests {
    /// The statuses of these requests, straight from the queue.
    static func statuses(_ store: any RepairStore, _ ids: Set<RowID>) throws -> [RowID: RequestStatus] {
        var statuses: [RowID: RequestStatus] = [:]
        try store.read { session in
            try RequestQueue.forEach(matching: RequestFilter(), session: session) { row in
                if ids.contains(row.id) { statuses[row.id] = row.recorded.status }
            }
        }
        return statuses
    }

    /// Approves the first `count` new requests from 3 days on through a decisions file, as
    /// `slotsheet requests import` does; the batch and the requests approved.
    static func approve(_ count: Int, _ fixture: WebFixture) throws -> (batch: RowID, requests: Set<RowID>) {
        try decide(count, of: "new", to: "approved", fixture)
    }

    /// Gives the first `count` requests of status `of` (from 3 days on) the status `to` through a
    /// decisions file, `decided.csv`; the batch and the requests decided.
    static func decide(_ count: Int, of status: String, to newStatus: String, _ fixture: WebFixture) throws -> (batch: RowID, requests: Set<RowID>) {
        let rules = fixture.services.rules
        let exported = fixture.folder.appending(path: "requests.csv").path
        _ = try RequestQueueExporter(store: fixture.store, rules: rules)
            .exportCSV(try RequestQueueOrder(statuses: status, from: "+3").filter(fixture.clock), to: exported, language: .en)
        var reader = try CSVReader(path: exported)
        var rows: [[String]] = []
        while let record = try reader.next() { rows.append(record.fields) }
        let column = try #require(rows.first?.firstIndex(of: "status"))
        try #require(rows.count > count)
        var approved = Set<RowID>()
        for index in 1...count {
            rows[index][column] = newStatus
            approved.insert(try #require(RowID(rows[index][0])))
        }
        var writer = CSVWriter()
        for row in rows { writer.write(row) }
        let decided = fixture.folder.appending(path: "decided.csv").path
        try writer.text.write(toFile: decided, atomically: true, encoding: .utf8)
        let job = RequestDecisionJob(store: fixture.store, rules: rules, notices: NoticeOffice(settings: .builtIn))
        let outcome = try job.run(try job.read(path: decided), DecisionRequest(dryRun: false, operatorName: "olga", channel: .file, force: false))
        guard case let .applied(batch) = outcome.status else { throw RequestsBatchNotApplied(status: "\(outcome.status)") }
        return (batch, approved)
    }

    struct RequestsBatchNotApplied: Error { let status: String }

    @Test(arguments: TestBackend.available) func aRequestsBatchIsMarkedAndItsUndoSaysHowManyRequests(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let (batch, approved) = try Self.approve(3, fixture)
        #expect(try Self.statuses(fixture.store, approved).values.allSatisfy { $0 == .approved })
        try await fixture.application.test(.router) { client in
            var olga = Browser(language: "nl")
            _ = try await olga.signIn(client, as: "olga")
            let dutch = try await client.execute(uri: "/history", method: .get, headers: olga.headers())
            #expect(dutch.text.contains("<span class=\"tag\">verzoeken</span> decided.csv"), "\(dutch.text)")

            var adam = Browser()
            _ = try await adam.signIn(client, as: "adam")
            let history = try await client.execute(uri: "/history", method: .get, headers: adam.headers())
            #expect(history.text.contains("<span class=\"tag\">requests</span> decided.csv"), "\(history.text)")
            #expect(history.text.contains("/history/\(batch)/undo"))
            let undo = try await client.execute(uri: "/history/\(batch)/undo", method: .post, headers: adam.headers(Browser.formType),
                                                body: Browser.form([("csrf", adam.csrf)]))
            #expect(undo.status == .seeOther, "\(undo.status): \(undo.text.prefix(300))")
            let undone = try await client.execute(uri: try #require(undo.headers[.location]), method: .get, headers: adam.headers())
            #expect(undone.text.contains("Batch \(batch) was undone as batch ") && undone.text.contains(": 3 requests reverted."), "\(undone.text)")
        }
        #expect(try Self.statuses(fixture.store, approved).values.allSatisfy { $0 == .new }, "the requests are new again")
        #expect(try Self.statuses(fixture.store, approved).count == 3)
    }

    /// The API's undo answers with the count too: `{"batch":…,"undoneAs":…,"requests":2}`.
    @Test(arguments: TestBackend.available) func theAPIsUndoOfARequestsBatchSaysHowManyRequests(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let (batch, approved) = try Self.approve(2, fixture)
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "adam")
        try await fixture.application.test(.router) { client in
            let undo = try await client.execute(uri: "/api/batches/\(batch)/undo", method: .post, headers: [.authorization: "Bearer \(token)"])
            #expect(undo.status == .ok, "\(undo.status): \(undo.text)")
            let answer = try JSONSerialization.jsonObject(with: Data(undo.text.utf8)) as? [String: Any] ?? [:]
            #expect(answer["batch"] as? Int == Int(batch) && answer["requests"] as? Int == 2 && answer["undoneAs"] is Int, "\(undo.text)")
        }
        #expect(try Self.statuses(fixture.store, approved).values.allSatisfy { $0 == .new }, "the requests are new again")
    }

    /// A batch of decisions a later batch decided on again cannot be undone: the admin's history
    /// says which to undo first (409, in the admin's language), never a 500, and nothing changes.
    @Test(arguments: TestBackend.available) func aRequestsBatchWhoseUndoIsRefusedSaysWhy(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let (first, _) = try Self.approve(1, fixture)
        let (later, cancelled) = try Self.decide(1, of: "approved", to: "cancelled", fixture)
        try await fixture.application.test(.router) { client in
            var adam = Browser(language: "nl")
            _ = try await adam.signIn(client, as: "adam")
            let undo = try await client.execute(uri: "/history/\(first)/undo", method: .post, headers: adam.headers(Browser.formType),
                                                body: Browser.form([("csrf", adam.csrf)]))
            #expect(undo.status == .conflict, "\(undo.status): \(undo.text.prefix(300))")
            #expect(undo.text.contains("Batch \(first) kan niet worden teruggedraaid") && undo.text.contains("Draai eerst batch \(later) terug."),
                    "\(undo.text)")
        }
        #expect(try Self.statuses(fixture.store, cancelled).values.allSatisfy { $0 == .cancelled }, "nothing undone")
    }
}
