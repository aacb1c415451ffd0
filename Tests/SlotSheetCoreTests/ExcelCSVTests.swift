import Foundation
import InteropSupport
import SlotSheetTemplates
import Testing
@testable import SlotSheetCore

/// CSV as Excel and LibreOffice write it (issue 16 §3): `sep=` lines, semicolons, byte-order marks,
/// CRLF, trailing empty columns, rows of only separators, headers in other case, Dutch dates; and
/// what reads two ways, refused with the line and column.
@Suite struct ExcelCSVTests {
    let fixture: ImportFixture
    init() throws { fixture = try ImportFixture() }

    /// What a parsed CSV says, as (date, daypart, staff, mark) lines in a fixed order.
    static func marks(_ sheet: ParsedSheet) -> [String] {
        sheet.slots.flatMap { slot in
            zip(sheet.staffCodes, slot.marks).filter { $0.1 != .absent }.map { "\(slot.date.iso) \(slot.daypartCode) \($0.0) \($0.1)" }
        }.sorted()
    }

    private func parse(bytes: String) throws -> ParsedSheet {
        let path = try fixture.csv([])
        try Data(bytes.utf8).write(to: URL(fileURLWithPath: path))
        return try ImportFileReader.parse(path: path)
    }

    private func refusal(_ text: String) throws -> CSVError? {
        do {
            _ = try parse(bytes: text)
            return nil
        } catch let ImportFileError.csv(error) {
            return error
        }
    }

    @Test func readsExcelsSeparatorLineByteOrderMarkAndCRLF() throws {
        let rfc = try parse(bytes: "date,daypart,staff,available\r\n2026-12-08,D09,ANB,x\r\n2026-12-08,D09,BRW,\r\n")
        #expect(rfc.problems.isEmpty)
        for text in [
            "sep=;\r\ndate;daypart;staff;available\r\n8-12-2026;D09;ANB;x\r\n8-12-2026;D09;BRW;\r\n",
            "\u{FEFF}sep=;\r\ndate;daypart;staff;available\r\n08-12-2026;D09;ANB;X\r\n08-12-2026;D09;BRW;nee\r\n",
            "\"sep=;\";;;\ndate;daypart;staff;available\n2026-12-08;D09;ANB;x\n2026-12-08;D09;BRW;\n",
            "SEP=,\ndate,daypart,staff,available\n2026-12-08,D09,ANB,ja\n2026-12-08,D09,BRW,0\n",
            "\u{FEFF}date;daypart;staff;available\r\n8-12-2026;D09;ANB;x\r\n8-12-2026;D09;BRW;\r\n",
        ] {
            let sheet = try parse(bytes: text)
            #expect(sheet.problems.isEmpty, "\(text): \(sheet.problems)")
            #expect(ExcelCSVTests.marks(sheet) == ExcelCSVTests.marks(rfc), "\(text)")
        }
        let lines = try parse(bytes: "sep=;\ndate;daypart;staff;available\n2026-12-08;D09;ANB;maybe\n").problems.map(\.location)
        #expect(lines == [.line(3)], "the sep= line counts as line 1")
    }

    @Test func readsTrailingEmptyColumnsRowsOfSeparatorsAndLooseHeaders() throws {
        let sheet = try parse(bytes: """
            \u{FEFF} Date ;DAYPART;  Staff;Available ;;;\r
            8-12-2026;D09;ANB;x;;;\r
            ;;;;;;\r
            8-12-2026;D09;BRW;;;;\r
            ;;;\r
            8-12-2026;D10;ANB;x\r
            ;;;;;;\r

            """)
        #expect(sheet.problems.isEmpty, "\(sheet.problems)")
        #expect(ExcelCSVTests.marks(sheet) == ["2026-12-08 D09 ANB available", "2026-12-08 D09 BRW unavailable", "2026-12-08 D10 ANB available"])
        let extra = try parse(bytes: "date;daypart;staff;available;;\n2026-12-08;D09;ANB;x;note\n")
        #expect(extra.problems.map { $0.sentence(.en) } == ["Line 2: This line has 5 fields; the header has 4."])
        #expect(throws: ImportFileError.csv(.headerOnly(line: 1))) { try parse(bytes: "date;daypart;staff;available\n;;;\n;;;\n") }
    }

