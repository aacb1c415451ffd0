import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// Deciders racing, each from a store of its own (as two `slotsheet requests import` processes or
/// two web clients): the slot locks of docs/design.md ("Locks") queue them, and the second reads
/// what the first left. Several rounds each, on every backend.
@Suite(.serialized)
struct RequestRaceTests {
    static let rounds = 4
    static let deciders = 10

    /// Runs `work(index)` on `count` threads of their own, started together, each with a store of
    /// its own (threads, not a dispatch queue: held writers block theirs, and a queue would not start
    /// the others). On PostgreSQL they are made to meet: every batch is held at its first write
    /// (after its locks and checks) until all `count` wait for a lock, so a writer that checked
    /// without the slot's lock would have checked what the others are changing.
    private func racing<T: Sendable>(_ count: Int, _ fixture: DecisionFixture,
                                     _ work: @escaping @Sendable (Int, any RepairStore) throws -> T) throws -> [Result<T, any Error>] {
        let location = fixture.database.location
        let results = Results<T>()
        let start = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        func launch() {
            for index in 0..<count {
                Thread {
                    let store = Result { try ConcurrentApplyTests.open(location) }
                    start.wait()
                    results.record(index, Result { try work(index, try store.get()) })
                    done.signal()
                }.start()
            }
            for _ in 0..<count { start.signal() }
        }
        if fixture.database.backend == .postgres {
            try PostgresLockSupport.withImportsHeldAtTheirFirstWrite(location) { release in
                launch()
                try PostgresLockSupport.waitForSessionsWaitingOnALock(count, url: location, database: fixture.database.path)
                try release()
            }
        } else {
            launch()
        }
        for _ in 0..<count { done.wait() }
        return results.all
    }

    /// Offices decide on the same request from the same export, half approving 1001, half
    /// cancelling it: exactly one is applied; every other that asked for something else is told the
    /// request changed since its export.
    @Test(arguments: Backend.available) func decidersOnOneRequestApplyExactlyOnce(_ backend: Backend) throws {
        for round in 0..<RequestRaceTests.rounds {
            let fixture = try DecisionFixture(backend)
            let exported = DecisionRows(try fixture.export(RequestQueueOrder(statuses: "new")))
            let sheets = try (0..<RequestRaceTests.deciders).map { $0 % 2 == 0 ? "approved" : "cancelled" }.map { status in
                var rows = exported
                rows.set(1001, .status, status)
                var sheet = try RequestDecisionCSV.read(path: try fixture.csv(rows.rows))
                sheet.recorded = exported.recorded
                return sheet
            }
            let rules = fixture.rules
            let statuses = try racing(sheets.count, fixture) { index, store in
                try RequestDecisionJob(store: store, rules: rules, notices: .forTests).run(sheets[index], DecisionRequest(dryRun: false, operatorName: "office \(index)")).status
            }.map { try $0.get() }
            let applied = statuses.filter { if case .applied = $0 { true } else { false } }
            // Those that asked for what the winner did find nothing to change; the others are stale.
            let winner = try fixture.status(1001)
            let asking = { (index: Int) in index % 2 == 0 ? "approved" : "cancelled" }
            #expect(applied.count == 1, "round \(round): \(statuses)")
            for (index, status) in statuses.enumerated() where status != applied.first {
                #expect(status == (asking(index) == winner ? .nothingToChange : .stale), "round \(round), decider \(index): \(statuses)")
            }
            #expect(try fixture.database.integer("SELECT COUNT(*) FROM request_status_log WHERE request_id = 1001") == 2, "one decision logged")
            #expect(try fixture.requestsOutOfStepWithTheirLog() == 0)
        }
    }

    /// A decision that moves two requests into Thu 10 Dec D09 (three staff, none held) races an
    /// availability import that leaves one person there: each alone is allowed, both together would
    /// overbook the slot. One of them is refused, and the slot never holds more than its staff.
    @Test(arguments: Backend.available) func aDecisionRacingAnAvailabilityImportKeepsTheSlotRule(_ backend: Backend) throws {
        var refusedDecisions = 0, refusedImports = 0
        for round in 0..<RequestRaceTests.rounds {
            let fixture = try DecisionFixture(backend)
            var rows = DecisionRows(try fixture.export(RequestQueueOrder(statuses: "new")))
            for id: RowID in [1011, 1012] { rows.set(id, .date, fixture.day(9).iso) }
            let decisions = try RequestDecisionCSV.read(path: try fixture.csv(rows.rows))
            let thursday = fixture.day(9).iso
            let availability = try fixture.csv([["date", "daypart", "staff", "available"], [thursday, "D09", "ANB", ""], [thursday, "D09", "BRW", ""]])
            let rules = fixture.rules
            let results = try racing(2, fixture) { index, store -> String in
                if index == 0 {
                    let outcome = try RequestDecisionJob(store: store, rules: rules, notices: .forTests).run(decisions, DecisionRequest(dryRun: false, operatorName: "office"))
                    if case .applied = outcome.status { return "applied" }
                    return outcome.problems.map(\.kind).contains { if case .slotFull = $0 { true } else { false } } ? "refused" : "\(outcome.problems.map(\.english))"
                }
                let (outcome, _) = try ImportJob(store: store, rules: rules).run(try ImportSource.open(path: availability), ImportRequest(operatorName: "planner"))
                if case .applied = outcome.status { return "applied" }
                return outcome.problems.map(\.kind).contains { if case .capacityBelowHeld = $0 { true } else { false } } ? "refused" : "\(outcome.problems)"
            }
            let (decision, planning) = (try results[0].get(), try results[1].get())
            #expect([decision, planning].sorted() == ["applied", "refused"], "round \(round): decision \(decision), import \(planning)")
            if decision == "refused" { refusedDecisions += 1 }
            if planning == "refused" { refusedImports += 1 }
            #expect(try fixture.overbookedSlots() == 0, "round \(round)")
            #expect(try fixture.requestsOutOfStepWithTheirLog() == 0)
        }
        #expect(refusedDecisions + refusedImports == RequestRaceTests.rounds)
    }
}
