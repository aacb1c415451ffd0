import SMTPMail

/// What the notices' commands say: one log line a notice sent, retried or failed, and why the
/// sender cannot start or stopped.
public enum NoticeMessage: Error, OfficeMessage, Sendable {
    case sent(notice: RowID, request: RowID, recipient: String, answer: String)
    case retried(notice: RowID, request: RowID, recipient: String, answer: String, retryAt: String)
    case failed(notice: RowID, request: RowID, recipient: String, answer: String)
    /// Another sender took the notice over while this one was sending it.
    case lostLease(notice: RowID)
    case summary(sent: Int, retried: Int, failed: Int)
    /// The run stopped: the server is out of reach, or refused the sender's account or certificate.
    case stopped(reason: String)
    case noMailServer
    case noFromAddress
    /// libcurl cannot be opened (not installed), so nothing can be sent.
    case mailLibraryMissing(library: String)
    /// libcurl opened but lacks a function slotsheet calls (older than 7.56.1).
    case mailLibraryTooOld(library: String, function: String)
    /// libcurl opened but did not start (curl_global_init failed).
    case mailLibraryDidNotStart(library: String)
    case notFound(notice: RowID)
    /// Only a failed notice is tried again by hand.
    case notRetryable(notice: RowID, state: String)
    case retryQueued(notice: RowID)
    case noNotices
    case listHeader
    case listRow(ResidentNotice, created: OfficeMoment)

