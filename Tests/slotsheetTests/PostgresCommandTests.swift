import Foundation
import InteropSupport
import SlotSheetCore
import Testing

/// The same commands on SQLite and on PostgreSQL give the same answers: counts, reports, nightly.
@Suite(.ownThreads, .enabled(if: TestBackend.available.contains(.postgres)))
struct PostgresCommandTests {
    /// A scratch folder whose commands use a new database on the PostgreSQL test server.
    private struct PostgresRunner {
        let cli: CommandRunner
        let database: String

        init() throws {
            var cli = try CommandRunner(today: "2026-12-01")
            let database = try PostgresTestServer.createDatabase()
            cli.environment["SLOTSHEET_DB"] = database.url
            self.cli = cli
            self.database = database.name
        }

        func remove() {
            cli.remove()
            PostgresTestServer.dropDatabase(database)
        }
    }

    private func seeded(_ cli: CommandRunner) throws {
        try #require(try cli.run("db", "init").status == 0)
        let seeded = try cli.run("db", "seed", "--sample")
        try #require(seeded.status == 0, "\(seeded.errors)")
    }

    /// `db status` without its first two lines (the database, the database system).
    private func tableCounts(_ cli: CommandRunner) throws -> [Substring] {
        let status = try cli.run("db", "status")
        #expect(status.status == 0, "\(status.errors)")
        return Array(status.output.split(separator: "\n").dropFirst(2))
    }

    @Test func dbStatusShowsTheServerVersionAndTheSettingsThatMatter() throws {
        let runner = try PostgresRunner()
        defer { runner.remove() }
        try seeded(runner.cli)
        let status = try runner.cli.run("db", "status")
        #expect(status.status == 0, "\(status.errors)")
        let server = try PostgresTestServer.rows("SELECT current_setting('server_version'), current_setting('fsync')", url: PostgresTestServer.databaseURL(runner.database))
        let line = status.output.split(separator: "\n").dropFirst().first ?? ""
        #expect(line.hasPrefix("Database system: PostgreSQL \(server[0][0]!) ("), "\(status.output)")
        for setting in ["default_transaction_isolation = read committed", "max_connections = 200", "synchronous_commit = off",
                        "fsync = \(server[0][1]!)", "server_encoding = UTF8", "TimeZone = ", "max_locks_per_transaction = "] {
            #expect(line.contains(setting), "\(setting) in \(line)")
        }
        let dutch = try runner.cli.run("db", "status", "--lang", "nl")
        #expect(dutch.output.split(separator: "\n").dropFirst().first?.hasPrefix("Databasesysteem: PostgreSQL ") == true, "\(dutch.output)")
    }

    @Test func theSampleGivesTheSameCountsReportsAndNightlyFilesOnBothBackends() throws {
        let sqlite = try CommandRunner(today: "2026-12-01"), postgres = try PostgresRunner()
        defer { sqlite.remove(); postgres.remove() }
        try seeded(sqlite)
        try seeded(postgres.cli)
        try seeded(postgres.cli)   // seeding twice leaves the same database there too
        let counts = try tableCounts(postgres.cli)
        #expect(counts == (try tableCounts(sqlite)))
        #expect(counts.count == Schema.tables.count && counts.contains { $0.contains("repair_request") && $0.hasSuffix(" 440") })

        for (report, options) in [("requests", ["--status", "new,approved"]), ("utilization", []), ("staff", [])] {
            let arguments = ["report", report, "--from", "2026-11-23", "--to", "2026-12-31", "--format", "csv", "-o", "\(report).csv"] + options
            #expect(try sqlite.run(arguments).status == 0)
            let made = try postgres.cli.run(arguments)
            #expect(made.status == 0, "\(made.errors)")
            let expected = try String(contentsOfFile: sqlite.path("\(report).csv"), encoding: .utf8)
            #expect(try String(contentsOfFile: postgres.cli.path("\(report).csv"), encoding: .utf8) == expected, "\(report) report")
        }

        let nightly = try postgres.cli.run("nightly", "--out", "exports")
        #expect(nightly.status == 0, "\(nightly.output)\(nightly.errors)")
        #expect(FileManager.default.fileExists(atPath: postgres.cli.path("exports/2026-12-01/manifest.json")))
        #expect(try postgres.cli.run("nightly", "--out", "exports").output.contains("unchanged utilization.xlsx"))
    }

    @Test func aWrongPasswordOrDatabaseIsADatabaseErrorThatSaysSo() throws {
        let runner = try PostgresRunner()
        defer { runner.remove() }
        let missing = PostgresTestServer.databaseURL("no_such_database")
        let result = try runner.cli.run("db", "status", "--db", missing)
        #expect(result.status == 5)
        #expect(result.errors.contains("no_such_database") && result.errors.contains("does not exist"), "\(result.errors)")
        let fresh = try runner.cli.run("db", "status")
        #expect(fresh.status == 0 && fresh.output.contains("No tables yet"), "\(fresh.output)\(fresh.errors)")
    }
}
