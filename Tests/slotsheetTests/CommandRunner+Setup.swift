import Foundation
import InteropSupport

/// What an end-to-end test sets up before it runs commands: its database, its mail server.
extension CommandRunner {
    /// On PostgreSQL, a new database of the test server for the commands (`SLOTSHEET_DB`); its name,
    /// for `PostgresTestServer.dropDatabase`, or nil on SQLite (the runner's folder holds it).
    mutating func useDatabase(_ backend: TestBackend) throws -> String? {
        guard backend == .postgres else { return nil }
        let created = try PostgresTestServer.createDatabase()
        environment["SLOTSHEET_DB"] = created.url
        return created.name
    }

    /// A `config.toml` whose `[mail]` sends through `server` (STARTTLS, AUTH, its CA), with `extra`
    /// lines of `[mail]`; the password in the environment, as the package's environment file has it.
    mutating func sendMail(through server: TestMailServer, extra: [String] = []) throws {
        environment["SLOTSHEET_MAIL_PASSWORD"] = TestMailServer.password
        environment["SLOTSHEET_CONFIG"] = path("config.toml")
        try ([
            "[mail]", "host = \"127.0.0.1\"", "port = \(server.port)", "security = \"starttls\"", "user = \"\(TestMailServer.user)\"",
            "from = \"office@repairs.example\"", "ca_file = \"\(server.caFile)\"",
        ] + extra).joined(separator: "\n").write(toFile: path("config.toml"), atomically: true, encoding: .utf8)
    }
}
