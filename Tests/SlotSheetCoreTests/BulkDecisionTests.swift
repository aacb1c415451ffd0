import Foundation
import Testing
@testable import SlotSheetCore
import SlotSheetTemplates

/// The Requests page's and the API's bulk decisions (`BulkDecisionJob`) and the queue they are
/// taken from (`RequestQueuePage`, `RequestDetail`), on every backend, on `DecisionFixture`'s
/// requests (Tuesday 1 December 2026).
@Suite struct BulkDecisionTests {
    private func job(_ fixture: DecisionFixture, store: (any RepairStore)? = nil) -> BulkDecisionJob {
        BulkDecisionJob(store: store ?? fixture.store, rules: fixture.rules, notices: .forTests)
    }

    private func order(_ ids: [RowID], _ decision: String, note: String? = nil) throws -> BulkDecision {
        try BulkDecisionOrder(requests: ids.map(String.init), decision: decision, note: note).checked()
    }

    @Test(arguments: Backend.available) func aBulkApproveOfThreeIsPreviewedThenAppliedAndLoggedAsWeb(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        let decision = try order([1003, 1001, 1002, 1001], "approve", note: "seen by Olga")
        #expect(decision.requestIDs == [1001, 1002, 1003])
        let preview = try job(fixture).preview(decision, operatorName: "olga", channel: .web)
        #expect(preview.outcome.status == .dryRun)
        #expect(preview.outcome.plan.counts.approved == 3)
        #expect(preview.outcome.problems.isEmpty)
        #expect(try fixture.status(1001) == "new", "a preview changes nothing")
        let applied = try job(fixture).apply(decision, planDigest: preview.outcome.planDigest, operatorName: "olga", channel: .web)
        guard case let .applied(batch) = applied.outcome.status else { Issue.record("not applied: \(applied.outcome.status)"); return }
        for id in [1001, 1002, 1003] { #expect(try fixture.status(RowID(id)) == "approved") }
        let log = try fixture.store.read { try $0.statusLog(ofBatch: batch) }
        #expect(log.map(\.requestID) == [1001, 1002, 1003])
        #expect(log.allSatisfy { $0.channel == .web && $0.operatorName == "olga" && $0.note == "seen by Olga" && $0.toStatus == .approved })
        #expect(try fixture.store.read { try $0.importBatch(id: batch) }?.fileName == "web: approve 3 requests")
        #expect(try fixture.requestsOutOfStepWithTheirLog() == 0)
        // The same decision again has nothing left to do.
        let again = try job(fixture).preview(decision, operatorName: "olga", channel: .api)
        #expect(again.outcome.plan.isEmpty && again.outcome.plan.unchanged == 3)
    }

    @Test(arguments: Backend.available) func aCancelWithoutAReasonIsRefusedBeforeAnythingIsRead(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        for note in [nil, "", "   "] as [String?] {
            #expect(throws: BulkDecisionError.reasonRequired) { try order([1001], "cancel", note: note) }
        }
        #expect(BulkDecisionError.reasonRequired.text(.en) == "A cancellation needs a reason: the tenant is told it. Write the reason.")
        #expect(BulkDecisionError.reasonRequired.text(.nl) == "Een annulering heeft een reden nodig: de huurder krijgt die te horen. Schrijf de reden op.")
        #expect(throws: BulkDecisionError.noRequests) { try order([], "approve") }
        #expect(throws: BulkDecisionError.unknownDecision("maybe")) { try order([1001], "maybe") }
        #expect(throws: BulkDecisionError.notARequestNumber("12a")) { try BulkDecisionOrder(requests: ["12a"], decision: "approve").checked() }
        #expect(throws: BulkDecisionError.invalidDate("8-12")) {
            try BulkDecisionOrder(requests: ["1001"], decision: "move", date: "8-12", daypart: "D10").checked()
        }
        // With a reason it goes through, and the reason is the log's note.
        let cancel = try order([1001], "cancel", note: "Tenant moved out")
        let preview = try job(fixture).preview(cancel, operatorName: "olga", channel: .web)
        let applied = try job(fixture).apply(cancel, planDigest: preview.outcome.planDigest, operatorName: "olga", channel: .web)
        guard case let .applied(batch) = applied.outcome.status else { Issue.record("not applied: \(applied.outcome.status)"); return }
        #expect(try fixture.store.read { try $0.statusLog(ofBatch: batch) }.map(\.note) == ["Tenant moved out"])
    }

