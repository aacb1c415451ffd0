import Foundation
import InteropSupport
import SlotSheetCore
import Testing

/// `export availability --dialect excel-nl` and the import of CSV as Excel writes it, through the
/// real binary: what Dutch Excel opens by a double-click, edited the Dutch way, gives the same
/// database as the same edit of a template; a file that reads two ways exits 8 with its line and
/// column in English and Dutch, and writes nothing.
@Suite(.ownThreads) struct ExcelCSVCommandTests {
    @Test func theDutchExcelDialectStartsWithAByteOrderMarkAndSeparatesWithSemicolons() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let cli = scenario.cli
        let result = try cli.run("export", "availability", "--from", "2026-12-07", "--to", "2026-12-08", "--all-staff",
                                 "--format", "csv", "--dialect", "excel-nl", "-o", "nl.csv")
        #expect(result.status == 0, "\(result.errors)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cli.path("nl.csv")))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        #expect(text.hasPrefix("date;daypart;staff;available\r\n7-12-2026;"))
        #expect(text.contains("\r\n8-12-2026;") && !text.contains(",") && text.hasSuffix("\r\n"))
        let dryRun = try scenario.importJSON("nl.csv", "--dry-run")
        #expect(dryRun.status == 0 && dryRun.report["added"] as? Int == 0 && dryRun.report["removed"] as? Int == 0, "\(dryRun.report)")
        #expect(try cli.run("export", "availability", "--from", "today", "--to", "+1", "--all-staff", "--dialect", "excel-be", "-o", "x.csv").status == 2)
    }

    /// The edits of `theSameEditsAsCSVGiveTheSameDatabase`, made in the excel-nl file the way Dutch
    /// Excel saves it again (no byte-order mark lost, `8-12-2026` dates, an empty trailing column).
    @Test func anExcelNLFileEditedGivesTheSameDatabaseAsTheTemplate() throws {
        let viaTemplate = try ImportScenario(), viaCSV = try ImportScenario()
        defer { viaTemplate.remove(); viaCSV.remove() }
        let added = try viaTemplate.addableCells(2)
        let removed = try viaTemplate.removableCell()
        try viaTemplate.edit(to: "edited.xlsx", cells: [added[0].cell: "x", added[1].cell: "x", removed.cell: nil])
        #expect(try viaTemplate.cli.run("import", "edited.xlsx").status == 0)

        #expect(try viaCSV.cli.run("export", "availability", "--from", "2026-11-30", "--to", "2026-12-13", "--all-staff",
                                   "--dialect", "excel-nl", "-o", "a.csv").status == 0)
        var text = try String(contentsOfFile: viaCSV.cli.path("a.csv"), encoding: .utf8)
        let dutch = { (key: String) -> [String] in
            let parts = key.split(separator: " ").map(String.init)
            let (year, month, day) = LocalDate(iso: parts[0])!.parts
            return ["\(day)-\(month)-\(year)", parts[1], parts[2]]
        }
        for key in added.map(\.key) {
            let line = dutch(key).joined(separator: ";")
            text = text.replacingOccurrences(of: "\r\n\(line);\r\n", with: "\r\n\(line);X\r\n")
        }
        let line = dutch(removed.key).joined(separator: ";")
        text = text.replacingOccurrences(of: "\r\n\(line);x\r\n", with: "\r\n\(line);\r\n")
        text = text.replacingOccurrences(of: "\r\n", with: ";\r\n")
        try text.write(toFile: viaCSV.cli.path("edited.csv"), atomically: true, encoding: .utf8)
        let result = try viaCSV.importJSON("edited.csv")
        #expect(result.status == 0 && result.report["added"] as? Int == 2 && result.report["removed"] as? Int == 1, "\(result.report)")
        #expect(try viaCSV.availability() == viaTemplate.availability())
    }

    struct Ambiguous: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let english: String
        let dutch: String
        var testDescription: String { name }
    }

    static let ambiguous: [Ambiguous] = [
        Ambiguous(name: "a date day first or month first", text: "date,daypart,staff,available\r\n2026-12-08,D09,ANB,x\r\n08/12/2026,D09,BRW,x\r\n",
                  english: "Line 3, column 1 (date) of the CSV file: '08/12/2026' can be read as", dutch: "Regel 3, kolom 1 (date) van het CSV-bestand: '08/12/2026' kan gelezen worden als"),
        Ambiguous(name: "two date orders", text: "datum;dagdeel;medewerker;beschikbaar\r\n13/12/2026;D09;ANB;x\r\n12/14/2026;D09;ANB;x\r\n",
                  english: "Line 3, column 1 (datum) of the CSV file: '12/14/2026' can only be month first",
                  dutch: "Regel 3, kolom 1 (datum) van het CSV-bestand: '12/14/2026' kan alleen maand eerst zijn"),
        Ambiguous(name: "separators mixed", text: "sep=;\r\ndate;daypart;staff;available\r\n2026-12-08;D09;ANB;x\r\n2026-12-08,D09,BRW,x\r\n",
                  english: "Line 4, column 1 (date) of the CSV file holds a comma (,)", dutch: "Regel 4, kolom 1 (date) van het CSV-bestand bevat een komma (,)"),
    ]

    @Test(arguments: ambiguous)
    func aFileThatReadsTwoWaysExitsEightAndWritesNothing(_ file: Ambiguous) throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let cli = scenario.cli
        let before = try cli.run("db", "status").output
        try file.text.write(toFile: cli.path("two-ways.csv"), atomically: true, encoding: .utf8)
        for (language, expected) in [("en", file.english), ("nl", file.dutch)] {
            let result = try cli.run("import", "two-ways.csv", "--lang", language)
            #expect(result.status == 8, "\(language): \(result.output)\(result.errors)")
            #expect((result.errors + result.output).contains(expected), "\(language): \(result.errors)")
        }
        #expect(try cli.run("db", "status").output == before, "nothing is written to the database")
        #expect(try cli.run("history").output.contains("No imports yet"))
    }

    /// LibreOffice Calc in US English writes `12/08/26`: refused as such, with exit code 8.
    @Test func libreOfficesUSFileIsRefusedAsAmbiguous() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let fixture = Interop.repositoryRoot.appending(path: "Tests/Fixtures/csv/libreoffice-en-us.csv").path
        let result = try scenario.cli.run("import", fixture, "--dry-run")
        #expect(result.status == 8)
        #expect(result.errors.contains("Line 2, column 1 (date) of the CSV file: '12/08/26' can be read as Wed 12 Aug 2026 (day first) or as Tue 8 Dec 2026 (month first)"),
                "\(result.errors)")
    }
}
