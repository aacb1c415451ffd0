import Foundation
import InteropSupport
import SlotSheetTemplates
import Testing
@testable import SlotSheetCore

/// An upload's preview stored in the database and read back (`StoredPreview`) is the preview that
/// was stored: the same reading, digest, changes, problems and stale changes, and the file as read,
/// so an apply from it applies the plan previewed without the file.
@Suite struct StoredPreviewTests {
    /// Stores `preview` as the upload's (through the database) and reads it back.
    private func roundTrip(_ preview: UploadPreview, _ fixture: ImportFixture) throws -> UploadPreview {
        let id = try fixture.store.write { session -> RowID in
            let user = try session.insertUser(AppUser(name: "olga", role: .office, passwordHash: nil, createdAt: "2026-12-01T09:00:00Z"))
            let id = try session.insertUpload(WebUpload(userID: user, fileName: "f.csv", storedName: "f", size: 1,
                                                        createdAt: "2026-12-01T09:00:00Z", expiresAt: "2099-01-01T00:00:00Z"))
            try StoredPreview.store(preview, uploadID: id, in: session)
            return id
        }
        return try #require(try fixture.store.read { try StoredPreview.read(uploadID: id, from: $0) })
    }

    private func outcome(_ preview: UploadPreview) throws -> (PreparedImport, ImportOutcome) {
        guard case let .checked(prepared, outcome) = preview.result else { throw StoredBytesError.unexpected("not checked") }
        return (prepared, outcome)
    }

    @Test(arguments: Backend.available) func aCSVsPreviewReadBackAppliesWithoutTheFile(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let now = try fixture.availability()
        let days = (10..<40).map { fixture.today.adding(days: $0).iso }
        // Every cell flipped across a month, so the plan is hundreds of changes in every direction.
        var lines = ["date,daypart,staff,available"]
        for day in days { for code in ["ANB", "BRW"] { lines.append("\(day),D13,\(code),\(now.contains("\(day) D13 \(code)") ? "no" : "x")") } }
        let job = ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
        let preview = try UploadPreview.checking(try job.prepare(try fixture.parseCSV(lines)), job: job, operatorName: "olga")
        let back = try roundTrip(preview, fixture)
        let (prepared, stored) = try outcome(back)
        let (original, previewed) = try outcome(preview)
        #expect(back.reading == preview.reading && back.rowsRead == preview.rowsRead)
        #expect(stored.planDigest == previewed.planDigest && stored.plan == previewed.plan && stored.verdict == .changes)
        #expect(stored.plan.changes.count == 60 && stored.plan.perDate.count == 30)
        #expect(prepared.parsed.slots.map(\.marks) == original.parsed.slots.map(\.marks) && !prepared.hasSnapshot)
        #expect(prepared.parsed.slots.map(\.date) == original.parsed.slots.map(\.date))
        #expect(prepared.parsed.location(slot: 3, staff: 1) == original.parsed.location(slot: 3, staff: 1), "the file's places kept")

        let applied = try job.apply(prepared, ImportRequest(operatorName: "olga"), expectedPlanDigest: stored.planDigest)
        guard case .applied = applied.status else { Issue.record("\(applied.status)"); return }
        #expect(try fixture.availability().symmetricDifference(now).count == 60, "the plan previewed, applied from what was stored")
    }

    @Test func aRefusedCSVKeepsItsProblemsAndTallyButNoRows() throws {
        let fixture = try ImportFixture()
        let day = fixture.today.adding(days: 10).iso
        var lines = ["date,daypart,staff,available", "\(day),D13,ANB,x"]
        // More problems than are kept: the tally counts them all.
        for index in 0..<(ProblemTally.kept + 5) { lines.append("\(day),D13,NOBODY\(index),x") }
        lines.append("31-02-2026,D13,ANB,x")
        lines.append("\(day),D13,BRW,maybe")
        let job = ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
        let preview = try UploadPreview.checking(try job.prepare(try fixture.parseCSV(lines)), job: job, operatorName: "olga")
        let back = try roundTrip(preview, fixture)
        let (prepared, stored) = try outcome(back)
        let (_, previewed) = try outcome(preview)
        #expect(stored.verdict == .rejected && back.reading == preview.reading && back.reading.state == .refused)
        #expect(stored.problems == previewed.problems && stored.problems.count == ProblemTally.kept)
        #expect(stored.problemTally == previewed.problemTally && stored.problemTotal == ProblemTally.kept + 7)
        #expect(prepared.parsed.slots.isEmpty, "a refused CSV is never applied: no rows stored")
    }

