import Foundation
import InteropSupport
import Logging
import Testing
@testable import SlotSheetCore

/// The server aborts a write transaction at COMMIT for a concurrent one, and the store runs the work
/// again: an export's (SERIALIZABLE) after a serialization failure, as PostgreSQL raises when a
/// concurrent transaction read and wrote the same rows; an import's or an undo's (READ COMMITTED,
/// explicit locks) after a deadlock, the one abort left to them.
/// Whatever the job: the files, their `export_run` rows and the availability agree afterwards;
/// each file is recorded once, no recorded file is missing, no file is read twice.
///
/// The failure is made certain, at the worst moment (after the work, at COMMIT), by a deferred
/// constraint trigger the test puts on the table the job writes: it raises SQLSTATE 40001 (or
/// 40P01) for the first `times` transactions that insert there, counted in a sequence (which a rollback does
/// not reset). Before effects moved after COMMIT, a template export failed here with its file
/// published and no row.
@Suite(.enabled(if: Backend.available.contains(.postgres)), .serialized)
struct PostgresRetryTests {
    /// Makes the next `times` transactions that insert into `table` fail at COMMIT.
    struct ForcedConflicts {
        let database: TestDatabase
        let table: String
        let times: Int

        /// The abort raised, as PL/pgSQL names its SQLSTATE.
        enum Abort: String {
            case serializationFailure = "serialization_failure"
            case deadlock = "deadlock_detected"
        }

        init(_ database: TestDatabase, on table: String, times: Int, raising abort: Abort = .serializationFailure) throws {
            self.database = database
            self.table = table
            self.times = times
            for statement in [
                "CREATE SEQUENCE test_conflicts_\(table)",
                """
                CREATE FUNCTION test_conflict_\(table)() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF nextval('test_conflicts_\(table)') <= \(times) THEN
                        RAISE EXCEPTION 'aborted for a concurrent transaction (forced by the test)' USING ERRCODE = '\(abort.rawValue)';
                    END IF;
                    RETURN NULL;
                END $$
                """,
                """
                CREATE CONSTRAINT TRIGGER test_conflict AFTER INSERT ON \(table) DEFERRABLE INITIALLY DEFERRED
                FOR EACH ROW EXECUTE FUNCTION test_conflict_\(table)()
                """,
            ] {
                _ = try PostgresTestServer.rows(statement, url: database.location)
            }
        }

        /// How many COMMITs were made to fail (each failing one draws one number; a transaction
        /// that goes through draws one per row it inserted).
        func forcedFailures() throws -> Int {
            min(times, try database.integer("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM test_conflicts_\(table)"))
        }
    }

