import Foundation
import InteropSupport
import SlotSheetCore
import Testing

/// `slotsheet import` end to end: templates exported by slotsheet, edited by openpyxl and
/// LibreOffice, imported by the binary; the database checked afterwards.
@Suite(.ownThreads) struct ImportRoundTripTests {
    @Test(arguments: TestBackend.available) func importingTheUntouchedTemplateChangesNothing(_ backend: TestBackend) throws {
        let scenario = try ImportScenario(backend)
        defer { scenario.remove() }
        let before = try scenario.availability()
        let result = try scenario.cli.run("import", "t.xlsx")
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("Nothing to change"))
        #expect(try scenario.availability() == before)
        // The attempt is in the audit trail, with nothing changed.
        let history = try scenario.cli.run("history").output.split(separator: "\n")
        #expect(history.count == 2 && history[1].contains(" nothing to change ") && history[1].hasSuffix("t.xlsx"), "\(history)")
    }

    @Test(arguments: TestBackend.available) func exactlyTheEditedCellsChangeAndReimportIsANoOp(_ backend: TestBackend) throws {
        let scenario = try ImportScenario(backend)
        defer { scenario.remove() }
        let before = try scenario.availability()
        let added = try scenario.addableCells(3)
        let removed = try scenario.removableCell()
        var cells: [String: String?] = [removed.cell: nil]
        for (index, cell) in added.enumerated() { cells[cell.cell] = ["x", " X ", "x"][index] }
        try scenario.edit(to: "edited.xlsx", cells: cells)

        let dry = try scenario.importJSON("edited.xlsx", "--dry-run")
        #expect(dry.status == 0)
        #expect(dry.report["status"] as? String == "dry_run" && dry.report["added"] as? Int == 3 && dry.report["removed"] as? Int == 1)
        #expect(try scenario.availability() == before, "a dry run writes nothing")

        let applied = try scenario.importJSON("edited.xlsx", "--operator", "maria")
        #expect(applied.status == 0)
        #expect(applied.report["status"] as? String == "applied" && applied.report["batch"] as? Int == 1)
        var expected = before
        added.forEach { expected.insert($0.key) }
        expected.remove(removed.key)
        #expect(try scenario.availability() == expected)

        let again = try scenario.importJSON("edited.xlsx")
        #expect(again.status == 0 && again.report["status"] as? String == "nothing_to_change")
        #expect(try scenario.availability() == expected)

        let history = try scenario.cli.run("history").output
        #expect(history.contains("maria") && history.contains("edited.xlsx"))

        let undo = try scenario.cli.run("import", "undo", "1")
        #expect(undo.status == 0, "\(undo.errors)")
        #expect(try scenario.availability() == before)
        let refused = try scenario.cli.run("import", "undo", "1")
        #expect(refused.status == 1 && refused.errors.contains("already undone by batch 3"), "\(refused.errors)")
        #expect(try scenario.cli.run("import", "undo", "42").status == 2)
        let nothing = try scenario.cli.run("import", "undo", "2")
        #expect(nothing.status == 1 && nothing.errors.contains("Batch 2 changed nothing (nothing to change), so there is nothing to undo."),
                "the re-import changed nothing: \(nothing.errors)")
    }

    /// Every attempt is in the history, refused ones with their problems; `--outcome` picks some.
    @Test func theHistoryListsEveryAttemptAndFiltersByOutcome() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let added = try scenario.addableCells(1)
        try scenario.edit(to: "edited.xlsx", cells: [added[0].cell: "x"])
        try scenario.edit(to: "bad.xlsx", cells: [added[0].cell: "maybe"])
        #expect(try scenario.cli.run("import", "bad.xlsx", "--operator", "piet").status == 1)
        #expect(try scenario.cli.run("import", "bad.xlsx", "--dry-run").status == 1)
        let json = try scenario.importJSON("bad.xlsx", "--operator", "piet")
        #expect(json.status == 1 && json.report["recordedAs"] as? Int == 2, "\(json.report)")
        #expect(try scenario.cli.run("import", "edited.xlsx", "--operator", "maria").status == 0)

        let all = try scenario.cli.run("history").output.split(separator: "\n").dropFirst()
        #expect(all.count == 3, "two refused attempts and the applied one, no dry run: \(all)")
        let rejected = try scenario.cli.run("history", "--outcome", "rejected").output.split(separator: "\n").dropFirst()
        #expect(rejected.count == 2 && rejected.allSatisfy { $0.contains("piet") && $0.contains(" rejected ") && $0.hasSuffix("bad.xlsx") })
        // batch, when ("1 Dec 2026 10:05 +01:00": five words), operator, outcome, problems
        #expect(rejected.allSatisfy { $0.split(separator: " ", omittingEmptySubsequences: true)[8] == "1" }, "one problem each: \(rejected)")
        let applied = try scenario.cli.run("history", "--outcome", "applied,stale").output.split(separator: "\n").dropFirst()
        #expect(applied.count == 1 && applied.first?.contains("maria") == true)
        let wrong = try scenario.cli.run("history", "--outcome", "refused")
        #expect(wrong.status == 2 && wrong.errors.contains("'refused' is not an outcome"), "\(wrong.errors)")
    }

    @Test(.enabled(if: RequiredTool.runs(program: "soffice"), "LibreOffice is not installed"))
    func aTemplateThroughLibreOfficeImportsWithoutSpuriousChanges() throws {
        _ = try RequiredTool.program("soffice")
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let before = try scenario.availability()
        let ods = try scenario.convert("t.xlsx", to: "ods", into: "lo-ods")
        let back = try scenario.convert(ods, to: "xlsx", into: "lo-xlsx")
        let result = try scenario.importJSON(back)
        #expect(result.status == 0, "\(result.report)")
        #expect(result.report["status"] as? String == "nothing_to_change")
        #expect(try scenario.availability() == before)

        // And an edit made before the trip survives it exactly.
        let cell = try scenario.addableCells(1)[0]
        try scenario.edit(to: "edited.xlsx", cells: [cell.cell: "x"])
        let editedBack = try scenario.convert(try scenario.convert("edited.xlsx", to: "ods", into: "lo-ods2"), to: "xlsx", into: "lo-xlsx2")
        let applied = try scenario.importJSON(editedBack)
        #expect(applied.report["added"] as? Int == 1 && applied.report["removed"] as? Int == 0)
        #expect(try scenario.availability() == before.union([cell.key]))
    }

    /// The same edits through a template on one backend and as CSV on the other (when PostgreSQL
    /// is there): one database state, whichever the file and the backend.
    @Test(arguments: TestBackend.available) func theSameEditsAsCSVGiveTheSameDatabase(_ csvBackend: TestBackend) throws {
        let viaTemplate = try ImportScenario(), viaCSV = try ImportScenario(csvBackend)
        defer { viaTemplate.remove(); viaCSV.remove() }
        let added = try viaTemplate.addableCells(2)
        let removed = try viaTemplate.removableCell()
        try viaTemplate.edit(to: "edited.xlsx", cells: [added[0].cell: "x", added[1].cell: "x", removed.cell: nil])
        #expect(try viaTemplate.cli.run("import", "edited.xlsx").status == 0)

        #expect(try viaCSV.cli.run("export", "availability", "--from", "2026-11-30", "--to", "2026-12-13", "--all-staff", "-o", "a.csv").status == 0)
        var text = try String(contentsOfFile: viaCSV.cli.path("a.csv"), encoding: .utf8)
        for key in added.map(\.key) {
            let parts = key.split(separator: " ")
            text = text.replacingOccurrences(of: "\(parts[0]),\(parts[1]),\(parts[2]),\r\n", with: "\(parts[0]),\(parts[1]),\(parts[2]),x\r\n")
        }
        let parts = removed.key.split(separator: " ")
        text = text.replacingOccurrences(of: "\(parts[0]),\(parts[1]),\(parts[2]),x\r\n", with: "\(parts[0]),\(parts[1]),\(parts[2]),\r\n")
        try text.write(toFile: viaCSV.cli.path("edited.csv"), atomically: true, encoding: .utf8)
        let result = try viaCSV.importJSON("edited.csv")
        #expect(result.status == 0 && result.report["added"] as? Int == 2 && result.report["removed"] as? Int == 1)
        #expect(try viaCSV.availability() == viaTemplate.availability())
    }
}

