import Foundation
import InteropSupport
import SlotSheetCore
import SlotSheetTemplates
import Testing
import XLSXReader

/// `slotsheet template export` and `export availability`, read back with openpyxl and compared
/// with the database they came from.
@Suite(.ownThreads) struct TemplateExportTests {
    /// A runner on Tuesday 1 December 2026 with the sample database loaded.
    private func seededRunner() throws -> CommandRunner {
        let cli = try CommandRunner(today: "2026-12-01")
        try #require(try cli.run("db", "init").status == 0)
        try #require(try cli.run("db", "seed", "--sample").status == 0)
        return cli
    }

    /// What openpyxl sees in a template, as JSON.
    private func openpyxlView(_ path: String, sheet: String) throws -> [String: Any] {
        let script = """
            import json, sys, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            path, name = sys.argv[1], sys.argv[2]
            wb = openpyxl.load_workbook(path)
            cached = openpyxl.load_workbook(path, data_only=True)[name]
            ws = wb[name]
            rows = []
            for r in range(2, ws.max_row + 1):
                cells = [ws.cell(r, c) for c in range(1, ws.max_column + 1)]
                rows.append({
                    "date": cells[0].value.date().isoformat(),
                    "dateFormat": cells[0].number_format,
                    "weekday": cells[1].value, "daypart": cells[2].value, "booked": cells[3].value,
                    "formula": cells[4].value, "capacity": cached.cell(r, 5).value,
                    "marks": [c.value for c in cells[5:]],
                    "locked": [c.protection.locked for c in cells[5:]],
                    "dateFill": cells[0].fill.fgColor.rgb if cells[0].fill.fill_type else None,
                })
            meta = wb["_slotsheet"]
            out = {
                "sheets": wb.sheetnames, "states": [s.sheet_state for s in wb.worksheets],
                "header": [c.value for c in ws[1]], "rows": rows,
                "validations": [[str(v.sqref), v.formula1, v.error, v.prompt] for v in ws.data_validations.dataValidation],
                "conditional": [[str(c.sqref), [r.formula for r in c.rules]] for c in ws.conditional_formatting],
                "panes": ws.freeze_panes, "protected": ws.protection.sheet,
                "metadata": [[c for c in row if c is not None] for row in meta.iter_rows(values_only=True)],
                "metaProtected": meta.protection.sheet,
                "custom": {p.name: p.value for p in wb.custom_doc_props.props},
                "instructions": [c.value for c in wb.worksheets[1]["A"] if c.value],
            }
            print(json.dumps(out))
            """
        let text = try Interop.runPython(script, arguments: [path, sheet])
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    @Test func theTemplateHoldsExactlyTheDatabase() throws {
        let cli = try seededRunner()
        defer { cli.remove() }
        let result = try cli.run("template", "export", "--from", "2026-11-30", "--to", "2026-12-13", "--all-staff", "-o", "t.xlsx")
        #expect(result.status == 0, "\(result.errors)")
        let view = try openpyxlView(cli.path("t.xlsx"), sheet: "Availability")

        let store = try SQLiteStore(path: cli.path("slotsheet.sqlite"))
        let (dayparts, staff) = try store.read { (try $0.dayparts(), try $0.staff().filter(\.active)) }
        #expect(view["sheets"] as? [String] == ["Availability", "Instructions", "Staff", "Dayparts", "_slotsheet"])
        #expect(view["states"] as? [String] == ["visible", "visible", "visible", "visible", "veryHidden"],
                "the metadata sheet is very hidden: Excel's Unhide menu does not offer it")
        #expect(view["header"] as? [String] == ["Date", "Day", "Daypart", "Booked", "Capacity"] + staff.map { "\($0.code) \($0.name)" })

        let rows = view["rows"] as! [[String: Any]]
        #expect(rows.count == 14 * dayparts.count)
        let range = DateRange(from: LocalDate(iso: "2026-11-30")!, to: LocalDate(iso: "2026-12-13")!)!
        let occupancy = try store.read { try $0.slotOccupancy(in: range) }
        var marksChecked = 0
        for (index, row) in rows.enumerated() {
            let date = range.from.adding(days: index / dayparts.count)
            let daypart = dayparts[index % dayparts.count]
            #expect(row["date"] as? String == date.iso)
            #expect(row["daypart"] as? String == daypart.label)
            #expect(row["weekday"] as? String == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][date.weekday.rawValue - 1])
            let available = Set(try store.read { try $0.availability(on: date) }.filter { $0.daypartID == daypart.id }.map(\.staffID))
            let marks = row["marks"] as! [Any]
            for (column, member) in staff.enumerated() {
                let mark = marks[column] as? String
                #expect(mark == (available.contains(member.id) ? "x" : nil), "\(date.iso) \(daypart.code) \(member.code)")
                marksChecked += 1
            }
            let slot = occupancy[SlotKey(date: date, daypartID: daypart.id)] ?? SlotOccupancy(capacity: 0, held: 0)
            #expect(row["booked"] as? Int == slot.held)
            #expect(row["capacity"] as? Int == slot.capacity, "capacity counts every available person in the slot")
            let locked = row["locked"] as! [Bool]
            #expect(locked.allSatisfy { $0 == (date < LocalDate(iso: "2026-12-01")!) }, "past rows locked, the rest open")
        }
        #expect(marksChecked == rows.count * staff.count)

        // Validation covers exactly the staff cells of today and later: rows 8 to 85 (1 Dec is the 7th row's date + 6).
        let lastColumn = CellReferenceForTests.column(5 + staff.count - 1)
        let firstFuture = 2 + dayparts.count   // 30 Nov takes the first six rows
        #expect(view["validations"] as? [[String]] == [["F\(firstFuture):\(lastColumn)\(rows.count + 1)", "\"x\"",
                                                      "Use x or leave the cell empty.",
                                                      "Type x when this person is available in this daypart; leave the cell empty when not."]])
        let conditional = view["conditional"] as! [[Any]]
        #expect(conditional.first?.first as? String == "A2:\(lastColumn)\(rows.count + 1)")
        #expect((conditional.first?.last as? [[String]]) == [["$E2<$D2"]])
        #expect(view["panes"] as? String == "F2")
        #expect(view["protected"] as? Bool == true)
        #expect(view["custom"] as? [String: String] == ["slotsheet.template": "\(TemplateLayout.formatVersion)"])
    }

    @Test func theMetadataIsCompleteAndMatchesTheDatabase() throws {
        let cli = try seededRunner()
        defer { cli.remove() }
        #expect(try cli.run("template", "export", "--from", "2026-12-01", "--to", "2026-12-07", "--staff", "ANB,ZOM,LUN", "-o", "t.xlsx").status == 0)
        let view = try openpyxlView(cli.path("t.xlsx"), sheet: "Availability")
        let records = view["metadata"] as! [[Any]]
        #expect(records.first as? [AnyHashable] == ["slotsheet", "availability-template", "2"])
        #expect(records.filter { $0.first as? String == "staff" }.map { $0.compactMap { $0 as? String } }
                == [["staff", "F", "ANB", "Anouk Bakker"], ["staff", "G", "ZOM", "Zoë van der Meer"], ["staff", "H", "LUN", "Łukasz Nowak"]])
        #expect(records.filter { $0.first as? String == "daypart" }.map { $0.compactMap { $0 as? String } }.first == ["daypart", "D08", "08:00-09:00"])
        let dataRows = records.filter { $0.first as? String == "row" }
        #expect(dataRows.count == 7 * 6)
        let meta = Dictionary(uniqueKeysWithValues: records.filter { $0.first as? String == "meta" }.map { ($0[1] as! String, $0[2] as! String) })
        #expect(Set(meta.keys) == Set(TemplateMetadata.Key.allCases.map(\.rawValue)))
        #expect(meta["range_from"] == "2026-12-01" && meta["range_to"] == "2026-12-07")
        #expect(meta["today"] == "2026-12-01" && meta["language"] == "en" && meta["data_sheet"] == "Availability")
        #expect(meta["fingerprint"]?.count == 64)
        #expect(view["metaProtected"] as? Bool == true)

        // Each row's availability code agrees with the visible marks.
        let rows = view["rows"] as! [[String: Any]]
        for (record, row) in zip(dataRows, rows) {
            let code = (row["marks"] as! [Any]).map { $0 is String ? "x" : "." }.joined()
            #expect(record[4] as? String == code)
            #expect(record[2] as? String == row["date"] as? String)
        }
        // Non-ASCII names survive the round trip.
        #expect((view["header"] as! [String]).contains("ZOM Zoë van der Meer"))
        #expect((view["header"] as! [String]).contains("LUN Łukasz Nowak"))
    }

    /// The booking rules come from the settings: a window of 2 to 10 days and a day that closes at
    /// 16:00 make the template mark other dates bookable (green) and grey today after 16:00, and make
    /// an import refuse a change to today that the default rules accept.
    @Test func aNonDefaultWindowChangesWhatIsBookableAndWhatAnImportRefuses() throws {
        var cli = try seededRunner()
        defer { cli.remove() }
        cli.environment["SLOTSHEET_NOW"] = "2026-12-01T16:30"
        try "[booking]\nmin_days_ahead = 2\nmax_days_ahead = 10\nday_closes_at = \"16:00\"\n"
            .write(toFile: cli.path("office.toml"), atomically: true, encoding: .utf8)
        let today = LocalDate(iso: "2026-12-01")!
        let range = DateRange(from: LocalDate(iso: "2026-11-30")!, to: LocalDate(iso: "2026-12-14")!)!
        func greenAndLockedDates(_ settings: [String]) throws -> (green: Set<LocalDate>, lockedToday: Bool) {
            let export = try cli.run(["template", "export", "--from", "2026-11-30", "--to", "2026-12-14", "--staff", "ANB,BRW", "-o", "t.xlsx"] + settings)
            try #require(export.status == 0, "\(export.errors)")
            let rows = try openpyxlView(cli.path("t.xlsx"), sheet: "Availability")["rows"] as! [[String: Any]]
            let green = rows.filter { ($0["dateFill"] as? String)?.hasSuffix(String(format: "%06X", Look.bookableFill)) == true }.map { LocalDate(iso: $0["date"] as! String)! }
            let locked = rows.filter { $0["date"] as? String == today.iso }.allSatisfy { ($0["locked"] as! [Bool]).allSatisfy { $0 } }
            return (Set(green), locked)
        }
        let configured = try greenAndLockedDates(["--config", "office.toml"])
        #expect(configured.green == Set(range.filter { (today.adding(days: 3)...today.adding(days: 11)).contains($0) }),
                "closed at 16:00, the window runs from tomorrow + 2 to tomorrow + 10")
        #expect(configured.lockedToday, "after the closing time today is past: grey and locked")
        let standard = try greenAndLockedDates([])
        #expect(standard.green == Set(range.filter { (today.adding(days: 3)...today.adding(days: 7)).contains($0) }))
        #expect(!standard.lockedToday)

        // A CSV that makes someone available today, in a slot where they are not yet.
        let store = try SQLiteStore(path: cli.path("slotsheet.sqlite"))
        let (dayparts, staff) = try store.read { (try $0.dayparts().filter(\.active), try $0.staff().filter(\.active)) }
        let taken = Set(try store.read { try $0.availability(on: today) }.map { "\($0.daypartID)-\($0.staffID)" })
        let free = try #require(dayparts.lazy.flatMap { d in staff.map { (d, $0) } }.first { !taken.contains("\($0.0.id)-\($0.1.id)") })
        try "date,daypart,staff,available\n\(today.iso),\(free.0.code),\(free.1.code),x\n".write(toFile: cli.path("today.csv"), atomically: true, encoding: .utf8)
        let refused = try cli.run("import", "today.csv", "--dry-run", "--config", "office.toml")
        #expect(refused.status == 1 && refused.output.contains("is in the past; its availability cannot be changed"), "\(refused.output)")
        let accepted = try cli.run("import", "today.csv", "--dry-run")
        #expect(accepted.status == 0 && accepted.output.contains("Dry run: nothing was changed."), "\(accepted.output)\(accepted.errors)")
    }

    @Test func dutchTemplatesSpeakDutch() throws {
        let cli = try seededRunner()
        defer { cli.remove() }
        #expect(try cli.run("template", "export", "--from", "+1", "--to", "+7", "--all-staff", "--lang", "nl", "-o", "r.xlsx").status == 0)
        let view = try openpyxlView(cli.path("r.xlsx"), sheet: "Beschikbaarheid")
        #expect(view["sheets"] as? [String] == ["Beschikbaarheid", "Uitleg", "Medewerkers", "Dagdelen", "_slotsheet"])
        #expect((view["header"] as! [String]).prefix(5) == ["Datum", "Dag", "Dagdeel", "Geboekt", "Capaciteit"])
        let rows = view["rows"] as! [[String: Any]]
        #expect(rows.first?["weekday"] as? String == "wo")
        #expect(rows.first?["dateFormat"] as? String == "[$-413]d mmm yyyy")
        #expect((view["validations"] as! [[String]]).first?[2] == "Gebruik x of laat de cel leeg.")
        #expect((view["instructions"] as! [String]).first == "Zo vult u dit beschikbaarheidsrooster in")
    }

    @Test func theCSVTwinHoldsTheSameMarks() throws {
        let cli = try seededRunner()
        defer { cli.remove() }
        let result = try cli.run("export", "availability", "--from", "2026-12-01", "--to", "2026-12-03", "--all-staff", "--format", "csv", "-o", "a.csv")
        #expect(result.status == 0, "\(result.errors)")
        let store = try SQLiteStore(path: cli.path("slotsheet.sqlite"))
        let (dayparts, staff) = try store.read { (try $0.dayparts(), try $0.staff().filter(\.active)) }
        var reader = try CSVReader(path: cli.path("a.csv"))
        #expect(try reader.next()?.fields == ["date", "daypart", "staff", "available"])
        var expected: [[String]] = []
        for date in DateRange(from: LocalDate(iso: "2026-12-01")!, to: LocalDate(iso: "2026-12-03")!)! {
            let available = Set(try store.read { try $0.availability(on: date) }.map { "\($0.daypartID)-\($0.staffID)" })
            for daypart in dayparts {
                for member in staff {
                    expected.append([date.iso, daypart.code, member.code, available.contains("\(daypart.id)-\(member.id)") ? "x" : ""])
                }
            }
        }
        var actual: [[String]] = []
        while let record = try reader.next() { actual.append(record.fields) }
        #expect(actual == expected)
        #expect(actual.contains { $0[3] == "x" } && actual.contains { $0[3] == "" })
        let raw = try String(contentsOfFile: cli.path("a.csv"), encoding: .utf8)
        #expect(raw.hasSuffix("\r\n") && !raw.hasPrefix("\u{FEFF}"))
    }

    @Test func everyExportIsRecorded() throws {
        let cli = try seededRunner()
        defer { cli.remove() }
        #expect(try cli.run("template", "export", "--from", "today", "--to", "+6", "--all-staff", "-o", "t.xlsx").status == 0)
        #expect(try cli.run("export", "availability", "--from", "today", "--to", "+6", "--staff", "ANB", "-o", "a.csv").status == 0)
        let status = try cli.run("db", "status").output
        #expect(status.contains(/export_run +2\n/))
    }

    /// The README's, the guides' and the help's `template export` examples, run as written on the sample data.
    @Test func theDocumentedTemplateExportsWorkOnTheSample() throws {
        let cli = try seededRunner()
        defer { cli.remove() }
        // The guides in docs/ (the README's manual moved there) and the README itself.
        let docs = Interop.repositoryRoot.appending(path: "docs")
        let guides = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        let readme = try ([Interop.repositoryRoot.appending(path: "README.md")] + guides.map { docs.appending(path: $0) })
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let help = try cli.run("template", "export", "--help").output
        let examples = (readme + "\n" + help).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("slotsheet template export ") }
        #expect(examples.contains { $0.contains("--staff ") }, "the --staff form is documented")
        for example in Set(examples) {
            let arguments = example.split(separator: " ").dropFirst().map(String.init)
            let result = try cli.run(arguments)
            #expect(result.status == 0, "\(example): \(result.errors)")
            let output = try #require(arguments.firstIndex(of: "-o").map { arguments[$0 + 1] })
            #expect(FileManager.default.fileExists(atPath: cli.path(output)), "\(example) wrote \(output)")
        }
    }

    @Test func mistakesAreRefusedAndLeaveNothing() throws {
        let cli = try seededRunner()
        defer { cli.remove() }
        let unknown = try cli.run("template", "export", "--from", "today", "--to", "+6", "--staff", "ANB,NOPE", "-o", "t.xlsx")
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("NOPE"))
        let inactive = try cli.run("template", "export", "--from", "today", "--to", "+6", "--staff", "QUV", "-o", "t.xlsx")
        #expect(inactive.status == 2)
        #expect(inactive.errors.contains("not active"))
        #expect(try cli.run("template", "export", "--from", "+6", "--to", "today", "--all-staff", "-o", "t.xlsx").status == 2)
        #expect(try cli.run("template", "export", "--from", "today", "--to", "+6", "-o", "t.xlsx").status == 2)
        let noFolder = try cli.run("template", "export", "--from", "today", "--to", "+6", "--all-staff", "-o", "missing/t.xlsx")
        #expect(noFolder.status == 7)
        #expect(noFolder.errors.contains("does not exist"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).filter { $0.contains("xlsx") }
        #expect(leftovers.isEmpty, "no partial files: \(leftovers)")
    }
}

