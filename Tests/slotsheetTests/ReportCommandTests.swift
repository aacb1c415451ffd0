import Foundation
import GRDB
import InteropSupport
import SlotSheetCore
import Testing

/// `slotsheet report`: every report checked against the database it came from.
@Suite(.ownThreads) struct ReportCommandTests {
    private func seeded() throws -> CommandRunner {
        let cli = try CommandRunner(today: "2026-12-01")
        try #require(try cli.run("db", "init").status == 0)
        try #require(try cli.run("db", "seed", "--sample").status == 0)
        return cli
    }

    private func database(_ cli: CommandRunner) throws -> DatabaseQueue {
        try DatabaseQueue(path: cli.path("slotsheet.sqlite"))
    }

    /// Every sheet of a workbook as rows of values, plus what openpyxl sees of their cells' types.
    private func sheets(_ path: String) throws -> [String: Any] {
        let script = """
            import json, sys, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            out = {"names": wb.sheetnames, "sheets": {}, "types": {}, "scales": {}, "panes": {}, "filters": {}}
            for ws in wb.worksheets:
                out["sheets"][ws.title] = [[c if not hasattr(c, "isoformat") else c.isoformat() for c in row] for row in ws.iter_rows(values_only=True)]
                out["types"][ws.title] = [[c.data_type for c in row] for row in ws.iter_rows(min_row=2, max_row=3)]
                out["scales"][ws.title] = [r.type for cf in ws.conditional_formatting for r in cf.rules]
                out["panes"][ws.title] = ws.freeze_panes
                out["filters"][ws.title] = ws.auto_filter.ref
            print(json.dumps(out, default=str))
            """
        return try JSONSerialization.jsonObject(with: Data(try Interop.runPython(script, arguments: [path]).utf8)) as! [String: Any]
    }

