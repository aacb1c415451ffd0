import Foundation
import SlotSheetTemplates
import Testing
@testable import SlotSheetCore

@Suite struct CSVImportParsingTests {
    let fixture: ImportFixture
    init() throws { fixture = try ImportFixture() }

    @Test func readsEitherDelimiterDateFormAndColumnOrder() throws {
        let parsed = try fixture.parseCSV([
            "\u{FEFF}staff;Available;DATE;daypart",
            "ANB;x;08-12-2026;D09",
            "BRW; nee ;2026-12-08;D09",
            "ANB;;9-12-2026;D10",
        ])
        #expect(parsed.problems.isEmpty)
        #expect(parsed.staffCodes == ["ANB", "BRW"])
        #expect(parsed.slots.map(\.date.iso) == ["2026-12-08", "2026-12-09"])
        #expect(parsed.slots[0].marks == [.available, .unavailable])
        #expect(parsed.slots[1].marks == [.unavailable, .absent], "BRW is not mentioned on the 9th: left as is")
    }

    @Test func namesTheLineOfEveryProblem() throws {
        let parsed = try fixture.parseCSV([
            "date,daypart,staff,available",
            "2026-12-08,D09,ANB,x",
            "2026-12-08,D09,ANB,",
            "31-02-2026,D09,BRW,x",
            "2026-12-08,D09,BRW,maybe",
            "2026-12-08,D09",
        ])
        let words = Language.en
        #expect(parsed.problems.map { $0.sentence(words) } == [
            "Line 3: This date, daypart and staff member appear twice; the first is on Line 2.",
            "Line 4: '31-02-2026' is not a date.",
            "Line 5: 'maybe' is not a valid value for available.",
            "Line 6: This line has 2 fields; the header has 4.",
        ])
    }

    @Test func aMissingHeaderColumnIsNamed() throws {
        let parsed = try fixture.parseCSV(["date,daypart,who,available", "2026-12-08,D09,ANB,x"])
        #expect(parsed.problems.map { $0.sentence(.en) } == ["Line 1: The header has no column 'staff'."])
        // In Dutch the column is named in Dutch, and both languages' headers are said to be accepted.
        let dutch = try #require(parsed.problems.map { $0 }.first)
        #expect(dutch.sentence(.nl).hasPrefix("Regel 1: De kopregel heeft geen kolom 'medewerker'."), "\(dutch.sentence(.nl))")
        #expect(dutch.hint(.nl).contains("datum, dagdeel, medewerker en beschikbaar") && dutch.hint(.nl).contains("ook geaccepteerd"))
        #expect(parsed.slots.isEmpty)
    }

    @Test func textThatIsNotUTF8IsRefusedAsAFile() throws {
        let path = try fixture.csv(["date,daypart,staff,available"])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("2026-12-08,D09,Jos\u{E9},x\n".data(using: .isoLatin1)!))
        try handle.close()
        #expect(throws: ImportFileError.csv(.notUTF8(.windows1252, line: 2, sample: "Jos\u{E9}"))) { try ImportFileReader.parse(path: path) }
    }
}

@Suite struct ImportRuleTests {
    let words = Language.en

    private func line(_ date: LocalDate, _ daypart: String, _ staff: String, _ mark: String) -> String {
        "\(date.iso),\(daypart),\(staff),\(mark)"
    }

