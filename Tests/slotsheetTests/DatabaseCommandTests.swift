import InteropSupport
import Foundation
import SlotSheetCore
import Testing

/// `slotsheet db ...` as a user runs it: real process, real files, exit codes checked.
@Suite(.ownThreads) struct DatabaseCommandTests {
    @Test func initSeedAndStatusOnAFreshFolder() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let initialised = try cli.run("db", "init")
        #expect(initialised.status == 0)
        #expect(initialised.output.contains("schema version \(Schema.version)"))
        #expect(try cli.run("db", "init").status == 0, "init is safe to run again")

        let seeded = try cli.run("db", "seed", "--sample")
        #expect(seeded.status == 0, "\(seeded.errors)")
        #expect(seeded.output.contains("440 repair requests"))

        let status = try cli.run("db", "status")
        #expect(status.status == 0)
        for table in ["housing_corporation", "resident", "location", "space", "element", "defect", "subcontractor", "daypart",
                      "staff", "availability", "repair_request", "repair_request_defect", "import_batch",
                      "availability_change", "export_run"] {
            #expect(status.output.contains("  \(table) "), "db status lists \(table)")
        }
        #expect(status.output.contains(/repair_request +440\n/))
        let system = status.output.split(separator: "\n").dropFirst().first ?? ""
        #expect(system.hasPrefix("Database system: SQLite \(SQLiteLibrary.version) (journal_mode = wal, synchronous = "), "\(status.output)")
        #expect(FileManager.default.fileExists(atPath: cli.path("slotsheet.sqlite")))
    }

    @Test func theDatabaseComesFromTheEnvironmentOrTheOption() throws {
        var cli = try CommandRunner()
        defer { cli.remove() }
        cli.environment["SLOTSHEET_DB"] = "sqlite:\(cli.path("from-env.sqlite"))"
        #expect(try cli.run("db", "init").status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.path("from-env.sqlite")))
        #expect(try cli.run("db", "init", "--db", "sqlite:option.sqlite").status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.path("option.sqlite")))
    }

    @Test func aMissingDatabaseIsADatabaseError() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let result = try cli.run("db", "status")
        #expect(result.status == 5)
        #expect(result.errors.contains("slotsheet db init"))
        let seeding = try cli.run("db", "seed", "--sample")
        #expect(seeding.status == 5)
        #expect(!FileManager.default.fileExists(atPath: cli.path("slotsheet.sqlite")), "nothing created by accident")
    }

    @Test func anUnreachablePostgresServerIsADatabaseErrorThatHidesThePassword() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        // Nothing listens on port 1 of the loopback: the connection is refused at once.
        let result = try cli.run("db", "status", "--db", "postgres://office:secret@127.0.0.1:1/repairs")
        #expect(result.status == 5)
        #expect(result.errors.contains("Cannot use the database postgres://office:***@127.0.0.1:1/repairs"), "\(result.errors)")
        #expect(!result.errors.contains("secret"), "passwords are never printed")
        let badMode = try cli.run("db", "status", "--db", "postgres://office@127.0.0.1/repairs?sslmode=sometimes")
        #expect(badMode.status == 2)
        #expect(badMode.errors.contains("sslmode"))
    }

    @Test func usageErrorsExitWithTwo() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        #expect(try cli.run("db", "seed").status == 2)
        #expect(try cli.run("db", "seed", "--synthetic", "--staff", "5").status == 2)
        #expect(try cli.run("db", "frobnicate").status == 2)
        #expect(try cli.run("db", "status", "--db", "mysql://x").status == 2)
        var badDay = try CommandRunner()
        badDay.environment["SLOTSHEET_TODAY"] = "tomorrow"
        defer { badDay.remove() }
        let result = try badDay.run("db", "seed", "--sample")
        #expect(result.status == 2)
        #expect(result.errors.contains("SLOTSHEET_TODAY"))
    }

    @Test func everyCommandsHelpShowsAnExample() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        for command in [["db", "init"], ["db", "seed"], ["db", "status"], []] {
            let help = try cli.run(command + ["--help"])
            #expect(help.status == 0)
            #expect(help.output.contains("slotsheet db"), "help of \(command) shows an example")
        }
        // Every group and command: an example line (below "Example(s):") that runs that command.
        // The file import is the default of `import`, so its examples read `slotsheet import FILE`.
        let commands: [(path: [String], example: String)] = [
            ([], "slotsheet db"), (["db"], "slotsheet db init"), (["db", "init"], "slotsheet db init"),
            (["db", "seed"], "slotsheet db seed"), (["db", "status"], "slotsheet db status"),
            (["template"], "slotsheet template export"), (["template", "export"], "slotsheet template export"),
            (["export"], "slotsheet export availability"), (["export", "availability"], "slotsheet export availability"),
            (["import"], "slotsheet import december.xlsx"), (["import", "file"], "slotsheet import december.xlsx"),
            (["import", "undo"], "slotsheet import undo"), (["history"], "slotsheet history"),
            (["report"], "slotsheet report"), (["nightly"], "slotsheet nightly"), (["inspect"], "slotsheet inspect"),
        ]
        for (path, example) in commands {
            let help = try cli.run(path + ["--help"])
            #expect(help.status == 0)
            let examples = help.output.components(separatedBy: "Example").dropFirst().joined()
            #expect(examples.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(example + " ") },
                    "help of '\(path.joined(separator: " "))' shows an example '\(example) ...'")
        }
    }

    @Test func importsHelpShowsTheFileImportItRuns() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        for asked in [["import", "--help"], ["import", "-h"], ["help", "import"]] {
            let help = try cli.run(asked)
            #expect(help.status == 0)
            #expect(help.output.contains("slotsheet import <file>"), "\(asked): the usage of importing a file")
            for option in ["--dry-run", "--json", "--errors-out", "--force", "--operator", "--lang", "--db"] {
                #expect(help.output.contains(option), "\(asked) lists \(option)")
            }
            #expect(help.output.contains("slotsheet import undo"), "\(asked) names the other subcommand")
        }
        // Still a group: `import undo` and `import FILE` run as before.
        #expect(try cli.run("import", "undo", "--help").output.contains("<batch>"))
        #expect(try cli.run("db", "init").status == 0)
        #expect(try cli.run("import", "missing.xlsx").status == 4)
    }

    @Test func syntheticSeedIsReproducible() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        for name in ["a", "b"] {
            #expect(try cli.run("db", "init", "--db", "sqlite:\(name).sqlite").status == 0)
            let seeded = try cli.run("db", "seed", "--db", "sqlite:\(name).sqlite", "--synthetic", "--staff", "12",
                                     "--from", "2026-12-01", "--to", "+20", "--seed", "5")
            #expect(seeded.status == 0, "\(seeded.errors)")
        }
        let a = try cli.run("db", "status", "--db", "sqlite:a.sqlite").output.split(separator: "\n").dropFirst()
        let b = try cli.run("db", "status", "--db", "sqlite:b.sqlite").output.split(separator: "\n").dropFirst()
        #expect(a == b)
        #expect(a.contains { $0.contains("availability") && !$0.hasSuffix(" 0") })
    }
}
