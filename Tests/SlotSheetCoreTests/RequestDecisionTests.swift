import Foundation
import GRDB
import InteropSupport
import Testing
@testable import SlotSheetCore
import SlotSheetTemplates

/// The office decides its repair requests in a file: the state machine, every refusal with its
/// place and fix, the round trip (export, decide, dry run, apply, log, undo), the invariant after a
/// batch, the stale check of a recorded export; on every backend.
@Suite struct RequestDecisionTests {
    @Test func theStateMachineIsOneTable() {
        #expect(RequestStateMachine.decisions(from: .new) == [.approve, .cancel])
        #expect(RequestStateMachine.decisions(from: .approved) == [.complete, .cancel])
        #expect(RequestStateMachine.decisions(from: .completed) == [.archive])
        #expect(RequestStateMachine.decisions(from: .cancelled) == [.archive, .reopen])
        #expect(RequestStateMachine.decisions(from: .archived) == [.restore])
        #expect(RequestStateMachine.decision(from: .cancelled, to: .new, statusBeforeArchiving: nil) == .reopen)
        #expect(RequestStateMachine.decision(from: .archived, to: .completed, statusBeforeArchiving: .completed) == .restore)
        #expect(RequestStateMachine.decision(from: .archived, to: .cancelled, statusBeforeArchiving: .completed) == nil)
        #expect(RequestStateMachine.decision(from: .new, to: .completed, statusBeforeArchiving: nil) == nil)
        #expect(RequestStateMachine.reachableStatuses(from: .archived, statusBeforeArchiving: .cancelled) == [.archived, .cancelled])
        for (word, status) in [(" Goed Gekeurd ", RequestStatus.approved), ("NIEUW", .new), ("cancelled", .cancelled), ("Af Gerond", .completed)] {
            #expect(RequestStatus(word: word) == status, "\(word)")
        }
        #expect(RequestStatus(word: "done") == nil)
        let refusal = DecisionProblem(.transitionRefused(request: 1043, status: .cancelled, wanted: .approved, open: [.archive, .reopen]), at: .line(4), column: .status)
        #expect(refusal.message(.en) == "Request 1043 is cancelled: it can be archived or reopened, not approved.")
        #expect(refusal.message(.nl) == "Verzoek 1043 is geannuleerd: het kan worden gearchiveerd of heropend, niet goedgekeurd.")
        #expect(refusal.placeText(.en) == "Line 4, column status" && refusal.placeText(.nl) == "Regel 4, kolom status")
    }

