import Foundation
import InteropSupport
import Testing

/// `slotsheet nightly` SIGKILLed at random moments over a day folder a previous run published:
/// after every kill the folder is the previous complete output or the new complete output, never a
/// mix, nothing partial is in sight, and the next run removes the staging folder and succeeds.
///
/// Every trial starts from the same prepared output folder and database (copied), so trials are
/// independent. `SLOTSHEET_KILL_NIGHTLY_TRIALS` (default 50) sets their number. One trial in three
/// is killed at a random moment (seeded: the seed is printed, `SLOTSHEET_TEST_SEED` replays it),
/// one as soon as a file is staged and one as soon as the folder is published, and each aimed
/// trial is checked for what it must leave.
@Suite(.ownThreads, .serialized) struct NightlyCrashTests {
    private let arguments = ["nightly", "--out", "out"]
    /// How many times an aimed trial is started before a run that keeps ending first counts as a failure.
    private static let aimAttempts = 5

    /// The phase a killed run had reached, from the log lines it printed: how many of the `files`
    /// it had staged, or that it had published.
    private func phase(_ log: String, files: Int) -> String {
        if log.contains("nightly: published ") { return "published, not yet done" }
        let staged = log.split(separator: "\n").filter { $0.contains("nightly: wrote ") || $0.contains("nightly: unchanged ") }.count
        if !log.contains("nightly: nightly export for ") { return "starting (nothing logged yet)" }
        return staged < files ? "staging (\(staged) of \(files) files staged)" : "all staged: manifest, record, publish"
    }

    /// Runs the nightly export to its end: its exit status, its log, and when it logged that it was
    /// done (seconds from its start; the process still has to exit and be reaped after that).
    private func uninterrupted(_ cli: CommandRunner) throws -> (status: Int32, log: String, doneAt: TimeInterval) {
        let run = try KillableRun(cli, arguments, output: "uninterrupted.log")
        var doneAt = 0.0
        run.wait(or: {
            if doneAt == 0 && run.output().contains("nightly: done: ") { doneAt = run.elapsed }
            return false
        })
        let status = run.finish()
        return (status, run.output(), doneAt > 0 ? doneAt : run.elapsed)
    }

    @Test func aNightlyRunKilledAtAnyMomentLeavesThePreviousOrTheNewOutputWhole() throws {
        let trials = KillSettings.count("SLOTSHEET_KILL_NIGHTLY_TRIALS", default: 50)
        var cli = try CommandRunner.withSampleDatabase()
        defer { cli.remove() }
        // Every run at one office moment: the requests report takes what changed in the 24 hours
        // before now, and the sample's requests were changed yesterday at their own times of day, so
        // on the wall clock a request leaves the report when that time passes, and a trial run a
        // minute after the reference run wrote another report (seen under load: every trial after
        // such a minute failed). The sample seeds dates and times, not the wall clock.
        cli.environment["SLOTSHEET_NOW"] = "2026-12-01T12:00"
        let output = NightlyOutput(folder: cli.path("out"))
        let started = Date()

        // The previous run's output, then a change in the database, kept as the prepared state.
        try #require(try cli.run(arguments).status == 0)
        let previous = try output.completeDay()
        try #require(try cli.run("import", try cli.oneNewMark()).status == 0)
        try cli.restore("out", to: "prepared-out")
        try cli.restore("slotsheet.sqlite", to: "prepared.sqlite")

        // One uninterrupted run from there: the new output and how long a run takes.
        let reference = try uninterrupted(cli)
        try #require(reference.status == 0, "\(reference.log)")
        let new = try output.completeDay()
        try #require(new.content != previous.content && new.files.contains { $0.status == "unchanged" },
                     "the new run rewrites some files and links others")
        print(String(format: "nightly crash: an uninterrupted run is done after %.2f s", reference.doneAt))

