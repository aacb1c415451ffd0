import Foundation
import SMTPMail

/// The tenants' notices of one decision's changes, queued a chunk at a time inside its write
/// transaction: each chunk's requests' facts, defects and calendar SEQUENCEs are read in one query
/// each, its notices composed, given their ids and inserted in one bulk statement, and let go of
/// before the next chunk is composed. So a batch's memory holds one chunk's notices (~4 kB each
/// with their calendar part) however many the batch has, and its statements grow with its chunks,
/// not its rows (`RequestStatementCountTests`). The transaction stays the caller's one: a chunk
/// that fails leaves nothing of the earlier ones.
struct NoticeChunks {
    /// Changes a chunk holds: small enough that a chunk's notices are a few MB, large enough
    /// that a batch of 10,000 decisions is a handful of chunks.
    static let rowsPerChunk = 1_000

    let session: any NoticeSession & ScheduleSession
    let office: NoticeOffice
    let now: Date
    /// What was queued so far, over every chunk.
    private(set) var report = NoticeQueueReport()
    /// Made with the first chunk that has a notice to compose (the dayparts read once).
    private var composer: NoticeComposer?

    init(session: any NoticeSession & ScheduleSession, office: NoticeOffice, now: Date) {
        self.session = session
        self.office = office
        self.now = now
    }

    /// Composes and inserts the notices of one chunk of changes (one notice a change its tenant
    /// must hear of), adding to `report`.
    mutating func queue(_ changes: some Collection<RequestStatusChange>) throws {
        let wanted = changes.compactMap { change in NoticeKind.of(change).map { (change, $0) } }
        report.notNeeded += changes.count - wanted.count
        guard !wanted.isEmpty else { return }
        let composer = try self.composer ?? NoticeComposer(office: office, dayparts: try NoticeOutbox.daypartsByID(session))
        self.composer = composer
        let requestIDs = wanted.map(\.0.requestID)
        let facts = try session.noticeFacts(requestIDs: requestIDs)
        // Read per chunk: a request's notice of an earlier chunk is in the database by now.
        var sequences = CalendarSequences(last: try session.lastCalendarSequences(requestIDs: requestIDs))
        var notices: [NewNotice] = []
        notices.reserveCapacity(wanted.count)
        for (change, kind) in wanted {
            guard let facts = facts[change.requestID], let recipient = MailAddress(facts.email) else {
                report.withoutAddress.append(change.requestID)
                continue
            }
            let sequence = sequences.next(change.requestID)
            let composed = composer.compose(kind, facts: facts, before: change.slotBefore, after: change.slotAfter, note: change.note,
                                            sequence: sequence, stamp: now)
            sequences.record(composed, sequence, change.requestID)
            let slot = kind == .cancelled ? (change.slotBefore ?? change.slotAfter) : (change.slotAfter ?? change.slotBefore)
            notices.append(NewNotice(
                requestID: change.requestID, batchID: change.batchID, kind: kind, recipient: recipient.address, recipientName: facts.residentName,
                language: office.language, subject: composed.subject, text: composed.text, calendar: composed.calendar,
                calendarSequence: sequence, nextAttemptMS: NoticeOutbox.milliseconds(now), createdAt: Timestamp.iso(now), correctsNoticeID: nil,
                slot: slot))
        }
        report.queued += try session.insertNotices(notices, messageDomain: office.domain)
    }
}
