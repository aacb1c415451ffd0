import Foundation
import InteropSupport
import SlotSheetCore
import Testing
import XLSXReader

/// `--csv-dialect` on every CSV export: each list, availability and requests export reads back
/// through its own import unchanged in each dialect; every report in excel-nl opens as columns in LibreOffice
/// with Dutch settings; the office's `csv_dialect` (excel-nl for a Dutch office) is the default.
@Suite(.ownThreads) struct CSVDialectTests {
    static func seeded() throws -> CommandRunner {
        let cli = try CommandRunner(today: "2026-12-01")
        try #require(try cli.run("db", "init").status == 0)
        try #require(try cli.run("db", "seed", "--sample").status == 0)
        return cli
    }

    /// The file's first bytes and separator are the dialect's.
    static func expectForm(_ path: String, _ dialect: CSVDialect, header: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let marked = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        #expect(marked == (dialect != .rfc4180), "\(dialect): byte-order mark \(marked)")
        let text = String(decoding: marked ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
        let separator = dialect == .excelDutch ? ";" : ","
        #expect(text.hasPrefix(header.replacingOccurrences(of: ",", with: separator) + "\r\n"), "\(dialect): \(text.prefix(80))")
    }

    @Test(arguments: CSVDialect.allCases) func everyListReadsBackUnchanged(_ dialect: CSVDialect) throws {
        let cli = try Self.seeded()
        defer { cli.remove() }
        for list in ["staff", "dayparts", "catalogue"] {
            let file = "\(list)-\(dialect.rawValue).csv"
            let export = try cli.run(list, "export", "--csv-dialect", dialect.rawValue, "-o", file)
            #expect(export.status == 0, "\(list): \(export.errors)")
            let header = ListKind(rawValue: list)!.columns.map(\.english).joined(separator: ",")
            try Self.expectForm(cli.path(file), dialect, header: header)
            let back = try cli.run(list, "import", file, "--dry-run")
            #expect(back.status == 0 && back.output.contains("Nothing to change"), "\(list) \(dialect): \(back.output)\(back.errors)")
        }
    }

    @Test(arguments: CSVDialect.allCases) func availabilityReadsBackUnchanged(_ dialect: CSVDialect) throws {
        let cli = try Self.seeded()
        defer { cli.remove() }
        let export = try cli.run("export", "availability", "--from", "2026-11-30", "--to", "2026-12-13", "--all-staff",
                                 "--csv-dialect", dialect.rawValue, "-o", "a.csv")
        #expect(export.status == 0, "\(export.errors)")
        try Self.expectForm(cli.path("a.csv"), dialect, header: "date,daypart,staff,available")
        let back = try cli.run("import", "a.csv", "--dry-run", "--json")
        let report = try JSONSerialization.jsonObject(with: Data(back.output.utf8)) as? [String: Any] ?? [:]
        #expect(back.status == 0 && report["added"] as? Int == 0 && report["removed"] as? Int == 0, "\(dialect): \(back.output)")
    }

    /// The requests queue in each dialect (Dutch headers and day-month-year dates in excel-nl)
    /// reads back through the decisions import as nothing to change.
    @Test(arguments: CSVDialect.allCases) func requestsReadBackUnchanged(_ dialect: CSVDialect) throws {
        let cli = try Self.seeded()
        defer { cli.remove() }
        let language = dialect == .excelDutch ? "nl" : "en"
        let export = try cli.run("requests", "export", "--status", "new,approved", "--lang", language, "--csv-dialect", dialect.rawValue, "-o", "r.csv")
        #expect(export.status == 0, "\(export.errors)")
        let header = RequestColumn.allCases.map { $0.name(language == "nl" ? .nl : .en) }.joined(separator: ",")
        try Self.expectForm(cli.path("r.csv"), dialect, header: header)
        let written = try String(contentsOfFile: cli.path("r.csv"), encoding: .utf8)
        #expect(written.split(separator: "\r\n").count > 20, "\(dialect): the seeded queue")
        if dialect == .excelDutch { #expect(written.contains("-12-2026;"), "Dutch Excel's dates: \(written.prefix(400))") }
        let back = try cli.run("requests", "import", "r.csv", "--lang", language, "--dry-run")
        let nothing = language == "nl" ? "Niets te wijzigen" : "Nothing to change"
        #expect(back.status == 0 && back.output.contains(nothing), "\(dialect): \(back.output)\(back.errors)")
    }

    /// Each report as Dutch Excel's CSV, opened by LibreOffice as a Dutch user's Text Import does
    /// (separator ;, UTF-8, locale nl-NL): as many columns as the header names, dates as dates,
    /// shares as numbers (the decimal comma read as one).
    @Test(.enabled(if: Interop.shouldRun(needing: ["soffice"])))
    func everyReportInExcelNLOpensAsColumnsInDutchLibreOffice() throws {
        let cli = try Self.seeded()
        defer { cli.remove() }
        let profile = FileManager.default.temporaryDirectory.appending(path: "slotsheet-lo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        for report in ["requests", "utilization", "staff", "imports"] {
            let file = "\(report).csv"
            #expect(try cli.run("report", report, "--from", "2026-11-30", "--to", "2026-12-13", "--csv-dialect", "excel-nl", "-o", file).status == 0)
            let written = try String(contentsOfFile: cli.path(file), encoding: .utf8)
            let columns = written.dropFirst().prefix { $0 != "\r\n" }.split(separator: ";", omittingEmptySubsequences: false).count
            _ = try Interop.run("soffice", ["-env:UserInstallation=file://\(profile.path)", "--headless", "--infilter=CSV:59,34,76,1,,1043",
                                            "--convert-to", "xlsx", "--outdir", cli.path("lo"), cli.path(file)])
            let book = try XLSXWorkbook(path: cli.path("lo/\(report).xlsx"))
            var rows = try book.rows(of: book.sheets[0])
            let header = try #require(try rows.next())
            #expect(header.cells.count == columns && columns > 2, "\(report): \(columns) columns, LibreOffice read \(header.cells.count)")
            if report == "utilization", let first = try rows.next() {
                guard case .date = first.cells[0].value else { Issue.record("the date is a date: \(first.cells[0].value)"); continue }
                guard case let .number(share) = first.cells[6].value, share > 0, share < 1 else {
                    Issue.record("the utilization is a number: \(first.cells[6].value)"); continue
                }
            }
        }
    }

    /// Left out, the dialect is the office's: excel-nl for a Dutch office, else rfc4180, unless
    /// `office.csv_dialect` names one.
    @Test func theOfficesSettingIsTheDefault() throws {
        let cli = try Self.seeded()
        defer { cli.remove() }
        let header = "code,name,employee_number,active"
        #expect(try cli.run("staff", "export", "-o", "en.csv", "--lang", "en").status == 0)
        try Self.expectForm(cli.path("en.csv"), .rfc4180, header: header)
        try "[office]\nlanguage = \"nl\"\n".write(toFile: cli.path("nl.toml"), atomically: true, encoding: .utf8)
        #expect(try cli.run("staff", "export", "-o", "nl.csv", "--config", cli.path("nl.toml")).status == 0)
        try Self.expectForm(cli.path("nl.csv"), .excelDutch, header: "code,naam,personeelsnummer,actief")
        try "[office]\nlanguage = \"nl\"\ncsv_dialect = \"excel\"\n".write(toFile: cli.path("excel.toml"), atomically: true, encoding: .utf8)
        #expect(try cli.run("staff", "export", "-o", "x.csv", "--config", cli.path("excel.toml")).status == 0)
        try Self.expectForm(cli.path("x.csv"), .excel, header: "code,naam,personeelsnummer,actief")
        let wrong = try cli.run("staff", "export", "-o", "y.csv", "--set", "office.csv_dialect=excel-be")
        #expect(wrong.status == 2 && wrong.errors.contains("office.csv_dialect"), "\(wrong.errors)")
    }
}