@Suite(.ownThreads) struct ImportStaleTemplateTests {
    @Test(arguments: TestBackend.available) func aTemplateMadeBeforeADatabaseChangeIsRefusedUnlessForced(_ backend: TestBackend) throws {
        let scenario = try ImportScenario(backend)
        defer { scenario.remove() }
        // The database changes after export: someone becomes available through a CSV import.
        let outside = try scenario.addableCells(2)
        let changed = outside[0].key.split(separator: " ")
        try "date,daypart,staff,available\n\(changed[0]),\(changed[1]),\(changed[2]),x\n".write(toFile: scenario.cli.path("change.csv"), atomically: true, encoding: .utf8)
        #expect(try scenario.cli.run("import", "change.csv").status == 0)

        try scenario.edit(to: "edited.xlsx", cells: [outside[1].cell: "x"])
        let stale = try scenario.cli.run("import", "edited.xlsx")
        #expect(stale.status == 3)
        #expect(stale.output.contains("The database changed in this template's dates since it was made (1 Dec 2026 "), "\(stale.output)")
        #expect(stale.output.contains(" +01:00): "), "made when the office's clock said, with its offset: \(stale.output)")
        #expect(stale.output.contains("\(changed[2]) became available on"))
        let before = try scenario.availability()

        let forced = try scenario.importJSON("edited.xlsx", "--force")
        #expect(forced.status == 0)
        #expect(forced.report["added"] as? Int == 1 && forced.report["removed"] as? Int == 0, "only the office's edit")
        #expect(try scenario.availability() == before.union([outside[1].key]), "the database's own change is kept")
    }
}