    @Test func aStaleTemplateKeepsItsChangesAndThePlanOnTop() throws {
        let fixture = try ImportFixture()
        let path = fixture.database.folder.appending(path: "t.xlsx").path
        _ = try TemplateExporter(store: fixture.store, rules: fixture.clock.standardRules).export(
            TemplateExportRequest(range: DateRange(from: fixture.today, to: fixture.today.adding(days: 13))!, staff: .allActive, language: .nl, path: path))
        let day = fixture.today.adding(days: 5).iso
        let mark = try fixture.availability().contains("\(day) D13 ANB") ? "no" : "x"
        guard case .applied = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", "\(day),D13,ANB,\(mark)"])).status else {
            Issue.record("the change was not applied"); return
        }
        let job = ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
        let preview = try UploadPreview.checking(try job.prepare(try ImportSource.open(path: path)), job: job, operatorName: "olga")
        let back = try roundTrip(preview, fixture)
        let (prepared, stored) = try outcome(back)
        let (original, previewed) = try outcome(preview)
        #expect(stored.verdict == .stale && stored.staleChanges == previewed.staleChanges && !stored.staleChanges.isEmpty)
        #expect(back.onTop?.planDigest == preview.onTop?.planDigest && back.onTop?.verdict == preview.onTop?.verdict)
        #expect(back.reading == preview.reading && back.canApplyOnTop == preview.canApplyOnTop)
        #expect(prepared.parsed.template?.layout == original.parsed.template?.layout)
        #expect(prepared.parsed.template?.snapshot == original.parsed.template?.snapshot)
        #expect(prepared.parsed.template?.fingerprint == original.parsed.template?.fingerprint)
        // Applied on top from what was stored, as the page's second button does.
        let onTop = try job.apply(prepared, ImportRequest(force: true, operatorName: "olga"), expectedPlanDigest: try #require(back.onTop).planDigest)
        #expect(onTop.status == .nothingToChange || { if case .applied = onTop.status { return true } else { return false } }(), "\(onTop.status)")
    }

    /// The row's outcome is decoded where the row is read: one this build does not know is an error,
    /// never shown as some other outcome.
    @Test(arguments: Backend.available) func anUploadOutcomeReadBackIsDecodedOrRefused(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let day = fixture.today.adding(days: 10).iso
        let job = ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
        let preview = try UploadPreview.checking(try job.prepare(try fixture.parseCSV(["date,daypart,staff,available", "\(day),D13,NOBODY,x"])),
                                                 job: job, operatorName: "olga")
        _ = try roundTrip(preview, fixture)
        #expect(try fixture.store.write { try $0.finishReading(uploadID: 1, preview.reading) })
        #expect(try fixture.store.read { try $0.upload(id: 1) }?.outcome == .rejected)
        let update = "UPDATE web_upload SET outcome = 'archived'"
        switch backend {
        case .sqlite: try fixture.database.rawConnection().writeWithoutTransaction { try $0.execute(sql: update) }
        case .postgres: _ = try PostgresTestServer.rows(update, url: fixture.database.location)
        }
        #expect { try fixture.store.read { try $0.upload(id: 1) } } throws: { "\($0)".contains("unknown upload outcome 'archived'") }
    }

    /// Bytes cut short or changed are refused with an error, never read as another preview.
    @Test func damagedBytesAreRefused() throws {
        let fixture = try ImportFixture()
        let day = fixture.today.adding(days: 10).iso
        let job = ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
        let preview = try UploadPreview.checking(try job.prepare(try fixture.parseCSV(["date,daypart,staff,available", "\(day),D13,ANB,x"])),
                                                 job: job, operatorName: "olga")
        let bytes = StoredPreview.encode(preview)
        for cut in [0, 1, bytes.count / 2, bytes.count - 1] {
            #expect(throws: StoredBytesError.self) { try StoredPreview.decode(Array(bytes.prefix(cut))) }
        }
        #expect(throws: StoredBytesError.unexpected("stored preview version 3")) { try StoredPreview.decode([3] + bytes.dropFirst()) }
        #expect(throws: StoredBytesError.self) { try StoredPreview.decode(bytes + [0]) }
        // A count of billions in a few bytes is refused before anything is reserved for it.
        #expect(throws: StoredBytesError.truncated) { try StoredPreview.decode([1, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]) }
    }

