import Foundation
import InteropSupport
import Logging
import Testing
@testable import SlotSheetCore

/// On a database server every statement is a round trip, so the jobs send a number of statements
/// that does not grow with the dates: one set-based query for a range, one array statement for a
/// table's bulk write. Counted by the server itself (`pg_stat_statements`, which
/// `scripts/with-postgres.sh` loads), for a year: the template export, the dry runs and applies
/// of a template and of a CSV, the undo, every report, and a nightly run making every kind of file
/// (a bound a file). Each job opens its own store
/// and checks the schema first, as the command does. Before, two statements a date: 738-744.
@Suite(.enabled(if: Backend.available.contains(.postgres)), .serialized)
struct PostgresStatementCountTests {
    static let bound = 30

    /// The statements the server ran for this test's database.
    struct ServerCount {
        let url: String
        private static let database = "(SELECT oid FROM pg_database WHERE datname = current_database())"

        init(_ database: TestDatabase) throws {
            url = database.location
            _ = try PostgresTestServer.rows("CREATE EXTENSION IF NOT EXISTS pg_stat_statements", url: url)
            do {
                _ = try PostgresTestServer.rows("SELECT COUNT(*)::text FROM pg_stat_statements", url: url)
            } catch {
                throw Interop.Failure(description: "pg_stat_statements is not loaded (start the server with scripts/with-postgres.sh): \(error)")
            }
        }

        /// How many statements `body` made the server run.
        func of(_ body: () throws -> Void) throws -> Int {
            _ = try PostgresTestServer.rows("SELECT pg_stat_statements_reset(0, \(ServerCount.database), 0)::text", url: url)
            try body()
            let sum = try PostgresTestServer.rows("""
                SELECT COALESCE(SUM(calls), 0)::text FROM pg_stat_statements \
                WHERE dbid = \(ServerCount.database) AND query NOT LIKE '%pg_stat_statements%'
                """, url: url)
            return Int(sum.first?.first??.description ?? "") ?? -1
        }
    }

    @Test func aYearTakesABoundedNumberOfStatementsForEveryJob() throws {
        let database = try TestDatabase(.postgres)
        let clock = OfficeClock.fixed(today: LocalDate(iso: "2026-01-01")!)
        let year = DateRange(from: LocalDate(iso: "2026-01-02")!, to: LocalDate(iso: "2027-01-01")!)!
        _ = try Seeder.load(try SyntheticDataset(staffCount: 12, range: year, seed: 1, fill: 0.2, clock: clock), into: database.store)
        let count = try ServerCount(database)
        let rules = clock.standardRules
        /// A store of its own, its schema checked, as each command opens one.
        func opened() throws -> any RepairStore {
            let store = try PostgresStore(url: database.location)
            try store.requireCurrentSchema()
            return store
        }
        var counts: [(job: String, statements: Int)] = []
        func counting(_ job: String, _ body: () throws -> Void) throws {
            counts.append((job, try count.of(body)))
        }

        let template = database.folder.appending(path: "year.xlsx").path
        try counting("template export") {
            _ = try TemplateExporter(store: try opened(), rules: rules)
                .export(TemplateExportRequest(range: year, staff: .allActive, language: .en, path: template))
        }
        for dryRun in [true, false] {
            try counting(dryRun ? "template dry run" : "template apply (nothing to change)") {
                let (outcome, _) = try ImportJob(store: try opened(), rules: rules)
                    .run(try ImportSource.open(path: template), ImportRequest(dryRun: dryRun, operatorName: "count"))
                #expect(outcome.status == (dryRun ? .dryRun : .nothingToChange))
            }
        }
        let dayparts = try database.store.read { try $0.dayparts() }.map(\.code)
        let csv = database.folder.appending(path: "year.csv").path
        let lines = year.flatMap { date in dayparts.flatMap { daypart in ["S0001", "S0002"].map { "\(date.iso),\(daypart),\($0),x" } } }
        try (["date,daypart,staff,available"] + lines).joined(separator: "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        var batch: RowID?
        for dryRun in [true, false] {
            try counting(dryRun ? "CSV dry run" : "CSV apply") {
                let (outcome, _) = try ImportJob(store: try opened(), rules: rules)
                    .run(try ImportSource.open(path: csv), ImportRequest(dryRun: dryRun, operatorName: "count"))
                if case let .applied(id) = outcome.status { batch = id }
                #expect(outcome.plan.added > 1_000, "a year's worth of changes: \(outcome.plan.added)")
            }
        }
        let applied = try #require(batch)
        try counting("undo") {
            _ = try UndoJob(store: try opened(), rules: rules, notices: .forTests).undo(batchID: applied, operatorName: "count")
        }
        for kind in ReportKind.allCases {
            try counting("\(kind.rawValue) report") {
                _ = try ReportExporter(store: try opened(), rules: rules).export(
                    ReportRequest(kind: kind, range: year, format: .xlsx, path: database.folder.appending(path: "\(kind.rawValue).xlsx").path))
            }
        }
        // The nightly: every kind of file it makes, each over the year; a bound a file.
        let nightly = NightlyConfiguration(exports: NightlyExport.Kind.allCases.map { kind in
            NightlyExport(name: kind.rawValue, kind: kind, from: RelativeDate("+1"), to: RelativeDate("+365"))
        })
        try counting("nightly (\(nightly.exports.count) files)") {
            let summary = try NightlyJob(store: try opened(), rules: rules, logger: Logger(label: "count"))
                .run(outputFolder: database.folder.appending(path: "nightly").path, keepDays: 30, configuration: nightly)
            #expect(summary.files.count >= nightly.exports.count)
        }
        print("statements for a year (12 staff, 6 dayparts): " + counts.map { "\($0.job) \($0.statements)" }.joined(separator: ", "))
        for (job, statements) in counts {
            let bound = PostgresStatementCountTests.bound * (job.hasPrefix("nightly") ? nightly.exports.count : 1)
            #expect(statements > 0 && statements <= bound, "\(job): \(statements) statements")
        }
    }
}
