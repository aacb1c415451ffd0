import Foundation
import InteropSupport
import SlotSheetCore
import Testing

/// What the office meets when an import goes wrong: marks read the way they look, refused values that
/// cannot look valid, escape sequences that never reach the terminal, an edited template told apart
/// from a changed database, and an error workbook that names its own sheets.
@Suite(.ownThreads) struct ImportMessageTests {
    /// Full-width, zero-width-space, capital and trailing-space marks count as x in .xlsx and .ods alike.
    @Test func marksAreReadTheWayTheyLookInXLSXAndODS() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let cells = try scenario.addableCells(4)
        let marks = ["\\uff58", "x\\u200b", "X", "x "]
        try scenario.edit(to: "marks.xlsx", cells: Dictionary(uniqueKeysWithValues: zip(cells.map(\.cell), marks.map(Optional.some))))
        let xlsx = try scenario.importJSON("marks.xlsx", "--dry-run")
        #expect(xlsx.status == 0, "\(xlsx.report)")
        #expect(xlsx.report["added"] as? Int == 4 && xlsx.report["removed"] as? Int == 0)
        let ods = try scenario.convert("marks.xlsx", to: "ods", into: "ods")
        let fromODS = try scenario.importJSON(ods, "--dry-run")
        #expect(fromODS.status == 0, "\(fromODS.report)")
        #expect(fromODS.report["added"] as? Int == 4 && fromODS.report["removed"] as? Int == 0)
        let applied = try scenario.cli.run("import", "marks.xlsx")
        #expect(applied.status == 0)
        #expect(try scenario.availability().isSuperset(of: cells.map(\.key)))
    }

    /// A refused value shows its invisible characters by name; an escape sequence from a cell is
    /// printed as text, never as the raw ESC byte, while the error workbook keeps the cell as it was.
    @Test func refusedValuesAreShownExactlyAndEscapeSequencesNeverReachTheTerminal() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let cells = try scenario.addableCells(2)
        try scenario.edit(to: "bad.xlsx", cells: [cells[0].cell: "y\\u200b", cells[1].cell: "_x001B_[2J_x001B_[31mred"])
        let result = try scenario.cli.run("import", "bad.xlsx", "--errors-out", "errors.xlsx")
        #expect(result.status == 1)
        #expect(!result.output.unicodeScalars.contains("\u{1B}") && !result.errors.unicodeScalars.contains("\u{1B}"))
        #expect(result.output.contains("Sheet Availability, cell \(cells[0].cell): 'y' followed by U+200B ZERO WIDTH SPACE is not a valid mark; use x or leave empty."),
                "\(result.output)")
        #expect(result.output.contains("Sheet Availability, cell \(cells[1].cell): U+001B ESCAPE followed by '[2J' followed by U+001B ESCAPE followed by '[31mred' is not a valid mark"),
                "\(result.output)")
        let dutch = try scenario.cli.run("import", "bad.xlsx", "--lang", "nl")
        #expect(dutch.output.contains("'y' gevolgd door U+200B (spatie zonder breedte) is geen geldige invoer"), "\(dutch.output)")
        let kept = try Interop.runPython("""
            import sys, openpyxl
            ws = openpyxl.load_workbook(sys.argv[1])["Availability"]
            print(repr(ws[sys.argv[2]].value))
            """, arguments: [scenario.cli.path("errors.xlsx"), cells[1].cell])
        // openpyxl shows the stored OOXML escapes (_x001B_ is ESC), as the input file held them.
        #expect(kept.trimmingCharacters(in: .whitespacesAndNewlines) == "'_x001B_[2J_x001B_[31mred'")
    }

    /// Staff codes, dates or the fingerprint edited in the hidden sheet: its own message, exit code 9 and
    /// JSON status, not a list of changes in the database; nothing written.
    @Test(arguments: [
        ("staff code", "for row in ws.iter_rows():\n    if row[0].value == 'staff':\n        row[2].value = 'ZZZ'\n        break"),
        ("date", "for row in ws.iter_rows():\n    if row[0].value == 'row':\n        row[2].value = '2026-11-29'\n        break"),
        ("fingerprint", "for row in ws.iter_rows():\n    if row[0].value == 'meta' and row[1].value == 'fingerprint':\n        row[2].value = 'a' * 64"),
    ])
    func anEditedHiddenSheetIsToldApartFromAChangedDatabase(_ edit: (what: String, python: String)) throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let before = try scenario.availability()
        let cell = try scenario.addableCells(1)[0]
        try scenario.edit(to: "edited.xlsx", sheet: "_slotsheet", python: """
            wb["Availability"]["\(cell.cell)"] = "x"
            \(edit.python)
            """)
        let result = try scenario.cli.run("import", "edited.xlsx")
        #expect(result.status == 9, "\(edit.what): \(result.errors)")
        #expect(result.errors.contains("This template's hidden information (the sheet _slotsheet: staff codes, dates, fingerprint) was changed"),
                "\(edit.what): \(result.errors)")
        #expect(!result.output.contains("The database changed"))
        // A dry run checks the rows on its own core while the cells are parsed on another: the same answer.
        let dryRun = try scenario.cli.run("import", "edited.xlsx", "--dry-run")
        #expect(dryRun.status == 9 && dryRun.errors.contains("This template's hidden information"), "\(edit.what), dry run: \(dryRun.errors)")
        let json = try scenario.importJSON("edited.xlsx", "--lang", "nl")
        #expect(json.status == 9 && json.report["status"] as? String == "template_edited", "\(json.report)")
        #expect((json.report["message"] as? String)?.hasPrefix("De verborgen gegevens van dit rooster") == true)
        #expect(try scenario.availability() == before)
    }

    /// A formula a script wrote without calculating it is its own problem, in English and Dutch; once a
    /// program calculated it (LibreOffice re-saving the file), its result `x` counts as x.
    @Test func aFormulaWithoutAResultIsAProblemAndOneWithResultXIsAMark() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let cell = try scenario.addableCells(1)[0]
        try scenario.edit(to: "formula.xlsx", cells: [cell.cell: "=IF(1,\\\"x\\\",\\\"\\\")"])
        let result = try scenario.cli.run("import", "formula.xlsx")
        #expect(result.status == 1)
        #expect(result.output.contains("Sheet Availability, cell \(cell.cell): This cell holds a formula but no result; type x or leave it empty."),
                "\(result.output)")
        let dutch = try scenario.cli.run("import", "formula.xlsx", "--lang", "nl")
        #expect(dutch.output.contains("Blad Availability, cel \(cell.cell): Deze cel bevat een formule maar geen uitkomst; typ x of laat de cel leeg."),
                "\(dutch.output)")
        let calculated = try scenario.convert("formula.xlsx", to: "xlsx", into: "calculated")
        let applied = try scenario.importJSON(calculated)
        #expect(applied.status == 0 && applied.report["added"] as? Int == 1, "\(applied.report)")
        #expect(try scenario.availability().contains(cell.key))
    }

    /// An English template imported with --lang nl: the error workbook is Dutch, and its list names the
    /// cells on the sheet it really has (Beschikbaarheid), with links that land there.
    @Test func anErrorWorkbookInAnotherLanguageNamesItsOwnSheets() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let target = try scenario.addableCells(1)[0].cell
        try scenario.edit(to: "bad.xlsx", cells: [target: "ja"])
        let result = try scenario.cli.run("import", "bad.xlsx", "--lang", "nl", "--errors-out", "fouten.xlsx")
        #expect(result.status == 1)
        #expect(result.output.contains("Blad Availability, cel \(target): 'ja' is geen geldige invoer"), "\(result.output)")
        let seen = try Interop.runPython("""
            import sys, json, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            errors = wb["Fouten"]
            print(json.dumps({"sheets": wb.sheetnames, "place": errors["A2"].value, "link": errors["A2"].hyperlink.location,
                              "value": wb["Beschikbaarheid"][sys.argv[2]].value}))
            """, arguments: [scenario.cli.path("fouten.xlsx"), target])
        let view = try #require(try JSONSerialization.jsonObject(with: Data(seen.utf8)) as? [String: Any])
        #expect((view["sheets"] as? [String])?.first == "Beschikbaarheid")
        #expect(view["place"] as? String == "Blad Beschikbaarheid, cel \(target)")
        #expect(view["link"] as? String == "'Beschikbaarheid'!\(target)")
        #expect(view["value"] as? String == "ja")
    }
}

