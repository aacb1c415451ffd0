import Foundation
import InteropSupport
import SlotSheetCore
import Testing

/// `slotsheet import` SIGKILLed at random moments while it applies a large edited template: the
/// database must be exactly as before the import or exactly as after it, healthy, every time.
/// The moments come from a seeded generator (the seed is printed; `SLOTSHEET_TEST_SEED` replays a
/// run), and one trial in three is aimed where the apply begins to write, so the kills that land
/// inside the write transaction are a third of all, not a chance.
///
/// The data is the import benchmark's (`Benchmarks/import/`): a synthetic database of 250 staff
/// seeded with today = 2026-01-01, a template of the whole range, 10% of its cells edited with
/// openpyxl. A debug build applies a year too slowly for CI, so CI takes the first
/// `SLOTSHEET_KILL_IMPORT_DAYS` days (default 90); a run by hand can take the year:
///
///     SLOTSHEET_KILL_IMPORT_DAYS=365 SLOTSHEET_KILL_TRIALS=60 swift test --filter ImportCrashTests
@Suite(.ownThreads, .serialized) struct ImportCrashTests {
    private static let firstDay = LocalDate(iso: "2026-01-01")!

    /// When the uninterrupted run did what, in seconds from its start, as its WAL file shows.
    private struct Phases: CustomStringConvertible {
        /// When the dry run (read, check, plan: everything but the apply) had finished.
        var planned = 0.0
        /// The WAL's size once the database is open (GRDB writes to an empty WAL while opening).
        var openedWAL = 0
        /// When the WAL first grew past that: the apply's first uncommitted pages.
        var applyWrites = 0.0
        /// When the WAL last grew: the commit.
        var committed = 0.0
        /// When the process had ended (after the checkpoint and the report).
        var exited = 0.0

        var description: String {
            String(format: "dry run %.2f s; full run: WAL %d bytes once open, apply writing from %.2f s, commit at %.2f s, exit at %.2f s",
                   planned, openedWAL, applyWrites, committed, exited)
        }
    }

    /// Seeds the base database, exports its template and edits 10% of the cells as the benchmark does.
    private func prepare(_ cli: CommandRunner, days: Int) throws {
        let last = ImportCrashTests.firstDay.adding(days: days - 1).iso
        for arguments in [["db", "init"],
                          ["db", "seed", "--synthetic", "--staff", "250", "--from", "2026-01-01", "--to", last, "--seed", "1"],
                          ["template", "export", "--from", "2026-01-01", "--to", last, "--all-staff", "-o", "template.xlsx"]] {
            let result = try cli.run(arguments)
            try #require(result.status == 0, "\(arguments): \(result.errors)")
        }
        let edit = Interop.repositoryRoot.appending(path: "Benchmarks/import/make_edit.py").path
        let counts = try Interop.runPython("import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
                                           arguments: [edit, cli.path("template.xlsx"), cli.path("edited.xlsx"), "0.10"])
        print("import crash: \(days) days, edit (marked, cleared): \(counts.trimmingCharacters(in: .whitespacesAndNewlines))")
        // The last connection to close folds the WAL into the file: then the file alone is the database.
        try #require(cli.size("slotsheet.sqlite-wal") == 0, "the base database is one file")
    }

    /// One uninterrupted import on a copy: the state after, and when each phase happened.
    private func reference(_ cli: CommandRunner, _ arguments: [String]) throws -> (ImportState, Phases) {
        var phases = Phases()
        try cli.restore("slotsheet.sqlite", to: "trial.sqlite")
        let started = Date()
        let dryRun = try cli.run(arguments + ["--dry-run"])
        phases.planned = Date().timeIntervalSince(started)
        try #require(dryRun.status == 0, "\(dryRun.output)\(dryRun.errors)")

        // From the very bytes the trials start from, so that opening writes the same pages.
        try cli.restore("slotsheet.sqlite", to: "trial.sqlite")
        let run = try KillableRun(cli, arguments, output: "reference.out")
        var walSize = 0, grewAt = 0.0
        run.wait(or: {
            let size = cli.size("trial.sqlite-wal"), now = run.elapsed
            // Opening writes a few pages at once; the first pause after them is the parse.
            if phases.openedWAL == 0 && walSize > 0 && now - grewAt >= 0.1 { phases.openedWAL = walSize }
            if size > walSize {
                if phases.openedWAL > 0 && phases.applyWrites == 0 { phases.applyWrites = now }
                phases.committed = now
                grewAt = now
                walSize = size
            }
            return false
        })
        phases.exited = run.elapsed
        try #require(run.finish() == 0, "\(run.output())")
        #expect(run.output().contains("Applied"), "\(run.output())")
        return (try ImportState.read(cli.path("trial.sqlite"), scratch: cli.path("digest.txt")), phases)
    }