/// Column letters for expectations, independent of the code under test.
enum CellReferenceForTests {
    static func column(_ index: Int) -> String {
        var name = "", remaining = index + 1
        while remaining > 0 {
            name = String(UnicodeScalar(UInt8(65 + (remaining - 1) % 26))) + name
            remaining = (remaining - 1) / 26
        }
        return name
    }
}

/// The same checks through the project's own reader, now that it exists.
@Suite(.ownThreads) struct TemplateReadBackTests {
    @Test func ourReaderSeesWhatTheDatabaseSays() throws {
        let cli = try CommandRunner(today: "2026-12-01")
        defer { cli.remove() }
        try #require(try cli.run("db", "init").status == 0)
        try #require(try cli.run("db", "seed", "--sample").status == 0)
        try #require(try cli.run("template", "export", "--from", "2026-11-30", "--to", "2026-12-06", "--all-staff", "--lang", "nl", "-o", "t.xlsx").status == 0)

        let book = try XLSXWorkbook(path: cli.path("t.xlsx"))
        #expect(book.sheets.map(\.name) == ["Beschikbaarheid", "Uitleg", "Medewerkers", "Dagdelen", "_slotsheet"])
        #expect(book.sheets.map(\.state) == [.visible, .visible, .visible, .visible, .veryHidden])
        #expect(book.customProperties["slotsheet.template"] != nil)
        let store = try SQLiteStore(path: cli.path("slotsheet.sqlite"))
        let (dayparts, staff) = try store.read { (try $0.dayparts(), try $0.staff().filter(\.active)) }
        var rows = try book.rows(of: book.sheets[0])
        let header = try #require(try rows.next())
        #expect(header.cells.map { if case let .string(text) = $0.value { return text } else { return "?" } }
                == ["Datum", "Dag", "Dagdeel", "Geboekt", "Capaciteit"] + staff.map { "\($0.code) \($0.name)" })
        var seen = 0
        while let row = try rows.next() {
            let index = row.index - 2
            let date = LocalDate(iso: "2026-11-30")!.adding(days: index / dayparts.count)
            let daypart = dayparts[index % dayparts.count]
            guard case let .date(cellDate)? = row.cells.first?.value else { Issue.record("row \(row.index) has no date"); continue }
            #expect(LocalDate(year: cellDate.year, month: cellDate.month, day: cellDate.day) == date)
            let available = Set(try store.read { try $0.availability(on: date) }.filter { $0.daypartID == daypart.id }.map(\.staffID))
            let marked = Set(row.cells.filter { $0.column > 5 && $0.value == .string("x") }.map { staff[$0.column - 6].id })
            #expect(marked == available, "\(date.iso) \(daypart.code)")
            seen += 1
        }
        #expect(seen == 7 * dayparts.count)
    }

    /// Re-saved by openpyxl, the metadata sheet stays very hidden; LibreOffice (7.4) knows no
    /// very hidden and keeps it hidden. Either way the untouched template still imports with
    /// nothing to change.
    @Test func aResavedTemplateKeepsItsMetadataHiddenAndImports() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        var copies: [(file: String, states: Set<String>)] = [(try scenario.edit(to: "openpyxl.xlsx"), ["veryHidden"])]
        // LibreOffice must be there under `make test`; a plain `swift test` without it checks openpyxl's copy only.
        if RequiredTool.runs(program: "soffice") {
            _ = try RequiredTool.program("soffice")
            copies.append((try scenario.convert("t.xlsx", to: "xlsx", into: "libreoffice"), ["hidden", "veryHidden"]))
        }
        for (copy, states) in copies {
            let state = try Interop.runPython("""
                import sys, warnings
                warnings.simplefilter("ignore")
                import openpyxl
                print(openpyxl.load_workbook(sys.argv[1])["_slotsheet"].sheet_state)
                """, arguments: [scenario.cli.path(copy)])
            #expect(states.contains(state.trimmingCharacters(in: .whitespacesAndNewlines)), "\(copy): \(state)")
            #expect(try XLSXWorkbook(path: scenario.cli.path(copy)).sheet(named: "_slotsheet")?.state != .visible, "\(copy)")
            let result = try scenario.importJSON(copy)
            #expect(result.status == 0, "\(copy): \(result.report)")
            #expect(result.report["status"] as? String == "nothing_to_change", "\(copy)")
        }
    }
}