    /// A list upload goes through the same pipeline: its kind's reader and checker give the row's
    /// reading and a stored preview bounded as its page shows it (the first rows of a table, all
    /// counted; the digest the reader worked out), and a file with problems its error workbook in
    /// both languages with the problems' words stored in both.
    @Test(arguments: Backend.available) func aListUploadsPreviewIsStoredBoundedAndReadBack(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let folder = FileManager.default.temporaryDirectory.appending(path: "list-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func read(_ kind: ListKind, _ lines: [String]) throws -> UploadRead {
            let path = folder.appending(path: "\(kind.rawValue).upload").path
            try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
            let pipeline = ListUploads(kind: kind), file = UploadFile(path: path, fileName: "\(kind.rawValue).csv", operatorName: "adam")
            return try pipeline.check(try pipeline.parse(file) { _, _ in }, file: file, store: fixture.store, rules: fixture.clock.standardRules,
                                      paper: .a4) { folder.appending(path: "errors-\(kind.rawValue)-\($0.rawValue).xlsx").path }
        }
        let catalogue = try read(.catalogue, ["location,space,element,defect,active"] + (1...1_200).map { "Shed,Garden,Door,Stuck \($0),x" })
        #expect(catalogue.reading.state == .ready && catalogue.reading.outcome == .ready && catalogue.reading.added == 1_200)
        #expect(catalogue.workbooks.isEmpty && catalogue.availability == nil)
        let back = try StoredListPreview.decode(catalogue.stored)
        guard case let .checked(outcome, onTop) = back.result else { Issue.record("\(back.result)"); return }
        #expect(back.kind == .catalogue && back.rowsRead == 1_200 && onTop == nil)
        #expect(outcome.added.total == 1_200 && outcome.added.shown.count == ListUploadPreview.shownRows, "all counted, the first kept")
        #expect(outcome.planDigest == catalogue.reading.planDigest && outcome.status == .dryRun && !outcome.isEmpty)

        let staff = try read(.staff, ["code,name,employee_number,active", "NEW1,,E-NEW1,x"])
        #expect(staff.reading.state == .refused && staff.reading.outcome == .rejected && staff.reading.problems == 1)
        #expect(Set(staff.workbooks.keys) == Set(Language.allCases) && staff.workbooks.values.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        guard case let .checked(refused, _) = try StoredListPreview.decode(staff.stored).result, let problem = refused.problems.first else {
            Issue.record("no problem stored"); return
        }
        #expect(problem.location == .line(2) && problem.message(.en) == "The name is empty." && problem.message(.nl) == "De kolom naam is leeg.")
        #expect(problem.hint(.en) == "Fill it in.")

        let refusal = ListUploads(kind: .dayparts).refused(UploadReadRetry.refusalWords(afterFailures: 3))
        #expect(refusal.reading.state == .refused && refusal.reading.outcome == .readFailed)
        guard case let .unreadable(words) = try StoredListPreview.decode(refusal.stored).result else { Issue.record("not a refusal"); return }
        #expect(words.text(.nl).contains("Upload het bestand later opnieuw"))
        #expect(throws: StoredBytesError.self) { try StoredListPreview.decode(Array(catalogue.stored.dropLast())) }
    }

    @Test func aReadThatKeepsFailingIsRefusedWithWordsTheOfficeCanActOn() throws {
        #expect(UploadReadRetry.pause(afterFailures: 1, poll: .seconds(10)) == .seconds(10))
        #expect(UploadReadRetry.pause(afterFailures: 2, poll: .seconds(10)) == .seconds(20), "a growing pause")
        #expect(!UploadReadRetry.givesUp(afterFailures: UploadReadRetry.attempts - 1) && UploadReadRetry.givesUp(afterFailures: UploadReadRetry.attempts))
        let refusal = UploadReadRetry.refusal(afterFailures: 3)
        #expect(refusal.reading.state == .refused && refusal.reading.outcome == .readFailed)
        guard case let .unreadable(words) = refusal.result else { Issue.record("\(refusal.result)"); return }
        #expect(words.text(.en).contains("Upload the file again later") && words.text(.nl).contains("Upload het bestand later opnieuw"))
        #expect(!words.english.contains("/"), "no server path")
    }
}