@Suite(.ownThreads) struct ImportRefusalTests {
    /// Imports and checks: exit 1, the problems as sentences, each with a place, nothing written.
    private func expectRejected(_ scenario: ImportScenario, _ file: String, lang: String = "en") throws -> [String] {
        let before = try scenario.availability()
        let result = try scenario.cli.run("import", file, "--json", "--lang", lang)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(!problems.isEmpty)
        for problem in problems {
            #expect(problem["cell"] != nil || problem["line"] != nil || problem["sheet"] != nil, "every problem has a location: \(problem)")
            #expect((problem["hint"] as? String)?.isEmpty == false)
        }
        #expect(try scenario.availability() == before, "nothing written")
        return problems.map { "\($0["place"] as! String): \($0["message"] as! String)" }
    }

    @Test func anInvalidMarkIsNamedWithItsCell() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let target = scenario.cell(LocalDate(iso: "2026-12-08")!, daypart: "D09", staff: "ANB")
        try scenario.edit(to: "bad.xlsx", cells: [target: "y"])
        #expect(try expectRejected(scenario, "bad.xlsx") == ["Sheet Availability, cell \(target): 'y' is not a valid mark; use x or leave empty."])
        #expect(try expectRejected(scenario, "bad.xlsx", lang: "nl") == ["Blad Availability, cel \(target): 'y' is geen geldige invoer; gebruik x of laat de cel leeg."])
    }

    @Test(arguments: TestBackend.available) func pastDatesCapacityAndAssignmentsAreEnforced(_ backend: TestBackend) throws {
        let scenario = try ImportScenario(backend)
        defer { scenario.remove() }
        let past = scenario.cell(LocalDate(iso: "2026-11-30")!, daypart: "D10", staff: "BRW")
        let pastKey = "2026-11-30 D10 BRW"
        let available = try scenario.availability()
        // A full slot: remove everyone available there; and someone's assigned visit.
        var cells: [String: String?] = [past: available.contains(pastKey) ? nil : "x"]
        let full = try #require(try scenario.store.read { session -> (LocalDate, String, [String])? in
            let dayparts = try session.dayparts(), staff = try session.staff()
            for date in DateRange(from: LocalDate(iso: "2026-12-02")!, to: ImportScenario.range.to)! {
                let day = try session.daySchedule(on: date)
                for daypart in dayparts {
                    let held = day.demand[daypart.id]?.held ?? 0
                    let there = day.availableStaff(daypartID: daypart.id)
                    if held > 0, held == there.count {
                        return (date, daypart.code, staff.filter { there.contains($0.id) }.map(\.code))
                    }
                }
            }
            return nil
        })
        for code in full.2 { cells.updateValue(nil, forKey: scenario.cell(full.0, daypart: full.1, staff: code)) }
        try scenario.edit(to: "bad.xlsx", cells: cells)
        let problems = try expectRejected(scenario, "bad.xlsx")
        #expect(problems.contains { $0.hasPrefix("Sheet Availability, cell \(past): Mon 30 Nov 2026 10:00-12:00 is in the past") })
        #expect(problems.contains { $0.contains("booked on") && $0.contains("this sheet leaves 0 staff available.") })
        // The capacity problem points at the slot's Capacity cell (column E of its row).
        let fullRow = scenario.layout.row(for: full.0, daypartIndex: scenario.layout.dayparts.firstIndex { $0.code == full.1 }!) + 1
        #expect(problems.contains { $0.hasPrefix("Sheet Availability, cell E\(fullRow): ") && $0.contains("booked on") },
                "\(problems)")
    }

    @Test func layoutTamperingIsDetected() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        // Two staff columns swapped (headers and all), a date overwritten, a row added below the range.
        try scenario.edit(to: "moved.xlsx", python: """
            for row in ws.iter_rows(min_col=6, max_col=7):
                row[0].value, row[1].value = row[1].value, row[0].value
            """)
        let moved = try expectRejected(scenario, "moved.xlsx")
        #expect(moved.contains("Sheet Availability, cell F1: Column F should hold staff ANB, but its header says 'BRW Bram de Wit': a staff column was moved, added or removed."))

        try scenario.edit(to: "dated.xlsx", python: """
            import datetime
            ws["A20"] = datetime.datetime(2026, 12, 25)
            ws.cell(row=ws.max_row + 1, column=1, value=datetime.datetime(2026, 12, 14))
            ws.merge_cells("H30:J30")
            """)
        let dated = try expectRejected(scenario, "dated.xlsx")
        #expect(dated.contains { $0.hasPrefix("Sheet Availability, cell A20: This cell should read '2026-12-03' but reads '2026-12-25'") })
        #expect(dated.contains("Sheet Availability, cell A86: Mon 14 Dec 2026 is outside this template, which covers Mon 30 Nov 2026 - Sun 13 Dec 2026."))
        #expect(dated.contains("Sheet Availability, cell H30: Cells H30:J30 are merged; each person needs a cell of their own."))
    }

    @Test(arguments: TestBackend.available) func theErrorWorkbookMarksEveryProblemAndCanBeFixedAndImported(_ backend: TestBackend) throws {
        let scenario = try ImportScenario(backend)
        defer { scenario.remove() }
        let target = scenario.cell(LocalDate(iso: "2026-12-08")!, daypart: "D09", staff: "ANB")
        let wasAvailable = try scenario.availability().contains("2026-12-08 D09 ANB")
        try scenario.edit(to: "bad.xlsx", cells: [target: "ja"])
        let result = try scenario.cli.run("import", "bad.xlsx", "--errors-out", "errors.xlsx")
        #expect(result.status == 1)
        let seen = try Interop.runPython("""
            import sys, json, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            ws = wb["Availability"]
            errors = wb["Errors"]
            print(json.dumps({
                "sheets": wb.sheetnames, "active": wb.active.title,
                "value": ws[sys.argv[2]].value, "note": ws[sys.argv[2]].comment.text, "fill": ws[sys.argv[2]].fill.fgColor.rgb,
                "rows": [[c for c in r] for r in errors.iter_rows(values_only=True)],
                "link": errors["A2"].hyperlink.location,
            }))
            """, arguments: [scenario.cli.path("errors.xlsx"), target])
        let view = try #require(try JSONSerialization.jsonObject(with: Data(seen.utf8)) as? [String: Any])
        #expect(view["sheets"] as? [String] == ["Availability", "Instructions", "Staff", "Dayparts", "_slotsheet", "Errors"])
        #expect(view["active"] as? String == "Errors")
        #expect(view["value"] as? String == "ja")
        #expect((view["note"] as? String)?.hasPrefix("'ja' is not a valid mark; use x or leave empty.") == true)
        #expect(view["fill"] as? String == "FFFFC7CE")
        #expect(view["link"] as? String == "'Availability'!\(target)")
        let rows = try #require(view["rows"] as? [[Any]])
        #expect(rows.count == 2)
        #expect(rows[1].compactMap { $0 as? String } == ["Sheet Availability, cell \(target)", "Tue 8 Dec 2026 09:00-10:00, ANB",
                                                          "'ja' is not a valid mark; use x or leave empty.",
                                                          "Type x when the person is available; leave the cell empty when not."])
        // The office fixes the red cell in the error workbook and imports it.
        try scenario.edit("errors.xlsx", to: "fixed.xlsx", cells: [target: wasAvailable ? nil : "x"])
        let fixed = try scenario.importJSON("fixed.xlsx")
        #expect(fixed.status == 0)
        #expect(fixed.report["removed"] as? Int == (wasAvailable ? 1 : 0) && fixed.report["added"] as? Int == (wasAvailable ? 0 : 1))
    }

    @Test func filesThatAreNotTemplatesAreRefusedSayingWhatTheyAre() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        try Interop.runPython("""
            import sys, xlsxwriter
            wb = xlsxwriter.Workbook(sys.argv[1]); wb.add_worksheet("Budget").write(0, 0, "Total"); wb.close()
            """, arguments: [scenario.cli.path("budget.xlsx")])
        let budget = try scenario.cli.run("import", "budget.xlsx")
        #expect(budget.status == 4)
        #expect(budget.errors.contains("This is not a slotsheet availability template: it is a workbook with the sheet 'Budget'"))

        try scenario.edit(to: "lost.xlsx", python: "del wb['_slotsheet']")
        let lost = try scenario.cli.run("import", "lost.xlsx", "--lang", "nl")
        #expect(lost.status == 4)
        #expect(lost.errors.contains("mist het verborgen blad _slotsheet"))

        try Data([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + Array(repeating: 0, count: 600)).write(to: URL(fileURLWithPath: scenario.cli.path("locked.xlsx")))
        let locked = try scenario.cli.run("import", "locked.xlsx")
        #expect(locked.status == 4)

        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: scenario.cli.path("noise.bin")))
        #expect(try scenario.cli.run("import", "noise.bin").status == 4)
        let missing = try scenario.cli.run("import", "nowhere.xlsx")
        #expect(missing.status == 4 && missing.errors.contains("cannot be opened"))
    }
}

