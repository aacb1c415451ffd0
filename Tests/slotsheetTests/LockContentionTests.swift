import Foundation
import GRDB
import InteropSupport
import SlotSheetCore
import Testing

/// Another program holding SQLite's write lock, as a back-office script or a long report might:
/// every writing command waits up to `--busy-timeout` seconds, then exits 5 with a clear message
/// and nothing written; when the lock comes free in time it waits and succeeds.
@Suite(.ownThreads, .serialized) struct LockContentionTests {
    /// A Python `sqlite3` process holding the write lock (`BEGIN IMMEDIATE`) for `seconds`, then
    /// rolling back. The initializer returns once the lock is held.
    final class LockHolder {
        /// What the holder did before it took the lock.
        enum History: String {
            /// Committed a write first, as a program that has been working on the database has: its
            /// WAL holds pages, so only the lock stands in the way.
            case wroteBefore
            /// Took the lock first thing after opening: the WAL is still empty.
            case freshlyOpened
        }

        private let process = Process()

        init(_ database: String, seconds: Double, history: History = .wroteBefore) throws {
            process.executableURL = Interop.python
            process.arguments = ["-c", """
                import sqlite3, sys, time
                db = sqlite3.connect(sys.argv[1], isolation_level=None)
                if sys.argv[3] == "wroteBefore":
                    db.execute("CREATE TABLE lock_holder_note (x)")
                    db.execute("DROP TABLE lock_holder_note")
                db.execute("BEGIN IMMEDIATE")
                print("locked", flush=True)
                time.sleep(float(sys.argv[2]))
                db.rollback()
                """, database, String(seconds), history.rawValue]
            let ready = Pipe()
            process.standardOutput = ready
            try process.run()
            guard String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("locked") else {
                throw Interop.Failure(description: "the lock holder could not take the lock")
            }
        }

        /// Kills the holder (its lock goes with it) and waits until it has ended.
        func release() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// Runs `arguments` while another process holds the lock for `held` seconds; the result and
    /// how long the command took.
    private func whileLocked(_ cli: CommandRunner, held: Double, history: LockHolder.History = .wroteBefore,
                             _ arguments: [String]) throws -> (CommandRunner.Result, TimeInterval) {
        let holder = try LockHolder(cli.path("slotsheet.sqlite"), seconds: held, history: history)
        defer { holder.release() }
        let started = Date()
        let result = try cli.run(arguments)
        return (result, Date().timeIntervalSince(started))
    }

    /// Exit 5, the message that says what happened and what to do, after waiting about `timeout` seconds.
    private func expectGaveUp(_ result: CommandRunner.Result, after seconds: TimeInterval, timeout: Double) {
        #expect(result.status == 5, "\(result.output)\(result.errors)")
        #expect(result.errors.contains("The database is locked by another program; gave up after \(timeout) s."), "\(result.errors)")
        #expect(seconds >= timeout * 0.95, "waited for the lock (\(seconds) s), did not fail at once")
        #expect(seconds < timeout + 8, "gave up after the timeout (\(seconds) s), did not hang")
    }

    private func state(_ cli: CommandRunner) throws -> ImportState {
        try ImportState.read(cli.path("slotsheet.sqlite"), scratch: cli.path("digest.txt"))
    }

    @Test func anImportWaitsForTheLockAndGoesOnWhenItIsReleased() throws {
        let cli = try CommandRunner.withSampleDatabase()
        defer { cli.remove() }
        let (result, seconds) = try whileLocked(cli, held: 2, ["import", try cli.oneNewMark(), "--busy-timeout", "10"])
        #expect(result.status == 0 && result.output.contains("Applied"), "\(result.output)\(result.errors)")
        #expect(seconds >= 1.5 && seconds < 10, "waited for the holder's 2 s, not for the whole timeout (\(seconds) s)")
        #expect(try state(cli).rows[1] == 1, "one batch")
    }

