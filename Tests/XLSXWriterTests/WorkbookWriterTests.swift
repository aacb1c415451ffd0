import Foundation
import InteropSupport
import Testing
@testable import XLSXWriter

/// Each test writes a workbook through the module and reads it back with openpyxl, the peer
/// reader offices' scripts use: what it sees is what Excel users get.
@Suite(.ownThreads) struct WorkbookWriterTests {
    @Test func cellsReadBackAsWritten() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let sheet = try workbook.addSheet(named: "Data")
        try sheet.write("Zoë Łukasz Şahin", row: 0, column: 0)
        try sheet.write(4.5, row: 0, column: 1)
        try sheet.write(12, row: 0, column: 2)
        try sheet.writeDate(year: 2026, month: 12, day: 8, row: 0, column: 3, style: CellStyle(numberFormat: "d mmm yyyy"))
        try sheet.writeFormula("=B1*2", cachedValue: 9, row: 0, column: 4)
        try sheet.writeBoolean(true, row: 0, column: 5)
        try sheet.write("=HYPERLINK(\"http://evil\")", row: 1, column: 0)
        try workbook.close()

        let seen = try peek(path, """
            ws = wb["Data"]
            out["row"] = [c.value for c in ws[1]]
            out["cached"] = values["Data"]["E1"].value
            out["text"] = ws["A2"].value
            out["textType"] = ws["A2"].data_type
            """)
        let row = seen["row"] as! [Any]
        #expect(row[0] as? String == "Zoë Łukasz Şahin")
        #expect(row[1] as? Double == 4.5)
        #expect(row[2] as? Int == 12)
        #expect(row[3] as? String == "2026-12-08 00:00:00")
        #expect(row[4] as? String == "=B1*2")
        #expect(row[5] as? Bool == true)
        #expect(seen["cached"] as? Int == 9)
        #expect(seen["text"] as? String == "=HYPERLINK(\"http://evil\")")
        #expect(seen["textType"] as? String == "s", "text that looks like a formula stays text")
    }

    /// A run of marks is the same cells as writing them one at a time: the mark where the flag is
    /// set, a styled blank where not; and a run past the sheet's last column is refused whole.
    @Test func marksWriteTheSameCellsAsOneAtATime() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let sheet = try workbook.addSheet(named: "Grid")
        let format = try workbook.cellFormat(CellStyle(bold: true, fill: RGB(0xE2EFDA), locked: false))
        let flags = [true, false, false, true, true, false]
        try sheet.writeMarks(flags, mark: "x", row: 0, firstColumn: 2, format: format)
        for (offset, flag) in flags.enumerated() {
            if flag { try sheet.write("x", row: 1, column: 2 + offset, format: format) }
            else { try sheet.writeBlank(row: 1, column: 2 + offset, format: format) }
        }
        #expect(throws: XLSXWriteError.self) {
            try sheet.writeMarks([true, true], mark: "x", row: 2, firstColumn: CellReference.maxColumns - 1, format: format)
        }
        try workbook.close()

        let seen = try peek(path, """
            ws = wb["Grid"]
            out["rows"] = [[[c.value, c.font.b, c.fill.fgColor.rgb, c.protection.locked] for c in ws[r][2:8]] for r in (1, 2)]
            """)
        let rows = try #require(seen["rows"] as? [[[Any]]])
        #expect(rows[0].map { $0[0] as? String } == ["x", nil, nil, "x", "x", nil])
        #expect(rows[0].allSatisfy { $0[1] as? Bool == true && $0[2] as? String == "FFE2EFDA" && $0[3] as? Bool == false })
        #expect(rows[0].map { "\($0)" } == rows[1].map { "\($0)" })
    }

    @Test func validationProtectionPanesAndHiddenSheets() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let sheet = try workbook.addSheet(named: "Grid")
        let secret = try workbook.addSheet(named: "_meta")
        try sheet.freezePanes(row: 1, column: 5)
        try sheet.writeBlank(row: 1, column: 5, style: CellStyle(locked: false))
        try sheet.write("x", row: 1, column: 6, style: CellStyle(locked: true))
        try sheet.addValidation(.list(["x"], inputTitle: "Available?", inputMessage: "Type x.",
                                      errorTitle: "Not a mark", errorMessage: "Use x or leave empty."),
                                firstRow: 1, firstColumn: 5, lastRow: 9, lastColumn: 7)
        try sheet.addConditionalFormat(.formula("=$E2<$D2", style: CellStyle(fill: RGB(0xFFC7CE))),
                                       firstRow: 1, firstColumn: 0, lastRow: 9, lastColumn: 7)
        try sheet.protectWithoutPassword()
        try secret.hide()
        try workbook.setCustomProperty("slotsheet.template", "1")
        try workbook.close()

        let seen = try peek(path, """
            ws = wb["Grid"]
            dv = ws.data_validations.dataValidation[0]
            out["validation"] = [str(dv.sqref), dv.formula1, dv.error, dv.errorTitle, dv.prompt, dv.showErrorMessage]
            out["conditional"] = [[str(r.sqref), [x.formula for x in r.rules]] for r in ws.conditional_formatting]
            out["panes"] = ws.freeze_panes
            out["protected"] = ws.protection.sheet
            out["password"] = ws.protection.password
            out["locked"] = [ws["F2"].protection.locked, ws["G2"].protection.locked]
            out["states"] = [s.sheet_state for s in wb.worksheets]
            out["custom"] = {p.name: p.value for p in wb.custom_doc_props.props}
            """)
        let validation = seen["validation"] as! [Any]
        #expect(validation.prefix(5).compactMap { $0 as? String } == ["F2:H10", "\"x\"", "Use x or leave empty.", "Not a mark", "Type x."])
        #expect(validation.last as? Bool == true, "typing anything else is refused")
        let conditional = seen["conditional"] as! [[Any]]
        #expect(conditional.first?.first as? String == "A2:H10")
        #expect((conditional.first?.last as? [[String]])?.first == ["$E2<$D2"])
        #expect(seen["panes"] as? String == "F2")
        #expect(seen["protected"] as? Bool == true)
        #expect(seen["password"] is NSNull, "protected without a password")
        #expect(seen["locked"] as? [Bool] == [false, true])
        #expect(seen["states"] as? [String] == ["visible", "hidden"])
        #expect(seen["custom"] as? [String: String] == ["slotsheet.template": "1"])
    }

    @Test func veryHiddenSheetsAreSetAfterTheFileIsWritten() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        try workbook.addSheet(named: "Grid").write("x", row: 0, column: 0)
        let secret = try workbook.addSheet(named: "_meta")
        try secret.write("kept", row: 0, column: 0)
        try secret.hide(.veryHidden)
        try workbook.addSheet(named: "R&D's \"plans\" <2>").hide()
        try workbook.close()

        var seen = try peek(path, """
            out["states"] = [s.sheet_state for s in wb.worksheets]
            out["kept"] = wb["_meta"]["A1"].value
            """)
        #expect(seen["states"] as? [String] == ["visible", "veryHidden", "hidden"])
        #expect(seen["kept"] as? String == "kept", "the rest of the file is untouched")

        // A name with characters XML escapes is found as written; a state can be set back.
        try WorkbookPostProcessing.setSheetState(.veryHidden, ofSheetNamed: "R&D's \"plans\" <2>", inFileAt: path)
        try WorkbookPostProcessing.setSheetState(.visible, ofSheetNamed: "_meta", inFileAt: path)
        seen = try peek(path, "out['states'] = [s.sheet_state for s in wb.worksheets]")
        #expect(seen["states"] as? [String] == ["visible", "visible", "veryHidden"])

        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: XLSXWriteError.refused(context: "sheet 'Nope'", reason: "not found in xl/workbook.xml")) {
            try WorkbookPostProcessing.setSheetState(.veryHidden, ofSheetNamed: "Nope", inFileAt: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "a refused change leaves the file as it was")
    }

    @Test func notesAndLinksArePlaced() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path, options: .init(constantMemory: false))
        let sheet = try workbook.addSheet(named: "Errors")
        try sheet.write("y", row: 2, column: 3)
        try sheet.writeNote("'y' is not a valid mark; use x or leave empty.", row: 2, column: 3, author: "slotsheet")
        try sheet.writeLink("D3", to: "internal:'Errors'!D3", row: 0, column: 0)
        try workbook.close()
        let seen = try peek(path, """
            ws = wb["Errors"]
            out["note"] = ws["D3"].comment.text
            out["link"] = ws["A1"].hyperlink.location
            """)
        #expect(seen["note"] as? String == "'y' is not a valid mark; use x or leave empty.")
        #expect(seen["link"] as? String == "'Errors'!D3")
    }

    @Test func refusalsSayWhere() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        #expect(throws: XLSXWriteError.self) { try workbook.addSheet(named: "Bad/Name") }
        let sheet = try workbook.addSheet(named: "Fine")
        #expect(throws: XLSXWriteError.refused(context: "sheet 'Fine', cell XFE1", reason: "outside the sheet (1,048,576 rows x 16,384 columns)")) {
            try sheet.write("too far", row: 0, column: 16_384)
        }
        #expect(throws: XLSXWriteError.self) { try sheet.write(String(repeating: "x", count: 40_000), row: 0, column: 0) }
        try workbook.close()
        #expect(throws: XLSXWriteError.closed) { try sheet.write("late", row: 1, column: 0) }
        #expect(throws: XLSXWriteError.closed) { try workbook.close() }
    }

    @Test func aDiscardedWorkbookLeavesNoFile() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let sheet = try workbook.addSheet(named: "Half")
        for row in 0..<1000 { try sheet.write("row \(row)", row: row, column: 0) }
        workbook.discard()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func referencesNameCellsAsPeopleDo() {
        #expect(CellReference.a1(row: 11, column: 5) == "F12")
        #expect(CellReference.columnLetters(0) == "A")
        #expect(CellReference.columnLetters(25) == "Z")
        #expect(CellReference.columnLetters(26) == "AA")
        #expect(CellReference.columnLetters(701) == "ZZ")
        #expect(CellReference.columnLetters(702) == "AAA")
        #expect(CellReference.columnLetters(16_383) == "XFD")
        #expect(CellReference.absolute(row: 0, column: 0) == "$A$1")
        #expect(CellReference.range(firstRow: 1, firstColumn: 5, lastRow: 1, lastColumn: 27) == "F2:AB2")
    }

    /// Document properties and notes are plain XML, which cannot hold control characters: a title
    /// from the database or a note echoing a cell with an ESC in it is written with a space, and
    /// the file still opens (libxlsxwriter 1.1.4 would write the ESC and break the part).
    @Test func propertiesAndNotesWithControlCharactersStillOpen() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let sheet = try workbook.addSheet(named: "Data")
        try sheet.write("x\u{1B}[31m", row: 0, column: 0)
        try sheet.writeNote("Cell A1: 'x\u{1B}[31m' is not a valid mark", row: 0, column: 0, author: "slot\u{7}sheet")
        try workbook.setProperties(.init(title: "Requests \u{1B}[31mR&G\u{0}", subject: "a\u{7F}b\u{FFFE}"))
        try workbook.setCustomProperty("Note\u{1}", "value\u{1B}")
        try workbook.close()
        let seen = try peek(path, """
            out["cell"] = wb["Data"]["A1"].value
            out["note"] = wb["Data"]["A1"].comment.text
            out["title"] = wb.properties.title
            out["subject"] = wb.properties.subject
            out["custom"] = [(p.name, p.value) for p in wb.custom_doc_props.props]
            """)
        #expect(seen["cell"] as? String == "x_x001B_[31m", "a cell keeps its text, escaped as Excel escapes it (openpyxl shows the escape)")
        #expect(seen["note"] as? String == "Cell A1: 'x [31m' is not a valid mark")
        #expect(seen["title"] as? String == "Requests  [31mR&G ")
        #expect(seen["subject"] as? String == "a b")
        #expect((seen["custom"] as? [[String]])?.first == ["Note ", "value "])
    }
}