/// Rules whose place is a whole slot or a CSV line, and the error workbook of a CSV.
@Suite(.ownThreads) struct ImportRulePlaceTests {
    @Test func aChangeInADaypartMadeInactiveIsRefusedAtItsRow() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let daypart = try #require(try scenario.store.read { try $0.dayparts() }.first { $0.code == "D10" })
        var inactive = daypart.value
        inactive.active = false
        _ = try scenario.store.write { try $0.upsertDaypart(inactive) }
        let date = LocalDate(iso: "2026-12-09")!
        let target = scenario.cell(date, daypart: "D10", staff: "BRW")
        let wasAvailable = try scenario.availability().contains("2026-12-09 D10 BRW")
        try scenario.edit(to: "bad.xlsx", cells: [target: wasAvailable ? nil : "x"])
        let before = try scenario.availability()

        let result = try scenario.importJSON("bad.xlsx")
        #expect(result.status == 1, "\(result.report)")
        let problems = try #require(result.report["problems"] as? [[String: Any]])
        let row = scenario.layout.row(for: date, daypartIndex: scenario.layout.dayparts.firstIndex { $0.code == "D10" }!) + 1
        #expect(problems.map { "\($0["place"] as? String ?? "?"): \($0["message"] as? String ?? "?")" }
                == ["Sheet Availability, cell E\(row): Daypart 'D10' is no longer in use."])
        #expect(problems.first?["cell"] as? String == "E\(row)")
        #expect(try scenario.availability() == before, "nothing written")
    }

    @Test func aCSVWithProblemsGetsAnErrorWorkbookListingEveryLine() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        try ["date,daypart,staff,available", "2026-12-08,D09,ANB,x", "2026-12-08,D09,BRW,maybe",
             "31-02-2026,D09,BRW,x", "2026-12-09,D99,ANB,x", ""].joined(separator: "\n")
            .write(toFile: scenario.cli.path("bad.csv"), atomically: true, encoding: .utf8)
        let before = try scenario.availability()

        let result = try scenario.cli.run("import", "bad.csv", "--errors-out", "errors.xlsx")
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(try scenario.availability() == before, "nothing written")
        let seen = try Interop.runPython("""
            import sys, json, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            copy, errors = wb["CSV"], wb["Errors"]
            print(json.dumps({
                "sheets": wb.sheetnames, "active": wb.active.title,
                "copy": [[c for c in r] for r in copy.iter_rows(values_only=True)],
                "noted": [r[0].row for r in copy.iter_rows() if r[0].comment is not None],
                "red": [r[0].row for r in copy.iter_rows() if r[0].fill.fgColor.rgb == "FFFFC7CE"],
                "rows": [[c for c in r] for r in errors.iter_rows(values_only=True)],
                "links": [r[0].hyperlink.location if r[0].hyperlink else None for r in errors.iter_rows(min_row=2)],
            }))
            """, arguments: [scenario.cli.path("errors.xlsx")])
        let view = try #require(try JSONSerialization.jsonObject(with: Data(seen.utf8)) as? [String: Any])
        #expect(view["sheets"] as? [String] == ["CSV", "Errors"])
        #expect(view["active"] as? String == "Errors", "the list of problems opens first")
        #expect((view["copy"] as? [[Any]])?.count == 5, "a copy of every line of the file")
        #expect(view["noted"] as? [Int] == [3, 4, 5] && view["red"] as? [Int] == [3, 4, 5], "each bad line is red with a note")
        let rows = try #require(view["rows"] as? [[Any]])
        #expect(rows.first?.compactMap { $0 as? String } == ["Where", "Slot", "Problem", "How to fix it"])
        #expect(rows.dropFirst().map { [$0[0] as? String ?? "", $0[2] as? String ?? ""] } == [
            ["Line 3", "'maybe' is not a valid value for available."],
            ["Line 4", "'31-02-2026' is not a date."],
            ["Line 5", "Daypart 'D99' is not in the database."],
        ])
        #expect(view["links"] as? [String] == ["'CSV'!A3", "'CSV'!A4", "'CSV'!A5"])
        // The same problems are printed, each with its line.
        for line in ["Line 3", "Line 4", "Line 5"] { #expect(result.output.contains(line)) }
    }

    /// A hostile CSV: a field longer than a cell holds, and more problems than are kept. The
    /// workbook is written (no "String exceeds Excel's limit"), the long text cut with a note of
    /// its length, the first 1,000 problems listed and a line saying how many there are; in Dutch too.
    @Test(arguments: ["en", "nl"]) func anErrorWorkbookCutsTextTooLongForACellAndListsTheFirstThousandProblems(_ language: String) throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let long = String(repeating: "y", count: 40_000)
        var lines = ["date,daypart,staff,available", "2026-12-08,D09,ANB,\(long)"]
        lines += (0..<1_499).map { "2026-12-08,Q\($0),ANB,x" }
        try (lines.joined(separator: "\n") + "\n").write(toFile: scenario.cli.path("bad.csv"), atomically: true, encoding: .utf8)
        let result = try scenario.cli.run("import", "bad.csv", "--errors-out", "errors.xlsx", "--lang", language)
        #expect(result.status == 1, "\(result.errors)")
        let seen = try Interop.runPython("""
            import sys, json, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            copy, errors = wb.worksheets[0], wb.worksheets[1]
            rows = [r for r in errors.iter_rows(values_only=True)]
            print(json.dumps({"cell": copy["D2"].value, "note": copy["A2"].comment.text if copy["A2"].comment else None,
                              "listed": len([r for r in rows[1:] if r[2] is not None]), "last": [r for r in rows if r[0]][-1][0]}))
            """, arguments: [scenario.cli.path("errors.xlsx")])
        let view = try #require(try JSONSerialization.jsonObject(with: Data(seen.utf8)) as? [String: Any])
        let cell = try #require(view["cell"] as? String)
        #expect(cell.count <= 32_767 && cell.hasPrefix("yyyy"))
        #expect(cell.hasSuffix(language == "nl" ? "[hier ingekort: de tekst telt 40.000 tekens, meer dan een cel bevat]"
                                                : "[cut here: the text has 40,000 characters, more than a cell holds]"))
        #expect((view["note"] as? String)?.count ?? 0 <= 32_767)
        #expect(view["listed"] as? Int == 1_000, "the first 1,000 problems")
        #expect(view["last"] as? String == (language == "nl"
            ? "De eerste 1.000 van 1.500 problemen staan hier; los deze op en upload het bestand opnieuw om de rest te zien."
            : "The first 1,000 of 1,500 problems are listed; fix these and upload the file again to see the rest."))
    }
}

