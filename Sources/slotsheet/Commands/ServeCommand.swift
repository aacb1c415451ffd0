import ArgumentParser
import Foundation
import Logging
import SlotSheetCore
import SlotSheetWeb

/// `slotsheet serve`: the office's web front. The command only gathers the settings and opens the
/// database; `SlotSheetWeb` does the rest. It is asynchronous: the server runs in the command's own
/// task until it stops, and nothing waits for it on a blocked thread.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the office's web front: sign in, download templates, upload, review.",
        discussion: """
            Listens on loopback by default; put it behind a reverse proxy with TLS for the
            office network (see the README). Logs one line a request on standard output.
            Stops gracefully on SIGTERM or Ctrl-C. Users are made with 'slotsheet user add'.

            The flags override the settings file's [web] section (web.listen, web.upload_limit_mb,
            web.trusted_proxies, web.upload_expiry_hours; also SLOTSHEET_WEB_LISTEN and the like).
            GET /metrics answers only the addresses of web.metrics_from (none by default).
            Uploads are kept in the database, so several instances may share it; files on
            their way in or out of a request go to --upload-dir, else SLOTSHEET_UPLOAD_DIR,
            else systemd's $STATE_DIRECTORY/uploads, else ./slotsheet-uploads.

            Examples:
              slotsheet serve
              slotsheet serve --listen 127.0.0.1:8080 --db sqlite:/var/lib/slotsheet/repairs.sqlite
              slotsheet serve --trusted-proxies 127.0.0.1 --upload-limit-mb 25
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Option(help: ArgumentHelp("Where to listen (default \(Settings.builtIn.web.listen)).", valueName: "host:port"))
    var listen: String?

    @Option(help: ArgumentHelp("The largest upload, in MB (default \(Settings.builtIn.web.uploadLimitMegabytes)).", valueName: "MB"))
    var uploadLimitMb: Int?

    @Option(help: ArgumentHelp("Reverse proxies (addresses or networks) whose X-Forwarded-Proto/-For are believed.", valueName: "IP,..."))
    var trustedProxies: String?

    @Option(help: ArgumentHelp("Hours an upload that is not applied is kept (default \(Settings.builtIn.web.uploadExpiryHours)).", valueName: "hours"))
    var uploadExpiryHours: Int?

    @Option(help: ArgumentHelp("The private folder for files on their way in or out of a request (uploads are kept in the database).", valueName: "folder"))
    var uploadDir: String?

    @Option(help: ArgumentHelp("The nightly export's output folder, listed on the admins' Exports page (default: $SLOTSHEET_EXPORTS_DIR, else $STATE_DIRECTORY/exports, else ./exports).", valueName: "folder"))
    var exportsDir: String?

    func run() async throws {
        // The flags are the last word on the [web] settings: they go through the same checks, and
        // a mistake in one names the flag typed.
        let options = [(SettingKey.webListen, "--listen", listen), (.webUploadLimit, "--upload-limit-mb", uploadLimitMb.map(String.init)),
                       (.webTrustedProxies, "--trusted-proxies", trustedProxies),
                       (.webUploadExpiry, "--upload-expiry-hours", uploadExpiryHours.map(String.init))]
            .compactMap { key, option, value in value.map { (key: key, option: option, value: $0) } }
        let context = try self.settings.load(options: options)
        var settings = WebSettings(context.settings.web, uploadFolder: WebSettings.uploadFolder(flag: uploadDir))
        settings.exportsFolder = WebSettings.exportsFolder(flag: exportsDir)
        let clock = context.clock
        let isSQLite: Bool = if case .sqlite = try store.location() { true } else { false }
        let storeOptions = store
        let database = StoreAccess(threads: settings.workerThreads, shareOneStore: isSQLite) { try storeOptions.openMigrated() }
        // Refuse at once (exit 5) when the database is missing or not migrated, rather than on the
        // first page. Opened on one of the database's threads: opening waits for the server, which
        // must never block a thread of Swift's cooperative pool.
        do {
            try await database.run { _ in }
        } catch {
            try? await database.shutdown()
            throw error
        }
        LoggingSystem.bootstrap { LineLogHandler(label: $0, clock: clock) }
        let logger = Logger(label: "slotsheet.web")
        let services: WebServices
        do {
            services = try WebServices(settings: settings, database: database, rules: context.rules,
                                       office: context.settings.office, notices: NoticeOffice(settings: context.settings), logger: logger)
        } catch {
            logger.error("upload folder \(settings.uploadFolder): \(error)")
            try? await database.shutdown()
            throw CommandFailure(.outputFailed, .uploadFolderUnusable(path: settings.uploadFolder, reason: OutputReason(fileError: error)))
        }
        var failure: (any Error)?
        do {
            try await WebServer.application(services).runService()
        } catch {
            failure = error
        }
        try? await database.shutdown()
        logger.notice("stopped")
        if let failure {
            logger.error("stopped by \(failure)")
            throw CommandFailure(.outputFailed, .serverStopped(address: "\(context.settings.web.listen)", failure: ListenFailure(failure)))
        }
    }
}
