import SlotSheetTemplates

/// What a notice tells a tenant (`resident_notice.kind`).
public enum NoticeKind: String, CaseIterable, Sendable {
    /// The visit is approved for its slot; carries the calendar event.
    case approved
    /// The visit moved to another slot; carries the event again, with a higher SEQUENCE.
    case moved
    /// The request is cancelled, with the office's note; removes the event (METHOD:CANCEL).
    case cancelled
    /// The repair is done.
    case completed
    /// An earlier notice of an undone decision was sent in error.
    case correction

    /// The notice a status change leads to, or nil when the tenant need not hear of it (a request
    /// made `new` again, archived, or approved again in the same slot).
    static func of(_ change: RequestStatusChange) -> NoticeKind? {
        switch change.to {
        case .approved:
            if change.from != .approved { return .approved }
            return change.slotAfter != nil && change.slotAfter != change.slotBefore ? .moved : nil
        case .cancelled: return change.from == .cancelled ? nil : .cancelled
        case .completed: return change.from == .completed ? nil : .completed
        case .new, .archived: return nil
        }
    }
}

/// Where a notice is on its way to the tenant (`resident_notice.state`). Read from a row once,
/// where the row is read; a text the build does not know is an error there.
public enum NoticeState: String, CaseIterable, Sendable {
    /// Waiting for its next attempt.
    case queued
    /// A sender holds its lease and is talking to the mail server.
    case sending
    /// The server answered 250 to its end.
    case sent
    /// Given up: a permanent answer, or temporary ones for longer than the give-up period.
    case failed
    /// Its decision was undone before it went out.
    case withdrawn
}

/// A slot as a decision names it: a date and a daypart.
public struct NoticeSlot: Hashable, Sendable {
    public var date: LocalDate
    public var daypartID: RowID

    public init(date: LocalDate, daypartID: RowID) {
        self.date = date
        self.daypartID = daypartID
    }
}

/// One change of a request's status, as a decision makes it: what the outbox turns into a notice.
public struct RequestStatusChange: Hashable, Sendable {
    public var requestID: RowID
    public var from: RequestStatus
    public var to: RequestStatus
    public var slotBefore: NoticeSlot?
    public var slotAfter: NoticeSlot?
    /// The office's words to the tenant (a cancellation's reason); shown as they are.
    public var note: String?
    /// The decisions' batch, which an undo withdraws by.
    public var batchID: RowID?
    /// Who decided, for the record.
    public var operatorName: String

    public init(requestID: RowID, from: RequestStatus, to: RequestStatus, slotBefore: NoticeSlot?, slotAfter: NoticeSlot?, note: String? = nil,
                batchID: RowID?, operatorName: String) {
        self.requestID = requestID
        self.from = from
        self.to = to
        self.slotBefore = slotBefore
        self.slotAfter = slotAfter
        self.note = note
        self.batchID = batchID
        self.operatorName = operatorName
    }
}

extension RequestStatusChange {
    /// The change a status log row records, as the outbox reads it; nil for a request's first
    /// row (it was made, not decided).
    public init?(_ entry: RequestLogEntry) {
        guard let from = entry.fromStatus else { return nil }
        self.init(requestID: entry.requestID, from: from, to: entry.toStatus,
                  slotBefore: entry.slotBefore.map { NoticeSlot(date: $0.date, daypartID: $0.daypartID) },
                  slotAfter: NoticeSlot(date: entry.slotAfter.date, daypartID: entry.slotAfter.daypartID), note: entry.note,
                  batchID: entry.batchID, operatorName: entry.operatorName)
    }
}

/// One row of the outbox (`resident_notice`): everything needed to send it again identically.
public struct ResidentNotice: Hashable, Sendable {
    public var id: RowID
    public var requestID: RowID
    public var batchID: RowID?
    public var kind: NoticeKind
    public var recipient: String
    public var recipientName: String
    public var language: Language
    public var subject: String
    public var text: String
    /// The iCalendar object (CRLF lines), nil for a notice without an event.
    public var calendar: String?
    /// Its iTIP method (`REQUEST`, `CANCEL`), with the calendar.
    public var calendarMethod: String?
    public var calendarSequence: Int
    /// Without angle brackets: `notice-42@example.org`.
    public var messageID: String
    public var state: NoticeState
    public var attempts: Int
    /// Milliseconds since 1970: when a queued notice is due.
    public var nextAttemptMS: Int64
    public var leaseOwner: String?
    public var leaseUntilMS: Int64?
    /// The mail server's last answer (or why there was none).
    public var lastAnswer: String?
    /// ISO 8601 UTC; also the message's Date header.
    public var createdAt: String
    public var sentAt: String?
    /// The notice a correction corrects.
    public var correctsNoticeID: RowID?
    /// The slot it told of (after a move, the new one; a cancellation's, the one it held).
    public var slot: NoticeSlot?
    /// Milliseconds since 1970: when it was queued (by its decision, or again by hand); the
    /// give-up period counts from here.
    public var queuedMS: Int64
}

