import Foundation
import SMTPMail
import SlotSheetTemplates
import XLSXWriter

/// Every setting slotsheet knows, as `section.key`, the way the file and `--set` name it. Each
/// one says what kind of value it takes, which environment variable overrides it, how a value is
/// checked and how it is shown. One declaration, so the file, the environment, the flags and
/// `config show` cannot disagree about a setting.
public enum SettingKey: String, CaseIterable, Sendable {
    case officeTimeZone = "office.time_zone"
    case officeLanguage = "office.language"
    case officePaperSize = "office.paper_size"
    case officeCSVDialect = "office.csv_dialect"
    case bookingMinDaysAhead = "booking.min_days_ahead"
    case bookingMaxDaysAhead = "booking.max_days_ahead"
    case bookingDayClosesAt = "booking.day_closes_at"
    case webListen = "web.listen"
    case webUploadLimit = "web.upload_limit_mb"
    case webTrustedProxies = "web.trusted_proxies"
    case webUploadExpiry = "web.upload_expiry_hours"
    case webIdleTimeout = "web.idle_timeout_seconds"
    case webHeaderTimeout = "web.header_timeout_seconds"
    case webBodyTimeout = "web.body_timeout_seconds"
    case webMaxConnections = "web.max_connections"
    case webMetricsFrom = "web.metrics_from"
    case webReadLease = "web.read_lease_seconds"
    case webReadPoll = "web.read_poll_seconds"
    case webPreviewCache = "web.preview_cache_mb"
    case webJanitorInterval = "web.janitor_interval_seconds"
    case webLeftoverAge = "web.leftover_age_seconds"
    case webRefusedApplyWindow = "web.refused_apply_window_seconds"
    case mailHost = "mail.host"
    case mailPort = "mail.port"
    case mailSecurity = "mail.security"
    case mailUser = "mail.user"
    case mailFrom = "mail.from"
    case mailReplyTo = "mail.reply_to"
    case mailCAFile = "mail.ca_file"
    case mailDomain = "mail.domain"
    case mailLeaseSeconds = "mail.lease_seconds"
    case mailRetrySeconds = "mail.retry_seconds"
    case mailRetryMaxSeconds = "mail.retry_max_seconds"
    case mailGiveUpSeconds = "mail.give_up_seconds"

    /// The sections of the file, in the order `config show` lists them.
    public static let sections = ["office", "booking", "web", "mail"]

    public var section: String { String(rawValue.prefix { $0 != "." }) }
    public var name: String { String(rawValue.drop { $0 != "." }.dropFirst()) }

    /// `SLOTSHEET_BOOKING_MIN_DAYS_AHEAD` for `booking.min_days_ahead`.
    public var environmentVariable: String {
        "SLOTSHEET_" + rawValue.uppercased().replacingOccurrences(of: ".", with: "_")
    }

    /// Older names still read, below the variable of the scheme above.
    var aliases: [String] {
        self == .officeTimeZone ? ["SLOTSHEET_TIMEZONE"] : []
    }

    /// A day count a booking window can take: up to a year ahead.
    static let daysAhead = 0...365
    static let uploadMegabytes = 1...1024
    static let expiryHours = 1...720
    static let timeoutSeconds = 1...3600
    static let connections = 16...1_000_000
    static let ports = 1...65535
    /// Lease and pauses of the notices' sender: a second (tests) to a week.
    static let mailSeconds = 1...604_800
    static let queueSeconds = 1...600
    static let cacheMegabytes = 0...65_536
    /// The janitor's sweeps and the refused-apply window: a second (tests) to an hour.
    static let uploadPolicySeconds = 1...3600
    /// A private file's age before the janitor removes it: a minute (tests) to a week; it must
    /// outlast the longest request, which the connection timeouts bound.
    static let leftoverSeconds = 60...604_800