    @Test(arguments: Backend.available) func unknownAndInactiveReferences(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let day = fixture.today.adding(days: 5)
        let outcome = try fixture.run(try fixture.parseCSV([
            "date,daypart,staff,available",
            line(day, "D09", "NOPE", "x"),
            line(day, "D99", "ANB", "x"),
            line(day, "D09", "QUV", "x"),
        ]))
        #expect(outcome.status == .rejected)
        #expect(outcome.problems.map { $0.sentence(words) } == [
            "Line 2: Staff code 'NOPE' is not in the database.",
            "Line 3: Daypart 'D99' is not in the database.",
            "Line 4: QUV (Quinten Vos) is no longer active.",
        ])
        #expect(outcome.problems.allSatisfy { !$0.hint(words).isEmpty })
    }

    @Test(arguments: Backend.available) func aChangeInAnInactiveDaypartIsRefusedAtItsLine(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let target = try fixture.dayparts()[2]
        var daypart = target.value
        daypart.active = false
        _ = try fixture.store.write { try $0.upsertDaypart(daypart) }
        let day = fixture.today.adding(days: 6)
        let brw = try #require(try fixture.staff().first { $0.code == "BRW" })
        let isAvailable = try fixture.store.read { try $0.availability(on: day) }
            .contains { $0.daypartID == target.id && $0.staffID == brw.id }
        let before = try fixture.availability()
        let outcome = try fixture.run(try fixture.parseCSV([
            "date,daypart,staff,available",
            line(day, "D09", "ANB", "x"),
            line(day, daypart.code, "BRW", isAvailable ? "" : "x"),
        ]))
        #expect(outcome.status == .rejected)
        #expect(outcome.problems.map { $0.sentence(words) } == ["Line 3: Daypart '\(daypart.code)' is no longer in use."])
        #expect(outcome.problems.map { $0.sentence(.nl) } == ["Regel 3: Dagdeel '\(daypart.code)' wordt niet meer gebruikt."])
        #expect(outcome.problems.first?.hint(words) == "Leave this daypart out, or ask the planner to make it active again.")
        #expect(try fixture.availability() == before, "nothing written, not even the valid line")
    }

    @Test(arguments: Backend.available) func aChangeOnAPastDateIsRefused(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let past = fixture.today.adding(days: -1)
        let daypart = try fixture.dayparts()[1]
        let isAvailable = try fixture.store.read { try $0.availability(on: past) }.contains { $0.daypartID == daypart.id && $0.staffID == 1 }
        let outcome = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", line(past, daypart.code, "ANB", isAvailable ? "" : "x")]))
        #expect(outcome.problems.map { $0.sentence(words) } == ["Line 2: Mon 30 Nov 2026 09:00-10:00 is in the past; its availability cannot be changed."])
        // Saying what the database already says about the past is fine.
        let same = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", line(past, daypart.code, "ANB", isAvailable ? "x" : "")]))
        #expect(same.status == .nothingToChange)
    }

    @Test(arguments: Backend.available) func capacityMayNotFallBelowHeldRequests(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let full = try #require(try fixture.fullSlot(after: fixture.today.adding(days: 1)))
        let before = try fixture.availability()
        let outcome = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", line(full.date, full.daypart.code, full.available[0], "")]))
        #expect(outcome.status == .rejected)
        let slot = "\(DateText.long(full.date, words)) \(full.daypart.label)"
        let expected = full.held == 1
            ? "Line 2: 1 repair request is booked on \(slot); this sheet leaves 0 staff available."
            : "Line 2: \(full.held) repair requests are booked on \(slot); this sheet leaves \(full.held - 1) staff available."
        #expect(outcome.problems.map { $0.sentence(words) }.contains(expected))
        #expect(try fixture.availability() == before, "nothing written")
    }

    @Test(arguments: Backend.available) func anAssignedPersonMustStayAvailable(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let visit = try #require(try fixture.assignedVisit(after: fixture.today.adding(days: 1)))
        let outcome = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", line(visit.date, visit.daypart.code, visit.staff, "no")]))
        let slot = "\(DateText.long(visit.date, words)) \(visit.daypart.label)"
        #expect(outcome.problems.map { $0.sentence(words) }.contains(
            "Line 2: \(visit.staff) has a visit on \(slot) (request \(visit.request)) but is marked not available."))
    }

    /// A CSV's apply plans on the availability and reads the requests only of the slots where
    /// someone becomes unavailable: among additions on the dates before, between and after, a full
    /// slot's removal and an assigned person's are refused in the words of the dry run (which reads
    /// every slot's requests), and nothing is written.
    @Test(arguments: Backend.available) func removalsAmongAdditionsAreCheckedAgainstTheirRequests(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let full = try #require(try fixture.fullSlot(after: fixture.today.adding(days: 1)))
        let visit = try #require(try fixture.assignedVisit(after: full.date.adding(days: 1)))
        let before = try fixture.availability()
        let staff = try fixture.staff().filter(\.value.active).map(\.value.code)
        var lines = ["date,daypart,staff,available"]
        for offset in 1...40 {
            let day = fixture.today.adding(days: offset)
            guard day != full.date, day != visit.date,
                  let absent = staff.first(where: { !before.contains("\(day.iso) \(full.daypart.code) \($0)") }) else { continue }
            lines.append(line(day, full.daypart.code, absent, "x"))
        }
        lines += [line(full.date, full.daypart.code, full.available[0], ""), line(visit.date, visit.daypart.code, visit.staff, "no")]
        let parsed = try fixture.parseCSV(lines)
        let preview = try fixture.run(parsed, dryRun: true)
        let outcome = try fixture.run(parsed)
        #expect(outcome.status == .rejected && outcome.plan.added > 30)
        let sentences = outcome.problems.map { $0.sentence(words) }
        #expect(sentences == preview.problems.map { $0.sentence(words) })
        #expect(sentences.count == 2 && sentences[0].contains("booked on") && sentences[1].contains("(request \(visit.request)) but is marked not available"),
                "\(sentences)")
        #expect(try fixture.availability() == before, "nothing written")
    }

    @Test(arguments: Backend.available) func aValidFileAppliesExactlyItsChangesWithAnAuditTrail(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let day = fixture.today.adding(days: 10)
        let before = try fixture.availability()
        let d13 = try fixture.dayparts().first { $0.code == "D13" }!
        let marked = before.contains("\(day.iso) D13 ANB")
        let outcome = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", line(day, "D13", "ANB", marked ? "no" : "yes")]))
        guard case let .applied(batchID) = outcome.status else { Issue.record("not applied: \(outcome.status)"); return }
        var expected = before
        if marked { expected.remove("\(day.iso) D13 ANB") } else { expected.insert("\(day.iso) D13 ANB") }
        #expect(try fixture.availability() == expected)
        let changes = try fixture.store.read { try $0.availabilityChanges(ofBatch: batchID) }
        #expect(changes.count == 1 && changes[0].key.daypartID == d13.id && changes[0].available == !marked)
        let batch = try #require(try fixture.store.read { try $0.importBatch(id: batchID) })
        #expect(batch.operatorName == "test" && batch.outcome == .applied && batch.added + batch.removed == 1)
        #expect(try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", line(day, "D13", "ANB", marked ? "no" : "yes")])).status == .nothingToChange)
    }

    @Test(arguments: Backend.available) func aDryRunWritesNothing(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let day = fixture.today.adding(days: 10)
        let before = try fixture.database.dump()
        let outcome = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", line(day, "D13", "ANB", "x"), line(day, "D13", "BRW", "x")]), dryRun: true)
        #expect(outcome.status == .dryRun)
        #expect(try fixture.database.dump() == before)
    }
}

