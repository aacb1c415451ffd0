import Foundation
import SlotSheetTemplates
import XLSXWriter

/// Everything an office configures, in one value: read once at start from the settings file, the
/// environment and the command line (`SettingsLoader`), checked there, and from then on only
/// read. Each setting remembers where its value came from (`origin(of:)`), for
/// `slotsheet config show` and for messages about it.
///
///     let settings = try SettingsLoader(configFlag: "slotsheet.toml").load()
///     let rules = settings.officeRules(clock: try settings.clock())
///     settings.web.uploadLimitBytes   // 25 MB unless configured
public struct Settings: Sendable {
    /// `[office]`: who the office is.
    public struct Office: Sendable, Equatable {
        /// Decides where a day ends: the office's zone, not the server's.
        public var timeZone: TimeZone
        /// The language of workbooks and messages when a command is not given `--lang`.
        public var language: Language
        public var paperSize: PaperSize
        /// The CSV dialect of every CSV export without `--csv-dialect`; nil: by the language.
        public var csvDialect: CSVDialect? = nil

        /// `csvDialect`, else excel-nl for a Dutch office and rfc4180 otherwise.
        public var effectiveCSVDialect: CSVDialect { csvDialect ?? CSVDialect.officeDefault(for: language) }
    }

    /// `[web]`: what the office's web front reads when it starts.
    public struct Web: Sendable, Equatable {
        public var listen: ListenAddress
        /// The largest upload accepted, in bytes.
        public var uploadLimitBytes: Int
        /// The same limit in whole megabytes, as `web.upload_limit_mb` is written.
        public var uploadLimitMegabytes: Int { uploadLimitBytes / Settings.megabyte }
        /// Proxies whose `X-Forwarded-For` is believed; nobody else's.
        public var trustedProxies: [IPNetwork]
        /// Hours an uploaded file waits to be applied before it is removed.
        public var uploadExpiryHours: Int
        /// Seconds a connection may wait for its next request without sending a byte.
        public var idleTimeoutSeconds = 60
        /// Seconds a request's header may take to arrive, from its first byte.
        public var headerTimeoutSeconds = 10
        /// Seconds a request's body may go without a byte arriving.
        public var bodyTimeoutSeconds = 30
        /// Connections served at once; more wait to be accepted.
        public var maxConnections = 4096
        /// Clients that `GET /metrics` answers (the Prometheus text); to anyone else it is a 404.
        public var metricsFrom: [IPNetwork] = []
        /// Seconds a lease of the reading queue lasts unless renewed: an instance killed while reading
        /// leaves its upload to another after this (its holder renews it every third of it).
        public var readLeaseSeconds = 15
        /// Seconds between an idle instance's unprompted asks of the reading queue (for a lease that
        /// ran out, which nobody announces).
        public var readPollSeconds = 10
        /// Megabytes of previews an instance keeps in memory (by their estimated size); the rest are
        /// read from the database when asked for. 0 keeps none.
        public var previewCacheMegabytes = 64
        /// Seconds between the upload janitor's sweeps (uploads past their expiry, leftover files).
        public var janitorIntervalSeconds = 60
        /// Seconds after which a file in an instance's private folder belongs to no request any
        /// more and the janitor removes it (left by a crash mid-request).
        public var leftoverAgeSeconds = 3600
        /// Seconds over which a person's refused applies are counted: `UploadApplyJob.refusalLimit`
        /// of them within this, and they wait till the oldest is this old.
        public var refusedApplyWindowSeconds = 60
    }

    public var office: Office
    public var booking: BookingRules
    public var web: Web
    public var mail = Mail()
    /// The settings file read, if any.
    public internal(set) var file: String?
    var origins: [SettingKey: SettingOrigin] = [:]

    /// The built-in values, used for whatever no file, variable or flag sets.
    public static let builtIn = Settings(
        office: Office(timeZone: OfficeClock.defaultTimeZone, language: .en, paperSize: .a4),
        booking: .standard,
        web: Web(listen: ListenAddress("127.0.0.1:8080")!, uploadLimitBytes: 25 * Settings.megabyte, trustedProxies: [],
                 uploadExpiryHours: 24),
        file: nil)

    static let megabyte = 1024 * 1024

    /// Where a setting's value came from.
    public func origin(of key: SettingKey) -> SettingOrigin {
        origins[key] ?? .builtIn
    }

    /// The office's clock: its time zone, with today fixed by `SLOTSHEET_TODAY` (YYYY-MM-DD) or
    /// the moment by `SLOTSHEET_NOW` (YYYY-MM-DDTHH:MM, office time), for tests and demos.
    public func clock(environment: [String: String] = ProcessInfo.processInfo.environment) throws(SettingsError) -> OfficeClock {
        if let text = environment["SLOTSHEET_NOW"], !text.isEmpty {
            let parts = text.split(separator: "T", omittingEmptySubsequences: false)
            guard parts.count == 2, let date = LocalDate(iso: parts[0]), let time = ClockTime(String(parts[1])) else {
                throw .clockVariable(name: "SLOTSHEET_NOW", value: text, expected: .localDateTime)
            }
            return .fixed(at: time, on: date, timeZone: office.timeZone)
        }
        if let text = environment["SLOTSHEET_TODAY"], !text.isEmpty {
            guard let day = LocalDate(iso: text) else { throw .clockVariable(name: "SLOTSHEET_TODAY", value: text, expected: .date) }
            return .fixed(today: day, timeZone: office.timeZone)
        }
        return OfficeClock(timeZone: office.timeZone)
    }

    /// The booking rules on the office's clock: what every job is given.
    public func officeRules(clock: OfficeClock) -> OfficeRules {
        OfficeRules(booking: booking, clock: clock, refusedApplyWindow: .seconds(web.refusedApplyWindowSeconds))
    }

    /// Every setting with its value as the file writes it, in file order, for `config show`.
    public var effective: [(key: SettingKey, value: String, origin: SettingOrigin)] {
        SettingKey.allCases.map { ($0, $0.display(self), origin(of: $0)) }
    }
}

extension PaperSize {
    /// The paper's name as the settings file writes it (`paper_size = "A4"`).
    public var settingName: String {
        switch self {
        case .a4: return "A4"
        case .letter: return "Letter"
        }
    }
}

/// Where the value of one setting came from, so `config show` and every message about a setting
/// can say it.
public enum SettingOrigin: Hashable, Sendable {
    case builtIn
    case file(path: String, line: Int)
    /// An environment variable, by name.
    case environment(String)
    /// A command-line option (`--lang`, `--set office.language=nl`).
    case flag(String)
    /// The language from the locale (`LANG=nl_NL.UTF-8`).
    case locale(variable: String, value: String)
}