    public var kind: SettingsValueKind {
        switch self {
        case .bookingMinDaysAhead, .bookingMaxDaysAhead, .webUploadLimit, .webUploadExpiry, .webIdleTimeout, .webHeaderTimeout, .webBodyTimeout,
             .webMaxConnections, .webReadLease, .webReadPoll, .webPreviewCache, .webJanitorInterval, .webLeftoverAge, .webRefusedApplyWindow,
             .mailPort, .mailLeaseSeconds, .mailRetrySeconds, .mailRetryMaxSeconds, .mailGiveUpSeconds: return .integer
        case .webTrustedProxies, .webMetricsFrom: return .stringList
        default: return .string
        }
    }

    /// What a valid value is, to say when one is not.
    public var expectation: SettingExpectation {
        switch self {
        case .officeTimeZone: return .timeZone
        case .officeLanguage: return .oneOf(Language.allCases.map(\.rawValue))
        case .officePaperSize: return .oneOf(PaperSize.allCases.map(\.settingName))
        case .officeCSVDialect: return .oneOf(CSVDialect.allCases.map(\.rawValue))
        case .bookingMinDaysAhead, .bookingMaxDaysAhead: return .wholeNumber(SettingKey.daysAhead)
        case .bookingDayClosesAt: return .clockTime
        case .webListen: return .listenAddress
        case .webUploadLimit: return .wholeNumber(SettingKey.uploadMegabytes)
        case .webTrustedProxies, .webMetricsFrom: return .ipAddressesOrNetworks
        case .webUploadExpiry: return .wholeNumber(SettingKey.expiryHours)
        case .webIdleTimeout, .webHeaderTimeout, .webBodyTimeout: return .wholeNumber(SettingKey.timeoutSeconds)
        case .webMaxConnections: return .wholeNumber(SettingKey.connections)
        case .mailHost, .mailDomain: return .hostName
        case .mailPort: return .wholeNumber(SettingKey.ports)
        case .mailSecurity: return .oneOf(SMTPSecurity.allCases.map(\.rawValue))
        case .mailUser: return .singleLine
        case .mailFrom, .mailReplyTo: return .mailAddress
        case .mailCAFile: return .filePath
        case .mailLeaseSeconds, .mailRetrySeconds, .mailRetryMaxSeconds, .mailGiveUpSeconds: return .wholeNumber(SettingKey.mailSeconds)
        case .webReadLease, .webReadPoll: return .wholeNumber(SettingKey.queueSeconds)
        case .webPreviewCache: return .wholeNumber(SettingKey.cacheMegabytes)
        case .webJanitorInterval, .webRefusedApplyWindow: return .wholeNumber(SettingKey.uploadPolicySeconds)
        case .webLeftoverAge: return .wholeNumber(SettingKey.leftoverSeconds)
        }
    }

