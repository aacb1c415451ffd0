import InteropSupport
import Foundation
import SlotSheetCore
import SlotSheetTemplates
import Testing
@testable import slotsheet

/// `requests import --json` encodes a large batch's changes a thousand at a time (so the encoder
/// never holds a tree of every change) into exactly the text one encoding of the whole gives.
@Suite(.ownThreads) struct DecisionJSONTests {
    @Test func theChangesEncodedApartAreTheOneEncodingOfTheWhole() throws {
        let slot = SlotKey(date: LocalDate(iso: "2026-12-08")!, daypartID: 3)
        let changes = (1...2_500).map { id in Self.change(RowID(id), slot: slot) }
        // A file's text that looks like the key itself stays an escaped string inside a problem.
        let problem = DecisionProblem(.notARequestNumber(#""changes":[]"#), at: .line(2), column: .request)
        for (plan, problems) in [(DecisionPlan(changes: changes), [problem]), (DecisionPlan(changes: Array(changes.prefix(3))), []), (DecisionPlan(), [])] {
            let outcome = DecisionOutcome(fileName: "decisions.csv", fileSHA256: "abc", status: .dryRun, plan: plan, problems: problems)
            for language in [Language.en, .nl] {
                let whole: String = try ImportReport.encoded(DecisionOutcomeJSON(outcome, language))
                let apart: String = try outcome.json(language)
                #expect(apart == whole, "\(plan.changes.count) changes")
            }
        }
        #expect(DecisionOutcome.changesEncodedTogether < 2_500, "the test's batch is encoded in several parts")
    }

    /// Every seventh cancelled, every fifth assigned, the rest approved.
    static func change(_ id: RowID, slot: SlotKey) -> RequestChange {
        let cancelled = id % 7 == 0
        let before = RequestState(status: .new, slot: slot, staffID: nil, subcontractorID: nil)
        let after = RequestState(status: cancelled ? .cancelled : .approved, slot: slot, staffID: id % 5 == 0 ? 4 : nil, subcontractorID: nil)
        return RequestChange(requestID: id, before: before, after: after, decision: cancelled ? .cancel : .approve, note: nil)
    }
}
