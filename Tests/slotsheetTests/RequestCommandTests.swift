import Foundation
import InteropSupport
import SlotSheetCore
import Testing
import XLSXReader

/// The office's round trip of docs/requests.md with the built command, on SQLite and PostgreSQL:
/// export the new requests, approve most, cancel two with a note, move one to a free slot, assign
/// staff, dry run, apply, see the batch in the history, undo it; and the exit codes of a refused
/// file and of a workbook asked for.
@Suite(.ownThreads, .serialized) struct RequestCommandTests {
    @Test(arguments: TestBackend.available) func theOfficesRoundTripWithTheCommand(_ backend: TestBackend) throws {
        var cli = try CommandRunner(today: "2026-12-01")
        var database: String?
        if backend == .postgres {
            let created = try PostgresTestServer.createDatabase()
            cli.environment["SLOTSHEET_DB"] = created.url
            database = created.name
        } else {
            cli.environment["SLOTSHEET_DB"] = "sqlite:" + cli.path("office.sqlite")
        }
        defer { cli.remove(); if let database { PostgresTestServer.dropDatabase(database) } }
        #expect(try cli.run("db", "init").status == 0)
        #expect(try cli.run("db", "seed", "--sample").status == 0)
        let export = try cli.run("requests", "export", "--status", "nieuw", "--from", "+3", "-o", "new.csv")
        #expect(export.status == 0, "\(export.errors)")
        var rows = try CSVRows(path: cli.path("new.csv"))
        #expect(rows.header == RequestColumn.allCases.map(\.english) && rows.count > 20)

        // Approve all but two, which are cancelled with a note; the first moves to a free slot with a person there.
        let free = try #require(try SlotFinder.freeSlot(cli, after: "2026-12-04"))
        for index in 0..<rows.count { rows.set(index, .status, index < 2 ? "geannuleerd" : "approved") }
        rows.set(0, .note, "Resident moved out"); rows.set(1, .note, "Duplicate of an earlier request")
        rows.set(2, .date, free.date); rows.set(2, .daypart, free.daypart); rows.set(2, .staff, free.staff)
        try rows.write(to: cli.path("decided.csv"))

        let preview = try cli.run("requests", "import", "decided.csv", "--dry-run", "--json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(preview.output.utf8)) as? [String: Any], "\(preview.output) \(preview.errors)")
        let counts = try #require(report["counts"] as? [String: Int])
        #expect(preview.status == 0 && report["status"] as? String == "dry_run", "\(report["problems"] ?? "")")
        #expect(counts["approved"] == rows.count - 2 && counts["cancelled"] == 2 && counts["moved"] == 1 && counts["assigned"] == 1, "\(counts)")

        let applied = try cli.run("requests", "import", "decided.csv", "--operator", "maria")
        #expect(applied.status == 0 && applied.output.contains("Applied as import batch"), "\(applied.output)\(applied.errors)")
        let batch = String(applied.output.components(separatedBy: "import batch ").last?.prefix { $0.isNumber } ?? "")
        let history = try cli.run("history")
        #expect(history.output.contains("requests: decided.csv"), "\(history.output)")
        #expect(try cli.run("requests", "import", "decided.csv").output.contains("Nothing to change"))

        let undo = try cli.run("import", "undo", batch, "--operator", "maria")
        #expect(undo.status == 0 && undo.output.contains("Batch \(batch) undone"), "\(undo.output)\(undo.errors)")
        #expect(try cli.run("requests", "import", "new.csv").output.contains("Nothing to change"), "back as exported")

        rows.set(3, .status, "archived")
        try rows.write(to: cli.path("wrong.csv"))
        let refused = try cli.run("requests", "import", "wrong.csv", "--lang", "nl", "--errors-out", "problems.csv")
        #expect(refused.status == 1 && refused.output.contains("kan worden goedgekeurd of geannuleerd, niet gearchiveerd"), "\(refused.output)")
        #expect(try String(contentsOfFile: cli.path("problems.csv"), encoding: .utf8).hasPrefix("plaats,regel,kolom,verzoek,probleem,oplossing"))
        // Any other name: the error workbook, the file as read with the bad line marked and the Errors sheet.
        let workbook = try cli.run("requests", "import", "wrong.csv", "--errors-out", "fix-me.xlsx")
        #expect(workbook.status == 1, "\(workbook.output)")
        let book = try Workbook(path: cli.path("fix-me.xlsx"))
        #expect(book.sheets.map(\.name) == ["CSV", "Errors"], "\(book.sheets.map(\.name))")
        let ods = try cli.run("requests", "export", "-o", "requests.ods")
        #expect(ods.status == 2 && ods.errors.contains("writes the requests workbook as .xlsx"), "\(ods.errors)")
        #expect(try cli.run("requests", "import", "missing.csv").status == 4)
    }
}

/// A decisions CSV as rows of fields by column, read and written with the core's CSV reader and writer.
private struct CSVRows {
    let header: [String]
    var rows: [[String]]
    var count: Int { rows.count }

    init(path: String) throws {
        var reader = try CSVReader(path: path)
        header = try reader.next()?.fields ?? []
        var rows: [[String]] = []
        while let record = try reader.next() { rows.append(record.fields) }
        self.rows = rows
    }

    mutating func set(_ index: Int, _ column: RequestColumn, _ value: String) {
        rows[index][header.firstIndex(of: column.english)!] = value
    }

    func write(to path: String) throws {
        var writer = CSVWriter(neutralizeFormulas: true)
        writer.write(header)
        for row in rows { writer.write(row) }
        try writer.text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// A slot with a free place and a person available in it, from the utilization report.
private enum SlotFinder {
    static func freeSlot(_ cli: CommandRunner, after date: String) throws -> (date: String, daypart: String, staff: String)? {
        guard try cli.run("export", "availability", "--from", date, "--to", "+14", "--all-staff", "-o", "availability.csv").status == 0,
              try cli.run("requests", "export", "--status", "new,approved", "-o", "held.csv").status == 0 else { return nil }
        let available = try CSVRows(path: cli.path("availability.csv"))
        let held = try CSVRows(path: cli.path("held.csv"))
        var holding: [String: Int] = [:]
        for row in held.rows { holding[row[7] + " " + row[8], default: 0] += 1 }
        var staffBySlot: [String: [String]] = [:]
        for row in available.rows where row[3] == "x" { staffBySlot[row[0] + " " + row[1], default: []].append(row[2]) }
        guard let slot = staffBySlot.keys.sorted().first(where: { staffBySlot[$0]!.count > holding[$0, default: 0] }) else { return nil }
        let parts = slot.split(separator: " ").map(String.init)
        return (parts[0], parts[1], staffBySlot[slot]![0])
    }
}