    /// Sets this setting in `settings` from `value`; the value is checked, the kind too.
    func apply(_ value: SettingsValue, to settings: inout Settings, at origin: SettingOrigin) throws(SettingsError) {
        guard value.kind == kind else { throw .wrongKind(key: self, at: origin, expected: kind, found: value.kind) }
        let invalid = { (shown: String) in SettingsError.invalidValue(key: self, at: origin, value: shown, expected: self.expectation) }
        switch (self, value) {
        case let (.officeTimeZone, .string(name)):
            guard let zone = TimeZone(identifier: name), name.contains("/") || name == "UTC" else { throw invalid(name) }
            settings.office.timeZone = zone
        case let (.officeLanguage, .string(code)):
            guard let language = Language(rawValue: code.lowercased()) else { throw invalid(code) }
            settings.office.language = language
        case let (.officePaperSize, .string(name)):
            guard let size = PaperSize.allCases.first(where: { $0.settingName.lowercased() == name.lowercased() }) else { throw invalid(name) }
            settings.office.paperSize = size
        case let (.officeCSVDialect, .string(name)):
            guard let dialect = CSVDialect(rawValue: name.lowercased()) else { throw invalid(name) }
            settings.office.csvDialect = dialect
        case let (.bookingMinDaysAhead, .integer(days)):
            guard SettingKey.daysAhead.contains(days) else { throw invalid(String(days)) }
            settings.booking.minDaysAhead = days
        case let (.bookingMaxDaysAhead, .integer(days)):
            guard SettingKey.daysAhead.contains(days) else { throw invalid(String(days)) }
            settings.booking.maxDaysAhead = days
        case let (.bookingDayClosesAt, .string(text)):
            if text.isEmpty {
                settings.booking.dayClosesAt = nil
            } else {
                guard let time = ClockTime(text) else { throw invalid(text) }
                settings.booking.dayClosesAt = time
            }
        case let (.webListen, .string(text)):
            guard let address = ListenAddress(text) else { throw invalid(text) }
            settings.web.listen = address
        case let (.webUploadLimit, .integer(megabytes)):
            guard SettingKey.uploadMegabytes.contains(megabytes) else { throw invalid(String(megabytes)) }
            settings.web.uploadLimitBytes = megabytes * Settings.megabyte
        case let (.webTrustedProxies, .stringList(items)), let (.webMetricsFrom, .stringList(items)):
            var networks: [IPNetwork] = []
            for item in items {
                guard let network = IPNetwork(item) else { throw invalid(item) }
                networks.append(network)
            }
            if self == .webTrustedProxies { settings.web.trustedProxies = networks } else { settings.web.metricsFrom = networks }
        case let (.webUploadExpiry, .integer(hours)):
            guard SettingKey.expiryHours.contains(hours) else { throw invalid(String(hours)) }
            settings.web.uploadExpiryHours = hours
        case let (.webIdleTimeout, .integer(seconds)), let (.webHeaderTimeout, .integer(seconds)), let (.webBodyTimeout, .integer(seconds)):
            guard SettingKey.timeoutSeconds.contains(seconds) else { throw invalid(String(seconds)) }
            switch self {
            case .webIdleTimeout: settings.web.idleTimeoutSeconds = seconds
            case .webHeaderTimeout: settings.web.headerTimeoutSeconds = seconds
            default: settings.web.bodyTimeoutSeconds = seconds
            }
        case let (.webMaxConnections, .integer(count)):
            guard SettingKey.connections.contains(count) else { throw invalid(String(count)) }
            settings.web.maxConnections = count
        case (.mailHost, _), (.mailPort, _), (.mailSecurity, _), (.mailUser, _), (.mailFrom, _), (.mailReplyTo, _), (.mailCAFile, _),
             (.mailDomain, _), (.mailLeaseSeconds, _), (.mailRetrySeconds, _), (.mailRetryMaxSeconds, _), (.mailGiveUpSeconds, _):
            guard settings.mail.apply(self, value) else { throw invalid(value.shownInMessage) }
        case let (.webReadLease, .integer(seconds)), let (.webReadPoll, .integer(seconds)):
            guard SettingKey.queueSeconds.contains(seconds) else { throw invalid(String(seconds)) }
            if self == .webReadLease { settings.web.readLeaseSeconds = seconds } else { settings.web.readPollSeconds = seconds }
        case let (.webPreviewCache, .integer(megabytes)):
            guard SettingKey.cacheMegabytes.contains(megabytes) else { throw invalid(String(megabytes)) }
            settings.web.previewCacheMegabytes = megabytes
        case let (.webJanitorInterval, .integer(seconds)), let (.webLeftoverAge, .integer(seconds)), let (.webRefusedApplyWindow, .integer(seconds)):
            guard case let .wholeNumber(range) = expectation, range.contains(seconds) else { throw invalid(String(seconds)) }
            switch self {
            case .webJanitorInterval: settings.web.janitorIntervalSeconds = seconds
            case .webLeftoverAge: settings.web.leftoverAgeSeconds = seconds
            default: settings.web.refusedApplyWindowSeconds = seconds
            }
        default:
            throw .wrongKind(key: self, at: origin, expected: kind, found: value.kind)
        }
        settings.origins[self] = origin
    }

