import Foundation
import InteropSupport
import Testing

/// A file with several problems reports them all in one go, a code that differs from another only
/// in case (`jdv` and `JDV`) among them: the office fixes the file once, not problem by problem.
/// One mixture for each list kind and for availability, through the binary, on both backends.
@Suite(.ownThreads) struct EveryProblemAtOnceTests {
    /// A runner on a seeded database of `backend`, and how to remove it all.
    static func seeded(_ backend: TestBackend) throws -> (CommandRunner, () -> Void) {
        var cli = try CommandRunner(today: "2026-12-01")
        var database: String?
        if backend == .postgres {
            let created = try PostgresTestServer.createDatabase()
            cli.environment["SLOTSHEET_DB"] = created.url
            database = created.name
        }
        try #require(try cli.run("db", "init").status == 0)
        try #require(try cli.run("db", "seed", "--sample").status == 0)
        return (cli, { [cli] in
            cli.remove()
            if let database { PostgresTestServer.dropDatabase(database) }
        })
    }

    static func write(_ cli: CommandRunner, _ name: String, _ lines: [String]) throws {
        try (lines.joined(separator: "\r\n") + "\r\n").write(toFile: cli.path(name), atomically: true, encoding: .utf8)
    }

    /// Runs the import, expects it refused (exit 1) and every one of `expected` in its report.
    static func expectAll(_ cli: CommandRunner, _ arguments: [String], _ expected: [String], count: Int) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 1, "\(arguments): \(result.output)\(result.errors)")
        #expect(result.output.contains("The file has \(count) problems; nothing was changed."), "\(result.output)")
        for line in expected { #expect(result.output.contains(line), "\(arguments) reports \(line): \(result.output)") }
    }

    @Test(arguments: TestBackend.available) func staffList(_ backend: TestBackend) throws {
        let (cli, remove) = try Self.seeded(backend)
        defer { remove() }
        try Self.write(cli, "add.csv", ["code,name,employee_number,active", "JDV,Jan de Vries,E9001,x"])
        try #require(try cli.run("staff", "import", "add.csv").status == 0)
        try Self.write(cli, "staff.csv", [
            "code,name,employee_number,active", "jdv,Jan de Vries,E9000,x", "KLM,,E9002,x", "NOP,Nora,E9003,maybe",
            "Q R,Quinten,E9004,x", "STU,Stijn,E9005", "VWX,Vera,E9006,x", "vwx,Vera 2,E9007,x",
        ])
        try Self.expectAll(cli, ["staff", "import", "staff.csv"], [
            "Line 2: 'jdv' differs from the code 'JDV' in the database only in upper and lower case.",
            "Line 3: The name is empty.", "Line 4: 'maybe' is not a valid value for active.", "Line 5: 'Q R' cannot be a code.",
            "Line 6: This line has 3 fields; the header has 4.", "Line 8: The code 'vwx' is also on line 7.",
        ], count: 6)
    }

    @Test(arguments: TestBackend.available) func daypartList(_ backend: TestBackend) throws {
        let (cli, remove) = try Self.seeded(backend)
        defer { remove() }
        try Self.write(cli, "dayparts.csv", [
            "code,label,start,end,order,active", "d09,09:00-10:00,09:00,10:00,2,x", "AV,,18:00,19:00,7,x", "NT,Nacht,25:00,26:00,8,x",
            "EV,Avond,20:00,21:00,first,x", "ev,Avond 2,21:00,22:00,9,x",
        ])
        try Self.expectAll(cli, ["dayparts", "import", "dayparts.csv"], [
            "Line 2: 'd09' differs from the code 'D09' in the database only in upper and lower case.",
            "Line 3: The label is empty.", "Line 4: '25:00' is not a time for start.", "Line 5: 'first' is not a whole number for order.",
            "Line 6: The code 'ev' is also on line 5.",
        ], count: 7)
    }

    @Test(arguments: TestBackend.available) func catalogue(_ backend: TestBackend) throws {
        let (cli, remove) = try Self.seeded(backend)
        defer { remove() }
        try Self.write(cli, "catalogue.csv", [
            "location,space,element,defect,active", "Woning,Keuken,Kraan,Lekt,x", "woning,keuken,kraan,lekt,x",
            "Woning,,Deur,Klemt,x", "Woning,Badkamer,Douche,Verstopt,misschien", "bathroom,shower,mixer tap,dripping,x",
        ])
        try Self.expectAll(cli, ["catalogue", "import", "catalogue.csv"], [
            "Line 3:", "Line 4: The space is empty.", "Line 5: 'misschien' is not a valid value for active.",
            "Line 6: 'bathroom > shower > mixer tap > dripping' differs from the defect 'Bathroom > Shower > Mixer tap > Dripping' in the database only in upper and lower case.",
        ], count: 4)
    }

    @Test(arguments: TestBackend.available) func availability(_ backend: TestBackend) throws {
        let (cli, remove) = try Self.seeded(backend)
        defer { remove() }
        try Self.write(cli, "availability.csv", [
            "date,daypart,staff,available", "2026-12-08,D09,anb,x", "2026-12-08,D09,BRW,maybe", "31-02-2026,D09,BRW,x",
            "2026-12-09,D09", "2026-12-10,D09,BRW,x", "2026-12-10,D09,brw,x",
        ])
        try Self.expectAll(cli, ["import", "availability.csv"], [
            "Line 2: Staff code 'anb' is not in the database.", "Line 3: 'maybe' is not a valid value for available.",
            "Line 4: '31-02-2026' is not a date.", "Line 5: This line has 2 fields; the header has 4.",
        ], count: 5)
    }
}