/// A file that is not a workbook at all, renamed to .xlsx: one sentence saying what it is and what to do.
@Suite(.ownThreads) struct NotAWorkbookTests {
    @Test func aRenamedFileIsRefusedSayingWhatItLooksLike() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        try Interop.runPython("""
            import sys, zipfile
            folder = sys.argv[1]
            open(folder + "/scan.xlsx", "wb").write(b"%PDF-1.4\\n1 0 obj\\n<<>>\\nendobj\\ntrailer\\n<<>>\\n%%EOF\\n")
            with zipfile.ZipFile(folder + "/rooster.xlsx", "w") as z:
                z.writestr("Index/Document.iwa", b"\\x00" * 64)
                z.writestr("Metadata/Properties.plist", b"<plist/>")
            with zipfile.ZipFile(folder + "/letter.xlsx", "w") as z:
                z.writestr("[Content_Types].xml", "<Types/>")
                z.writestr("word/document.xml", "<document/>")
            """, arguments: [scenario.cli.folder.path])
        let expected = [
            ("scan.xlsx", "This file is a PDF document, not a workbook; open the availability template in Excel or LibreOffice and import that .xlsx or .ods.",
             "Dit bestand is een PDF-document, geen werkmap;"),
            ("rooster.xlsx", "This file is an Apple Numbers spreadsheet, not a workbook slotsheet reads; in Numbers choose File > Export To > Excel and import that .xlsx.",
             "Dit bestand is een Apple Numbers-spreadsheet"),
            ("letter.xlsx", "This file is a Word document, not a workbook;", "Dit bestand is een Word-document, geen werkmap;"),
        ]
        for (file, english, dutch) in expected {
            let result = try scenario.cli.run("import", file)
            #expect(result.status == 4, "\(file): \(result.errors)")
            #expect(result.errors.contains(english), "\(file): \(result.errors)")
            // One sentence: no message inside another, the advice once.
            #expect(result.errors.components(separatedBy: ". ").count == 1 && result.errors.components(separatedBy: "import").count == 2,
                    "\(file): \(result.errors)")
            let nl = try scenario.cli.run("import", file, "--lang", "nl")
            #expect(nl.status == 4 && nl.errors.contains(dutch), "\(file): \(nl.errors)")
        }
        // A LibreOffice .ods renamed to .xlsx is read by its content: imported, not refused.
        let ods = try scenario.convert("t.xlsx", to: "ods", into: "ods")
        try FileManager.default.moveItem(atPath: scenario.cli.path(ods), toPath: scenario.cli.path("renamed.xlsx"))
        let renamed = try scenario.cli.run("import", "renamed.xlsx", "--dry-run")
        #expect(renamed.status == 0, "\(renamed.errors)")
    }
}
