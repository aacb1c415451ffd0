import Foundation
import GRDB
import InteropSupport
import SlotSheetCore
import Testing

/// `slotsheet nightly` as cron runs it: real processes, real folders, real locks and SIGKILL.
@Suite(.ownThreads) struct NightlyCommandTests {
    private func seeded() throws -> CommandRunner {
        let cli = try CommandRunner(today: "2026-12-01")
        try #require(try cli.run("db", "init").status == 0)
        try #require(try cli.run("db", "seed", "--sample").status == 0)
        return cli
    }

    private struct Manifest: Decodable {
        struct File: Decodable { let name: String; let status: String; let rows: Int; let sha256: String }
        let date: String
        let files: [File]
    }

    /// The day folder's manifest, with every file checked against its SHA-256.
    private func completeDay(_ cli: CommandRunner, _ day: String = "2026-12-01") throws -> Manifest {
        let folder = cli.path("exports/\(day)")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/manifest.json")))
        for file in manifest.files {
            #expect(try FileDigest.sha256(ofFileAt: "\(folder)/\(file.name)") == file.sha256, "\(file.name) matches the manifest")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == (manifest.files.map(\.name) + ["manifest.json"]).sorted(), "nothing but the listed files")
        return manifest
    }

    @Test func writesTheDaysFilesWithAManifestAndSkipsWhatDidNotChange() throws {
        let cli = try seeded()
        defer { cli.remove() }
        let first = try cli.run("nightly", "--out", "exports")
        #expect(first.status == 0, "\(first.output)\(first.errors)")
        let manifest = try completeDay(cli)
        #expect(manifest.date == "2026-12-01")
        #expect(manifest.files.map(\.name) == ["availability-template.xlsx", "utilization.xlsx", "requests-changed.xlsx", "imports-yesterday.xlsx"])
        #expect(manifest.files.allSatisfy { $0.status == "written" })
        #expect(manifest.files[0].rows == 14 * 6)
        let lines = first.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d (INFO|WARNING|ERROR) nightly: .+/) != nil },
                "one line per event with time and level")

        let second = try cli.run("nightly", "--out", "exports")
        #expect(second.status == 0)
        #expect(second.output.contains("unchanged utilization.xlsx"))
        #expect(try completeDay(cli).files.allSatisfy { $0.status == "unchanged" })

        // A change in the database: the template and utilisation are written again, the rest is not.
        let template = try completeDay(cli).files[0]
        let isAvailable = try DatabaseQueue(path: cli.path("slotsheet.sqlite")).read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM availability a JOIN staff s ON s.id = a.staff_id JOIN daypart d ON d.id = a.daypart_id
                WHERE a.date = '2026-12-03' AND d.code = 'D13' AND s.code = 'ANB'
                """)! > 0
        }
        try "date,daypart,staff,available\n2026-12-03,D13,ANB,\(isAvailable ? "no" : "x")\n".write(
            toFile: cli.path("a.csv"), atomically: true, encoding: .utf8)
        let imported = try cli.run("import", "a.csv")
        #expect(imported.status == 0 && imported.output.contains("Applied"), "\(imported.output)")
        #expect(try cli.run("nightly", "--out", "exports").status == 0)
        let third = try completeDay(cli)
        #expect(third.files[0].status == "written" && third.files[0].sha256 != template.sha256)
        #expect(third.files[3].status == "unchanged")
        let runs = try DatabaseQueue(path: cli.path("slotsheet.sqlite")).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM export_run WHERE kind LIKE 'nightly-%'")! }
        #expect(runs == 12, "an export_run row per file per run")

        let elsewhere = try cli.run("nightly", "--out", "other-exports")
        #expect(elsewhere.status == 0)
        #expect(!elsewhere.output.contains("nightly: unchanged"), "a new output folder gets files of its own: \(elsewhere.output)")
        #expect(try cli.run("nightly", "--out", "exports").output.contains("unchanged requests-changed.xlsx"), "and the old one keeps its own")
    }

    @Test func aSecondRunWhileOneIsGoingStopsAtOnce() throws {
        let cli = try seeded()
        defer { cli.remove() }
        try FileManager.default.createDirectory(atPath: cli.path("exports"), withIntermediateDirectories: true)
        let holder = Process()
        holder.executableURL = Interop.python
        holder.arguments = ["-c", "import fcntl, sys, time; f = open(sys.argv[1], 'w'); fcntl.flock(f, fcntl.LOCK_EX); print('locked', flush=True); time.sleep(30)",
                            cli.path("exports/.slotsheet-nightly.lock")]
        let ready = Pipe()
        holder.standardOutput = ready
        try holder.run()
        defer { holder.terminate(); holder.waitUntilExit() }
        _ = ready.fileHandleForReading.availableData
        let started = Date()
        let refused = try cli.run("nightly", "--out", "exports")
        #expect(refused.status == 6)
        #expect(refused.errors.contains("Another nightly export is running"))
        #expect(Date().timeIntervalSince(started) < 5, "exits at once, does not wait")
        #expect(!FileManager.default.fileExists(atPath: cli.path("exports/2026-12-01")))
    }

    @Test func daysOlderThanKeepArePrunedAndNothingElse() throws {
        let cli = try seeded()
        defer { cli.remove() }
        for name in ["2026-11-01", "2026-11-23", "2026-11-24", "notes", "2026-13-45"] {
            try FileManager.default.createDirectory(atPath: cli.path("exports/\(name)"), withIntermediateDirectories: true)
        }
        let run = try cli.run("nightly", "--out", "exports", "--keep", "7")
        #expect(run.status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.path("exports")).filter { !$0.hasPrefix(".") }.sorted()
        #expect(left == ["2026-11-24", "2026-12-01", "2026-13-45", "notes"])
        #expect(run.output.contains("pruned 2026-11-01") && run.output.contains("pruned 2026-11-23"))
    }

    @Test func aConfigurationFileChoosesTheExports() throws {
        let cli = try seeded()
        defer { cli.remove() }
        try """
            { "exports": [
                { "name": "beschikbaarheid", "kind": "availability-csv", "from": "today", "to": "+6" },
                { "name": "bezetting", "kind": "utilization", "from": "+1", "to": "+7", "format": "csv", "language": "nl" },
                { "name": "open-verzoeken", "kind": "requests", "from": "today", "to": "+7", "statuses": ["new", "approved"] } ] }
            """.write(toFile: cli.path("nightly.json"), atomically: true, encoding: .utf8)
        let run = try cli.run("nightly", "--out", "exports", "--exports", "nightly.json")
        #expect(run.status == 0, "\(run.errors)")
        #expect(try completeDay(cli).files.map(\.name) == ["beschikbaarheid.csv", "bezetting.csv", "open-verzoeken.xlsx"])
        let english = try String(contentsOfFile: cli.path("exports/2026-12-01/beschikbaarheid.csv"), encoding: .utf8)
        #expect(english.hasPrefix("date,daypart,staff,available\r\n"), "an English office's CSV is rfc4180")

        // A Dutch office's nightly CSVs are in its dialect (office.csv_dialect, excel-nl for Dutch): a run
        // in another dialect writes them again rather than keeping the previous run's.
        let dutch = try cli.run("nightly", "--out", "exports", "--exports", "nightly.json", "--set", "office.language=nl")
        #expect(dutch.status == 0, "\(dutch.errors)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cli.path("exports/2026-12-01/bezetting.csv")))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]) && String(decoding: bytes.dropFirst(3), as: UTF8.self).hasPrefix("Datum;"),
                "\(String(decoding: bytes.prefix(60), as: UTF8.self))")
        let availability = try Data(contentsOf: URL(fileURLWithPath: cli.path("exports/2026-12-01/beschikbaarheid.csv")))
        let text = String(decoding: availability.dropFirst(3), as: UTF8.self)
        #expect(availability.starts(with: [0xEF, 0xBB, 0xBF]) && text.hasPrefix("date;daypart;staff;available\r\n1-12-2026;"), "\(text.prefix(60))")

        try #"{ "exports": [ { "name": "x", "kind": "template", "from": "tomorrow", "to": "+3" } ] }"#.write(
            toFile: cli.path("bad.json"), atomically: true, encoding: .utf8)
        let bad = try cli.run("nightly", "--out", "exports", "--exports", "bad.json")
        #expect(bad.status == 2)
        #expect(bad.errors.contains("Export 'x': from 'tomorrow' is not a date"))
    }

    /// SIGKILL at random moments: the day's folder is the previous complete one or the new complete
    /// one, never a mix, and no partial file is ever visible; the next run cleans up after it.
    @Test func aRunKilledInTheMiddleLeavesThePreviousOutputIntact() throws {
        let cli = try seeded()
        defer { cli.remove() }
        // A long range makes the run long enough to be killed at many moments.
        try #"{ "exports": [ { "name": "template", "kind": "template", "from": "-30", "to": "+120" }, { "name": "utilization", "kind": "utilization", "from": "-30", "to": "+120" }, { "name": "requests", "kind": "requests", "from": "-60", "to": "+60" } ] }"#
            .write(toFile: cli.path("long.json"), atomically: true, encoding: .utf8)
        #expect(try cli.run("nightly", "--out", "exports", "--exports", "long.json").status == 0)
        _ = try completeDay(cli)
        let started = Date()
        #expect(try cli.run("nightly", "--out", "exports", "--exports", "long.json").status == 0)
        let duration = Date().timeIntervalSince(started)
        var generator = SeededGenerator(test: "nightly killed in the middle")
        var outcomes = (kept: 0, replaced: 0)
        for trial in 0..<12 {
            // Change the database each time, so a run that gets through publishes different files.
            let mark = trial % 2 == 0 ? "x" : ""
            try "date,daypart,staff,available\n2026-12-03,D13,ANB,\(mark)\n".write(toFile: cli.path("a.csv"), atomically: true, encoding: .utf8)
            #expect(try cli.run("import", "a.csv").status == 0)
            let before = try completeDay(cli).files.map(\.sha256)
            let process = Process()
            process.executableURL = CommandRunner.executable
            process.arguments = ["nightly", "--out", "exports", "--exports", "long.json"]
            process.currentDirectoryURL = cli.folder
            process.environment = cli.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(Double.random(in: 0...(duration * 1.1), using: &generator) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // Either the previous folder, whole, or the new one, whole (completeDay checks every file).
            if try completeDay(cli).files.map(\.sha256) == before { outcomes.kept += 1 } else { outcomes.replaced += 1 }
            let visible = try FileManager.default.contentsOfDirectory(atPath: cli.path("exports")).filter { !$0.hasPrefix(".") }
            #expect(visible == ["2026-12-01"], "no partial file or folder visible: \(visible)")
        }
        #expect(outcomes.kept + outcomes.replaced == 12)
        let after = try cli.run("nightly", "--out", "exports", "--exports", "long.json")
        #expect(after.status == 0)
        let hidden = try FileManager.default.contentsOfDirectory(atPath: cli.path("exports")).filter { $0.hasPrefix(".staging") }
        #expect(hidden.isEmpty, "the next run removes what killed runs left")
    }
}