    @Test func theRequestsReportHoldsEveryRequestOfTheRangeWithItsDefects() throws {
        let cli = try seeded()
        defer { cli.remove() }
        #expect(try cli.run("report", "requests", "--from", "2026-11-16", "--to", "2026-12-26", "-o", "r.xlsx").status == 0)
        let view = try sheets(cli.path("r.xlsx"))
        let rows = try #require((view["sheets"] as? [String: [[Any]]])?["Requests"])
        let expected = try database(cli).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM repair_request WHERE slot_date BETWEEN '2026-11-16' AND '2026-12-26'")! }
        #expect(rows.count == expected + 1)
        #expect(rows[0].compactMap { $0 as? String } == ["Request", "Created", "Updated", "Status", "Resident", "E-mail", "Address", "Postcode",
                                                          "City", "Corporation", "Defects", "Description", "Slot date", "Daypart", "Staff", "Subcontractor"])
        #expect((view["panes"] as? [String: String])?["Requests"] == "A2")
        #expect((view["filters"] as? [String: String])?["Requests"] == "A1:P\(expected + 1)")
        // Request 77's defects, each with its catalogue path, one a line.
        let defects = try database(cli).read { db in
            try String.fetchAll(db, sql: """
                SELECT l.name || ' > ' || sp.name || ' > ' || el.name || ' > ' || de.name FROM repair_request_defect rd
                JOIN defect de ON de.id = rd.defect_id JOIN element el ON el.id = de.element_id JOIN space sp ON sp.id = el.space_id
                JOIN location l ON l.id = sp.location_id WHERE rd.request_id = 77 ORDER BY 1
                """)
        }
        let row77 = try #require(rows.first { ($0.first as? Int) == 77 })
        #expect(row77[10] as? String == defects.joined(separator: "\n"))
        #expect((row77[1] as? String)?.hasPrefix("2026-") == true, "a real date-time cell")
    }

    @Test func textThatLooksLikeAFormulaStaysText() throws {
        let cli = try seeded()
        defer { cli.remove() }
        let id = try #require(try database(cli).read { try Int.fetchOne($0, sql: "SELECT id FROM repair_request WHERE description LIKE '=%' ORDER BY id") })
        let slot = try database(cli).read { try String.fetchOne($0, sql: "SELECT slot_date FROM repair_request WHERE id = ?", arguments: [id])! }
        #expect(try cli.run("report", "requests", "--from", slot, "--to", slot, "-o", "r.csv").status == 0)
        #expect(try cli.run("report", "requests", "--from", slot, "--to", slot, "-o", "r.xlsx").status == 0)
        var reader = try CSVReader(path: cli.path("r.csv"))
        _ = try reader.next()
        var description: String?
        while let record = try reader.next() {
            if record.fields[0] == String(id) { description = record.fields[11] }
        }
        #expect(description?.hasPrefix("'=") == true, "neutralised in CSV: \(description ?? "")")
        let view = try sheets(cli.path("r.xlsx"))
        let rows = try #require((view["sheets"] as? [String: [[Any]]])?["Requests"])
        let cell = try #require(rows.first { ($0.first as? Int) == id })[11] as? String
        #expect(cell?.hasPrefix("=") == true, "kept as written in the workbook, as text")
        let raw = try Interop.runPython("""
            import sys, zipfile
            print(zipfile.ZipFile(sys.argv[1]).read("xl/worksheets/sheet1.xml").decode().count("<f>"))
            """, arguments: [cli.path("r.xlsx")])
        #expect(raw.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "no formula anywhere in the workbook")
    }

    @Test func filtersSelectByStatusAndCorporation() throws {
        let cli = try seeded()
        defer { cli.remove() }
        let result = try cli.run("report", "requests", "--from", "2026-11-01", "--to", "2026-12-31", "--status", "new,approved",
                                 "--corporation", "Woonstede Gelderland", "-o", "held.csv")
        #expect(result.status == 0, "\(result.errors)")
        var reader = try CSVReader(path: cli.path("held.csv"))
        _ = try reader.next()
        var rows: [[String]] = []
        while let record = try reader.next() { rows.append(record.fields) }
        let expected = try database(cli).read { try Int.fetchOne($0, sql: """
            SELECT COUNT(*) FROM repair_request r JOIN resident re ON re.id = r.resident_id JOIN housing_corporation hc ON hc.id = re.housing_corporation_id
            WHERE r.status IN ('new', 'approved') AND hc.name = 'Woonstede Gelderland' AND r.slot_date BETWEEN '2026-11-01' AND '2026-12-31'
            """)! }
        #expect(rows.count == expected && expected > 0)
        #expect(rows.allSatisfy { ["new", "approved"].contains($0[3]) && $0[9] == "Woonstede Gelderland" })
        #expect(try cli.run("report", "staff", "--from", "today", "--to", "+1", "--status", "new", "-o", "x.csv").status == 2)
        #expect(try cli.run("report", "requests", "--from", "today", "--to", "+1", "--status", "lost", "-o", "x.csv").status == 2)
    }

    @Test func aRangeOfMillenniaIsRefusedBeforeAnythingIsRead() throws {
        let cli = try seeded()
        defer { cli.remove() }
        let refused = try cli.run("report", "utilization", "--from", "0001-01-01", "--to", "9999-12-31", "-o", "u.csv")
        #expect(refused.status == 2 && refused.errors.contains("The range has 3652059 days; at most 3660 are taken at once. Choose a shorter range."),
                "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("u.csv")), "nothing written")
        let overflow = try cli.run("report", "staff", "--from", "today", "--to", "+9223372036854775807", "-o", "s.csv")
        #expect(overflow.status == 2 && overflow.errors.contains("'+9223372036854775807' is not a date"), "\(overflow.errors)")
        #expect(try cli.run("report", "staff", "--from", "today", "--to", "+3659", "-o", "s.csv").status == 0, "ten years are taken")
    }

    @Test func utilizationHasTheSlotsAHeatMapAndAChart() throws {
        let cli = try seeded()
        defer { cli.remove() }
        #expect(try cli.run("report", "utilization", "--from", "2026-11-30", "--to", "2026-12-13", "-o", "u.xlsx").status == 0)
        let view = try sheets(cli.path("u.xlsx"))
        #expect(view["names"] as? [String] == ["Heat map", "Per day", "Chart", "Slots"], "the chart on a chart sheet of its own")
        #expect((view["scales"] as? [String: [String]])?["Heat map"] == ["colorScale"])
        let slots = try #require((view["sheets"] as? [String: [[Any]]])?["Slots"])
        #expect(slots.count == 14 * 6 + 1)
        let store = try SQLiteStore(path: cli.path("slotsheet.sqlite"))
        let range = DateRange(from: LocalDate(iso: "2026-11-30")!, to: LocalDate(iso: "2026-12-13")!)!
        let occupancy = try store.read { try $0.slotOccupancy(in: range) }
        let dayparts = try store.read { try $0.dayparts() }
        for (index, row) in slots.dropFirst().enumerated() {
            let date = range.from.adding(days: index / 6)
            let slot = occupancy[SlotKey(date: date, daypartID: dayparts[index % 6].id)] ?? SlotOccupancy(capacity: 0, held: 0)
            #expect((row[0] as? String)?.hasPrefix(date.iso) == true)
            #expect(row[3] as? Int == slot.capacity && row[4] as? Int == slot.held && row[5] as? Int == slot.free)
        }
        let perDay = try #require((view["sheets"] as? [String: [[Any]]])?["Per day"])
        #expect(perDay.count == 15)
        let chart = try Interop.runPython("""
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            charts = [n for n in z.namelist() if n.startswith("xl/charts/chart")]
            xml = z.read(charts[0]).decode()
            sheets = [n for n in z.namelist() if n.startswith("xl/chartsheets/sheet")]
            print(len(charts), xml.count("<c:ser>"), "tickMarkSkip val=\\"7\\"" in xml, "Per day" in xml, len(sheets))
            """, arguments: [cli.path("u.xlsx")])
        #expect(chart.trimmingCharacters(in: .whitespacesAndNewlines) == "1 2 True True 1",
                "one chart, capacity and booked from Per day, a gridline per week, on one chart sheet")
        #expect(try cli.run("report", "utilization", "--from", "2026-11-30", "--to", "2026-12-13", "--lang", "nl", "-o", "b.xlsx").status == 0)
        #expect(try sheets(cli.path("b.xlsx"))["names"] as? [String] == ["Bezetting", "Per dag", "Grafiek", "Tijdvakken"])
    }

    @Test func staffAndImportsReportsCountWhatHappened() throws {
        let cli = try seeded()
        defer { cli.remove() }
        // One cell that changes (the sample already has ANB on 10 December, so an import of that
        // changed nothing and the report's rows were counted against zero).
        let imported = try cli.run("import", try cli.oneNewMark(on: "2026-12-10"), "--operator", "maria")
        #expect(imported.status == 0 && imported.output.contains("Applied"), "\(imported.output)")
        try "date,daypart,staff,available\n2026-12-10,D13,NOBODY,x\n".write(toFile: cli.path("bad.csv"), atomically: true, encoding: .utf8)
        #expect(try cli.run("import", "bad.csv", "--operator", "piet").status == 1)
        #expect(try cli.run("report", "imports", "--from", "today", "--to", "today", "-o", "i.csv").status == 0)
        var reader = try CSVReader(path: cli.path("i.csv"))
        #expect(try reader.next()?.fields == ["Batch", "When", "Operator", "Outcome", "Date", "Daypart", "Staff", "Change"])
        var rows: [[String]] = []
        while let record = try reader.next() { rows.append(record.fields) }
        let changed = try database(cli).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM availability_change")! }
        let changes = rows.filter { $0[2] == "maria" }
        #expect(changed == 1 && changes.count == changed && changes.allSatisfy { $0[3] == "applied" && $0[4] == "2026-12-10" && !$0[6].isEmpty },
                "\(rows)")
        // The refused attempt is there too, as one row without a cell.
        #expect(rows.filter { $0[2] == "piet" } == [[rows.last![0], rows.last![1], "piet", "rejected", "", "", "", ""]], "\(rows)")
        #expect(try cli.run("report", "imports", "--from", "-7", "--to", "-1", "-o", "none.csv").output.contains("0 rows"))

        #expect(try cli.run("report", "staff", "--from", "2026-12-01", "--to", "2026-12-13", "-o", "s.csv").status == 0)
        var staff = try CSVReader(path: cli.path("s.csv"))
        _ = try staff.next()
        let anna = try #require(try staff.next())
        let slots = try database(cli).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM availability WHERE staff_id = 1 AND date BETWEEN '2026-12-01' AND '2026-12-13'")! }
        #expect(anna.fields[0] == "ANB" && anna.fields[3] == String(slots))
        let runs = try database(cli).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM export_run WHERE kind LIKE 'report-%' AND content_sha256 IS NOT NULL")! }
        #expect(runs == 3)
    }
}
