import Foundation
import SlotSheetCore

/// Everything `slotsheet serve` is told about how to run, in one value: the office settings' `[web]`
/// section (which the `serve` flags override) and the upload folder.
public struct WebSettings: Sendable, Equatable {
    /// Where the server listens. Loopback by default: the office reaches it through a reverse
    /// proxy with TLS (see the README), never directly.
    public var host: String
    public var port: Int
    /// An upload larger than this is refused while it is still arriving.
    public var uploadLimitBytes: Int
    /// Addresses of reverse proxies whose `X-Forwarded-Proto` and `X-Forwarded-For` are believed.
    /// From anyone else those headers are ignored.
    public var trustedProxies: [IPNetwork]
    /// How long an upload that is not applied is kept.
    public var uploadExpiry: Duration
    /// The private folder uploads are written to (created with mode 0700).
    public var uploadFolder: String
    /// How long a sign-in lasts.
    public var sessionLifetime: Duration
    /// Threads that run database work and file reading beside the server's event loops.
    public var workerThreads: Int
    /// How long a slow or silent client may hold a connection (`ConnectionGuard`).
    public var timeouts: ConnectionTimeouts
    /// Connections served at once; more wait in the listen queue (and the open-file limit must allow them).
    public var maxConnections: Int
    /// Clients `GET /metrics` answers; to anyone else it is a 404.
    public var metricsFrom: [IPNetwork] = []
    /// The nightly export's output folder the Exports page lists (`exportsFolder(flag:)`).
    public var exportsFolder = "./exports"
    /// The reading queue's periods (`web.read_lease_seconds`, `web.read_poll_seconds`): how long a
    /// lease lasts unless renewed (its holder renews it every third of it), and how often an idle
    /// instance asks the queue unprompted. Tests set them short.
    public var readLease: Duration = .seconds(Settings.builtIn.web.readLeaseSeconds)
    public var readPoll: Duration = .seconds(Settings.builtIn.web.readPollSeconds)
    /// The bytes of previews kept in memory (`web.preview_cache_mb`); the rest are read from the database.
    public var previewCacheBytes = Settings.builtIn.web.previewCacheMegabytes * 1_048_576
    /// The upload janitor's periods (`web.janitor_interval_seconds`, `web.leftover_age_seconds`):
    /// how often it sweeps, and how old a file of the private folder must be to be a leftover.
    /// Tests set them short.
    public var janitorInterval: Duration = .seconds(Settings.builtIn.web.janitorIntervalSeconds)
    public var leftoverAge: Duration = .seconds(Settings.builtIn.web.leftoverAgeSeconds)

    /// The most days one template download covers: a template is made while its request waits,
    /// and a range of decades would hold a server thread for most of a minute. Two years; longer
    /// ones are for `slotsheet template export`.
    public static let templateDaysLimit = 731
    /// Uploads a user may have waiting (being read, ready or refused); one more is refused with 429.
    public static let uploadsWaitingPerUser = 10
    /// A refused upload is kept this long (or the expiry, when shorter): long enough to read its
    /// problems and fetch its error workbook, not a day of someone else's disk.
    public static let refusedUploadExpiryHours = 1

    /// The defaults are the office settings' built-in `[web]` values (`Settings.builtIn.web`).
    public init(host: String = Settings.builtIn.web.listen.host, port: Int = Settings.builtIn.web.listen.port,
                uploadLimitBytes: Int = Settings.builtIn.web.uploadLimitBytes, trustedProxies: [IPNetwork] = Settings.builtIn.web.trustedProxies,
                uploadExpiry: Duration = .seconds(Settings.builtIn.web.uploadExpiryHours * 3600),
                uploadFolder: String, sessionLifetime: Duration = .seconds(12 * 3600), workerThreads: Int = 4,
                timeouts: ConnectionTimeouts = ConnectionTimeouts(Settings.builtIn.web), maxConnections: Int = Settings.builtIn.web.maxConnections) {
        self.host = host
        self.port = port
        self.uploadLimitBytes = uploadLimitBytes
        self.trustedProxies = trustedProxies
        self.uploadExpiry = uploadExpiry
        self.uploadFolder = uploadFolder
        self.sessionLifetime = sessionLifetime
        self.workerThreads = workerThreads
        self.timeouts = timeouts
        self.maxConnections = maxConnections
    }

    /// The upload limit in whole megabytes, as pages state it.
    public var uploadLimitMB: Int { max(1, uploadLimitBytes / 1_048_576) }
    /// The upload expiry in whole hours, as pages state it.
    public var uploadExpiryHours: Int { Int(uploadExpiry.components.seconds / 3600) }

    /// The web front's settings from the office settings' `[web]` section (file, environment,
    /// `--set` and the `serve` flags, all checked by the settings loader) and the upload folder.
    public init(_ web: Settings.Web, uploadFolder: String) {
        self.init(host: web.listen.host, port: web.listen.port, uploadLimitBytes: web.uploadLimitBytes, trustedProxies: web.trustedProxies,
                  uploadExpiry: .seconds(web.uploadExpiryHours * 3600), uploadFolder: uploadFolder, timeouts: ConnectionTimeouts(web),
                  maxConnections: web.maxConnections)
        metricsFrom = web.metricsFrom
        readLease = .seconds(web.readLeaseSeconds)
        readPoll = .seconds(web.readPollSeconds)
        previewCacheBytes = web.previewCacheMegabytes * 1_048_576
        janitorInterval = .seconds(web.janitorIntervalSeconds)
        leftoverAge = .seconds(web.leftoverAgeSeconds)
    }

    /// The private upload folder: the flag, else `SLOTSHEET_UPLOAD_DIR`, else systemd's
    /// `$STATE_DIRECTORY/uploads`, else `./slotsheet-uploads`.
    public static func uploadFolder(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        func fromEnvironment(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        return flag ?? fromEnvironment("SLOTSHEET_UPLOAD_DIR")
            ?? fromEnvironment("STATE_DIRECTORY").map { $0.split(separator: ":").first.map(String.init)! + "/uploads" }
            ?? "./slotsheet-uploads"
    }

    /// The nightly's output folder: the flag, else `SLOTSHEET_EXPORTS_DIR`, else systemd's
    /// `$STATE_DIRECTORY/exports` (where the package's nightly unit writes), else `./exports`.
    public static func exportsFolder(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        func fromEnvironment(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        return flag ?? fromEnvironment("SLOTSHEET_EXPORTS_DIR")
            ?? fromEnvironment("STATE_DIRECTORY").map { $0.split(separator: ":").first.map(String.init)! + "/exports" }
            ?? "./exports"
    }

    /// Whether `peer` is one of the trusted proxies.
    func isTrustedProxy(_ peer: String) -> Bool {
        guard let address = IPAddress(peer) else { return false }
        return trustedProxies.contains { $0.contains(address) }
    }
}