    /// The columns of `notices list`, padded: id, state, kind, request, attempts, created, recipient, answer.
    private static func columns(_ values: [String]) -> String {
        let widths = [6, 10, 11, 8, 9, 27, 0]
        return zip(values, widths + [0]).map { value, width in value.padding(toLength: max(width, value.count), withPad: " ", startingAt: 0) }
            .joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    private static func row(_ notice: ResidentNotice, _ created: String) -> String {
        columns([String(notice.id), notice.state.rawValue, notice.kind.rawValue, String(notice.requestID), String(notice.attempts), created,
                 notice.recipient, notice.lastAnswer ?? ""])
    }

    public var english: String {
        switch self {
        case .noNotices: return "No notices."
        case .listHeader: return NoticeMessage.columns(["id", "state", "kind", "request", "attempts", "created", "recipient", "last answer"])
        case let .listRow(notice, created): return NoticeMessage.row(notice, created.text(.en))
        case let .sent(notice, request, recipient, answer):
            return "notice \(notice) (request \(request)) sent to \(recipient): \(answer)"
        case let .retried(notice, request, recipient, answer, retryAt):
            return "notice \(notice) (request \(request)) to \(recipient) not delivered yet, tried again from \(retryAt): \(answer)"
        case let .failed(notice, request, recipient, answer):
            return "notice \(notice) (request \(request)) to \(recipient) failed: \(answer)"
        case let .lostLease(notice):
            return "notice \(notice): another sender took it over while this one was sending; it records the outcome"
        case let .summary(sent, retried, failed):
            return "done: \(sent) sent, \(retried) to try again, \(failed) failed"
        case let .stopped(reason):
            return "stopped, the rest waits for the next run: \(reason)"
        case .noMailServer:
            return "No mail server is set: set [mail] host (and port, security, user, from) in config.toml."
        case .noFromAddress:
            return "No sender address is set: set [mail] from in config.toml."
        case let .mailLibraryMissing(library):
            return "The notices cannot be sent: \(library) (libcurl, which sends the mail) could not be loaded. Install the package libcurl4; the notices wait in the queue."
        case let .mailLibraryTooOld(library, function):
            return "The notices cannot be sent: \(library) has no function \(function) (libcurl 7.56.1 or later has it). Install the package libcurl4 of this Debian release; the notices wait in the queue."
        case let .mailLibraryDidNotStart(library):
            return "The notices cannot be sent: \(library) (libcurl, which sends the mail) did not start (curl_global_init). The notices wait in the queue."
        case let .notFound(notice):
            return "There is no notice \(notice); 'slotsheet notices list' shows them."
        case let .notRetryable(notice, state):
            return "Notice \(notice) is \(state); only a failed notice can be tried again."
        case let .retryQueued(notice):
            return "Notice \(notice) is queued again; the next 'slotsheet notices send' sends it."
        }
    }

    public var dutch: String {
        switch self {
        case .noNotices: return "Geen berichten."
        case .listHeader: return NoticeMessage.columns(["nr", "stand", "soort", "verzoek", "pogingen", "aangemaakt", "ontvanger", "laatste antwoord"])
        case let .listRow(notice, created): return NoticeMessage.row(notice, created.text(.nl))
        case let .sent(notice, request, recipient, answer):
            return "bericht \(notice) (verzoek \(request)) verzonden aan \(recipient): \(answer)"
        case let .retried(notice, request, recipient, answer, retryAt):
            return "bericht \(notice) (verzoek \(request)) aan \(recipient) nog niet bezorgd, opnieuw vanaf \(retryAt): \(answer)"
        case let .failed(notice, request, recipient, answer):
            return "bericht \(notice) (verzoek \(request)) aan \(recipient) mislukt: \(answer)"
        case let .lostLease(notice):
            return "bericht \(notice): een andere verzender nam het over tijdens het verzenden; die legt de uitkomst vast"
        case let .summary(sent, retried, failed):
            return "klaar: \(sent) verzonden, \(retried) later opnieuw, \(failed) mislukt"
        case let .stopped(reason):
            return "gestopt, de rest wacht op de volgende keer: \(reason)"
        case .noMailServer:
            return "Er is geen mailserver ingesteld: stel [mail] host (en port, security, user, from) in config.toml in."
        case .noFromAddress:
            return "Er is geen afzender ingesteld: stel [mail] from in config.toml in."
        case let .mailLibraryMissing(library):
            return "De berichten kunnen niet worden verzonden: \(library) (libcurl, dat de mail verstuurt) kon niet worden geladen. Installeer het pakket libcurl4; de berichten blijven in de wachtrij."
        case let .mailLibraryTooOld(library, function):
            return "De berichten kunnen niet worden verzonden: \(library) mist de functie \(function) (libcurl 7.56.1 of nieuwer heeft die). Installeer het pakket libcurl4 van deze Debian-uitgave; de berichten blijven in de wachtrij."
        case let .mailLibraryDidNotStart(library):
            return "De berichten kunnen niet worden verzonden: \(library) (libcurl, dat de mail verstuurt) startte niet (curl_global_init). De berichten blijven in de wachtrij."
        case let .notFound(notice):
            return "Er is geen bericht \(notice); 'slotsheet notices list' toont ze."
        case let .notRetryable(notice, state):
            return "Bericht \(notice) staat op \(state); alleen een mislukt bericht kan opnieuw."
        case let .retryQueued(notice):
            return "Bericht \(notice) staat weer in de wachtrij; de volgende 'slotsheet notices send' verzendt het."
        }
    }
}

extension NoticeAttempt {
    /// The log line of this attempt, its times on the office's clock (ISO 8601 with its offset).
    public func message(clock: OfficeClock) -> NoticeMessage {
        switch result {
        case .sent: return .sent(notice: notice.id, request: notice.requestID, recipient: notice.recipient, answer: answer)
        case .retried:
            return .retried(notice: notice.id, request: notice.requestID, recipient: notice.recipient, answer: answer,
                            retryAt: retryAt.map { clock.moment($0).iso } ?? "")
        case .failed: return .failed(notice: notice.id, request: notice.requestID, recipient: notice.recipient, answer: answer)
        case .lostLease: return .lostLease(notice: notice.id)
        }
    }
}

extension NoticeSenderError {
    public var message: NoticeMessage {
        switch self {
        case .noMailServer: return .noMailServer
        case .noFromAddress: return .noFromAddress
        case let .mailLibrary(.notFound(library, _)): return .mailLibraryMissing(library: library)
        case let .mailLibrary(.lacksFunction(library, function)): return .mailLibraryTooOld(library: library, function: function)
        case let .mailLibrary(.startFailed(library, _)): return .mailLibraryDidNotStart(library: library)
        }
    }
}
