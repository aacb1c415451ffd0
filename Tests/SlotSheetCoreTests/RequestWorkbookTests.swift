import Foundation
import InteropSupport
import SlotSheetTemplates
import XLSXWriter
import Testing
import XLSXReader
@testable import SlotSheetCore

/// The requests workbook as the office gets it and sends it back: what openpyxl and LibreOffice
/// see in it, what the reader reads from it and from LibreOffice's copies, and what it refuses.
@Suite struct RequestWorkbookTests {
    static let python = FileManager.default.isExecutableFile(atPath: Interop.python.path) || Interop.toolsRequired

    /// The rows as the reader gives them: the text of each column, as `RequestSheetRow.values`
    /// says it (a date as ISO, the request number as digits).
    static func expectedValues(_ rows: [RequestSheetRow], _ language: Language, clock: OfficeClock) -> [[String]] {
        rows.map { row in
            row.values(language, clock: clock).map { value -> String in
                switch value {
                case let .text(text): return text.trimmingCharacters(in: CSVAvailabilityParser.whiteSpace)
                case let .integer(number): return String(number)
                case let .date(date): return date.iso
                default: return ""
                }
            }
        }
    }

    @Test(arguments: [Language.en, .nl])
    func theReaderReadsBackEveryRowAndTheSnapshot(_ language: Language) throws {
        let fixture = try RequestWorkbookFixture()
        defer { fixture.remove() }
        let path = try fixture.write("requests.xlsx", language: language)
        let table = try RequestSheetTable.read(path: path)
        let sheet = RequestSheetText.requestsSheet.text(language)
        #expect(table.problems.isEmpty, "\(table.problems.map { $0.text(.en) })")
        #expect(table.sheetName == sheet)
        #expect(table.rows.map(\.values) == RequestWorkbookTests.expectedValues(RequestWorkbookFixture.rows(), language, clock: fixture.clock))
        #expect(table.rows.map(\.index) == [2, 3, 4, 5, 6])
        #expect(table.rows[2].place(.status) == .cell(sheet: sheet, reference: "J4"))
        let exported = try #require(table.exported)
        #expect(exported.sheet == sheet)
        for (index, row) in RequestWorkbookFixture.rows().enumerated() {
            #expect(exported.requests[row.id] == RequestSheetSnapshot.Entry(row: index + 2, decision: row.decision))
        }
        #expect(table.rows[0].value(.description) == RequestWorkbookFixture.hostileDescription, "the formula-like text reads back as it was")
        #expect(table.rows[1].value(.status) == RequestSheetDecision.word(.new, language))
    }