        var generator = SeededGenerator(test: "nightly crash")
        var tally = PhaseTally(), outcomes = PhaseTally()
        // The machine is shared: how long a run takes follows the uninterrupted runs of the last trials.
        var durations = RecentDurations(reference.doneAt)
        for trial in 0..<trials {
            let aim = NightlyKillAim(trial)
            // An aimed kill can come after a busy machine let the run finish (the last steps after
            // publishing take milliseconds): such an attempt is tried again, at most `aimAttempts` times.
            var attempt = 0, run: KillableRun, killed: Bool
            repeat {
                attempt += 1
                try cli.restore("prepared-out", to: "out")
                try cli.restore("prepared.sqlite", to: "slotsheet.sqlite")
                run = try KillableRun(cli, arguments, output: "trial.log")
                switch aim {
                case .anywhere:
                    run.wait(until: Double.random(in: 0...durations.typical, using: &generator))
                case .firstFileStaged:
                    // As soon as one file is staged: the rest are still being written, nothing is published.
                    run.wait(or: { run.output().contains("nightly: wrote ") || run.output().contains("nightly: unchanged ") })
                case .published:
                    // As soon as the folder is published, before the run has cleaned up and pruned.
                    run.wait(or: { run.output().contains("nightly: published ") })
                }
                killed = run.kill()
                if !killed && aim != .anywhere { tally.add("aim missed, tried again") }
            } while !killed && aim != .anywhere && attempt < Self.aimAttempts
            guard killed else {
                tally.add("ended before the kill")
                #expect(aim == .anywhere, "trial \(trial): aimed at '\(aim)', the run ended before the kill \(attempt) times")
                #expect(run.finish() == 0 && (try? output.completeDay().content) == new.content, "trial \(trial) ran to its end")
                continue
            }
            tally.add(phase(run.output(), files: new.files.count))
            let leftStaging = try !output.stagingFolders().isEmpty
            if leftStaging { outcomes.add("staging folder left") }
            let stray = try output.strayEntries()
            #expect(stray.isEmpty, "trial \(trial): nothing partial in sight: \(stray)")
            var left = "incomplete"
            do {
                let day = try output.completeDay()
                if day == previous {
                    left = "previous output"
                } else if day.content == new.content {
                    // The content alone tells them apart (the new output's differs from the previous,
                    // required above): `generated_at` has whole seconds, and a quick machine runs the
                    // previous run and the first trials within one.
                    left = "new output"
                } else {
                    let differing = day.files.map(\.name).filter { day.content[$0] != new.content[$0] }
                    let what = "differs from the new output in \(differing) (new: \(new.content), generated \(new.generatedAt))"
                    Issue.record("trial \(trial): a complete folder that is neither the previous nor the new output; \(what); the run's log:\n\(run.output())\n\(day)")
                }
            } catch {
                Issue.record("trial \(trial), killed in phase '\(phase(run.output(), files: new.files.count))': \(error)")
            }
            outcomes.add(left)
            switch aim {
            case .firstFileStaged:
                #expect(left == "previous output" && leftStaging, "trial \(trial): killed while staging, left \(left), staging left: \(leftStaging)")
            case .published:
                #expect(left == "new output", "trial \(trial): killed once published, left \(left)")
            case .anywhere:
                break
            }
            let next = try uninterrupted(cli)
            durations.add(next.doneAt)
            #expect(next.status == 0, "trial \(trial): the next run succeeds: \(next.log)")
            #expect(try output.stagingFolders().isEmpty, "trial \(trial): the next run removes the staging folder")
            #expect(try output.completeDay().content == new.content, "trial \(trial): and publishes the new output")
        }
        print(String(format: "nightly crash: %d trials in %.0f s; killed while %@; left %@", trials,
                     Date().timeIntervalSince(started), tally.description, outcomes.description))
        // Two trials in three are aimed (staging, published) and checked above, one by one.
        #expect(outcomes["previous output"] >= NightlyKillAim.count(.firstFileStaged, in: trials)
                && outcomes["staging folder left"] >= NightlyKillAim.count(.firstFileStaged, in: trials)
                && outcomes["new output"] >= NightlyKillAim.count(.published, in: trials), "\(outcomes)")
    }
}

/// Where a nightly crash trial aims its kill: trials take the three in turn.
enum NightlyKillAim: Int, CaseIterable, CustomStringConvertible {
    case anywhere, firstFileStaged, published

    init(_ trial: Int) { self = NightlyKillAim(rawValue: trial % NightlyKillAim.allCases.count)! }

    static func count(_ aim: NightlyKillAim, in trials: Int) -> Int {
        (0..<trials).filter { NightlyKillAim($0) == aim }.count
    }

    var description: String {
        switch self {
        case .anywhere: return "a random moment"
        case .firstFileStaged: return "the first staged file"
        case .published: return "the publish"
        }
    }
}
