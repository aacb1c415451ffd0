import Foundation
import Testing

/// `slotsheet nightly` SIGKILLed at random moments over a day folder a previous run published:
/// after every kill the folder is the previous complete output or the new complete output, never a
/// mix, nothing partial is in sight, and the next run removes the staging folder and succeeds.
///
/// Every trial starts from the same prepared output folder and database (copied), so trials are
/// independent. `SLOTSHEET_KILL_NIGHTLY_TRIALS` (default 50) sets their number.
@Suite(.serialized) struct NightlyCrashTests {
    private let arguments = ["nightly", "--out", "out"]

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
        let cli = try CommandRunner.withSampleDatabase()
        defer { cli.remove() }
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

        var generator = SystemRandomNumberGenerator()
        var tally = PhaseTally(), outcomes = PhaseTally()
        // The machine is shared: how long a run takes follows the uninterrupted runs of the last trials.
        var durations = RecentDurations(reference.doneAt)
        for trial in 0..<trials {
            try cli.restore("prepared-out", to: "out")
            try cli.restore("prepared.sqlite", to: "slotsheet.sqlite")
            let run = try KillableRun(cli, arguments, output: "trial.log")
            run.wait(until: Double.random(in: 0...durations.typical, using: &generator))
            guard run.kill() else {
                tally.add("ended before the kill")
                #expect(run.finish() == 0 && (try? output.completeDay().content) == new.content, "trial \(trial) ran to its end")
                continue
            }
            tally.add(phase(run.output(), files: new.files.count))
            if try !output.stagingFolders().isEmpty { outcomes.add("staging folder left") }
            let stray = try output.strayEntries()
            #expect(stray.isEmpty, "trial \(trial): nothing partial in sight: \(stray)")
            do {
                let day = try output.completeDay()
                if day == previous {
                    outcomes.add("previous output")
                } else if day.content == new.content && day.generatedAt != previous.generatedAt {
                    outcomes.add("new output")
                } else {
                    Issue.record("trial \(trial): a complete folder that is neither the previous nor the new output: \(day)")
                }
            } catch {
                Issue.record("trial \(trial), killed in phase '\(phase(run.output(), files: new.files.count))': \(error)")
            }
            let next = try uninterrupted(cli)
            durations.add(next.doneAt)
            #expect(next.status == 0, "trial \(trial): the next run succeeds: \(next.log)")
            #expect(try output.stagingFolders().isEmpty, "trial \(trial): the next run removes the staging folder")
            #expect(try output.completeDay().content == new.content, "trial \(trial): and publishes the new output")
        }
        print(String(format: "nightly crash: %d trials in %.0f s; killed while %@; left %@", trials,
                     Date().timeIntervalSince(started), tally.description, outcomes.description))
        #expect(tally.total - tally["ended before the kill"] >= trials / 2, "most kills land while the run works: \(tally)")
        #expect(outcomes["previous output"] > 0 && outcomes["staging folder left"] > 0,
                "some kills land before the publish, with files staged: \(outcomes)")
    }
}