    @Test func readsTheDatesSpreadsheetsWrite() throws {
        let december8 = LocalDate(iso: "2026-12-08")!, christmas = LocalDate(iso: "2026-12-25")!
        let cases: [(String, CSVDate.Reading)] = [
            ("2026-12-08", .date(december8)), ("8-12-2026", .date(december8)), ("08-12-2026", .date(december8)),
            ("08-12-26", .date(december8)), ("8.12.2026", .date(december8)), ("1-2-1999", .date(LocalDate(iso: "1999-02-01")!)),
            ("2-1-45", .date(LocalDate(iso: "1945-01-02")!)), ("25/12/2026", .ordered(christmas, .dayFirst)),
            ("12/25/2026", .ordered(christmas, .monthFirst)), ("12/25/26", .ordered(christmas, .monthFirst)),
            ("5/5/2026", .date(LocalDate(iso: "2026-05-05")!)),
            ("08/12/2026", .ambiguous(dayFirst: december8, monthFirst: LocalDate(iso: "2026-08-12")!)),
            ("31-02-2026", .invalid), ("2026-12-8", .invalid), ("8-12-202", .invalid), ("8/12-2026", .invalid),
            ("2026/12/08", .invalid), ("13/13/2026", .invalid), ("", .invalid), ("8-12-2026x", .invalid), ("-8-12-2026", .invalid),
        ]
        for (text, reading) in cases {
            #expect(CSVDate.read(text) == reading, "\(text)")
        }
    }