    @Test(arguments: Backend.available) func theRoundTripDecidesLogsAndUndoes(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        let exported = try fixture.export(RequestQueueOrder(statuses: "new"))
        #expect(exported[0] == RequestColumn.allCases.map(\.english))
        #expect(exported.dropFirst().map { $0[0] } == ["1001", "1002", "1003", "1011", "1012", "1013", "1014", "1015"], "new requests, by slot")
        #expect(exported[1][6] == "'=HYPERLINK(\"http://evil\")", "a description a spreadsheet would run is written as text")
        let untouched = try fixture.run(try fixture.csv(exported))
        #expect(untouched.status == .nothingToChange && untouched.plan.unchanged == 8)

        var rows = DecisionRows(exported)
        for id: RowID in [1001, 1002, 1011, 1012, 1014, 1015] { rows.set(id, .status, "approved") }
        rows.set(1003, .status, "cancelled"); rows.set(1003, .note, "Resident repaired it herself")
        rows.set(1013, .status, "Geannuleerd"); rows.set(1013, .note, "Double booking")
        rows.set(1011, .date, fixture.day(9).iso); rows.set(1011, .staff, "CHP")
        rows.set(1002, .staff, "BRW")
        let path = try fixture.csv(rows.rows)
        let before = try fixture.database.dump()
        let preview = try fixture.run(path, dryRun: true)
        #expect(preview.status == .dryRun, "\(preview.problems.map(\.english))")
        var expected = DecisionCounts()
        (expected.approved, expected.cancelled, expected.moved, expected.assigned) = (6, 2, 1, 2)
        #expect(preview.plan.counts == expected && preview.plan.unchanged == 0)
        #expect(try fixture.database.dump() == before, "a dry run writes nothing")

        let applied = try fixture.run(path)
        guard case let .applied(batch) = applied.status else { Issue.record("\(applied.problems.map(\.english))"); return }
        #expect(applied.planDigest == preview.planDigest)
        #expect(try fixture.status(1003) == "cancelled" && fixture.status(1011) == "approved")
        #expect(try fixture.database.strings("SELECT slot_date FROM repair_request WHERE id = 1011") == [fixture.day(9).iso])
        #expect(try fixture.database.strings("SELECT list_kind FROM import_batch WHERE id = \(batch)") == ["requests"])
        let log = try fixture.store.read { try $0.statusLog(ofBatch: batch) }
        #expect(log.map(\.requestID) == [1001, 1002, 1003, 1011, 1012, 1013, 1014, 1015])
        #expect(log.count == applied.plan.changes.count && zip(log, applied.plan.changes).allSatisfy { entry, change in
            entry.requestID == change.requestID && entry.fromStatus == change.before.status && entry.toStatus == change.after.status
                && entry.slotBefore == change.before.slot && entry.slotAfter == change.after.slot && entry.staffBefore == change.before.staffID
                && entry.staffAfter == change.after.staffID && entry.note == change.note
        }, "one log row a change of the plan, as planned")
        #expect(log.first { $0.requestID == 1003 }?.note == "Resident repaired it herself")
        #expect(log.allSatisfy { $0.channel == .file && $0.operatorName == "maria" && $0.batchID == batch })
        #expect(try fixture.requestsOutOfStepWithTheirLog() == 0 && fixture.overbookedSlots() == 0)
        #expect(try fixture.run(path).status == .nothingToChange, "the applied file again changes nothing")

        let logRows = try fixture.database.integer("SELECT COUNT(*) FROM request_status_log")
        let (undoID, reverted) = try UndoJob(store: fixture.store, rules: fixture.rules, notices: .forTests).undoing(batchID: batch, operatorName: "maria")
        guard case let .requests(entries, _) = reverted else { Issue.record("not a requests undo"); return }
        #expect(entries.count == 8 && entries.allSatisfy { $0.channel == .undo && $0.batchID == undoID })
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM request_status_log") == logRows + 8, "undo appends; the log never loses a row")
        #expect(try fixture.status(1003) == "new" && fixture.status(1011) == "new")
        #expect(try fixture.database.strings("SELECT slot_date FROM repair_request WHERE id = 1011") == [fixture.day(10).iso])
        #expect(try fixture.requestsOutOfStepWithTheirLog() == 0)
    }

    @Test(arguments: Backend.available) func undoIsRefusedNamingTheRequestALaterChangeTouched(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        var rows = DecisionRows(try fixture.export(RequestQueueOrder(statuses: "new")))
        rows.set(1001, .status, "approved")
        guard case let .applied(first) = try fixture.run(try fixture.csv(rows.rows)).status else { Issue.record("first"); return }
        rows.set(1001, .status, "completed")
        guard case let .applied(second) = try fixture.run(try fixture.csv(rows.rows)).status else { Issue.record("second"); return }
        let job = UndoJob(store: fixture.store, rules: fixture.rules, notices: .forTests)
        #expect(throws: RequestUndoError.laterChange(batch: first, request: 1001, byBatch: second)) { try job.undoing(batchID: first, operatorName: "maria") }
        let message = RequestUndoError.laterChange(batch: first, request: 1001, byBatch: second)
        #expect(message.english.contains("request 1001") && message.dutch.contains("verzoek 1001"))
        _ = try job.undoing(batchID: second, operatorName: "maria")
        _ = try job.undoing(batchID: first, operatorName: "maria")
        #expect(try fixture.status(1001) == "new", "newest first, both undone")
    }

    @Test(arguments: Backend.available) func everyRefusalNamesItsPlaceAndAFixInBothLanguages(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        var rows = DecisionRows(try fixture.export())
        rows.set(1005, .status, "approved")                      // cancelled -> approved
        rows.set(1008, .status, "new")                           // reopened into a slot without staff
        rows.set(1009, .status, "nieuw")                         // reopened into the past
        rows.set(1007, .status, "completed")                     // restored, but to what?
        rows.set(1006, .date, fixture.day(9).iso)                // a completed request moved
        rows.set(1004, .staff, "OUT")                            // inactive
        rows.set(1001, .staff, "ZZZ")                            // unknown
        rows.set(1002, .staff, "CHP")                            // not available on 8 Dec D09
        rows.set(1003, .daypart, "XX")                           // unknown daypart
        rows.set(1011, .daypart, "OLD")                          // inactive daypart
        rows.set(1012, .subcontractor, "Nobody BV")              // unknown
        rows.set(1013, .status, "maybe")                         // not a status
        rows.set(1014, .date, "31-02-2026")                      // not a date
        rows.set(1015, .note, String(repeating: "x", count: 1_001))
        rows.set(1010, .note, "Call \u{202E}back")               // a direction override
        var table = rows.rows
        table.append(table[1])                                   // a request twice
        var unknown = table[1]; unknown[0] = "99999"; table.append(unknown)
        var notANumber = table[1]; notANumber[0] = "abc"; table.append(notANumber)
        table.append(Array(table[1].prefix(5)))                  // a short line
        let outcome = try fixture.run(try fixture.csv(table))
        #expect(outcome.status == .rejected)
        let line = { (id: RowID) in ImportProblem.Location.line(rows.line(id)) }
        let (d8, d9) = (fixture.day(7), fixture.day(8))
        let expected: [DecisionProblem] = [
            DecisionProblem(.transitionRefused(request: 1005, status: .cancelled, wanted: .approved, open: [.archive, .reopen]), at: line(1005), column: .status),
            DecisionProblem(.slotFull(slot: SlotName(date: d9, daypart: "10:00-11:00"), held: 1, available: 0, arriving: [1008]), at: line(1008), column: .date),
            DecisionProblem(.slotInThePast(request: 1009, slot: SlotName(date: fixture.day(-6), daypart: "09:00-10:00"), firstOpenDay: fixture.day(0)),
                            at: line(1009), column: .date),
            DecisionProblem(.statusBeforeArchivingUnknown(request: 1007), at: line(1007), column: .status),
            DecisionProblem(.notHoldingASlot(request: 1006, status: .completed), at: line(1006), column: .date),
            DecisionProblem(.inactiveStaff("OUT"), at: line(1004), column: .staff),
            DecisionProblem(.unknownStaff("ZZZ"), at: line(1001), column: .staff),
            DecisionProblem(.staffNotAvailable(request: 1002, staff: "CHP", slot: SlotName(date: d8, daypart: "09:00-10:00")), at: line(1002), column: .staff),
            DecisionProblem(.unknownDaypart("XX"), at: line(1003), column: .daypart),
            DecisionProblem(.inactiveDaypart("OLD"), at: line(1011), column: .daypart),
            DecisionProblem(.unknownSubcontractor("Nobody BV"), at: line(1012), column: .subcontractor),
            DecisionProblem(.unknownStatus("maybe"), at: line(1013), column: .status),
            DecisionProblem(.invalidDate("31-02-2026"), at: line(1014), column: .date),
            DecisionProblem(.tooLong(length: 1_001, limit: 1_000), at: line(1015), column: .note),
            DecisionProblem(.controlCharacter("Call \u{202E}back"), at: line(1010), column: .note),
            DecisionProblem(.duplicateRequest(RowID(table[1][0])!, first: .line(2)), at: .line(table.count - 3), column: .request),
            DecisionProblem(.unknownRequest(99999), at: .line(table.count - 2), column: .request),
            DecisionProblem(.notARequestNumber("abc"), at: .line(table.count - 1), column: .request),
            DecisionProblem(.wrongFieldCount(expected: 13, found: 5), at: .line(table.count)),
        ]
        for problem in expected {
            #expect(outcome.problems.contains(problem), "missing: \(problem.english)\nfound: \(outcome.problems.map(\.english).joined(separator: "\n"))")
            #expect(problem.english != problem.dutch && problem.hint(.en) != problem.hint(.nl) && !problem.hint(.nl).isEmpty)
        }
        #expect(outcome.problems.count == expected.count, "\(outcome.problems.map(\.english).joined(separator: "\n"))")
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM request_status_log WHERE batch_id IS NOT NULL") == 0, "nothing written")
        let missing = try fixture.run(try fixture.csv([["request", "status", "note"], ["1001", "approved", ""]]))
        #expect(missing.problems == [RequestColumn.date, .daypart, .staff, .subcontractor].map { DecisionProblem(.missingColumn($0), at: .line(1)) })
    }

    @Test(arguments: Backend.available) func theDutchFileIsReadAndTheSlotRuleHoldsForTheWholeBatch(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        let exported = try fixture.export(RequestQueueOrder(statuses: "geannuleerd,nieuw", from: fixture.day(7).iso, to: fixture.day(7).iso), language: .nl)
        #expect(exported[0].first == "verzoek" && exported.dropFirst().map { $0[0] } == ["1001", "1002", "1003", "1005"])
        var rows = DecisionRows(exported)
        // 1005 reopened into 8 Dec D10 (1 staff, holding 1003): only while 1003 leaves it in the same batch.
        rows.set(1005, .status, "nieuw")
        let refused = try fixture.run(try fixture.csv(rows.rows))
        #expect(refused.problems.map(\.kind) == [.slotFull(slot: SlotName(date: fixture.day(7), daypart: "10:00-11:00"), held: 2, available: 1, arriving: [1005])])
        #expect(refused.problems.first?.dutch.contains("zou 2 verzoeken hebben met 1 beschikbare medewerkers") == true)
        rows.set(1003, .status, "geannuleerd")
        let outcome = try fixture.run(try fixture.csv(rows.rows))
        #expect(outcome.status == .applied(batchID: outcome.auditBatchID ?? 0), "\(outcome.problems.map(\.english))")
        #expect(outcome.plan.counts.reopened == 1 && outcome.plan.counts.cancelled == 1)
        #expect(try fixture.overbookedSlots() == 0 && fixture.requestsOutOfStepWithTheirLog() == 0)
    }

    @Test(arguments: Backend.available) func aRecordedExportTellsStaleRequestsAndForceAppliesOnlyWhatIsStillAllowed(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        let exported = DecisionRows(try fixture.export(RequestQueueOrder(statuses: "new")))
        // Someone else approves 1001 and cancels 1002 after the export.
        var other = exported
        other.set(1001, .status, "approved"); other.set(1002, .status, "cancelled")
        guard case .applied = try fixture.run(try fixture.csv(other.rows)).status else { Issue.record("other"); return }
        // The office, on its export: cancels 1001 (still allowed from approved), approves 1002 (no longer), approves 1003 (untouched since).
        var mine = exported
        mine.set(1001, .status, "cancelled"); mine.set(1002, .status, "approved"); mine.set(1003, .status, "approved")
        var sheet = try RequestDecisionCSV.read(path: try fixture.csv(mine.rows))
        sheet.recorded = exported.recorded
        let job = RequestDecisionJob(store: fixture.store, rules: fixture.rules, notices: .forTests)
        let stale = try job.run(sheet, DecisionRequest(dryRun: false, operatorName: "maria"))
        #expect(stale.status == .stale)
        #expect(stale.problems.map(\.request) == [1001, 1002])
        let first = try #require(stale.problems.first)
        #expect(first.message(.en) == "Request 1001 was changed in the database after the export: status approved (exported: new).")
        #expect(first.message(.nl) == "Verzoek 1001 is na de export in de database gewijzigd: status goedgekeurd (bij de export: nieuw).")
        #expect(try fixture.status(1003) == "new", "nothing applied")
        let forced = try job.run(sheet, DecisionRequest(dryRun: false, operatorName: "maria", force: true))
        guard case .applied = forced.status else { Issue.record("\(forced.problems.map(\.english))"); return }
        #expect(forced.plan.skipped.map(\.requestID) == [1002])
        #expect(try fixture.status(1001) == "cancelled" && fixture.status(1002) == "cancelled" && fixture.status(1003) == "approved")
    }

    @Test(arguments: Backend.available) func theLogIsAppendOnly(_ backend: Backend) throws {
        let fixture = try DecisionFixture(backend)
        let rows = try fixture.database.integer("SELECT COUNT(*) FROM request_status_log")
        #expect(rows == 16)
        for statement in ["UPDATE request_status_log SET note = 'rewritten'", "DELETE FROM request_status_log WHERE request_id = 1001"]
            + (backend == .postgres ? ["TRUNCATE request_status_log"] : []) {
            #expect(throws: (any Error).self, "\(statement)") {
                switch backend {
                case .sqlite: try fixture.database.rawConnection().write { try $0.execute(sql: statement) }
                case .postgres: _ = try PostgresTestServer.rows(statement, url: fixture.database.location)
                }
            }
        }
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM request_status_log") == rows)
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM request_status_log WHERE note IS NOT NULL") == 0)
        #expect(try fixture.requestsOutOfStepWithTheirLog() == 0)
    }
}