    /// What Excel's users get: the decision cells unlocked, the rest locked, the sheet protected,
    /// each row's status drop-down the statuses its status may go to, the date validated as a
    /// date, dayparts, staff and subcontractors from the sheet Choices; the hostile description a
    /// text cell; the snapshot very hidden.
    @Test(.enabled(if: RequestWorkbookTests.python, "no interop venv"))
    func openpyxlSeesTheLocksAndTheDropDowns() throws {
        let fixture = try RequestWorkbookFixture()
        defer { fixture.remove() }
        let path = try fixture.write("requests.xlsx", language: .nl)
        let seen = try fixture.peek(path, """
            ws = wb["Verzoeken"]
            out["states"] = {s.title: s.sheet_state for s in wb.worksheets}
            out["protected"] = [ws.protection.sheet, wb["Keuzes"].protection.sheet]
            out["header"] = [c.value for c in ws[1]]
            out["locked"] = {c.coordinate: c.protection.locked for r in ws.iter_rows(min_row=1, max_row=6) for c in r}
            out["validations"] = sorted([[str(v.sqref), v.type, v.formula1, v.formula2, v.showErrorMessage] for v in ws.data_validations.dataValidation])
            out["b2"] = [ws["G2"].value, ws["G2"].data_type, ws["G6"].value, ws["G6"].data_type]
            out["h2"] = [str(ws["H2"].value), ws["H2"].is_date, ws["H2"].number_format]
            out["choices"] = [[c.value for c in r] for r in wb["Keuzes"].iter_rows(min_row=1, max_row=4)]
            out["print"] = [ws.page_setup.orientation, ws.page_setup.fitToWidth, ws.page_setup.fitToHeight, ws.sheet_properties.pageSetUpPr.fitToPage, ws.print_title_rows]
            """)
        #expect(seen["states"] as? [String: String] == ["Verzoeken": "visible", "Keuzes": "visible", "_slotsheet": "veryHidden"])
        #expect(seen["protected"] as? [Bool] == [true, true])
        #expect(seen["header"] as? [String] == RequestSheetColumn.allCases.map(\.dutch))
        let locked = try #require(seen["locked"] as? [String: Bool])
        for column in RequestSheetColumn.allCases {
            #expect(locked["\(column.letter)1"] == true, "the header is locked")
            for row in 2...6 {
                #expect(locked["\(column.letter)\(row)"] == !column.isDecision, "\(column.letter)\(row): \(column.english)")
            }
        }
        let validationRows = try #require(seen["validations"] as? [[Any]])
        let validations = validationRows.map { $0.map { "\($0)" } }
        let expected: [[String]] = [
            ["H2:H6", "date", "36526", "73050", "1"],
            ["I2:I6", "list", "'Keuzes'!$D$2:$D$3", "<null>", "1"],
            ["J2:J3", "list", "\"nieuw,goedgekeurd,geannuleerd\"", "<null>", "1"],
            ["J4", "list", "\"goedgekeurd,afgerond,geannuleerd\"", "<null>", "1"],
            ["J5", "list", "\"geannuleerd,gearchiveerd,nieuw\"", "<null>", "1"],
            ["J6", "list", "\"gearchiveerd,afgerond\"", "<null>", "1"],
            ["K2:K6", "list", "'Keuzes'!$A$2:$A$4", "<null>", "1"],
            ["L2:L6", "list", "'Keuzes'!$G$2:$G$3", "<null>", "1"],
        ]
        #expect(validations == expected, "\(validations)")
        // openpyxl shows the escape as the file holds it (`_x001B_`); Excel and our reader decode it.
        let escaped = RequestWorkbookFixture.hostileDescription.replacingOccurrences(of: "\u{1B}", with: "_x001B_")
        #expect(seen["b2"] as? [String] == [escaped, "s", "=1+1", "s"],
                "formula-like descriptions are text cells, escape and override kept: \(String(describing: seen["b2"]))")
        let date = try #require(seen["h2"] as? [Any])
        #expect(date[0] as? String == "2026-12-08 00:00:00" && date[1] as? Bool == true && date[2] as? String == "[$-413]d mmm yyyy")
        let choiceRows = try #require(seen["choices"] as? [[Any]])
        let choices = choiceRows.map { $0.map { $0 as? String ?? "" } }
        #expect(choices[0] == ["medewerker", "naam", "", "dagdeel", "tijd", "", "onderaannemer"])
        #expect(choices[1] == ["ANB", "Anouk Bakker", "", "AM", "08:00-12:00", "", "Loodgieters & Zn"])
        #expect(choices[3] == ["S0003", "Sem Jansen", "", "", "", "", ""])
        let printed = try #require(seen["print"] as? [Any])
        let printing = printed.map { "\($0)" }
        // fitToWidth left out is Excel's default, 1.
        #expect(printing == ["landscape", "<null>", "0", "1", "$1:$1"], "landscape, one page wide, the header row on every page: \(printing)")
    }

    /// An office that opens the workbook in LibreOffice and saves it again, as .xlsx or as .ods,
    /// sends back the same rows and the same snapshot.
    @Test(.enabled(if: Interop.shouldRun(needing: ["soffice"]), "LibreOffice is not installed"), arguments: ["xlsx", "ods"])
    func aWorkbookLibreOfficeSavedAgainReadsBackTheSameRows(_ format: String) throws {
        try Interop.requirePrograms(["soffice"])
        let fixture = try RequestWorkbookFixture()
        defer { fixture.remove() }
        let path = try fixture.write("verzoeken.xlsx", language: .nl)
        let original = try RequestSheetTable.read(path: path)
        let resaved = try RequestSheetTable.read(path: try fixture.resaved(path, as: format))
        #expect(resaved.problems.isEmpty, "\(resaved.problems.map { $0.text(.en) })")
        #expect(resaved.sheetName == "Verzoeken")
        // OpenDocument cannot hold a control character: LibreOffice drops the escape from the
        // (locked) description when it saves an .ods. Every other cell comes back as it was.
        let expected = format == "ods" ? original.rows.map { row in
            RequestSheetTable.Row(sheet: row.sheet, index: row.index, values: row.values.map { $0.replacingOccurrences(of: "\u{1B}", with: "") })
        } : original.rows
        #expect(resaved.rows == expected)
        #expect(resaved.exported == original.exported)
    }

    /// The snapshot edited by hand (a status changed in the hidden sheet) is refused whole: the
    /// import could not tell the office's decisions from others' changes.
    @Test(.enabled(if: RequestWorkbookTests.python, "no interop venv"))
    func aTamperedSnapshotIsRefused() throws {
        let fixture = try RequestWorkbookFixture()
        defer { fixture.remove() }
        let path = try fixture.write("requests.xlsx")
        let edited = try fixture.edit(path, to: "edited.xlsx", """
            hidden = wb["_slotsheet"]
            for row in hidden.iter_rows():
                if row[0].value == "request" and row[1].value == "1042":
                    row[3].value = "approved"
            """)
        #expect(throws: ImportFileError.requestRecordsEdited) { try RequestSheetTable.read(path: edited) }
        #expect(ImportFileError.requestRecordsEdited.text(.nl).contains("_slotsheet"))
        let untouched = try fixture.edit(path, to: "untouched.xlsx", "")
        #expect(try RequestSheetTable.read(path: untouched).exported != nil, "openpyxl's copy without an edit keeps its snapshot")
    }

    /// A layout the office changed is named at each cell, all at once: a column title typed
    /// over, something typed beside and below the table, a request number typed over, a row
    /// emptied, cells merged.
    @Test(.enabled(if: RequestWorkbookTests.python, "no interop venv"))
    func layoutChangesAreRefusedAtTheirCells() throws {
        let fixture = try RequestWorkbookFixture()
        defer { fixture.remove() }
        let path = try fixture.write("requests.xlsx")
        let edited = try fixture.edit(path, to: "edited.xlsx", """
            ws.protection.sheet = False
            ws["J1"] = "state"
            ws["N3"] = "extra"
            ws["B9"] = "below"
            ws["A4"] = 2001
            for cell in ws[5]:
                cell.value = None
            ws.merge_cells("M2:M3")
            """)
        let table = try RequestSheetTable.read(path: edited)
        let found = table.problems.map { "\($0.location.english): \($0.kind)" }
        #expect(found == [
            "Sheet Requests, cell J1: headerChanged(column: SlotSheetCore.RequestSheetColumn.status, found: \"state\")",
            "Sheet Requests, cell M2: mergedCells(\"M2:M3\")",
            "Sheet Requests, cell N3: outsideTable(found: \"extra\")",
            "Sheet Requests, cell A4: requestMoved(expected: 1043, found: \"2001\")",
            "Sheet Requests, cell A5: requestRemoved(1044)",
            "Sheet Requests, cell B9: outsideTable(found: \"below\")",
        ], "\(found)")
        let header = try #require(table.problems.first { if case .headerChanged = $0.kind { return true } else { return false } })
        #expect(header.text(.en) == "Sheet Requests, cell J1: 'state' is not the title where the column status belongs. Put the title back: the columns of a requests workbook keep their order.")
        #expect(header.text(.nl) == "Blad Requests, cel J1: 'state' is niet de titel waar de kolom status hoort. Zet de titel terug: de kolommen van een verzoekenwerkmap houden hun volgorde.")
        #expect(table.rows.map(\.index) == [2, 3, 6], "the rows that kept their layout are read")
    }

    /// A workbook slotsheet did not write (the CSV saved as .xlsx, with Dutch titles) has no
    /// snapshot: its rows are read as they stand.
    @Test(.enabled(if: RequestWorkbookTests.python, "no interop venv"))
    func aWorkbookWithoutSnapshotIsReadAsItStands() throws {
        let fixture = try RequestWorkbookFixture()
        defer { fixture.remove() }
        try Interop.runPython("""
            import sys, openpyxl
            wb = openpyxl.Workbook()
            ws = wb.active
            ws.title = "Blad1"
            ws.append(["Verzoek", "aangemaakt", "bewoner", "adres", "corporatie", "gebreken", "omschrijving", "datum", "dagdeel", "status", "medewerker", "onderaannemer", "notitie"])
            ws.append([1042, "25 nov 2026 21:05 +01:00", "Anna", "Dorpsstraat 1", "Woonstede", "", "Lekt", "2026-12-08", "AM", "goedgekeurd", "ANB", None, "graag snel"])
            wb.save(sys.argv[1])
            """, arguments: [fixture.path("own.xlsx")])
        let table = try RequestSheetTable.read(path: fixture.path("own.xlsx"))
        #expect(table.exported == nil && table.problems.isEmpty, "\(table.problems.map { $0.text(.en) })")
        #expect(table.rows.map(\.values) == [["1042", "25 nov 2026 21:05 +01:00", "Anna", "Dorpsstraat 1", "Woonstede", "", "Lekt", "2026-12-08", "AM",
                                               "goedgekeurd", "ANB", "", "graag snel"]])
        #expect(table.rows[0].place(.note) == .cell(sheet: "Blad1", reference: "M2"))
    }

    @Test func everyWordOfTheWorkbookAndItsRefusalsIsInBothLanguages() {
        let kinds: [(String, RequestSheetProblem.Kind)] = [
            ("headerChanged", .headerChanged(column: .status, found: "state")), ("outsideTable", .outsideTable(found: "extra")),
            ("requestMoved", .requestMoved(expected: 1043, found: "2001")), ("requestRemoved", .requestRemoved(1044)),
            ("mergedCells", .mergedCells("M2:M3")), ("missingSheet", .missingSheet("Verzoeken")),
            ("tooManyRows", .tooManyRows(limit: RequestSheetTable.maxRows)),
        ]
        var check = MessageCatalogueCheck()
        check.check("Kind", declaredIn: "Sources/SlotSheetCore/RequestSheets/RequestSheetProblem.swift",
                    examples: kinds.map { name, kind in
                        let problem = RequestSheetProblem(kind, at: .cell(sheet: "Verzoeken", reference: "J7"))
                        return (name, problem.english, problem.dutch)
                    })
        check.check("RequestSheetText", declaredIn: "Sources/SlotSheetCore/RequestSheets/RequestSheetText.swift",
                    examples: RequestSheetText.allCases.map { ("\($0)", $0.english, $0.dutch) })
        #expect(check.failures.isEmpty, "\(check.failures.joined(separator: "\n"))")
        for text in RequestSheetText.allCases where "\(text)".hasSuffix("Title") {
            #expect(text.english.count <= 32 && text.dutch.count <= 32, "Excel's limit for a drop-down's title: \(text)")
        }
        for text in RequestSheetText.allCases where "\(text)".hasSuffix("Message") {
            #expect(text.english.count <= 255 && text.dutch.count <= 255, "Excel's limit for a drop-down's message: \(text)")
        }
        #expect(Set(RequestSheetColumn.allCases.map(\.english)).count == 13 && Set(RequestSheetColumn.allCases.map(\.dutch)).count == 13)
    }

    /// 120 requests print landscape, one page wide (every column on every page, the last one
    /// too), the header row and the printed heading on every page; the sheet Choices on a page of
    /// its own; the snapshot not at all.
    @Test(.enabled(if: Interop.shouldRun(needing: PrintedPDF.programs), "LibreOffice or poppler-utils is not installed"),
          arguments: [(PaperSize.a4, Language.nl), (PaperSize.letter, Language.en)])
    func aLongQueuePrintsLandscapeOnePageWide(paper: PaperSize, language: Language) throws {
        try Interop.requirePrograms(PrintedPDF.programs)
        let fixture = try RequestWorkbookFixture()
        defer { fixture.remove() }
        let five = RequestWorkbookFixture.rows()
        let rows = (0..<120).map { index -> RequestSheetRow in
            var row = five[index % five.count]
            row.id = RowID(2000 + index)
            return row
        }
        let path = try fixture.write("print.xlsx", rows: rows, language: language, paper: paper)
        let pdf = try PrintedPDF(workbook: path)
        let pages = try pdf.pages()
        let sheet = RequestSheetText.requestsSheet.text(language), choices = RequestSheetText.choicesSheet.text(language)
        let requestPages = PrintTests.pages(of: sheet, in: pages)
        #expect(requestPages.count >= 2 && requestPages.count + 1 == pdf.pageCount, "the requests, then Choices: \(pdf.pageCount) pages")
        #expect(PrintTests.pages(of: choices, in: pages).count == 1)
        for page in 1...pdf.pageCount {
            let size = try pdf.size(ofPage: page)
            #expect(size.width > size.height, "page \(page) is landscape")
        }
        let print = language.printWords
        for (number, text) in requestPages {
            for column in [RequestSheetColumn.request, .corporation, .daypart, .subcontractor, .note] {
                #expect(text.contains(column.name(language)), "page \(number) shows the column \(column.name(language))")
            }
            #expect(text.contains(RequestSheetText.documentTitle.text(language)), "page \(number) has the title")
            #expect(text.contains("\(print.page.before)\(number)\(print.page.between)\(pdf.pageCount)"), "page \(number) of \(pdf.pageCount)")
        }
        let printedIDs = Set(requestPages.flatMap { page in (2000..<2120).filter { page.text.contains(" \($0) ") || page.text.contains("\n\($0) ") } })
        #expect(printedIDs.count == 120, "every request is printed")
        #expect(!pages.contains { $0.contains(RequestSheetSnapshot.markerKind) }, "the hidden snapshot does not print")
    }
}