/// A store whose sessions fail at the n-th change, to prove that a failure in the middle of an
/// apply leaves nothing behind.
private final class FailingStore: RepairStore, @unchecked Sendable {
    let inner: any RepairStore
    let failAfter: Int
    init(_ inner: any RepairStore, failAfter: Int) {
        self.inner = inner
        self.failAfter = failAfter
    }
    var location: StoreLocation { inner.location }
    func migrate() throws(StoreError) -> Int { try inner.migrate() }
    func schemaVersion() throws(StoreError) -> Int { try inner.schemaVersion() }
    func engine() throws(StoreError) -> DatabaseEngine { try inner.engine() }
    func settleAfterBulkLoad(of tables: [String]) throws(StoreError) { try inner.settleAfterBulkLoad(of: tables) }
    func read<T>(_ work: (any StoreSession) throws -> T) throws -> T { try inner.read(work) }
    func write<T>(_ work: (any StoreSession) throws -> T) throws -> T {
        try inner.write { session in try work(FailingSession(inner: session, remaining: Counter(failAfter))) }
    }

    final class Counter { var value: Int; init(_ value: Int) { self.value = value } }
    struct Broke: Error {}

    struct FailingSession: StoreSession {
        let inner: any StoreSession
        let remaining: Counter
        private func tick() throws {
            remaining.value -= 1
            if remaining.value < 0 { throw Broke() }
        }
        func tableCounts() throws -> [(table: String, rows: Int)] { try inner.tableCounts() }
        func upsertCorporation(name: String) throws -> RowID { try inner.upsertCorporation(name: name) }
        func upsertResident(_ resident: Resident) throws -> RowID { try inner.upsertResident(resident) }
        func upsertCatalogueNode(_ level: CatalogueLevel, parentID: RowID?, name: String) throws -> RowID { try inner.upsertCatalogueNode(level, parentID: parentID, name: name) }
        func upsertSubcontractor(_ subcontractor: Subcontractor) throws -> RowID { try inner.upsertSubcontractor(subcontractor) }
        func upsertDaypart(_ daypart: Daypart) throws -> RowID { try inner.upsertDaypart(daypart) }
        func upsertStaff(_ staff: StaffMember) throws -> RowID { try inner.upsertStaff(staff) }
        func addAvailability(_ keys: [AvailabilityKey]) throws { try tick(); try inner.addAvailability(keys) }
        func addAbsentAvailability(_ keys: [AvailabilityKey]) throws { try tick(); try inner.addAbsentAvailability(keys) }
        func removeAvailability(_ keys: [AvailabilityKey]) throws { try tick(); try inner.removeAvailability(keys) }
        func upsertRequest(_ request: RepairRequest) throws { try inner.upsertRequest(request) }
        func continueKeysAfterExplicitIDs() throws { try inner.continueKeysAfterExplicitIDs() }
        func refreshPlannerStatistics(of tables: [String]) throws { try inner.refreshPlannerStatistics(of: tables) }
        func commitDurably() throws { try inner.commitDurably() }
        func dayparts() throws -> [Identified<Daypart>] { try inner.dayparts() }
        func staff() throws -> [Identified<StaffMember>] { try inner.staff() }
        func slotOccupancy(in range: DateRange) throws -> [SlotKey: SlotOccupancy] { try inner.slotOccupancy(in: range) }
        func schedules(in range: DateRange, reading parts: ScheduleParts, _ visit: (DaySchedule) throws -> Void) throws {
            try inner.schedules(in: range, reading: parts, visit)
        }
        func lockSlots(_ slots: [SlotKey]) throws { try inner.lockSlots(slots) }
        func availability(on date: LocalDate) throws -> [(daypartID: RowID, staffID: RowID)] { try inner.availability(on: date) }
        func slotDemand(on date: LocalDate) throws -> [RowID: SlotDemand] { try inner.slotDemand(on: date) }
        func recordExportRun(_ run: ExportRun) throws -> RowID { try inner.recordExportRun(run) }
        func deleteExportRuns(_ ids: [RowID]) throws { try inner.deleteExportRuns(ids) }
        func insertImportBatch(_ batch: ImportBatch) throws -> RowID { try inner.insertImportBatch(batch) }
        func recordAvailabilityChanges(batchID: RowID, _ changes: [AvailabilityChange]) throws { try tick(); try inner.recordAvailabilityChanges(batchID: batchID, changes) }
        func importBatch(id: RowID) throws -> ImportBatch? { try inner.importBatch(id: id) }
        func importBatches(_ filter: HistoryFilter) throws -> [ImportBatch] { try inner.importBatches(filter) }
        func importBatches(createdFrom start: String, before end: String) throws -> [ImportBatch] { try inner.importBatches(createdFrom: start, before: end) }
        func availabilityChanges(ofBatch batchID: RowID) throws -> [AvailabilityChange] { try inner.availabilityChanges(ofBatch: batchID) }
        func laterBatches(touchingCellsOf batchID: RowID) throws -> [RowID] { try inner.laterBatches(touchingCellsOf: batchID) }
        func batch(reverting batchID: RowID) throws -> RowID? { try inner.batch(reverting: batchID) }
        func forEachRequest(matching filter: RequestFilter, _ visit: (RequestReportRow) throws -> Void) throws { try inner.forEachRequest(matching: filter, visit) }
        func staffLoad(in range: DateRange) throws -> [StaffLoad] { try inner.staffLoad(in: range) }
        func lastExportRun(kind: String, parameters: String) throws -> ExportRun? { try inner.lastExportRun(kind: kind, parameters: parameters) }
        // The list imports' queries, passed through.
        func setListKind(_ kind: ListKind, ofBatch batchID: RowID) throws { try inner.setListKind(kind, ofBatch: batchID) }
        func listKind(ofBatch batchID: RowID) throws -> ListKind? { try inner.listKind(ofBatch: batchID) }
        func subject(ofBatch batchID: RowID) throws -> BatchSubject { try inner.subject(ofBatch: batchID) }
        func recordListChanges(batchID: RowID, kind: ListKind, _ changes: [ListRowChange]) throws { try inner.recordListChanges(batchID: batchID, kind: kind, changes) }
        func listChanges(ofBatch batchID: RowID) throws -> [ListRowChange] { try inner.listChanges(ofBatch: batchID) }
        func laterBatches(touchingRowsOf batchID: RowID) throws -> [RowID] { try inner.laterBatches(touchingRowsOf: batchID) }
        func availability(ofStaff staffID: RowID, from date: LocalDate) throws -> [AvailabilityKey] { try inner.availability(ofStaff: staffID, from: date) }
        func heldVisits(assignedTo staffID: RowID, from date: LocalDate) throws -> [AssignedVisit] { try inner.heldVisits(assignedTo: staffID, from: date) }
        func heldRequests(inDaypart daypartID: RowID, from date: LocalDate) throws -> (count: Int, first: LocalDate?) { try inner.heldRequests(inDaypart: daypartID, from: date) }
        func deleteUnreferenced(_ kind: ListKind, id: RowID) throws -> Bool { try inner.deleteUnreferenced(kind, id: id) }
        func catalogueDefects() throws -> [CatalogueDefect] { try inner.catalogueDefects() }
        func setDefectActive(_ defectID: RowID, active: Bool) throws { try inner.setDefectActive(defectID, active: active) }
        // The requests' decisions, passed through.
        func storedRequests(_ ids: [RowID]) throws -> [RowID: StoredRequest] { try inner.storedRequests(ids) }
        func subcontractors() throws -> [Identified<Subcontractor>] { try inner.subcontractors() }
        func applyRequestChanges(_ changes: [RequestChange], updatedAt: String) throws { try tick(); try inner.applyRequestChanges(changes, updatedAt: updatedAt) }
        func appendStatusLog(_ entries: [RequestLogEntry]) throws { try tick(); try inner.appendStatusLog(entries) }
        func forEachRequest(matching filter: RequestFilter, offset: Int, limit: Int, _ visit: (RequestReportRow) throws -> Void) throws {
            try inner.forEachRequest(matching: filter, offset: offset, limit: limit, visit)
        }
        func countRequests(matching filter: RequestFilter) throws -> Int { try inner.countRequests(matching: filter) }
        func statusLog(ofRequest requestID: RowID) throws -> [RequestLogEntry] { try inner.statusLog(ofRequest: requestID) }
        func statusLog(ofBatch batchID: RowID) throws -> [RequestLogEntry] { try inner.statusLog(ofBatch: batchID) }
        func laterLogRows(afterBatch batchID: RowID) throws -> [LaterLogRow] { try inner.laterLogRows(afterBatch: batchID) }
        func markRequestsBatch(_ batchID: RowID) throws { try inner.markRequestsBatch(batchID) }
        func logRequestsTheLogDoesNotMatch(operatorName: String, channel: RequestChannel) throws -> Int {
            try inner.logRequestsTheLogDoesNotMatch(operatorName: operatorName, channel: channel)
        }
        // The tenants' outbox, passed through.
        func noticeFacts(requestIDs: [RowID]) throws -> [RowID: NoticeRequestFacts] { try inner.noticeFacts(requestIDs: requestIDs) }
        func lastCalendarSequences(requestIDs: [RowID]) throws -> [RowID: Int] { try inner.lastCalendarSequences(requestIDs: requestIDs) }
        func insertNotices(_ notices: [NewNotice], messageDomain: String) throws -> [RowID] {
            try inner.insertNotices(notices, messageDomain: messageDomain)
        }
        func withdrawNotices(_ ids: [RowID], from: Set<NoticeState>) throws -> [RowID] { try inner.withdrawNotices(ids, from: from) }
        func notice(id: RowID) throws -> ResidentNotice? { try inner.notice(id: id) }
        func notices(in state: NoticeState?, limit: Int) throws -> [ResidentNotice] { try inner.notices(in: state, limit: limit) }
        func notices(ofBatch batchID: RowID) throws -> [ResidentNotice] { try inner.notices(ofBatch: batchID) }
        func claimNotice(owner: String, untilMS: Int64, nowMS: Int64) throws -> ResidentNotice? { try inner.claimNotice(owner: owner, untilMS: untilMS, nowMS: nowMS) }
        func finishNotice(_ id: RowID, owner: String, outcome: NoticeAttemptOutcome) throws -> Bool { try inner.finishNotice(id, owner: owner, outcome: outcome) }
        func moveNotice(_ id: RowID, from: Set<NoticeState>, to: NoticeState, nextAttemptMS: Int64) throws -> Bool {
            try inner.moveNotice(id, from: from, to: to, nextAttemptMS: nextAttemptMS)
        }
        func noticeQueueStats() throws -> NoticeQueueStats { try inner.noticeQueueStats() }
        // The web front's queries, passed through.
        func insertUser(_ user: AppUser) throws -> RowID { try inner.insertUser(user) }
        func user(named name: String) throws -> AppUser? { try inner.user(named: name) }
        func user(id: RowID) throws -> AppUser? { try inner.user(id: id) }
        func activeUser(tokenSHA256: String) throws -> AppUser? { try inner.activeUser(tokenSHA256: tokenSHA256) }
        func users() throws -> [AppUser] { try inner.users() }
        func setUserActive(_ name: String, active: Bool) throws -> Bool { try inner.setUserActive(name, active: active) }
        func setUserToken(_ name: String, sha256: String?) throws -> Bool { try inner.setUserToken(name, sha256: sha256) }
        func setUserPassword(_ name: String, hash: String) throws -> Bool { try inner.setUserPassword(name, hash: hash) }
        func insertUpload(_ upload: WebUpload) throws -> RowID { try inner.insertUpload(upload) }
        func upload(id: RowID) throws -> WebUpload? { try inner.upload(id: id) }
        func uploads(of userID: RowID?, limit: Int) throws -> [WebUpload] { try inner.uploads(of: userID, limit: limit) }
        func uploads(in state: UploadState) throws -> [WebUpload] { try inner.uploads(in: state) }
        func finishReading(uploadID: RowID, _ reading: UploadReading) throws -> Bool { try inner.finishReading(uploadID: uploadID, reading) }
        func moveUpload(_ uploadID: RowID, from: Set<UploadState>, to: UploadState, batchID: RowID?) throws -> Bool {
            try inner.moveUpload(uploadID, from: from, to: to, batchID: batchID)
        }
        // The web front's sessions and sign-in counts, passed through.
        func insertWebSession(_ session: StoredWebSession) throws { try inner.insertWebSession(session) }
        func webSession(idSHA256: String, validAt now: String) throws -> StoredWebSession? { try inner.webSession(idSHA256: idSHA256, validAt: now) }
        func deleteWebSession(idSHA256: String) throws { try inner.deleteWebSession(idSHA256: idSHA256) }
        func deleteWebSessions(ofUser userID: RowID) throws -> Int { try inner.deleteWebSessions(ofUser: userID) }
        func deleteWebSessions(endedBy now: String) throws -> Int { try inner.deleteWebSessions(endedBy: now) }
        func webSessionCount(validAt now: String) throws -> Int { try inner.webSessionCount(validAt: now) }
        func signInRecords(_ keys: [SignInKey]) throws -> [SignInRecord] { try inner.signInRecords(keys) }
        func countSignInFailure(_ key: SignInKey, at nowMS: Int64) throws -> Int { try inner.countSignInFailure(key, at: nowMS) }
        func setSignInWait(_ key: SignInKey, until waitUntilMS: Int64) throws { try inner.setSignInWait(key, until: waitUntilMS) }
        func clearSignInRecords(_ keys: [SignInKey]) throws { try inner.clearSignInRecords(keys) }
        func pruneSignInRecords(_ counter: SignInCounter, keeping: Int) throws { try inner.pruneSignInRecords(counter, keeping: keeping) }
        func insertUploadChunk(uploadID: RowID, seq: Int, bytes: [UInt8]) throws { try inner.insertUploadChunk(uploadID: uploadID, seq: seq, bytes: bytes) }
        func uploadChunk(uploadID: RowID, seq: Int) throws -> [UInt8]? { try inner.uploadChunk(uploadID: uploadID, seq: seq) }
        func insertUploadResultChunk(uploadID: RowID, seq: Int, bytes: [UInt8]) throws {
            try inner.insertUploadResultChunk(uploadID: uploadID, seq: seq, bytes: bytes)
        }
        func uploadResultChunk(uploadID: RowID, seq: Int) throws -> [UInt8]? { try inner.uploadResultChunk(uploadID: uploadID, seq: seq) }
        func deleteUploadResult(uploadID: RowID) throws { try inner.deleteUploadResult(uploadID: uploadID) }
        func countReadFailure(_ uploadID: RowID, _ lease: UploadLease) throws -> Int? { try inner.countReadFailure(uploadID, lease) }
        func insertUploadErrorWorkbookChunk(uploadID: RowID, language: Language, seq: Int, bytes: [UInt8]) throws {
            try inner.insertUploadErrorWorkbookChunk(uploadID: uploadID, language: language, seq: seq, bytes: bytes)
        }
        func uploadErrorWorkbookChunk(uploadID: RowID, language: Language, seq: Int) throws -> [UInt8]? {
            try inner.uploadErrorWorkbookChunk(uploadID: uploadID, language: language, seq: seq)
        }
        func deleteUploadErrorWorkbooks(uploadID: RowID) throws { try inner.deleteUploadErrorWorkbooks(uploadID: uploadID) }
        func claimUpload(_ lease: UploadLease) throws -> WebUpload? { try inner.claimUpload(lease) }
        func renewUploadLease(_ uploadID: RowID, _ lease: UploadLease, rows: Int, total: Int) throws -> Bool {
            try inner.renewUploadLease(uploadID, lease, rows: rows, total: total)
        }
        func releaseUploadLease(_ uploadID: RowID, _ lease: UploadLease) throws { try inner.releaseUploadLease(uploadID, lease) }
        func finishReading(uploadID: RowID, _ reading: UploadReading, lease: UploadLease) throws -> Bool {
            try inner.finishReading(uploadID: uploadID, reading, lease: lease)
        }
    }
}

