import Foundation

/// Everything `slotsheet serve` is told about how to run, in one value. Today it comes from the
/// command line and the environment (`WebSettings.resolve`); the settings file's `[web]` section
/// will fill the same value, so nothing else changes when it does.
public struct WebSettings: Sendable, Equatable {
    /// Where the server listens. Loopback by default: the office reaches it through a reverse
    /// proxy with TLS (see the README), never directly.
    public var host: String
    public var port: Int
    /// An upload larger than this is refused while it is still arriving.
    public var uploadLimitBytes: Int
    /// Addresses of reverse proxies whose `X-Forwarded-Proto` and `X-Forwarded-For` are believed.
    /// From anyone else those headers are ignored.
    public var trustedProxies: Set<String>
    /// How long an upload that is not applied is kept.
    public var uploadExpiry: Duration
    /// The private folder uploads are written to (created with mode 0700).
    public var uploadFolder: String
    /// How long a sign-in lasts.
    public var sessionLifetime: Duration
    /// Threads that run database work and file reading beside the server's event loops.
    public var workerThreads: Int

    public static let defaultListen = "127.0.0.1:8080"
    public static let defaultUploadLimitMB = 25
    public static let defaultUploadExpiryHours = 24

    public init(host: String = "127.0.0.1", port: Int = 8080, uploadLimitBytes: Int = WebSettings.defaultUploadLimitMB * 1_048_576,
                trustedProxies: Set<String> = [], uploadExpiry: Duration = .seconds(WebSettings.defaultUploadExpiryHours * 3600),
                uploadFolder: String, sessionLifetime: Duration = .seconds(12 * 3600), workerThreads: Int = 4) {
        self.host = host
        self.port = port
        self.uploadLimitBytes = uploadLimitBytes
        self.trustedProxies = trustedProxies
        self.uploadExpiry = uploadExpiry
        self.uploadFolder = uploadFolder
        self.sessionLifetime = sessionLifetime
        self.workerThreads = workerThreads
    }

    /// The upload limit in whole megabytes, as pages state it.
    public var uploadLimitMB: Int { max(1, uploadLimitBytes / 1_048_576) }
    /// The upload expiry in whole hours, as pages state it.
    public var uploadExpiryHours: Int { Int(uploadExpiry.components.seconds / 3600) }

    /// The settings from the command line's values (nil: not given) and then the environment
    /// (`SLOTSHEET_LISTEN`, `SLOTSHEET_UPLOAD_LIMIT_MB`, `SLOTSHEET_TRUSTED_PROXIES`,
    /// `SLOTSHEET_UPLOAD_EXPIRY_HOURS`, `SLOTSHEET_UPLOAD_DIR`, else systemd's `STATE_DIRECTORY`),
    /// then the defaults. A value that is not valid is an error naming where it came from.
    public static func resolve(listen: String?, uploadLimitMB: Int?, trustedProxies: String?, uploadExpiryHours: Int?,
                               uploadFolder: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(WebSettingsError) -> WebSettings {
        func fromEnvironment(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let listenText = listen ?? fromEnvironment("SLOTSHEET_LISTEN") ?? defaultListen
        let listenSource = listen != nil ? "--listen" : "SLOTSHEET_LISTEN"
        let (host, port) = try parseListen(listenText, source: listenSource)

        let limit = try number(uploadLimitMB, environment: fromEnvironment("SLOTSHEET_UPLOAD_LIMIT_MB"),
                               flag: "--upload-limit-mb", variable: "SLOTSHEET_UPLOAD_LIMIT_MB", range: 1...2048) ?? defaultUploadLimitMB
        let hours = try number(uploadExpiryHours, environment: fromEnvironment("SLOTSHEET_UPLOAD_EXPIRY_HOURS"),
                               flag: "--upload-expiry-hours", variable: "SLOTSHEET_UPLOAD_EXPIRY_HOURS", range: 1...720)
            ?? defaultUploadExpiryHours

        var proxies = Set<String>()
        let proxyText = trustedProxies ?? fromEnvironment("SLOTSHEET_TRUSTED_PROXIES") ?? ""
        for item in proxyText.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            guard isIPAddress(item) else {
                throw .invalid(source: trustedProxies != nil ? "--trusted-proxies" : "SLOTSHEET_TRUSTED_PROXIES", value: item,
                               expected: "IP addresses separated by commas, such as 127.0.0.1,::1")
            }
            proxies.insert(item)
        }

        let folder = uploadFolder ?? fromEnvironment("SLOTSHEET_UPLOAD_DIR")
            ?? fromEnvironment("STATE_DIRECTORY").map { $0.split(separator: ":").first.map(String.init)! + "/uploads" }
            ?? "./slotsheet-uploads"
        return WebSettings(host: host, port: port, uploadLimitBytes: limit * 1_048_576, trustedProxies: proxies,
                           uploadExpiry: .seconds(hours * 3600), uploadFolder: folder)
    }

    /// `HOST:PORT`, `[IPv6]:PORT` or `:PORT`; port 0 picks a free one (for tests).
    static func parseListen(_ text: String, source: String) throws(WebSettingsError) -> (String, Int) {
        let invalid = WebSettingsError.invalid(source: source, value: text, expected: "HOST:PORT, such as 127.0.0.1:8080")
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else {
            throw invalid
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.isEmpty { host = "127.0.0.1" }
        guard !host.contains(where: { $0.isWhitespace || $0 == "/" }) else { throw invalid }
        return (host, port)
    }

    private static func number(_ flag: Int?, environment: String?, flag flagName: String, variable: String,
                               range: ClosedRange<Int>) throws(WebSettingsError) -> Int? {
        if let flag {
            guard range.contains(flag) else { throw .invalid(source: flagName, value: String(flag), expected: "a number from \(range.lowerBound) to \(range.upperBound)") }
            return flag
        }
        guard let environment else { return nil }
        guard let value = Int(environment), range.contains(value) else {
            throw .invalid(source: variable, value: environment, expected: "a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    static func isIPAddress(_ text: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}

/// A web setting that cannot be used, naming the flag or variable it came from (exit 2).
public enum WebSettingsError: Error, Equatable, CustomStringConvertible {
    case invalid(source: String, value: String, expected: String)

    public var description: String {
        switch self {
        case let .invalid(source, value, expected):
            return "\(source): '\(value)' is not valid; expected \(expected)."
        }
    }
}
