import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// A page or API state of an upload reads only the stored preview's summary and the chunks of the
/// changes it shows (`StoredPreview.readSummary`), whatever the plan's size, and shows what the
/// whole preview would: the same counts, grid, digest and changes.
@Suite struct StoredPreviewSummaryTests {
    /// A preview of a real (small) CSV whose plan is made `changes` long: every one of 100 staff
    /// in 3 dayparts, date after date, alternately added and removed.
    private func preview(changes total: Int, _ fixture: ImportFixture) throws -> UploadPreview {
        let day = fixture.today.adding(days: 10).iso
        let job = ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
        let small = try UploadPreview.checking(try job.prepare(try fixture.parseCSV(["date,daypart,staff,available", "\(day),D13,ANB,x"])),
                                               job: job, operatorName: "olga")
        guard case let .checked(prepared, outcome) = small.result else { throw StoredBytesError.unexpected("not checked") }
        var plan: [AvailabilityChange] = []
        plan.reserveCapacity(total)
        var index = 0
        while plan.count < total {
            let date = fixture.today.adding(days: 1 + index / 300), daypart = Int64(index / 100 % 3 + 1), staff = Int64(index % 100 + 1)
            plan.append(AvailabilityChange(key: AvailabilityKey(date: date, daypartID: daypart, staffID: staff), available: index % 7 != 0,
                                           staffCode: "S\(staff)", daypartCode: "D\(daypart)"))
            index += 1
        }
        var big = outcome
        big.plan = ChangePlan(changes: plan, unchanged: 12)
        big.keptPlanDigest = nil
        big.problemTally = nil
        return UploadPreview(result: .checked(prepared, big))
    }

    private func store(_ bytes: [UInt8], _ fixture: ImportFixture) throws -> RowID {
        try fixture.store.write { session -> RowID in
            let user = try session.insertUser(AppUser(name: "olga", role: .office, passwordHash: nil, createdAt: "2026-12-01T09:00:00Z"))
            let id = try session.insertUpload(WebUpload(userID: user, fileName: "f.csv", storedName: "f", size: 1,
                                                        createdAt: "2026-12-01T09:00:00Z", expiresAt: "2099-01-01T00:00:00Z"))
            try StoredPreview.store(bytes, uploadID: id, in: session)
            return id
        }
    }

    private func summary(_ id: RowID, _ page: PreviewSummary.ChangesPage, _ fixture: ImportFixture) throws -> (OutcomeSummary, Int) {
        let (summary, bytesRead) = try #require(try fixture.store.read { try StoredPreview.readSummaryCounting(uploadID: id, changes: page, from: $0) })
        guard case let .checked(outcome) = summary.result else { throw StoredBytesError.unexpected("not checked") }
        return (outcome, bytesRead)
    }

    @Test(arguments: Backend.available) func aStateOfAPlanOfHundredsOfThousandsReadsOneChunkNotThePlan(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let preview = try preview(changes: 600_000, fixture)
        guard case let .checked(_, whole) = preview.result else { Issue.record("not checked"); return }
        let bytes = StoredPreview.encode(preview)
        #expect(bytes.count > 3 * UploadChunks.size, "the plan is stored in \(bytes.count) bytes")
        let id = try store(bytes, fixture)

        // The API's plain GET: the summary and the first 10,000 changes, from the first chunk alone.
        let (first, firstRead) = try summary(id, PreviewSummary.ChangesPage(offset: 0, limit: 10_000), fixture)
        #expect(firstRead <= UploadChunks.size, "a plain state read \(firstRead) of \(bytes.count) bytes")
        #expect(first.changes == Array(whole.plan.changes.prefix(10_000)) && first.changesOffset == 0)
        #expect(first.plan == PlanSummary(whole.plan) && first.plan.changes == 600_000 && first.plan.unchanged == 12)
        #expect(first.grid == PlanGrid(whole.plan) && first.grid.changes.count == PlanGrid.rowLimit * 100)
        #expect(first.outcome.planDigest == whole.planDigest && first.outcome.plan.changes.isEmpty)
        #expect(preview.reading.added == first.plan.added && preview.reading.removed == first.plan.removed)

        // A page deep in the plan: the first chunk (the summary) and the one or two holding the page.
        let (deep, deepRead) = try summary(id, PreviewSummary.ChangesPage(offset: 555_555, limit: 10_000), fixture)
        #expect(deepRead <= 3 * UploadChunks.size, "a page at 555,555 read \(deepRead) of \(bytes.count) bytes")
        #expect(deep.changes == Array(whole.plan.changes[555_555..<565_555]))
        let (end, _) = try summary(id, PreviewSummary.ChangesPage(offset: 599_990, limit: 10_000), fixture)
        #expect(end.changes == Array(whole.plan.changes.suffix(10)))
        let (page, pageRead) = try summary(id, .none, fixture)
        #expect(page.changes.isEmpty && pageRead <= UploadChunks.size, "the upload's page reads the summary only")

        // The apply still has the whole plan, as it was stored.
        let back = try #require(try fixture.store.read { try StoredPreview.read(uploadID: id, from: $0) })
        guard case let .checked(_, applied) = back.result else { Issue.record("not checked"); return }
        #expect(applied.plan == whole.plan && applied.planDigest == whole.planDigest && back.reading == preview.reading)
    }

    /// A preview stored by a slotsheet from before summaries (the first form: the whole preview in
    /// one piece) is still shown and applied, read whole.
    @Test(arguments: Backend.available) func aPreviewStoredInTheFirstFormIsStillRead(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let preview = try preview(changes: 2_000, fixture)
        guard case let .checked(prepared, whole) = preview.result else { Issue.record("not checked"); return }
        var first = StoredBytesWriter()
        first.unsigned(1)
        first.int(preview.rowsRead)
        first.byte(0)
        first.sheet(prepared.parsed)
        first.outcome(whole)
        first.bool(false)
        let id = try store(first.bytes, fixture)
        let (summary, _) = try summary(id, PreviewSummary.ChangesPage(offset: 1_500, limit: 1_000), fixture)
        #expect(summary.changes == Array(whole.plan.changes.suffix(500)) && summary.plan == PlanSummary(whole.plan))
        #expect(summary.outcome.planDigest == whole.planDigest)
        let back = try #require(try fixture.store.read { try StoredPreview.read(uploadID: id, from: $0) })
        #expect(back.reading == preview.reading)
    }
}
