import Foundation
import PostgresNIO

/// A `postgres://user[:password]@host[:port]/database[?sslmode=...]` URL as a connection
/// configuration. Without a password in the URL, `PGPASSWORD` from the environment is used, as
/// the PostgreSQL tools do, so the password need not appear in a crontab or a process list.
///
/// `sslmode` follows libpq: `disable`; `prefer` (the default: TLS when the server offers it, not
/// verified); `require` (TLS, not verified); `verify-ca` (TLS, the certificate checked against the
/// trusted roots); `verify-full` (also the host name). `sslrootcert=PATH` names the roots (PEM);
/// without it the system's are used.
///
///     let target = try PostgresLocation(url: "postgres://slotsheet@db.office.lan/repairs?sslmode=verify-full")
struct PostgresLocation {
    let configuration: PostgresConnection.Configuration
    /// The database name, for messages.
    let database: String

    /// TLS modes, as libpq names them.
    enum SSLMode: String {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError) {
        guard let url = URLComponents(string: text), let scheme = url.scheme, ["postgres", "postgresql"].contains(scheme),
              let host = url.host, !host.isEmpty else {
            throw .invalidLocation(StoreLocation.redactingPassword(text))
        }
        let database = String(url.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw .invalidLocation(StoreLocation.redactingPassword(text)) }
        let options = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        guard let mode = SSLMode(rawValue: options["sslmode"] ?? "prefer") else {
            throw .invalidLocation("\(StoreLocation.redactingPassword(text)) (sslmode must be disable, prefer, require, verify-ca or verify-full)")
        }
        let username = url.user ?? environment["PGUSER"] ?? environment["USER"] ?? "postgres"
        let password = url.password ?? environment["PGPASSWORD"]
        let tls = try PostgresLocation.tls(mode, rootCertificates: options["sslrootcert"])
        var configuration = PostgresConnection.Configuration(
            host: host, port: url.port ?? 5432, username: username, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(10)
        self.configuration = configuration
        self.database = database
    }

    private static func tls(_ mode: SSLMode, rootCertificates: String?) throws(StoreError) -> PostgresConnection.Configuration.TLS {
        var settings = TLSConfiguration.makeClientConfiguration()
        switch mode {
        case .disable: return .disable
        case .allow, .prefer, .require: settings.certificateVerification = .none
        case .verifyCA: settings.certificateVerification = .noHostnameVerification
        case .verifyFull: settings.certificateVerification = .fullVerification
        }
        if let rootCertificates { settings.trustRoots = .file(rootCertificates) }
        do {
            let context = try NIOSSLContext(configuration: settings)
            return mode == .allow || mode == .prefer ? .prefer(context) : .require(context)
        } catch {
            throw .invalidLocation("TLS settings: \(error)")
        }
    }
}
