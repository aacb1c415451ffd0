import Foundation
import InteropSupport
import SlotSheetCore
import Testing

/// A fresh install put to work without SQL: from `db init` alone, the office imports its dayparts
/// and staff (CSV, an .xlsx written by openpyxl, a CSV re-saved as .xlsx by LibreOffice), exports
/// a template with exactly those people, edits availability, makes a person inactive and undoes
/// it; on SQLite and PostgreSQL.
@Suite(.ownThreads, .serialized) struct ListCommandTests {
    private struct Install {
        let cli: CommandRunner
        let database: String?

        init(_ backend: TestBackend) throws {
            var cli = try CommandRunner(today: "2026-12-01")
            if backend == .postgres {
                let created = try PostgresTestServer.createDatabase()
                cli.environment["SLOTSHEET_DB"] = created.url
                database = created.name
            } else {
                database = nil
            }
            self.cli = cli
        }

        func remove() {
            cli.remove()
            if let database { PostgresTestServer.dropDatabase(database) }
        }

        func write(_ name: String, _ lines: [String]) throws {
            try (lines.joined(separator: "\r\n") + "\r\n").write(toFile: cli.path(name), atomically: true, encoding: .utf8)
        }

        /// `slotsheet ... --json` as a dictionary, with the exit status.
        func json(_ arguments: String...) throws -> (status: Int32, report: [String: Any], errors: String) {
            let result = try cli.run(arguments + ["--json"])
            return (result.status, (try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) as? [String: Any] ?? [:], result.errors)
        }

        /// The staff codes heading the template's columns ("ANB Anouk Bakker"), as openpyxl reads them.
        func templateStaff(_ file: String) throws -> [String] {
            try Interop.runPython("""
                import openpyxl, sys
                sheet = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
                print("\\n".join(str(c.value).split()[0] for c in sheet[1][\(TemplateLayout.firstStaffColumn):] if c.value))
                """, arguments: [cli.path(file)]).split(separator: "\n").map(String.init)
        }

        /// `export availability` of 2-8 December as "date daypart staff" lines.
        func availability() throws -> Set<String> {
            let result = try cli.run("export", "availability", "--from", "2026-12-02", "--to", "2026-12-08", "--all-staff", "-o", "a.csv")
            guard result.status == 0 else { throw Interop.Failure(description: result.errors) }
            let lines = try String(contentsOfFile: cli.path("a.csv"), encoding: .utf8).split(separator: "\r\n").dropFirst()
            return Set(lines.filter { $0.hasSuffix(",x") }.map { $0.split(separator: ",").prefix(3).joined(separator: " ") })
        }
    }