@Suite(.ownThreads) struct ImportProgressTests {
    /// On a terminal a large file shows a progress bar; in a pipe (logs, cron) never.
    @Test(.enabled(if: RequiredTool.runs(program: "script"), "util-linux script is not installed"))
    func theProgressBarShowsOnATerminalOnly() throws {
        let script = try RequiredTool.program("script")
        let cli = try CommandRunner(today: "2026-12-01")
        defer { cli.remove() }
        try #require(try cli.run("db", "init").status == 0)
        try #require(try cli.run("db", "seed", "--sample").status == 0)
        // 170 days x 6 dayparts: more rows than the bar's threshold of 1,000.
        try #require(try cli.run("template", "export", "--from", "2026-12-01", "--to", "2027-05-19", "--all-staff", "-o", "big.xlsx").status == 0)

        let piped = try cli.run("import", "big.xlsx", "--dry-run")
        #expect(piped.status == 0)
        #expect(!piped.errors.contains("Reading") && !piped.output.contains("\r"), "no bar in a pipe")

        let command = "\(CommandRunner.executable.path) import big.xlsx --dry-run"
        let terminal = try cli.run(program: script, ["-qec", command, "/dev/null"])
        #expect(terminal.status == 0)
        #expect(terminal.output.contains("Reading big.xlsx [") && terminal.output.contains("100%"), "a bar on a terminal")
        #expect(terminal.output.contains("Dry run: nothing was changed."))
    }
}