    @Test func anImportGivesUpAfterTheBusyTimeoutAndWritesNothing() throws {
        let cli = try CommandRunner.withSampleDatabase()
        defer { cli.remove() }
        let before = try state(cli)
        let (result, seconds) = try whileLocked(cli, held: 60, ["import", try cli.oneNewMark(), "--busy-timeout", "2"])
        expectGaveUp(result, after: seconds, timeout: 2)
        #expect(result.output.isEmpty, "no report of an import that did not happen")
        #expect(try state(cli) == before)
        #expect(try cli.run("import", "mark.csv").status == 0, "the same import goes through once the lock is gone")
    }

    @Test func seedingGivesUpAfterTheBusyTimeoutAndWritesNothing() throws {
        let cli = try CommandRunner(today: "2026-12-01")
        defer { cli.remove() }
        try #require(try cli.run("db", "init").status == 0)
        let (result, seconds) = try whileLocked(cli, held: 60, ["db", "seed", "--sample", "--busy-timeout", "1.5"])
        expectGaveUp(result, after: seconds, timeout: 1.5)
        let rows = try DatabaseQueue(path: cli.path("slotsheet.sqlite")).read { db in
            try Schema.tables.map { try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)")! }
        }
        #expect(rows.allSatisfy { $0 == 0 }, "nothing seeded: \(rows)")
    }

    @Test func nightlyGivesUpAfterTheBusyTimeoutAndPublishesNothing() throws {
        let cli = try CommandRunner.withSampleDatabase()
        defer { cli.remove() }
        let output = NightlyOutput(folder: cli.path("out"))
        try #require(try cli.run("nightly", "--out", "out").status == 0)
        let previous = try output.completeDay()
        // A change, so that a run which got through would publish other files.
        try #require(try cli.run("import", try cli.oneNewMark()).status == 0)
        let runs = try DatabaseQueue(path: cli.path("slotsheet.sqlite")).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM export_run")! }

        let (result, seconds) = try whileLocked(cli, held: 60, ["nightly", "--out", "out", "--busy-timeout", "1.5"])
        expectGaveUp(result, after: seconds, timeout: 1.5)
        #expect(try output.completeDay() == previous, "the day folder is the previous run's, whole")
        #expect(try output.stagingFolders().isEmpty && output.strayEntries().isEmpty)
        let (fresh, _) = try whileLocked(cli, held: 60, ["nightly", "--out", "fresh", "--busy-timeout", "1"])
        #expect(fresh.status == 5)
        #expect(!FileManager.default.fileExists(atPath: cli.path("fresh/2026-12-01")), "a first run publishes nothing")
        #expect(try DatabaseQueue(path: cli.path("slotsheet.sqlite")).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM export_run")! } == runs)

        let next = try cli.run("nightly", "--out", "out")
        #expect(next.status == 0, "\(next.errors)")
        #expect(try output.completeDay().content != previous.content, "the next run publishes the change")
    }

    /// A program that only reads (`db status`, `history`, reports) must not wait for a writer: in WAL
    /// mode readers and one writer go together. It does not when the WAL is empty (the writer has
    /// not written yet): GRDB's `DatabasePool` writes a table and drops it while opening, to give
    /// the WAL a page, and that write waits for the lock, then fails. A known issue until the store
    /// opens without that write (a change in Store/SQLite/SQLiteStore.swift, not made here).
    @Test func aReadingCommandIsNotHeldUpByAWriter() throws {
        let cli = try CommandRunner.withSampleDatabase()
        defer { cli.remove() }
        for arguments in [["db", "status"], ["history"]] {
            try #require(cli.size("slotsheet.sqlite-wal") == 0, "the last program to close emptied the WAL")
            let (result, _) = try whileLocked(cli, held: 60, history: .freshlyOpened, arguments + ["--busy-timeout", "1"])
            // A pool would write while opening a database whose WAL is empty; reading commands open
            // one plain connection instead.
            #expect(result.status == 0, "\(arguments): \(result.errors)")
        }
        let (status, seconds) = try whileLocked(cli, held: 60, ["db", "status", "--busy-timeout", "1.5"])
        #expect(status.status == 0 && status.output.contains("availability"), "\(status.errors)")
        #expect(seconds < 1.5, "read without waiting for the lock (\(seconds) s)")
    }
}
