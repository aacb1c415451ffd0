import Foundation
import InteropSupport
import SlotSheetTemplates
import XLSXWriter
import Testing
import XLSXReader
@testable import SlotSheetCore

/// The requests workbook as the office gets it and sends it back: what openpyxl and LibreOffice
/// see in it, what the reader reads from it and from LibreOffice's copies, and what it refuses.
@Suite(.ownThreads) struct RequestWorkbookTests {
    static let python = FileManager.default.isExecutableFile(atPath: Interop.python.path) || Interop.toolsRequired

    /// The rows as the reader gives them: each cell's text as the workbook shows it (the created
    /// time on the office's clock, a defect a line, a date as ISO, the request number as digits).
    static func expectedTexts(_ rows: [RequestWorkbookFixture.Row], _ language: Language, clock: OfficeClock) -> [[String]] {
        rows.map { row in
            row.request.values(language).enumerated().filter { DecisionCells.kept.contains(RequestColumn.allCases[$0.offset]) }.map { index, value -> String in
                switch (RequestColumn.allCases[index], value) {
                case let (.created, .timestamp(stored)): return clock.moment(stored).text(language)
                case (.defects, _): return row.request.defects.map(\.description).joined(separator: "\n")
                case let (_, .text(text)): return text.trimmingCharacters(in: CSVAvailabilityParser.whiteSpace)
                case let (_, .integer(number)): return String(number)
                case let (_, .date(date)): return date.iso
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
        let sheet = try RequestWorkbookReader.read(path: path)
        let name = RequestSheetText.requestsSheet.text(language)
        #expect(sheet.problems.isEmpty, "\(sheet.problems.map { $0.text(.en) })")
        #expect(RequestWorkbookFixture.texts(sheet) == RequestWorkbookTests.expectedTexts(RequestWorkbookFixture.rows(), language, clock: fixture.clock))
        #expect(sheet.rows.map(\.place) == (2...6).map { .cell(sheet: name, reference: "A\($0)") })
        #expect(sheet.rows[2].cells[.status]?.place == .cell(sheet: name, reference: "J4"))
        let recorded = try #require(sheet.recorded)
        #expect(recorded == Dictionary(uniqueKeysWithValues: RequestWorkbookFixture.rows().map { ($0.request.id, $0.request.recorded) }))
        #expect(sheet.rows[0].cells[.description] == nil && sheet.rows[0].cells[.request]?.text == String(RequestWorkbookFixture.rows()[0].request.id),
                "only the request and the decision columns are kept (the formula-like description is not)")
        #expect(sheet.rows[1].cells[.status]?.text == RequestStatus.new.word(language))
    }

    /// What Excel's users get: the decision cells unlocked, the rest locked, the sheet protected,
    /// each row's status drop-down the statuses its status may go to (one rule, each row's list on
    /// its own row of a very hidden sheet), the date validated as a
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
            out["statuses"] = [[c.value for c in r] for r in wb["Statuskeuzes"].iter_rows(min_row=2, max_row=6, max_col=3)]
            out["print"] = [ws.page_setup.orientation, ws.page_setup.fitToWidth, ws.page_setup.fitToHeight, ws.sheet_properties.pageSetUpPr.fitToPage, ws.print_title_rows]
            """)
        #expect(seen["states"] as? [String: String] == ["Verzoeken": "visible", "Keuzes": "visible", "Statuskeuzes": "veryHidden", "_slotsheet": "veryHidden"])
        // Each row's status drop-down: its own row of Statuskeuzes, the row's status first, then
        // those the state machine lets it go to.
        let statusRows = try #require(seen["statuses"] as? [[Any]]).map { $0.map { $0 as? String ?? "" } }
        #expect(statusRows == [["nieuw", "goedgekeurd", "geannuleerd"], ["nieuw", "goedgekeurd", "geannuleerd"],
                               ["goedgekeurd", "afgerond", "geannuleerd"], ["geannuleerd", "gearchiveerd", "nieuw"], ["gearchiveerd", "afgerond", ""]])
        #expect(seen["protected"] as? [Bool] == [true, true])
        #expect(seen["header"] as? [String] == RequestColumn.allCases.map(\.dutch))
        let locked = try #require(seen["locked"] as? [String: Bool])
        for column in RequestColumn.allCases {
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
            ["J2:J6", "list", "'Statuskeuzes'!$A2:$C2", "<null>", "1"],
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
        let original = try RequestWorkbookReader.read(path: path)
        let resaved = try RequestWorkbookReader.read(path: try fixture.resaved(path, as: format))
        #expect(resaved.problems.isEmpty, "\(resaved.problems.map { $0.text(.en) })")
        // OpenDocument cannot hold a control character: LibreOffice drops the escape from the
        // (locked) description when it saves an .ods. Every other cell comes back as it was.
        let texts = RequestWorkbookFixture.texts(original)
        let expected = format == "ods" ? texts.map { $0.map { $0.replacingOccurrences(of: "\u{1B}", with: "") } } : texts
        #expect(RequestWorkbookFixture.texts(resaved) == expected)
        #expect(resaved.rows.map(\.place) == original.rows.map(\.place), "the places name the sheet Verzoeken")
        #expect(resaved.recorded == original.recorded && resaved.recorded != nil)
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
        #expect(throws: ImportFileError.requestRecordsEdited) { try RequestWorkbookReader.read(path: edited) }
        #expect(ImportFileError.requestRecordsEdited.text(.nl).contains("_slotsheet"))
        let untouched = try fixture.edit(path, to: "untouched.xlsx", "")
        #expect(try RequestWorkbookReader.read(path: untouched).recorded != nil, "openpyxl's copy without an edit keeps its snapshot")
    }

    /// A layout the office changed is named at each cell, all at once: a column title typed
    /// over, something typed beside (one problem a row) and below the table, a request number typed over, a row
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
            ws["P3"] = "more"
            ws["Z3"] = "and more"
            ws["B9"] = "below"
            ws["A4"] = 2001
            for cell in ws[5]:
                cell.value = None
            ws.merge_cells("M2:M3")
            """)
        let sheet = try RequestWorkbookReader.read(path: edited)
        let found = sheet.problems.map { "\($0.place.english): \($0.kind)" }
        #expect(found == [
            "Sheet Requests, cell J1: layoutChanged(SlotSheetCore.RequestSheetLayout.headerChanged(column: SlotSheetCore.RequestColumn.status, found: \"state\"))",
            "Sheet Requests, cell M2: layoutChanged(SlotSheetCore.RequestSheetLayout.mergedCells(\"M2:M3\"))",
            "Sheet Requests, cell N3: layoutChanged(SlotSheetCore.RequestSheetLayout.outsideTable(found: \"extra\"))",
            "Sheet Requests, cell A4: layoutChanged(SlotSheetCore.RequestSheetLayout.requestMoved(expected: 1043, found: \"2001\"))",
            "Sheet Requests, cell A5: layoutChanged(SlotSheetCore.RequestSheetLayout.requestRemoved(1044))",
            "Sheet Requests, cell B9: layoutChanged(SlotSheetCore.RequestSheetLayout.outsideTable(found: \"below\"))",
        ], "\(found)")
        #expect(sheet.problems[0].text(.en) == "Sheet Requests, cell J1: 'state' is not the title where the column status belongs. Put the title back: the columns of a requests workbook keep their titles and order.")
        #expect(sheet.problems[0].text(.nl) == "Blad Requests, cel J1: 'state' is niet de titel waar de kolom status hoort. Zet de titel terug: de kolommen van een verzoekenwerkmap houden hun titels en volgorde.")
        #expect(sheet.rows.map(\.place) == [2, 3, 6].map { .cell(sheet: "Requests", reference: "A\($0)") }, "the rows that kept their layout are read")
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
        let sheet = try RequestWorkbookReader.read(path: fixture.path("own.xlsx"))
        #expect(sheet.recorded == nil && sheet.problems.isEmpty, "\(sheet.problems.map { $0.text(.en) })")
        #expect(RequestWorkbookFixture.texts(sheet) == [["1042", "2026-12-08", "AM", "goedgekeurd", "ANB", "", "graag snel"]])
        #expect(sheet.rows[0].cells[.note]?.place == .cell(sheet: "Blad1", reference: "M2"))
    }

    @Test func everyWordOfTheWorkbookAndItsRefusalsIsInBothLanguages() {
        let changes: [(String, RequestSheetLayout)] = [
            ("headerChanged", .headerChanged(column: .status, found: "state")), ("outsideTable", .outsideTable(found: "extra")),
            ("requestMoved", .requestMoved(expected: 1043, found: "2001")), ("requestRemoved", .requestRemoved(1044)),
            ("mergedCells", .mergedCells("M2:M3")), ("missingSheet", .missingSheet("Verzoeken")),
        ]
        var check = MessageCatalogueCheck()
        check.check("RequestSheetLayout", declaredIn: "Sources/SlotSheetCore/RequestSheets/RequestSheetLayout.swift",
                    examples: changes.map { ($0.0, $0.1.english, $0.1.dutch) })
        check.check("RequestSheetText", declaredIn: "Sources/SlotSheetCore/RequestSheets/RequestSheetText.swift",
                    examples: RequestSheetText.allCases.map { ("\($0)", $0.english, $0.dutch) })
        #expect(check.failures.isEmpty, "\(check.failures.joined(separator: "\n"))")
        for text in RequestSheetText.allCases where "\(text)".hasSuffix("Title") {
            #expect(text.english.count <= 32 && text.dutch.count <= 32, "Excel's limit for a drop-down's title: \(text)")
        }
        for text in RequestSheetText.allCases where "\(text)".hasSuffix("Message") {
            #expect(text.english.count <= 255 && text.dutch.count <= 255, "Excel's limit for a drop-down's message: \(text)")
        }
        let problem = DecisionProblem(.layoutChanged(.requestRemoved(1044)), at: .cell(sheet: "Verzoeken", reference: "A5"), column: .request)
        #expect(problem.text(.nl) == "Blad Verzoeken, cel A5: Verzoek 1044 stond op deze rij toen het werd geëxporteerd en is verdwenen. Rijen kunnen niet worden verwijderd; laat een verzoek waarover u niets besluit zoals het is.")
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
        let rows = (0..<120).map { index -> RequestWorkbookFixture.Row in
            var row = five[index % five.count]
            row.request.id = RowID(2000 + index)
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
            for column in [RequestColumn.request, .corporation, .daypart, .subcontractor, .note] {
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
