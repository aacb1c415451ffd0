import Foundation
import SMTPMail

/// What queuing the notices of a decision did.
public struct NoticeQueueReport: Hashable, Sendable {
    /// The notices added, in the order of the changes.
    public var queued: [RowID] = []
    /// Requests whose tenant has no usable e-mail address: nobody could be told.
    public var withoutAddress: [RowID] = []
    /// Changes a tenant need not hear of (made `new` again, archived, approved again in place).
    public var notNeeded = 0
}

/// What withdrawing an undone batch's notices did.
public struct NoticeWithdrawReport: Hashable, Sendable {
    /// Notices not yet sent that will not be.
    public var withdrawn: [RowID] = []
    /// Corrections queued for notices that had gone out (or may have: one being sent).
    public var corrections: [RowID] = []
}

/// The tenants' outbox (docs/notices.md): notices are added in the transaction of the decision
/// they tell of, and withdrawn or corrected in the transaction of its undo, so nothing is queued
/// for a decision that is refused or rolled back and nothing is lost for one that commits. The
/// sender (`NoticeSender`) delivers them later, outside any decision.
public enum NoticeOutbox {
    /// Adds one notice for every change a tenant must hear of, inside the caller's write
    /// transaction (`session`), composed in the tenant's language on the office's clock.
    ///
    ///     try store.writeTakingLocks { session in
    ///         ... apply the decisions ...
    ///         let report = try NoticeOutbox.queue(changes, in: session, office: NoticeOffice(settings: settings), now: clock.now)
    ///     }
    ///
    /// Set-based and a chunk at a time (`NoticeChunks`): a chunk of up to 1,000 changes
    /// costs the same few statements as one change, and only one chunk's composed notices are held.
    public static func queue(_ changes: [RequestStatusChange], in session: some NoticeSession & ScheduleSession, office: NoticeOffice,
                             now: Date) throws -> NoticeQueueReport {
        var chunks = NoticeChunks(session: session, office: office, now: now)
        try forEachChunk(of: changes, size: NoticeChunks.rowsPerChunk) { try chunks.queue($0) }
        return chunks.report
    }

    /// For the undo of a decisions' batch, inside the undo's write transaction: the batch's notices
    /// not yet sent are withdrawn, and a correction is queued for each that was sent (or was being
    /// sent at that moment, and so may have arrived). Failed and withdrawn notices never reached
    /// anyone and need nothing. A few statements however large the batch, as `queue`.
    public static func withdraw(batchID: RowID, in session: some NoticeSession & ScheduleSession, office: NoticeOffice, now: Date) throws -> NoticeWithdrawReport {
        var report = NoticeWithdrawReport()
        let notices = try session.notices(ofBatch: batchID)
        guard !notices.isEmpty else { return report }
        report.withdrawn = try session.withdrawNotices(notices.filter { $0.state == .queued }.map(\.id), from: [.queued])
        _ = try session.withdrawNotices(notices.filter { $0.state == .sending }.map(\.id), from: [.sending])
        let gone = notices.filter { $0.state == .sending || $0.state == .sent }
        guard !gone.isEmpty else { return report }
        let composer = NoticeComposer(office: office, dayparts: try daypartsByID(session))
        let requestIDs = gone.map(\.requestID)
        let facts = try session.noticeFacts(requestIDs: requestIDs)
        var sequences = CalendarSequences(last: try session.lastCalendarSequences(requestIDs: requestIDs))
        var corrections: [NewNotice] = []
        for notice in gone {
            guard let facts = facts[notice.requestID] else { continue }
            let sequence = sequences.next(notice.requestID)
            let composed = composer.correction(of: notice, facts: facts, slot: notice.slot, sequence: sequence, stamp: now)
            sequences.record(composed, sequence, notice.requestID)
            corrections.append(NewNotice(
                requestID: notice.requestID, batchID: batchID, kind: .correction, recipient: notice.recipient,
                recipientName: notice.recipientName, language: notice.language, subject: composed.subject, text: composed.text,
                calendar: composed.calendar, calendarSequence: sequence, nextAttemptMS: milliseconds(now), createdAt: Timestamp.iso(now),
                correctsNoticeID: notice.id, slot: notice.slot))
        }
        report.corrections = try session.insertNotices(corrections, messageDomain: office.domain)
        return report
    }

    static func daypartsByID(_ session: some ScheduleSession) throws -> [RowID: Daypart] {
        Dictionary(uniqueKeysWithValues: try session.dayparts().map { ($0.id, $0.value) })
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}

extension NoticeOutbox {
    /// Queues a failed notice again, due now, with a new give-up period (`notices retry ID`).
    /// Throws `NoticeMessage.notFound` or `.notRetryable`; nothing changes then.
    public static func retry(_ id: RowID, store: any RepairStore, now: Date) throws -> ResidentNotice {
        try store.write { session in
            guard let notice = try session.notice(id: id) else { throw NoticeMessage.notFound(notice: id) }
            guard try session.moveNotice(id, from: [.failed], to: .queued, nextAttemptMS: milliseconds(now)),
                  let queued = try session.notice(id: id) else {
                throw NoticeMessage.notRetryable(notice: id, state: notice.state.rawValue)
            }
            return queued
        }
    }
}

/// The calendar SEQUENCE of each request's next event while a batch is composed: one more than
/// the last one stored or composed earlier in the batch, 0 for a request's first.
struct CalendarSequences {
    var last: [RowID: Int]

    func next(_ requestID: RowID) -> Int { last[requestID].map { $0 + 1 } ?? 0 }

    /// Counts a composed notice's sequence when it carries an event.
    mutating func record(_ composed: NoticeComposer.Composed, _ sequence: Int, _ requestID: RowID) {
        if composed.calendar != nil { last[requestID] = sequence }
    }
}