    @Test(.enabled(if: Interop.shouldRun(needing: ["soffice"])), arguments: TestBackend.available)
    func aFreshInstallIsPutToWorkWithItsOwnListsAndUndoesADeactivation(_ backend: TestBackend) throws {
        let install = try Install(backend)
        defer { install.remove() }
        let cli = install.cli
        #expect(try cli.run("db", "init").status == 0)
        #expect(try cli.run("template", "export", "--from", "+1", "--to", "+7", "--all-staff", "-o", "none.xlsx").status == 2)

        try install.write("dayparts.csv", ["code,label,start,end,order,active", "AM,08:00-12:00,08:00,12:00,1,x", "PM,13:00-17:00,13:00,17:00,2,x"])
        let dayparts = try install.json("dayparts", "import", "dayparts.csv")
        #expect(dayparts.status == 0 && dayparts.report["status"] as? String == "applied", "\(dayparts)")

        // Two people from a CSV, two more in a workbook openpyxl writes, one from a CSV LibreOffice saves as .xlsx.
        try install.write("staff.csv", ["code,name,employee_number,active", "ANB,Anouk Bakker,1040,x", "BRW,Bram de Wit,1047,x"])
        #expect(try install.json("staff", "import", "staff.csv", "--operator", "maria").status == 0)
        try Interop.runPython("""
            import openpyxl, sys
            book = openpyxl.Workbook(); sheet = book.active; sheet.title = "Medewerkers"
            for row in [("code", "naam", "personeelsnummer", "actief"), ("ANB", "Anouk Bakker", 1040, "x"),
                        ("CHP", "Chloë Peeters", 1054, "x"), ("DKV", "Dirk Visser", 1061, True)]:
                sheet.append(row)
            book.save(sys.argv[1])
            """, arguments: [cli.path("staff-openpyxl.xlsx")])
        let openpyxl = try install.json("staff", "import", "staff-openpyxl.xlsx", "--dry-run")
        #expect((openpyxl.report["added"] as? [Any])?.count == 2 && openpyxl.report["unchanged"] as? Int == 1, "\(openpyxl)")
        #expect(try install.json("staff", "import", "staff-openpyxl.xlsx").status == 0)
        try install.write("more.csv", ["code,name,employee_number,active", "EVL,Eva Linden,1068,x"])
        let saved = try cli.convert("more.csv", to: "xlsx", into: "lo")
        let libreOffice = try install.json("staff", "import", saved)
        #expect(libreOffice.status == 0 && (libreOffice.report["added"] as? [Any])?.count == 1, "\(libreOffice)")

        #expect(try cli.run("template", "export", "--from", "+1", "--to", "+7", "--all-staff", "-o", "t.xlsx").status == 0)
        #expect(try install.templateStaff("t.xlsx") == ["ANB", "BRW", "CHP", "DKV", "EVL"])

        // An availability edit, then ANB leaves: their slots to come go with them, and come back with undo.
        try install.write("avail.csv", ["date,daypart,staff,available", "2026-12-03,AM,ANB,x", "2026-12-04,PM,ANB,x", "2026-12-03,AM,BRW,x"])
        #expect(try cli.run("import", "avail.csv").status == 0)
        let before = try install.availability()
        #expect(before == ["2026-12-03 AM ANB", "2026-12-04 PM ANB", "2026-12-03 AM BRW"])
        try install.write("leave.csv", ["code,name,employee_number,active", "ANB,Anouk Bakker,1040,"])
        let leave = try install.json("staff", "import", "leave.csv")
        #expect(leave.report["availabilityRemoved"] as? Int == 2, "\(leave)")
        let batch = try #require(leave.report["batch"] as? Int)
        #expect(try install.availability() == ["2026-12-03 AM BRW"])
        let undo = try cli.run("import", "undo", String(batch))
        #expect(undo.status == 0, "\(undo.errors)")
        #expect(try install.availability() == before)
        #expect(try cli.run("history").output.contains("list Staff: leave.csv"))
        #expect(try cli.run("history", "--lang", "nl").output.contains("lijst Medewerkers: leave.csv"))

        // The export reads back as nothing to change, in both formats.
        for name in ["staff.xlsx", "staff-out.csv", "dayparts.xlsx"] {
            let list = name.hasPrefix("staff") ? "staff" : "dayparts"
            #expect(try cli.run(list, "export", "-o", name).status == 0)
            let again = try install.json(list, "import", name)
            #expect(again.report["status"] as? String == "nothing_to_change", "\(name): \(again)")
        }
    }