/// A notice to add to the outbox, composed; the store gives it its id and Message-ID.
public struct NewNotice: Sendable {
    var requestID: RowID
    var batchID: RowID?
    var kind: NoticeKind
    var recipient: String
    var recipientName: String
    var language: Language
    var subject: String
    var text: String
    var calendar: VisitCalendar.Part?
    var calendarSequence: Int
    var nextAttemptMS: Int64
    var createdAt: String
    var correctsNoticeID: RowID?
    var slot: NoticeSlot?
}

/// What a notice says about its request, read in the decision's transaction.
public struct NoticeRequestFacts: Hashable, Sendable {
    public var requestID: RowID
    public var residentName: String
    public var email: String
    public var street: String
    public var houseNumber: String
    public var postcode: String
    public var city: String
    public var defects: [DefectPath]
}

/// The outbox's numbers for /metrics and `notices list`.
public struct NoticeQueueStats: Hashable, Sendable {
    /// Notices queued or being sent.
    public var depth: Int
    /// When the oldest of those was made (ISO 8601 UTC), nil when there is none.
    public var oldestCreatedAt: String?
    public var failed: Int
}

/// The outbox inside one snapshot or transaction (`StoreSession` refines it).
public protocol NoticeSession {
    /// The tenant, address and defects of each request, in one query each however many there
    /// are; a request that does not exist has no entry.
    func noticeFacts(requestIDs: [RowID]) throws -> [RowID: NoticeRequestFacts]
    /// The highest SEQUENCE a calendar part of each request's notices had; none for no entry.
    func lastCalendarSequences(requestIDs: [RowID]) throws -> [RowID: Int]
    /// Adds notices in bulk, each with its Message-ID `notice-<id>@<messageDomain>`, and returns
    /// their ids in the order given, in two statements however many there are.
    func insertNotices(_ notices: [NewNotice], messageDomain: String) throws -> [RowID]
    /// Withdraws those of the notices that are in one of `from`; returns the ids withdrawn.
    func withdrawNotices(_ ids: [RowID], from: Set<NoticeState>) throws -> [RowID]
    func notice(id: RowID) throws -> ResidentNotice?
    /// The newest first; only those in `state` when it is given.
    func notices(in state: NoticeState?, limit: Int) throws -> [ResidentNotice]
    /// The notices of a decisions' batch (corrections of it not included), oldest first.
    func notices(ofBatch batchID: RowID) throws -> [ResidentNotice]
    /// Claims the oldest notice due at `nowMS` (queued and due, or sending with a lease that ran
    /// out), counting an attempt and leasing it to `owner` until `untilMS`.
    func claimNotice(owner: String, untilMS: Int64, nowMS: Int64) throws -> ResidentNotice?
    /// Records how an attempt ended, only while `owner` still holds the lease; false otherwise.
    func finishNotice(_ id: RowID, owner: String, outcome: NoticeAttemptOutcome) throws -> Bool
    /// Moves a notice from one of `from` to `to` (retry, withdraw); false when it was in none.
    func moveNotice(_ id: RowID, from: Set<NoticeState>, to: NoticeState, nextAttemptMS: Int64) throws -> Bool
    func noticeQueueStats() throws -> NoticeQueueStats
}

/// How one attempt to send a notice ended, as the outbox records it.
public struct NoticeAttemptOutcome: Sendable {
    public var state: NoticeState
    public var nextAttemptMS: Int64
    public var answer: String
    public var sentAt: String?

    public init(state: NoticeState, nextAttemptMS: Int64, answer: String, sentAt: String?) {
        self.state = state
        self.nextAttemptMS = nextAttemptMS
        self.answer = answer
        self.sentAt = sentAt
    }
}
