import Foundation
import InteropSupport
import Testing

/// `slotsheet requests export -o FILE.xlsx` and `requests import FILE.xlsx|FILE.ods` as the
/// office runs them, on SQLite and PostgreSQL: the exit codes and the words.
@Suite(.ownThreads) struct RequestWorkbookCommandTests {
    static let tools = (FileManager.default.isExecutableFile(atPath: Interop.python.path) && Interop.program(named: "soffice") != nil)
        || Interop.toolsRequired

    /// `slotsheet requests import FILE --json` as a dictionary, with its exit status.
    private func importJSON(_ cli: CommandRunner, _ file: String, _ extra: String...) throws -> (status: Int32, report: [String: Any]) {
        let result = try cli.run(["requests", "import", file, "--json"] + extra)
        return (result.status, (try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) as? [String: Any] ?? [:])
    }

    @Test(.enabled(if: RequestWorkbookCommandTests.tools, "no interop venv or LibreOffice"), arguments: TestBackend.available)
    func theWorkbookGoesOutAndComesBack(_ backend: TestBackend) throws {
        try Interop.requirePrograms(["soffice"])
        var cli = try CommandRunner()
        defer { cli.remove() }
        let database = try cli.useDatabase(backend)
        defer { database.map(PostgresTestServer.dropDatabase) }
        #expect(try cli.run("db", "init").status == 0 && cli.run("db", "seed", "--sample").status == 0)

        let export = try cli.run("requests", "export", "--status", "new", "--lang", "nl", "-o", "verzoeken.xlsx")
        #expect(export.status == 0 && export.output.contains("verzoeken.xlsx"), "\(export.errors)")
        let untouched = try importJSON(cli, "verzoeken.xlsx")
        #expect(untouched.status == 0 && untouched.report["status"] as? String == "nothing_to_change", "\(untouched.report)")
        let ods = try cli.convert("verzoeken.xlsx", to: "ods", into: "lo")
        #expect(try importJSON(cli, ods, "--dry-run").report["status"] as? String == "dry_run", "LibreOffice's .ods reads back unchanged")

        // A word that is no status, then one that is.
        let edit = { (value: String, target: String) in
            _ = try Interop.runPython("""
                import sys, openpyxl
                wb = openpyxl.load_workbook(sys.argv[1])
                wb["Verzoeken"]["J2"] = sys.argv[3]
                wb.save(sys.argv[2])
                """, arguments: [cli.path("verzoeken.xlsx"), cli.path(target), value])
        }
        try edit("goedkeuren", "fout.xlsx")
        let refused = try cli.run("requests", "import", "fout.xlsx", "--lang", "nl")
        #expect(refused.status == 1)
        #expect(refused.output.contains("Blad Verzoeken, cel J2: 'goedkeuren' is geen status."), "\(refused.output)")
        try edit("goedgekeurd", "besluit.xlsx")
        let applied = try importJSON(cli, "besluit.xlsx", "--operator", "maria")
        #expect(applied.status == 0 && applied.report["status"] as? String == "applied", "\(applied.report)")
        #expect((applied.report["counts"] as? [String: Any])?["approved"] as? Int == 1)

        try Interop.runPython("""
            import sys, openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            for row in wb["_slotsheet"].iter_rows():
                if row[0].value == "request":
                    row[3].value = "cancelled"
                    break
            wb.save(sys.argv[2])
            """, arguments: [cli.path("verzoeken.xlsx"), cli.path("vervalst.xlsx")])
        let tampered = try cli.run("requests", "import", "vervalst.xlsx")
        #expect(tampered.status == 9 && tampered.errors.contains("_slotsheet"), "\(tampered.errors)")

        let notODS = try cli.run("requests", "export", "-o", "verzoeken.ods")
        #expect(notODS.status == 2 && notODS.errors.contains(".xlsx"), "\(notODS.errors)")
    }
}