@Suite struct AllOrNothingTests {
    @Test(arguments: Backend.available) func aFailureInTheMiddleOfApplyLeavesNothingWritten(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let day = fixture.today.adding(days: 12)
        let lines = ["date,daypart,staff,available"] + ["ANB", "BRW", "CHP", "DAM", "EVJ"].map { "\(day.iso),D14,\($0),x" }
        let parsed = try fixture.parseCSV(lines)
        let plan = try fixture.run(parsed, dryRun: true).plan
        try #require(plan.changes.count >= 3)
        let before = try fixture.database.dump()
        let failing = FailingStore(fixture.store, failAfter: 2)
        #expect(throws: FailingStore.Broke.self) {
            try ImportJob(store: failing, rules: fixture.clock.standardRules).run(parsed, ImportRequest(operatorName: "test"))
        }
        #expect(try fixture.database.dump() == before, "no availability, no batch, no change rows")
    }
}

@Suite struct UndoTests {
    private func apply(_ lines: [String], to fixture: ImportFixture) throws -> RowID {
        let outcome = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available"] + lines))
        guard case let .applied(batchID) = outcome.status else { throw UndoError.notFound(-1) }
        return batchID
    }

    @Test(arguments: Backend.available) func undoRestoresTheDatabaseAndIsRecorded(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let day = fixture.today.adding(days: 14).iso
        let before = try fixture.availability()
        let marks = ["ANB", "BRW"].map { before.contains("\(day) D15 \($0)") ? "no" : "x" }
        let batch = try apply(["\(day),D15,ANB,\(marks[0])", "\(day),D15,BRW,\(marks[1])"], to: fixture)
        #expect(try fixture.availability() != before)
        let (undoID, plan) = try UndoJob(store: fixture.store, rules: fixture.clock.standardRules, notices: .forTests).undo(batchID: batch, operatorName: "test")
        #expect(plan.changes.count == 2)
        #expect(try fixture.availability() == before)
        let undo = try #require(try fixture.store.read { try $0.importBatch(id: undoID) })
        #expect(undo.kind == .undo && undo.revertsBatchID == batch)
        #expect(throws: UndoError.alreadyUndone(batch, by: undoID)) {
            try UndoJob(store: fixture.store, rules: fixture.clock.standardRules, notices: .forTests).undo(batchID: batch, operatorName: "test")
        }
    }

    @Test(arguments: Backend.available) func undoRefusesWhenALaterBatchTouchedTheSameCells(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let day = fixture.today.adding(days: 15).iso
        let before = try fixture.availability()
        let anb = before.contains("\(day) D10 ANB")
        let first = try apply(["\(day),D10,ANB,\(anb ? "no" : "x")", "\(day),D10,CHP,\(before.contains("\(day) D10 CHP") ? "no" : "x")"], to: fixture)
        let second = try apply(["\(day),D10,ANB,\(anb ? "x" : "no")"], to: fixture)
        #expect(throws: UndoError.laterBatches(first, [second])) {
            try UndoJob(store: fixture.store, rules: fixture.clock.standardRules, notices: .forTests).undo(batchID: first, operatorName: "test")
        }
        #expect(throws: UndoError.notFound(999)) {
            try UndoJob(store: fixture.store, rules: fixture.clock.standardRules, notices: .forTests).undo(batchID: 999, operatorName: "test")
        }
        // Undoing newest first works.
        _ = try UndoJob(store: fixture.store, rules: fixture.clock.standardRules, notices: .forTests).undo(batchID: second, operatorName: "test")
        _ = try UndoJob(store: fixture.store, rules: fixture.clock.standardRules, notices: .forTests).undo(batchID: first, operatorName: "test")
        #expect(try fixture.availability() == before)
    }

    /// Only a later change of one of the batch's own cells stands in its way: the same person in
    /// another slot, or another person in the same slot, does not.
    @Test(arguments: Backend.available) func onlyALaterChangeOfTheSameCellStandsInTheWay(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let day = fixture.today.adding(days: 16).iso, nextDay = fixture.today.adding(days: 17).iso
        let before = try fixture.availability()
        func flipped(_ date: String, _ daypart: String, _ staff: String) -> String {
            "\(date),\(daypart),\(staff),\(before.contains("\(date) \(daypart) \(staff)") ? "no" : "x")"
        }
        let first = try apply([flipped(day, "D10", "ANB")], to: fixture)
        _ = try apply([flipped(day, "D10", "CHP")], to: fixture)
        _ = try apply([flipped(nextDay, "D10", "ANB")], to: fixture)
        _ = try apply([flipped(day, "D15", "ANB")], to: fixture)
        let same = try apply(["\(day),D10,ANB,\(before.contains("\(day) D10 ANB") ? "x" : "no")"], to: fixture)
        let undo = UndoJob(store: fixture.store, rules: fixture.clock.standardRules, notices: .forTests)
        #expect(throws: UndoError.laterBatches(first, [same])) { try undo.undo(batchID: first, operatorName: "test") }
        _ = try undo.undo(batchID: same, operatorName: "test")
        _ = try undo.undo(batchID: first, operatorName: "test")
    }
}