    @Test(arguments: Backend.available) func aRefusedTransitionNamesTheRequestItsStatusAndWhatItCanBeInBothLanguages(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        let outcome = try job(fixture).preview(try order([1001, 1005], "approve"), operatorName: "olga", channel: .web)
        #expect(outcome.outcome.status == .rejected)
        let problem = try #require(outcome.outcome.problems.first)
        #expect(outcome.outcome.problems.count == 1)
        #expect(outcome.request(of: problem) == 1005)
        #expect(problem.message(.en) == "Request 1005 is cancelled: it can be archived or reopened, not approved.")
        #expect(problem.message(.nl) == "Verzoek 1005 is geannuleerd: het kan worden gearchiveerd of heropend, niet goedgekeurd.")
        #expect(problem.hint(.en) == "Leave the request out of this decision, or choose one it can be given.")
        #expect(problem.hint(.nl) == "Laat het verzoek buiten deze beslissing, of kies er een die het kan krijgen.")
        // Applying a refused plan changes nothing and is recorded as refused.
        let applied = try job(fixture).apply(try order([1001, 1005], "approve"), planDigest: outcome.outcome.planDigest, operatorName: "olga", channel: .web)
        #expect(applied.outcome.status == .rejected)
        #expect(try fixture.status(1001) == "new")
        // Cancelling an archived request that was cancelled is refused: it is no restore.
        let archived = try job(fixture).preview(try order([1010], "cancel", note: "no"), operatorName: "olga", channel: .web)
        #expect(archived.outcome.problems.map(\.kind) == [.decisionRefused(request: 1010, status: .archived, decision: .cancel, open: [.restore])])
        // Restoring it is allowed; a request already approved is left as it is.
        let restore = try job(fixture).preview(try order([1010], "restore"), operatorName: "olga", channel: .web)
        #expect(restore.outcome.problems.isEmpty && restore.outcome.plan.counts.restored == 1)
        let approved = try job(fixture).preview(try order([1004], "approve"), operatorName: "olga", channel: .web)
        #expect(approved.outcome.problems.isEmpty && approved.outcome.plan.unchanged == 1)
        // A move goes through the slot rules: Wed 9 Dec D10 has nobody available.
        let move = try BulkDecisionOrder(requests: ["1001"], decision: "move", date: fixture.day(8).iso, daypart: "D10").checked()
        let full = try job(fixture).preview(move, operatorName: "olga", channel: .web)
        #expect(full.outcome.problems.map { if case .slotFull = $0.kind { true } else { false } } == [true])
    }

    /// Two offices decide on request 1001 from their own previews at the same moment, one approving,
    /// one cancelling: exactly one is applied; the other's plan is no longer the one it saw.
    @Test(arguments: Backend.available) func twoUsersDecidingTheSameRequestAtOnceApplyExactlyOnce(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        let decisions = [try order([1001, 1002], "approve"), try order([1001], "cancel", note: "double booking")]
        let digests = try decisions.map { try job(fixture).preview($0, operatorName: "olga", channel: .web).outcome.planDigest }
        let location = fixture.database.location, rules = fixture.rules
        let results = Results<BatchAttemptStatus>()
        let start = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        for index in 0..<2 {
            Thread {
                let store = Result { try ConcurrentApplyTests.open(location) }
                start.wait()
                results.record(index, Result {
                    try BulkDecisionJob(store: try store.get(), rules: rules, notices: .forTests)
                        .apply(decisions[index], planDigest: digests[index], operatorName: "office \(index)", channel: .web).outcome.status
                })
                done.signal()
            }.start()
        }
        for _ in 0..<2 { start.signal() }
        for _ in 0..<2 { done.wait() }
        let statuses = try results.all.map { try $0.get() }
        let applied = statuses.filter { if case .applied = $0 { true } else { false } }
        #expect(applied.count == 1, "\(statuses)")
        #expect(statuses.contains(.planChanged), "\(statuses)")
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM request_status_log WHERE request_id = 1001") == 2, "one decision logged")
        #expect(try fixture.requestsOutOfStepWithTheirLog() == 0)
    }

    @Test(arguments: Backend.available) func theQueueIsReadAPageAtATimeInSlotOrderAndARequestWithItsLog(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        let new = RequestFilter(statuses: [.new])
        let first = try RequestQueuePage.read(new, offset: 0, limit: 3, store: fixture.store)
        #expect(first.total == 8)
        #expect(first.rows.map(\.id) == [1001, 1002, 1003])
        let last = try RequestQueuePage.read(new, offset: 6, limit: 3, store: fixture.store)
        #expect(last.rows.map(\.id) == [1014, 1015])
        let bounded = try RequestQueuePage.read(RequestFilter(), offset: 0, limit: 5_000, store: fixture.store)
        #expect(bounded.limit == RequestQueuePage.maxLimit && bounded.rows.count == 15)
        let dated = try RequestQueuePage.read(RequestFilter(slotDates: DateRange(from: fixture.day(10), to: fixture.day(10)), statuses: [.new],
                                                            corporation: "Woonstede"), offset: 0, limit: 200, store: fixture.store)
        #expect(dated.rows.map(\.id) == [1011, 1012, 1013, 1014, 1015])
        let nobody = try RequestQueuePage.read(RequestFilter(corporation: "Elders"), offset: 0, limit: 10, store: fixture.store)
        #expect(nobody.total == 0 && nobody.rows.isEmpty)

        let approve = try order([1001], "approve", note: "ok")
        let digest = try job(fixture).preview(approve, operatorName: "olga", channel: .web).outcome.planDigest
        _ = try job(fixture).apply(approve, planDigest: digest, operatorName: "olga", channel: .web)
        let detail = try #require(try RequestDetail.read(1001, store: fixture.store))
        #expect(detail.request.recorded.status == .approved && detail.daypartLabel == "09:00-10:00")
        #expect(detail.log.map(\.entry.toStatus) == [.new, .approved])
        #expect(detail.log.last?.slotAfter.daypart == "09:00-10:00" && detail.log.last?.entry.channel == .web)
        #expect(try RequestDetail.read(99_999, store: fixture.store) == nil)
    }
}
