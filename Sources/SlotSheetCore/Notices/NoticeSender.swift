import Foundation
import SMTPMail

/// How one notice's attempt ended, for the log line a notice.
public struct NoticeAttempt: Sendable {
    public enum Result: String, Sendable {
        /// The server answered 250 to its end.
        case sent
        /// A temporary answer or no answer: queued again for `retryAt`.
        case retried
        /// A permanent answer, or temporary ones past the give-up period.
        case failed
        /// Another sender took the notice over (this one's lease ran out): nothing recorded.
        case lostLease = "lost_lease"
    }

    public var notice: ResidentNotice
    public var result: Result
    /// The server's answer, or why there was none.
    public var answer: String
    /// ISO 8601 UTC, for `retried`.
    public var retryAt: String?
}

/// What one run of the sender did.
public struct NoticeSendSummary: Sendable {
    public var sent = 0
    public var retried = 0
    public var failed = 0
    /// Why the run stopped before the queue was empty: the server unreachable, or the sender's
    /// own account or certificate refused (no notice can go until that is mended).
    public var stoppedBy: SMTPFailure?
}

/// Why the sender cannot start.
public enum NoticeSenderError: Error, Sendable, Equatable {
    /// `[mail] host` is not set.
    case noMailServer
    /// `[mail] from` is not set.
    case noFromAddress
    /// libcurl, which sends the mail, cannot be loaded: no notice can go until it is installed.
    case mailLibrary(MailLibraryError)
}

/// Delivers the outbox: claims a due notice with a lease (`NoticeSession.claimNotice`: on
/// PostgreSQL `FOR UPDATE SKIP LOCKED`, so two senders never claim one notice; on SQLite its one
/// writer), sends it over SMTP outside any transaction, and records the outcome only while its
/// lease is its own: sent after the server's 250; a temporary answer or a broken connection queued
/// again after a pause that doubles from `retrySeconds` to `retryMaxSeconds`, failed once
/// `giveUpSeconds` have passed since it was queued; a permanent answer failed at once with the
/// server's words. A sender that dies leaves its lease to run out, and the next one sends the
/// notice again with the same Message-ID.
public final class NoticeSender: Sendable {
    private let store: any RepairStore
    private let mail: Settings.Mail
    private let server: SMTPServer
    private let from: MailAddress
    private let replyTo: MailAddress?
    private let owner: String
    /// The office's clock, the one decisions queue their notices on (a demo's `SLOTSHEET_TODAY` too).
    private let clock: OfficeClock

    public init(store: any RepairStore, mail: Settings.Mail, environment: [String: String] = ProcessInfo.processInfo.environment,
                clock: OfficeClock = OfficeClock()) throws(NoticeSenderError) {
        guard let server = mail.server(environment: environment) else { throw .noMailServer }
        guard !mail.fromAddress.isEmpty, let from = MailAddress(mail.fromAddress) else { throw .noFromAddress }
        // libcurl is opened here, by the sender only (no other command loads it), before any notice
        // is claimed: without it none could be sent, and none should spend an attempt.
        do {
            try MailLibrary.load()
        } catch {
            throw .mailLibrary(error)
        }
        self.store = store
        self.mail = mail
        self.server = server
        self.from = from
        self.replyTo = mail.replyTo.isEmpty ? nil : MailAddress(mail.replyTo)
        self.owner = "\(ProcessInfo.processInfo.hostName):\(getpid()):\(UUID().uuidString.prefix(8))"
        self.clock = clock
    }