    @Test func anImportKilledAtAnyMomentLeavesTheDatabaseBeforeOrAfterWhole() throws {
        let days = KillSettings.count("SLOTSHEET_KILL_IMPORT_DAYS", default: 90)
        let trials = KillSettings.count("SLOTSHEET_KILL_TRIALS", default: 50)
        let cli = try CommandRunner(today: "2026-01-01")
        defer { cli.remove() }
        let started = Date()
        try prepare(cli, days: days)
        let before = try ImportState.read(cli.path("slotsheet.sqlite"), scratch: cli.path("digest.txt"))
        let arguments = ["import", "edited.xlsx", "--db", "sqlite:trial.sqlite", "--operator", "crash-test"]
        let (after, phases) = try reference(cli, arguments)
        try #require(after != before && after.rows[2] > 0, "the edit changes the database")
        #expect(try DatabaseHealth.problems(cli.path("trial.sqlite")).isEmpty)
        print("import crash: before \(before)\nimport crash: after \(after)\nimport crash: \(phases)")
        try #require(phases.applyWrites > 0 && phases.committed > phases.applyWrites,
                     "the apply writes pages to the WAL before it commits (else no kill can be seen to land inside it)")

        var generator = SeededGenerator(test: "import crash")
        var tally = PhaseTally()
        let inside = "inside the write transaction (uncommitted pages in the WAL)"
        // How long the apply takes follows the aimed runs that ended before their kill (the machine is shared).
        var applySeconds = RecentDurations(phases.committed - phases.applyWrites)
        let trialsStarted = Date()
        for trial in 0..<trials {
            try cli.restore("slotsheet.sqlite", to: "trial.sqlite")
            let run = try KillableRun(cli, arguments, output: "trial.out")
            let aim = KillAim(trial)
            switch aim {
            case .applyBegins:
                // The moment the apply's first pages reach the WAL: inside the write transaction by
                // construction (the apply of thousands of changes takes far longer than one poll).
                run.wait(or: { cli.size("trial.sqlite-wal") > phases.openedWAL })
            case .duringApply:
                // From the apply's first pages in the WAL, a random share of how long it takes.
                run.wait(or: { cli.size("trial.sqlite-wal") > phases.openedWAL })
                let applying = run.elapsed
                if !run.wait(until: applying + Double.random(in: 0...applySeconds.typical, using: &generator)) {
                    applySeconds.add(run.elapsed - applying)
                }
            case .anywhere:
                // Anywhere in the whole run, reading the file included.
                run.wait(until: Double.random(in: 0...phases.exited, using: &generator))
            }
            let walBytes = cli.size("trial.sqlite-wal")
            let moment = String(format: "%.3f s", run.elapsed)
            let killed = run.kill()
            let problems = try DatabaseHealth.problems(cli.path("trial.sqlite"))
            #expect(problems.isEmpty, "trial \(trial), killed at \(moment): \(problems)")
            let state = try ImportState.read(cli.path("trial.sqlite"), scratch: cli.path("digest.txt"))
            let phase: String
            switch state {
            case _ where !killed:
                phase = "ended before the kill"
                let status = run.finish()
                #expect(status == 0 && state == after, "trial \(trial): a run that ended on its own (\(status)) applied the file")
            case before where walBytes <= phases.openedWAL: phase = "before the apply wrote (reading, checking, planning)"
            case before: phase = inside
            case after: phase = "after the commit"
            default:
                phase = "NEITHER"
                Issue.record("trial \(trial), killed at \(moment) with \(walBytes) WAL bytes: \(state)")
            }
            tally.add(phase)
            if aim == .applyBegins {
                #expect(phase == inside, "trial \(trial): aimed at the apply's first pages, the kill landed \(phase) (at \(moment))")
            }
        }
        // What the office does after a crash: run the import again, with the real binary, on what the last kill left.
        let again = try cli.run(arguments)
        #expect(again.status == 0, "\(again.errors)")
        #expect(try ImportState.read(cli.path("trial.sqlite"), scratch: cli.path("digest.txt")) == after,
                "importing again after a crash gives the state of one uninterrupted import")
        let seconds = Date().timeIntervalSince(trialsStarted)
        print(String(format: "import crash: %d trials in %.0f s (whole test %.0f s): %@", trials, seconds,
                     Date().timeIntervalSince(started), tally.description))
        #expect(tally["NEITHER"] == 0)
        // Every third trial is aimed at the apply's first pages and checked above, one by one.
        #expect(tally[inside] >= KillAim.count(.applyBegins, in: trials), "a third of the kills land while the apply writes: \(tally)")
    }
}

/// Where a crash trial aims its kill: trials take the three in turn, so each is hit a known number
/// of times, whatever the random moments.
enum KillAim: Int, CaseIterable {
    case anywhere, applyBegins, duringApply

    init(_ trial: Int) { self = KillAim(rawValue: trial % KillAim.allCases.count)! }

    /// How many of `trials` trials take this aim.
    static func count(_ aim: KillAim, in trials: Int) -> Int {
        (0..<trials).filter { KillAim($0) == aim }.count
    }
}