    @Test func aDateThatReadsTwoWaysIsRefusedWithItsLineAndColumn() throws {
        let error = try #require(try refusal("staff,date,daypart,available\nANB,25/12/2026,D09,x\nANB,08/12/2026,D09,x\n"))
        let column = CSVColumn(number: 2, header: "date")
        #expect(error == .ambiguousDate(text: "08/12/2026", line: 3, column: column,
                                        dayFirst: LocalDate(iso: "2026-12-08")!, monthFirst: LocalDate(iso: "2026-08-12")!))
        #expect(error.isAmbiguity)
        #expect(error.english.hasPrefix("Line 3, column 2 (date) of the CSV file: '08/12/2026' can be read as Tue 8 Dec 2026 (day first) or as Wed 12 Aug 2026 (month first)."))
        #expect(error.dutch.hasPrefix("Regel 3, kolom 2 (date) van het CSV-bestand: '08/12/2026' kan gelezen worden als di 8 dec 2026 (dag eerst) of als wo 12 aug 2026 (maand eerst)."))
    }

    @Test func twoDateOrdersInOneFileAreRefused() throws {
        let error = try #require(try refusal("date,daypart,staff,available\n25/12/2026,D09,ANB,x\n12/13/2026,D09,ANB,x\n"))
        #expect(error == .conflictingDateOrders(text: "12/13/2026", line: 3, column: CSVColumn(number: 1, header: "date"),
                                                order: .monthFirst, earlierText: "25/12/2026", earlierLine: 2))
        #expect(error.english.contains("'12/13/2026' can only be month first, but '25/12/2026' on line 2 can only be day first"))
        #expect(error.dutch.contains("'12/13/2026' kan alleen maand eerst zijn, maar '25/12/2026' op regel 2 kan alleen dag eerst zijn"))
    }

    @Test func aFileMixingSeparatorsIsRefusedWithItsLineAndColumn() throws {
        let row = try #require(try refusal("date;daypart;staff;available\n2026-12-08;D09;ANB;x\n2026-12-08,D09,BRW,x\n"))
        #expect(row == .mixedDelimiters(line: 3, column: CSVColumn(number: 1, header: "date"), found: 0x2C, delimiter: 0x3B))
        #expect(row.english.hasPrefix("Line 3, column 1 (date) of the CSV file holds a comma (,) where the rest of the file separates its fields with a semicolon (;)"))
        #expect(row.dutch.hasPrefix("Regel 3, kolom 1 (date) van het CSV-bestand bevat een komma (,) waar de rest van het bestand de velden scheidt met een puntkomma (;)"))
        let partly = try #require(try refusal("date,daypart,staff,available\n2026-12-08,D09;ANB,x\n"))
        #expect(partly == .mixedDelimiters(line: 2, column: CSVColumn(number: 2, header: "daypart"), found: 0x3B, delimiter: 0x2C))
        let header = try #require(try refusal("sep=;\ndate,daypart,staff,available\n2026-12-08;D09;ANB;x\n"))
        #expect(header == .mixedDelimiters(line: 2, column: CSVColumn(number: 1, header: "date,daypart,staff,available"), found: 0x2C, delimiter: 0x3B))
        // A comma inside a field of a semicolon file is no separator when the line has its fields (a decimal comma).
        let decimal = try parse(bytes: "date;daypart;staff;available\n2026-12-08;D09;A,1;x\n")
        #expect(decimal.problems.isEmpty && decimal.staffCodes == ["A,1"])
    }

    /// The files LibreOffice Calc writes (Tests/Fixtures/csv/make-libreoffice.sh made them from
    /// source.csv): in Dutch they read as the source; in US English the dates read two ways.
    @Test func libreOfficesFilesReadAsTheirSource() throws {
        let folder = Interop.repositoryRoot.appending(path: "Tests/Fixtures/csv")
        let source = try ImportFileReader.parse(path: folder.appending(path: "source.csv").path)
        #expect(source.problems.isEmpty && ExcelCSVTests.marks(source).count == 12)
        for name in ["libreoffice-nl.csv", "libreoffice-nl-as-shown.csv"] {
            let sheet = try ImportFileReader.parse(path: folder.appending(path: name).path)
            #expect(sheet.problems.isEmpty, "\(name): \(sheet.problems)")
            #expect(ExcelCSVTests.marks(sheet) == ExcelCSVTests.marks(source), "\(name)")
        }
        #expect(throws: ImportFileError.csv(.ambiguousDate(text: "12/08/26", line: 2, column: CSVColumn(number: 1, header: "date"),
                                                           dayFirst: LocalDate(iso: "2026-08-12")!, monthFirst: LocalDate(iso: "2026-12-08")!))) {
            try ImportFileReader.parse(path: folder.appending(path: "libreoffice-en-us.csv").path)
        }
    }

    /// The same seeded data written the plain way (what the fast path reads most) and with every
    /// Excel habit at once, across many 64 KB chunks: both read as the same marks.
    @Test func theFastPathAndExcelsHabitsAgree() throws {
        var random = SeededGenerator(test: "theFastPathAndExcelsHabitsAgree")
        let staff = (1...40).map { "S\($0)" } + ["A;B", "=SUM(A1)", "-7", "Jansen, P.", "Zoë"]
        let dayparts = ["D08", "D09", "D13"]
        let first = LocalDate(iso: "2026-11-20")!
        var plain = CSVWriter(neutralizeFormulas: true)
        var habits = "\u{FEFF}sep=;\r\n Datum;DAGDEEL;Medewerker ;Beschikbaar;;\r\n"
        plain.write(AvailabilityCSVExporter.header)
        var dutch = CSVWriter(neutralizeFormulas: true, dialect: .excelDutch)
        dutch.write(AvailabilityCSVExporter.header)
        for day in 0..<80 {
            let date = first.adding(days: day)
            for daypart in dayparts {
                for member in staff where random.next() % 5 != 0 {
                    let available = random.next() % 2 == 0
                    plain.write([date.iso, daypart, member, available ? "x" : ""])
                    dutch.write([dutch.dialect.date(date), daypart, member, available ? "x" : ""])
                    let mark = available ? ["x", "X", "ja", " x "][Int(random.next() % 4)] : ["", "nee", "0"][Int(random.next() % 3)]
                    let fields = [dayMonthYear(date), daypart, member, mark].map { CSVWriter.encode($0, neutralizeFormulas: true) }
                    habits += fields.joined(separator: ";") + ";;\r\n"
                    if random.next() % 50 == 0 { habits += ";;;;;\r\n" }
                }
            }
        }
        let reference = try parse(bytes: plain.text)
        #expect(reference.problems.isEmpty && reference.staffCodes.count == staff.count)
        #expect(plain.text.utf8.count > 2 << 16, "the file spans several of the reader's chunks")
        for (name, text) in [("Excel habits", habits), ("excel-nl dialect", dutch.text)] {
            let sheet = try parse(bytes: text)
            #expect(sheet.problems.isEmpty, "\(name): \(sheet.problems.prefix(3))")
            #expect(ExcelCSVTests.marks(sheet) == ExcelCSVTests.marks(reference), "\(name), seed \(random.seed)")
        }
    }
}
