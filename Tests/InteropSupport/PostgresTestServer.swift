import Foundation
import Logging
import PostgresNIO

/// The backends a job test runs on: SQLite always, PostgreSQL when `make test` started its
/// private server (`scripts/with-postgres.sh`).
public enum TestBackend: String, CaseIterable, Sendable {
    case sqlite
    case postgres

    public static var available: [TestBackend] {
        PostgresTestServer.url == nil ? [.sqlite] : [.sqlite, .postgres]
    }
}

/// The private PostgreSQL server `make test` starts (`scripts/with-postgres.sh`), and a fresh,
/// empty database on it for each test that asks, so tests never see each other's rows.
public enum PostgresTestServer {
    /// The server's URL (its `postgres` database), or nil when no server was started.
    public static var url: String? {
        ProcessInfo.processInfo.environment["SLOTSHEET_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Set by `make test`: the PostgreSQL backend must be tested, not skipped.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["SLOTSHEET_REQUIRE_POSTGRES"] == "1"
    }

    /// A new empty database; its URL is the server's with the new name.
    public static func createDatabase() throws -> (name: String, url: String) {
        guard let server = url else { throw Interop.Failure(description: "no PostgreSQL test server (run 'make test')") }
        let name = "slotsheet_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        _ = try rows("CREATE DATABASE \(name)", url: server)
        return (name, databaseURL(name))
    }

    /// Removes a database made by `createDatabase`, closing any connection still open to it.
    public static func dropDatabase(_ name: String) {
        guard let server = url else { return }
        _ = try? rows("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", url: server)
    }

    /// The URL of database `name` on the test server.
    public static func databaseURL(_ name: String) -> String {
        guard let server = url, let slash = server.lastIndex(of: "/") else { return "" }
        return server[..<slash] + "/" + name
    }

    /// Runs one statement on its own connection and returns every row, each value as text (cast
    /// in the SQL where a column is not text) or nil for NULL.
    public static func rows(_ sql: String, url: String) throws -> [[String?]] {
        let connection = try connect(url)
        defer { try? connection.close().wait() }
        return try run(sql, on: connection)
    }

    /// An open connection to `url`, for a test that holds a lock or a transaction while others run.
    public static func connect(_ url: String) throws -> PostgresConnection {
        guard let parts = URLComponents(string: url), let host = parts.host else {
            throw Interop.Failure(description: "bad test server URL \(url)")
        }
        let configuration = PostgresConnection.Configuration(
            host: host, port: parts.port ?? 5432, username: parts.user ?? "slotsheet", password: nil,
            database: String(parts.path.dropFirst()), tls: .disable)
        return try PostgresConnection.connect(
            on: PostgresConnection.defaultEventLoopGroup.any(), configuration: configuration, id: 0, logger: logger).wait()
    }

    /// Runs one statement on an open connection (a transaction a test holds open) and returns
    /// its rows as text.
    @discardableResult
    public static func run(_ sql: String, on connection: PostgresConnection) throws -> [[String?]] {
        try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait().map { row in
            try row.makeRandomAccess().map { try $0.decode(String?.self) }
        }
    }

    private static let logger: Logger = {
        var logger = Logger(label: "slotsheet.tests.postgres")
        logger.logLevel = .error
        return logger
    }()
}