    private func folder(_ fixture: ImportFixture) throws -> String {
        let path = fixture.database.folder.appending(path: "out-\(UUID().uuidString.prefix(6))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every `export_run` row names a file that exists with that sha256, each path once, and the
    /// folder holds exactly those files (and `unrecorded`, such as a nightly's manifest).
    private func expectFilesAgreeWithRows(_ fixture: ImportFixture, in folder: String, files: [String], unrecorded: [String] = []) throws {
        let rows = try fixture.database.strings("SELECT path || ' ' || sha256 FROM export_run ORDER BY path")
        let paths = rows.map { String($0.split(separator: " ")[0]) }
        #expect(paths == files.map { folder + "/" + $0 }.sorted(), "each file recorded exactly once: \(rows)")
        for row in rows {
            let parts = row.split(separator: " ").map(String.init)
            #expect(try FileDigest.sha256(ofFileAt: parts[0]) == parts[1], "the recorded file is there, with its sha256: \(parts[0])")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == (files + unrecorded).sorted(), "nothing partial left")
    }

    private var weekAhead: (ImportFixture) -> DateRange {
        { DateRange(from: $0.today, to: $0.today.adding(days: 13))! }
    }

    @Test func aTemplateExportRetriedAtCommitIsPublishedAndRecordedOnce() throws {
        let fixture = try ImportFixture(.postgres)
        let conflicts = try ForcedConflicts(fixture.database, on: "export_run", times: 1)
        let out = try folder(fixture)
        let result = try TemplateExporter(store: fixture.store, rules: fixture.clock.standardRules).export(
            TemplateExportRequest(range: weekAhead(fixture), staff: .allActive, language: .en, path: out + "/t.xlsx"))
        #expect(try conflicts.forcedFailures() == 1, "the first COMMIT failed, the second went through")
        #expect(result.sha256 == (try FileDigest.sha256(ofFileAt: out + "/t.xlsx")))
        try expectFilesAgreeWithRows(fixture, in: out, files: ["t.xlsx"])
    }

    @Test func reportsAndTheCSVRetriedAtCommitArePublishedAndRecordedOnce() throws {
        let fixture = try ImportFixture(.postgres)
        let conflicts = try ForcedConflicts(fixture.database, on: "export_run", times: 2)
        let out = try folder(fixture)
        _ = try ReportExporter(store: fixture.store, rules: fixture.clock.standardRules).export(
            ReportRequest(kind: .utilization, range: weekAhead(fixture), format: .xlsx, path: out + "/u.xlsx"))
        #expect(try conflicts.forcedFailures() == 2, "failed twice, then went through")
        _ = try AvailabilityCSVExporter(store: fixture.store, clock: fixture.clock).export(
            range: weekAhead(fixture), staff: .allActive, path: out + "/a.csv")
        try expectFilesAgreeWithRows(fixture, in: out, files: ["u.xlsx", "a.csv"])
    }

    @Test func anExportThatKeepsCollidingPublishesNothing() throws {
        let fixture = try ImportFixture(.postgres)
        _ = try ForcedConflicts(fixture.database, on: "export_run", times: PostgresStore.attemptsOnConflict)
        let out = try folder(fixture)
        #expect(throws: StoreError.conflict) {
            try ReportExporter(store: fixture.store, rules: fixture.clock.standardRules).export(
                ReportRequest(kind: .requests, range: weekAhead(fixture), format: .csv, path: out + "/r.csv"))
        }
        try expectFilesAgreeWithRows(fixture, in: out, files: [])
    }

    @Test func aNightlyRunRetriedAtCommitPublishesItsFolderWithEveryFileRecordedOnce() throws {
        let fixture = try ImportFixture(.postgres)
        let conflicts = try ForcedConflicts(fixture.database, on: "export_run", times: 1)
        let out = try folder(fixture)
        let job = NightlyJob(store: fixture.store, rules: fixture.clock.standardRules, logger: Logger(label: "test"))
        let summary = try job.run(outputFolder: out, keepDays: 30, configuration: .standard)
        #expect(try conflicts.forcedFailures() == 1)
        try expectFilesAgreeWithRows(fixture, in: summary.folder, files: summary.files.map(\.name), unrecorded: ["manifest.json"])
    }

    @Test func aNightlyRunThatKeepsCollidingKeepsThePreviousFolder() throws {
        let fixture = try ImportFixture(.postgres)
        let out = try folder(fixture)
        let job = NightlyJob(store: fixture.store, rules: fixture.clock.standardRules, logger: Logger(label: "test"))
        let first = try job.run(outputFolder: out, keepDays: 30, configuration: .standard)
        let manifest = try Data(contentsOf: URL(fileURLWithPath: first.folder + "/manifest.json"))
        _ = try ForcedConflicts(fixture.database, on: "export_run", times: PostgresStore.attemptsOnConflict)
        #expect(throws: StoreError.conflict) { try job.run(outputFolder: out, keepDays: 30, configuration: .standard) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: first.folder + "/manifest.json")) == manifest, "the previous folder, as it was")
        try expectFilesAgreeWithRows(fixture, in: first.folder, files: first.files.map(\.name), unrecorded: ["manifest.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix(".staging-") }.isEmpty)
    }

    @Test func anImportRetriedAtCommitChangesTheAvailabilityOnce() throws {
        let fixture = try ImportFixture(.postgres)
        let day = fixture.today.adding(days: 10)
        let before = try fixture.availability()
        let cells = ["ANB", "BRW"].map { (code: $0, available: before.contains("\(day.iso) D13 \($0)")) }
        let parsed = try fixture.parseCSV(["date,daypart,staff,available"] + cells.map { "\(day.iso),D13,\($0.code),\($0.available ? "no" : "x")" })
        let conflicts = try ForcedConflicts(fixture.database, on: "import_batch", times: 1, raising: .deadlock)
        let outcome = try fixture.run(parsed)
        #expect(try conflicts.forcedFailures() == 1)
        guard case let .applied(batchID) = outcome.status else { Issue.record("not applied: \(outcome.status)"); return }
        var expected = before
        for cell in cells {
            if cell.available { expected.remove("\(day.iso) D13 \(cell.code)") } else { expected.insert("\(day.iso) D13 \(cell.code)") }
        }
        #expect(try fixture.availability() == expected, "both cells changed, once")
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM import_batch") == 1)
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM availability_change WHERE batch_id = \(batchID)") == 2)
    }

    /// The retried transaction re-checks and re-plans; it never reads the file again.
    @Test func aTemplateImportRetriedAtCommitIsReadOnce() throws {
        let fixture = try ImportFixture(.postgres)
        let path = fixture.database.folder.appending(path: "t.xlsx").path
        _ = try TemplateExporter(store: fixture.store, rules: fixture.clock.standardRules).export(
            TemplateExportRequest(range: weekAhead(fixture), staff: .allActive, language: .en, path: path))
        let conflicts = try ForcedConflicts(fixture.database, on: "import_batch", times: 2, raising: .deadlock)
        let reads = Reads()
        let (outcome, _) = try ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
            .run(try ImportSource.open(path: path), ImportRequest(operatorName: "test")) { done, total in
                if done == total { reads.finished() }
            }
        #expect(outcome.status == .nothingToChange && outcome.auditBatchID != nil)
        #expect(try conflicts.forcedFailures() == 2, "three transactions, two of them failed at COMMIT")
        #expect(reads.count == 1, "one read of the file")
        #expect(try fixture.database.strings("SELECT outcome FROM import_batch") == ["unchanged"])
    }

    /// An import runs READ COMMITTED behind its locks: only a deadlock makes it run again.
    @Test func anImportIsNotRunAgainAfterAnyOtherAbort() throws {
        let fixture = try ImportFixture(.postgres)
        let before = try fixture.database.dump()
        let day = fixture.today.adding(days: 10)
        let parsed = try fixture.parseCSV(["date,daypart,staff,available", "\(day.iso),D13,ANB,x", "\(day.iso),D13,BRW,x"])
        let conflicts = try ForcedConflicts(fixture.database, on: "import_batch", times: 2, raising: .serializationFailure)
        #expect(throws: StoreError.conflict) { try fixture.run(parsed) }
        #expect(try conflicts.forcedFailures() == 1, "one attempt")
        #expect(try fixture.database.dump() == before)
    }

    @Test func anImportThatKeepsCollidingWritesNothing() throws {
        let fixture = try ImportFixture(.postgres)
        let before = try fixture.database.dump()
        let day = fixture.today.adding(days: 10)
        let parsed = try fixture.parseCSV(["date,daypart,staff,available", "\(day.iso),D13,ANB,x", "\(day.iso),D13,BRW,x"])
        _ = try ForcedConflicts(fixture.database, on: "import_batch", times: PostgresStore.attemptsOnConflict, raising: .deadlock)
        #expect(throws: StoreError.conflict) { try fixture.run(parsed) }
        #expect(try fixture.database.dump() == before)
    }
}

/// Counts completed reads of a file, from the parser's progress (called from the reading thread).
private final class Reads: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func finished() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