    /// A value given as text (an environment variable, `--set`): read as this setting's kind.
    /// A list is comma-separated.
    func value(fromText text: String, at origin: SettingOrigin) throws(SettingsError) -> SettingsValue {
        switch kind {
        case .string: return .string(text)
        case .integer:
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw .invalidValue(key: self, at: origin, value: text, expected: expectation)
            }
            return .integer(number)
        case .boolean:
            switch text.lowercased() {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            default: throw .invalidValue(key: self, at: origin, value: text, expected: expectation)
            }
        case .stringList:
            return .stringList(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
    }

    /// The value in `settings` as the file would write it.
    func display(_ settings: Settings) -> String {
        let quoted = { (text: String) in "\"\(text)\"" }
        switch self {
        case .officeTimeZone: return quoted(settings.office.timeZone.identifier)
        case .officeLanguage: return quoted(settings.office.language.rawValue)
        case .officePaperSize: return quoted(settings.office.paperSize.settingName)
        case .officeCSVDialect: return quoted(settings.office.effectiveCSVDialect.rawValue)
        case .bookingMinDaysAhead: return String(settings.booking.minDaysAhead)
        case .bookingMaxDaysAhead: return String(settings.booking.maxDaysAhead)
        case .bookingDayClosesAt: return quoted(settings.booking.dayClosesAt?.description ?? "")
        case .webListen: return quoted(settings.web.listen.description)
        case .webUploadLimit: return String(settings.web.uploadLimitMegabytes)
        case .webTrustedProxies: return "[" + settings.web.trustedProxies.map { quoted($0.description) }.joined(separator: ", ") + "]"
        case .webMetricsFrom: return "[" + settings.web.metricsFrom.map { quoted($0.description) }.joined(separator: ", ") + "]"
        case .webUploadExpiry: return String(settings.web.uploadExpiryHours)
        case .webIdleTimeout: return String(settings.web.idleTimeoutSeconds)
        case .webHeaderTimeout: return String(settings.web.headerTimeoutSeconds)
        case .webBodyTimeout: return String(settings.web.bodyTimeoutSeconds)
        case .webMaxConnections: return String(settings.web.maxConnections)
        case .mailHost, .mailPort, .mailSecurity, .mailUser, .mailFrom, .mailReplyTo, .mailCAFile, .mailDomain, .mailLeaseSeconds,
             .mailRetrySeconds, .mailRetryMaxSeconds, .mailGiveUpSeconds:
            return settings.mail.display(self)
        case .webReadLease: return String(settings.web.readLeaseSeconds)
        case .webReadPoll: return String(settings.web.readPollSeconds)
        case .webPreviewCache: return String(settings.web.previewCacheMegabytes)
        case .webJanitorInterval: return String(settings.web.janitorIntervalSeconds)
        case .webLeftoverAge: return String(settings.web.leftoverAgeSeconds)
        case .webRefusedApplyWindow: return String(settings.web.refusedApplyWindowSeconds)
        }
    }
}

/// What a setting takes, as a message says it.
public enum SettingExpectation: Hashable, Sendable {
    /// An IANA name such as Europe/Amsterdam.
    case timeZone
    case oneOf([String])
    case wholeNumber(ClosedRange<Int>)
    /// `HH:MM`, or empty for midnight.
    case clockTime
    /// `host:port`.
    case listenAddress
    /// IPv4 or IPv6 addresses, or networks such as 10.0.0.0/8.
    case ipAddressesOrNetworks
    /// `YYYY-MM-DD`.
    case date
    /// `YYYY-MM-DDTHH:MM`.
    case localDateTime
    /// A host name or IP address.
    case hostName
    /// One e-mail address, or empty.
    case mailAddress
    /// Text on one line.
    case singleLine
    /// A file's path.
    case filePath
}