    @Test func refusalsHaveTheirPlaceAFixAndTheImportsExitCodes() throws {
        let install = try Install(.sqlite)
        defer { install.remove() }
        let cli = install.cli
        #expect(try cli.run("db", "init").status == 0)
        try install.write("bad.csv", ["code,name,employee_number,active", "ANB,\"Anouk\nBakker\",1040,x", "A B,Bram,1047,x"])
        let english = try cli.run("staff", "import", "bad.csv")
        #expect(english.status == 1)
        #expect(english.output.contains("Line 2: The name 'Anouk' followed by"), "\(english.output)")
        #expect(english.output.contains("holds a control character.\n      Retype the value without line breaks or tabs."), "\(english.output)")
        #expect(english.output.contains("Line 4: 'A B' cannot be a code."), "\(english.output)")
        let dutch = try cli.run("staff", "import", "bad.csv", "--lang", "nl")
        #expect(dutch.status == 1)
        #expect(dutch.output.contains("Regel 4: 'A B' kan geen code zijn."), "\(dutch.output)")
        #expect(dutch.output.contains("Gebruik 1 tot 12 letters"), "\(dutch.output)")
        let json = try install.json("staff", "import", "bad.csv")
        let problems = json.report["problems"] as? [[String: Any]] ?? []
        #expect(json.status == 1 && json.report["status"] as? String == "rejected")
        #expect(problems.compactMap { $0["line"] as? Int } == [2, 4] && problems.allSatisfy { $0["hint"] is String }, "\(json.report)")

        // A missing column is named in the message's language, and both languages' headers are said to be accepted.
        try install.write("nameless.csv", ["code;personeelsnummer;actief", "ANB;1040;x"])
        let missing = try cli.run("staff", "import", "nameless.csv", "--lang", "nl")
        #expect(missing.status == 1)
        #expect(missing.output.contains("Regel 1: De kopregel heeft geen kolom 'naam'."), "\(missing.output)")
        #expect(missing.output.contains("De eerste regel moet de kolommen code, naam, personeelsnummer en actief noemen; "
                                        + "de Engelse kopjes code, name, employee_number, active worden ook geaccepteerd."), "\(missing.output)")
        #expect(!missing.output.contains("'name'"), "\(missing.output)")
        let missingInEnglish = try cli.run("staff", "import", "nameless.csv", "--lang", "en")
        #expect(missingInEnglish.output.contains("Line 1: The header has no column 'name'."), "\(missingInEnglish.output)")
        #expect(missingInEnglish.output.contains("the Dutch headers code, naam, personeelsnummer, actief are accepted as well."),
                "\(missingInEnglish.output)")

        try Data("%PDF-1.4\n".utf8).write(to: URL(fileURLWithPath: cli.path("staff.pdf")))
        #expect(try cli.run("staff", "import", "staff.pdf").status == 4)
        #expect(try cli.run("dayparts", "import", "missing.csv").status == 4)
        #expect(try cli.run("staff", "import", "--help").output.contains("--dry-run"))
    }

    /// `--errors-out` on a refused list: the list as read with each bad cell (or CSV line) red and
    /// explained in a note, and an Errors sheet with each problem's place, message and fix, in the
    /// office's language; as openpyxl reads it. A valid file writes none.
    @Test func aRefusedListWritesItsErrorWorkbook() throws {
        let install = try Install(.sqlite)
        defer { install.remove() }
        let cli = install.cli
        #expect(try cli.run("db", "init").status == 0)
        try Interop.runPython("""
            import openpyxl, sys
            book = openpyxl.Workbook(); sheet = book.active; sheet.title = "Medewerkers"
            for row in [("code", "naam", "personeelsnummer", "actief"), ("ANB", "", "1040", "x"), ("BRW", "+SUM(A1)", "1047", "y")]:
                sheet.append(row)
            book.save(sys.argv[1])
            """, arguments: [cli.path("bad.xlsx")])
        let refused = try cli.run("staff", "import", "bad.xlsx", "--errors-out", "fix.xlsx", "--lang", "nl")
        #expect(refused.status == 1, "\(refused.errors)")
        let read = try Interop.runPython("""
            import openpyxl, sys
            book = openpyxl.load_workbook(sys.argv[1])
            print(book.sheetnames)
            staff = book["Medewerkers"]
            for ref in ("B2", "D3"):
                cell = staff[ref]
                print(ref, repr(cell.value or ""), cell.fill.fgColor.rgb != "00000000", (cell.comment.text if cell.comment else "").replace("\\n", " | "))
            print("B3", repr(staff["B3"].value), staff["B3"].data_type)
            for row in book["Fouten"].iter_rows(min_row=2, values_only=True):
                print(" / ".join(str(v) for v in row if v))
            """, arguments: [cli.path("fix.xlsx")])
        #expect(read.contains("['Medewerkers', 'Fouten']"), "\(read)")
        #expect(read.contains("B2 '' True De kolom naam is leeg.") && read.contains("Vul hem in."), "\(read)")
        #expect(read.contains("D3 'y' True"), "\(read)")
        #expect(read.contains("B3 '+SUM(A1)' s"), "formula-like text stays text: \(read)")
        #expect(read.contains("Blad Medewerkers, cel B2 / De kolom naam is leeg."), "\(read)")

        try install.write("bad.csv", ["code,name,employee_number,active", "A B,Bram,1047,x"])
        #expect(try cli.run("staff", "import", "bad.csv", "--errors-out", "fix-csv.xlsx").status == 1)
        let csv = try Interop.runPython("""
            import openpyxl, sys
            book = openpyxl.load_workbook(sys.argv[1])
            print(book.sheetnames, book["CSV"]["A2"].value, bool(book["CSV"]["A2"].comment))
            print([row for row in book["Errors"].iter_rows(min_row=2, values_only=True)][0][0])
            """, arguments: [cli.path("fix-csv.xlsx")])
        #expect(csv.contains("['CSV', 'Errors'] A B True") && csv.contains("Line 2"), "\(csv)")

        try install.write("good.csv", ["code,name,employee_number,active", "ANB,Anouk Bakker,1040,x"])
        #expect(try cli.run("staff", "import", "good.csv", "--errors-out", "none.xlsx").status == 0)
        #expect(!FileManager.default.fileExists(atPath: cli.path("none.xlsx")))
    }

    /// An exported list is made like the template: its header locked (the sheet protected, the
    /// rows editable), a drop-down on active, print-ready, and a very hidden sheet recording what
    /// the export saw. Edited by openpyxl it imports; after someone else changed the same row in
    /// the database it is refused (exit 3) naming the row and what changed, and `--force` applies
    /// only the office's edit on top; a hand-edited hidden sheet is refused (exit 9). On SQLite
    /// and PostgreSQL.
    @Test(arguments: TestBackend.available)
    func anExportedListIsLockedAndTellsAStaleEditApart(_ backend: TestBackend) throws {
        let install = try Install(backend)
        defer { install.remove() }
        let cli = install.cli
        #expect(try cli.run("db", "init").status == 0)
        try install.write("staff.csv", ["code,name,employee_number,active", "ANB,Anouk Bakker,1040,x", "BRW,Bram de Wit,1047,x"])
        #expect(try cli.run("staff", "import", "staff.csv").status == 0)
        #expect(try cli.run("staff", "export", "-o", "staff.xlsx").status == 0)

        let look = try Interop.runPython("""
            import openpyxl, re, sys, zipfile
            path = sys.argv[1]
            book = openpyxl.load_workbook(path)
            print("sheets", book.sheetnames, book["_slotsheet"].sheet_state)
            sheet = book["Staff"]
            print("locked", sheet["A1"].protection.locked, sheet["D1"].protection.locked, sheet["B2"].protection.locked, sheet["A3"].protection.locked)
            rules = [(str(v.sqref), v.formula1) for v in sheet.data_validations.dataValidation]
            print("validation", rules)
            setup = sheet.page_setup
            # fitToWidth left out means 1 (the OOXML default), which openpyxl reads as None.
            print("print", setup.orientation, sheet.sheet_properties.pageSetUpPr.fitToPage, setup.fitToWidth in (None, 1), setup.fitToHeight, sheet.print_title_rows)
            xml = zipfile.ZipFile(path).read("xl/worksheets/sheet1.xml").decode()
            print("protection", re.search(r"<sheetProtection [^>]*>", xml).group(0))
            """, arguments: [cli.path("staff.xlsx")])
        #expect(look.contains("sheets ['Staff', '_slotsheet'] veryHidden"), "\(look)")
        #expect(look.contains("locked True True False False"), "header locked, rows editable: \(look)")
        #expect(look.contains("validation [('D2:D1003', '\"x\"')]"), "\(look)")
        #expect(look.contains("print landscape True True 0 $1:$1"), "one page wide, header row on every page: \(look)")
        #expect(look.contains("<sheetProtection sheet=\"1\""), "\(look)")

        // Taken for a template, the list is not one (rather than a damaged one).
        let asTemplate = try cli.run("import", "staff.xlsx", "--dry-run")
        #expect(asTemplate.status == 4 && asTemplate.errors.contains("not a slotsheet availability template: it is a workbook with the sheet 'Staff'"),
                "\(asTemplate.errors)")

        // The office renames ANB in the exported file.
        try Interop.runPython("""
            import openpyxl, sys
            book = openpyxl.load_workbook(sys.argv[1]); book["Staff"]["B2"] = "Anouk de Bakker"; book.save(sys.argv[2])
            """, arguments: [cli.path("staff.xlsx"), cli.path("edited.xlsx")])
        let preview = try install.json("staff", "import", "edited.xlsx", "--dry-run")
        #expect(preview.status == 0 && (preview.report["changed"] as? [Any])?.count == 1, "\(preview)")

        // Meanwhile someone else gives ANB another employee number.
        try install.write("number.csv", ["code,name,employee_number,active", "ANB,Anouk Bakker,1041,x"])
        #expect(try cli.run("staff", "import", "number.csv").status == 0)
        let stale = try install.json("staff", "import", "edited.xlsx")
        let problem = (stale.report["problems"] as? [[String: Any]])?.first
        #expect(stale.status == 3 && stale.report["status"] as? String == "stale", "\(stale)")
        #expect(problem?["message"] as? String == "'ANB' was changed in the database after this list was exported: employee_number '1040' -> '1041'.",
                "\(stale)")
        let dutch = try cli.run("staff", "import", "edited.xlsx", "--lang", "nl")
        #expect(dutch.status == 3)
        #expect(dutch.output.contains("Blad Staff, cel A2: 'ANB' is in de database gewijzigd nadat deze lijst werd geëxporteerd: personeelsnummer '1040' -> '1041'."),
                "\(dutch.output)")
        #expect(dutch.output.contains("importeer met --force"), "\(dutch.output)")

        // Forced: the office's new name on top of the number the database has now; BRW, not edited, stays.
        let forced = try install.json("staff", "import", "edited.xlsx", "--force")
        #expect(forced.status == 0 && forced.report["status"] as? String == "applied", "\(forced)")
        #expect(try cli.run("staff", "export", "-o", "now.csv").status == 0)
        let now = try String(contentsOfFile: cli.path("now.csv"), encoding: .utf8)
        #expect(now.contains("ANB,Anouk de Bakker,1041,x") && now.contains("BRW,Bram de Wit,1047,x"), "\(now)")
        // The file still says 1040 where the database says 1041: stale again, and forced, nothing to change.
        #expect(try cli.run("staff", "import", "edited.xlsx").status == 3)
        #expect(try install.json("staff", "import", "edited.xlsx", "--force").report["status"] as? String == "nothing_to_change")

        // A hand-edited hidden sheet: the import cannot know what the export saw.
        try Interop.runPython("""
            import openpyxl, sys
            book = openpyxl.load_workbook(sys.argv[1]); book["_slotsheet"]["D2"] = "Someone"; book.save(sys.argv[2])
            """, arguments: [cli.path("staff.xlsx"), cli.path("tampered.xlsx")])
        let tampered = try cli.run("staff", "import", "tampered.xlsx")
        #expect(tampered.status == 9 && tampered.errors.contains("hidden information"), "\(tampered.errors)")
    }
}