    /// Sends what is due, at most `limit` notices (nil: until none is due), calling `report` after
    /// each. Stops early, leaving the rest queued, when the server cannot be reached or refuses
    /// the sender itself.
    public func run(limit: Int?, report: (NoticeAttempt) -> Void) throws -> NoticeSendSummary {
        var summary = NoticeSendSummary()
        var client: SMTPClient?
        var handled = 0
        while limit.map({ handled < $0 }) ?? true {
            let claimedAt = clock.now
            let lease = NoticeOutbox.milliseconds(claimedAt) + Int64(mail.leaseSeconds) * 1000
            guard let notice = try store.write({ try $0.claimNotice(owner: owner, untilMS: lease, nowMS: NoticeOutbox.milliseconds(claimedAt)) })
            else { break }
            handled += 1
            let outcome: Result<String, SMTPFailure>
            do {
                if client == nil { client = try SMTPClient(server: server) }
                outcome = .success(try client!.send(message(for: notice)))
            } catch {
                outcome = .failure(error)
            }
            let attempt = try record(notice, outcome)
            switch attempt.result {
            case .sent: summary.sent += 1
            case .retried: summary.retried += 1
            case .failed: summary.failed += 1
            case .lostLease: break
            }
            report(attempt)
            if case let .failure(failure) = outcome, case .connection = failure { summary.stoppedBy = failure }
            if case let .failure(failure) = outcome, case .setup = failure { summary.stoppedBy = failure }
            if summary.stoppedBy != nil { break }
        }
        return summary
    }

    /// The message of a notice: the same bytes for every attempt (its Date is when it was queued).
    func message(for notice: ResidentNotice) -> MailMessage {
        let date = ISO8601DateFormatter().date(from: notice.createdAt) ?? clock.now
        let to = MailAddress(notice.recipient, name: notice.recipientName) ?? MailAddress("invalid@invalid.invalid")!
        return MailMessage(
            from: from, to: to, replyTo: replyTo, subject: notice.subject, messageID: notice.messageID, date: date, text: notice.text,
            calendar: notice.calendarMethod.flatMap { method in notice.calendar.map { MailMessage.CalendarPart(method: method, text: $0) } })
    }

    private func record(_ notice: ResidentNotice, _ outcome: Result<String, SMTPFailure>) throws -> NoticeAttempt {
        let finished = clock.now
        let nowMS = NoticeOutbox.milliseconds(finished)
        var attempt = NoticeAttempt(notice: notice, result: .sent, answer: "", retryAt: nil)
        let recorded: NoticeAttemptOutcome
        switch outcome {
        case let .success(answer):
            attempt.answer = answer
            recorded = NoticeAttemptOutcome(state: .sent, nextAttemptMS: nowMS, answer: answer, sentAt: Timestamp.iso(finished))
        case let .failure(.permanent(_, answer)):
            attempt.result = .failed
            attempt.answer = answer
            recorded = NoticeAttemptOutcome(state: .failed, nextAttemptMS: nowMS, answer: answer, sentAt: nil)
        case let .failure(failure):
            attempt.answer = failure.answer
            if nowMS - notice.queuedMS >= Int64(mail.giveUpSeconds) * 1000 {
                attempt.result = .failed
                recorded = NoticeAttemptOutcome(state: .failed, nextAttemptMS: nowMS, answer: failure.answer, sentAt: nil)
            } else {
                let pause = retryPause(afterAttempt: notice.attempts)
                let retryAt = finished.addingTimeInterval(Double(pause))
                attempt.result = .retried
                attempt.retryAt = Timestamp.iso(retryAt)
                recorded = NoticeAttemptOutcome(state: .queued, nextAttemptMS: NoticeOutbox.milliseconds(retryAt), answer: failure.answer, sentAt: nil)
            }
        }
        let mine = try store.write { try $0.finishNotice(notice.id, owner: owner, outcome: recorded) }
        if !mine { attempt.result = .lostLease }
        return attempt
    }

    /// Seconds to wait after the `attempt`-th attempt: `retrySeconds`, doubled each time, at most
    /// `retryMaxSeconds`.
    func retryPause(afterAttempt attempt: Int) -> Int {
        var pause = mail.retrySeconds
        for _ in 1..<max(1, attempt) where pause < mail.retryMaxSeconds { pause *= 2 }
        return min(pause, mail.retryMaxSeconds)
    }
}
