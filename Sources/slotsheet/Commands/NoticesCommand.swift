import ArgumentParser
import Foundation
import Logging
import SlotSheetCore

extension NoticeState: ExpressibleByArgument {}

/// `slotsheet notices send|list|retry`: the tenants' outbox (docs/notices.md).
struct NoticesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notices",
        abstract: "Deliver and inspect the e-mails that tell tenants of the office's decisions.",
        discussion: """
            Examples:
              slotsheet notices send --limit 500
              slotsheet notices list --state failed
              slotsheet notices retry 42
            """,
        subcommands: [SendNotices.self, ListNotices.self, RetryNotice.self])
}

extension NoticeMessage: ReportableError {
    var exitStatus: ExitStatus {
        switch self {
        case .noMailServer, .noFromAddress, .notFound, .notRetryable: return .usage
        default: return .mailServer
        }
    }
}

struct SendNotices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send the notices that are due over SMTP ([mail] in config.toml), one log line a notice.",
        discussion: """
            A notice the server refuses for good (5xx) fails at once with its answer; a temporary
            answer (4xx) or a broken connection queues it again after a pause that grows from
            mail.retry_seconds to mail.retry_max_seconds, failed after mail.give_up_seconds. Senders may
            run at once: each notice is claimed with a lease first. The password is read from
            $SLOTSHEET_MAIL_PASSWORD only.
            Exit codes: 0 done (some notices may have failed: see the log); 2 no [mail] host or from;
            5 database; 17 the mail server could not be reached or refused slotsheet's account or
            certificate, or libcurl (libcurl4) could not be loaded (the rest waits for the next run).

            Example:
              slotsheet notices send --limit 500
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Option(help: "Send at most this many notices (default: all that are due).")
    var limit: Int?

    func run() throws {
        let context = try settings.load()
        if let limit, limit < 1 { throw CommandFailure(.usage, .limitNotPositive) }
        let clock = context.clock
        LoggingSystem.bootstrap { LineLogHandler(label: $0, clock: clock) }
        let logger = Logger(label: "notices")
        let sender: NoticeSender
        do {
            sender = try NoticeSender(store: try store.openMigrated(), mail: context.settings.mail, clock: context.clock)
        } catch let error as NoticeSenderError {
            throw error.message
        }
        let summary = try sender.run(limit: limit) { attempt in
            let line = attempt.message(clock: clock).text(context.language)
            switch attempt.result {
            case .sent: logger.info("\(line)")
            case .retried, .lostLease: logger.warning("\(line)")
            case .failed: logger.error("\(line)")
            }
        }
        logger.info("\(NoticeMessage.summary(sent: summary.sent, retried: summary.retried, failed: summary.failed).text(context.language))")
        if let stop = summary.stoppedBy {
            let message = NoticeMessage.stopped(reason: stop.answer)
            logger.error("\(message.text(context.language))")
            Foundation.exit(ExitStatus.mailServer.rawValue)
        }
    }
}

struct ListNotices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the notices, newest first: state, kind, request, attempts, recipient and the server's last answer.",
        discussion: """
            Examples:
              slotsheet notices list
              slotsheet notices list --state failed
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Option(help: "Only notices in this state: queued, sending, sent, failed or withdrawn.")
    var state: NoticeState?

    @Option(help: "At most this many.")
    var limit = 100

    func run() throws {
        let context = try settings.load()
        if limit < 1 { throw CommandFailure(.usage, .limitNotPositive) }
        let notices = try store.openMigrated(forReading: true).read { try $0.notices(in: state, limit: limit) }
        guard !notices.isEmpty else { return print(NoticeMessage.noNotices.text(context.language)) }
        print(NoticeMessage.listHeader.text(context.language))
        for notice in notices {
            print(NoticeMessage.listRow(notice, created: context.clock.moment(notice.createdAt)).text(context.language))
        }
    }
}

struct RetryNotice: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Queue a failed notice again (after the address or the mail server was mended).",
        discussion: """
            Exit codes: 0 queued; 2 no such notice, or it has not failed.

            Example:
              slotsheet notices retry 42
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Argument(help: "The notice's number, as 'notices list' shows it.")
    var id: Int64

    func run() throws {
        let context = try settings.load()
        let notice = try NoticeOutbox.retry(id, store: try store.openMigrated(), now: context.clock.now)
        print(NoticeMessage.retryQueued(notice: notice.id).text(context.language))
    }
}
