import Foundation
import InteropSupport
import Testing
@testable import XLSXReader

/// How a workbook is found and what it says about itself: relationships instead of fixed paths, both
/// OOXML flavours, sheet states, date system, names and properties; and how sheets stream.
@Suite(.ownThreads) struct WorkbookStructureTests {
    private let cells = #"<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>2.5</v></c></row>"#

    @Test func sheetsInTabOrderWithStatesKindsAndParts() throws {
        let book = try XLSXWorkbook(path: Interop.corpus.appending(path: "any_sheets.xlsx").path)
        #expect(book.sheets.map(\.name) == ["Visible", "Hidden", "VeryHidden", "Chart"])
        #expect(book.sheets.map(\.state) == [.visible, .hidden, .veryHidden, .visible])
        #expect(book.sheets.map(\.kind) == [.worksheet, .worksheet, .worksheet, .chartsheet])
        #expect(book.sheets.map(\.position) == [0, 1, 2, 3])
        #expect(book.sheets[0].part == "xl/worksheets/sheet1.xml")
        #expect(book.application == "Microsoft Excel")
        var chart = try book.rows(of: book.sheets[3])
        #expect(try chart.next() == nil, "a chart sheet has no cells")
        #expect(book.sheet(named: "veryhidden")?.name == "VeryHidden", "sheet names match without regard to case")
    }

    @Test func theDateSystem() throws {
        let modern = try XLSXWorkbook(path: Interop.corpus.appending(path: "date.xlsx").path)
        let mac = try XLSXWorkbook(path: Interop.corpus.appending(path: "date_1904.xlsx").path)
        #expect(!modern.uses1904DateSystem)
        #expect(mac.uses1904DateSystem)
        // The same day, written as 44197 in one system and 42735 in the other.
        #expect(try modern.cells(of: "Sheet1")["A1"]?.iso == "2021-01-01T00:00:00")
        #expect(try mac.cells(of: "Sheet1")["A1"]?.iso == "2021-01-01T00:00:00")
    }

    @Test(arguments: [TestPackage.Flavor.transitional, .strict], [nil, "x"] as [String?])
    func bothFlavoursAndAnyPrefix(flavor: TestPackage.Flavor, prefix: String?) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        var package = TestPackage(sheetData: cells.replacingOccurrences(of: "<", with: "<{p}").replacingOccurrences(of: "<{p}/", with: "</{p}"),
                                  sharedStrings: ["<{p}t>strict or not</{p}t>"])
        package.flavor = flavor
        package.prefix = prefix
        package.date1904 = true
        let book = try XLSXWorkbook(path: package.write(to: folder.path("flavour.xlsx")))
        #expect(book.uses1904DateSystem)
        let values = try book.cells(of: "Sheet1")
        #expect(values["A1"] == .string("strict or not"))
        #expect(values["B1"] == .number(2.5))
    }

    @Test func partsAreFoundByRelationshipsWhereverTheyAre() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        var package = TestPackage(sheetData: cells, sharedStrings: ["<t>found</t>"])
        package.workbookFolder = "book/main"
        package.absoluteTargets = true
        package.upperCaseNames = true
        let book = try XLSXWorkbook(path: package.write(to: folder.path("elsewhere.xlsx")))
        #expect(book.sheets.first?.part == "book/main/worksheets/sheet1.xml")
        #expect(try book.cells(of: "Sheet1")["A1"] == .string("found"))
    }

    @Test func relativeTargetsWithParentFolders() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        var entries = TestPackage(sheetData: cells, sharedStrings: ["<t>up and over</t>"]).entries
        // Move the shared strings to /strings/table.xml and point at it with "../strings/table.xml".
        entries = entries.map { entry in
            var entry = entry
            if entry.name == "xl/sharedStrings.xml" { entry.name = "strings/table.xml" }
            if entry.name == "xl/_rels/workbook.xml.rels" {
                entry.text = entry.text.replacingOccurrences(of: "Target=\"sharedStrings.xml\"", with: "Target=\"../strings/./table.xml\"")
            }
            return entry
        }
        try ZipWriter.write(entries, to: folder.path("relative.xlsx"))
        #expect(try XLSXWorkbook(path: folder.path("relative.xlsx")).cells(of: "Sheet1")["A1"] == .string("up and over"))
    }

    @Test func definedNamesCustomPropertiesAndTheApplication() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        var package = TestPackage(sheetData: cells, sharedStrings: ["<t>x</t>"])
        package.definedNames = #"<definedName name="Slots">Sheet1!$A$1:$B$9</definedName>"#
            + #"<definedName name="_xlnm.Print_Area" localSheetId="0" hidden="1">Sheet1!$A$1:$C$3</definedName>"#
        package.application = "LibreOffice/7.4"
        package.customProperties = """
            <property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="Office"><vt:lpwstr>Rotterdam &amp; Delft</vt:lpwstr></property>\
            <property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="3" name="Version"><vt:i4>7</vt:i4></property>\
            <property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="4" name="Final"><vt:bool>true</vt:bool></property>\
            <property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="5" name="Ratio"><vt:r8>0.25</vt:r8></property>\
            <property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="6" name="Exported"><vt:filetime>2026-11-20T08:00:00Z</vt:filetime></property>
            """
        let book = try XLSXWorkbook(path: package.write(to: folder.path("names.xlsx")))
        #expect(book.definedNames == [
            DefinedName(name: "Slots", formula: "Sheet1!$A$1:$B$9", sheetPosition: nil, isHidden: false),
            DefinedName(name: "_xlnm.Print_Area", formula: "Sheet1!$A$1:$C$3", sheetPosition: 0, isHidden: true),
        ])
        #expect(book.application == "LibreOffice/7.4")
        #expect(book.customProperties == [
            "Office": .text("Rotterdam & Delft"), "Version": .integer(7), "Final": .boolean(true),
            "Ratio": .number(0.25), "Exported": .date("2026-11-20T08:00:00Z"),
        ])
    }

    @Test func mergedRangesHiddenRowsAndColumns() throws {
        let book = try XLSXWorkbook(path: Interop.corpus.appending(path: "merge_cells.xlsx").path)
        var rows = try book.rows(of: book.sheets[0])
        while try rows.next() != nil {}
        #expect(rows.mergedRanges.map(\.a1).sorted() == ["A1:B1", "A2:A4", "B2:D4"])

        let folder = try ScratchFolder()
        defer { folder.remove() }
        let package = TestPackage(sheets: [.init(name: "Hidden bits", state: nil, body: """
            <cols><col min="2" max="3" width="0" hidden="1"/><col min="4" max="4" width="9"/></cols>\
            <sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2" hidden="1"><c r="A2"><v>2</v></c></row></sheetData>\
            <mergeCells count="1"><mergeCell ref="A1:D1"/></mergeCells>
            """)])
        let hidden = try XLSXWorkbook(path: package.write(to: folder.path("hidden.xlsx")))
        var hiddenRows = try hidden.rows(of: hidden.sheets[0])
        #expect(hiddenRows.hiddenColumns == [2...3], "known before the first row")
        #expect(hiddenRows.isColumnHidden(3) && !hiddenRows.isColumnHidden(4))
        #expect(try hiddenRows.next()?.isHidden == false)
        #expect(try hiddenRows.next()?.isHidden == true)
        #expect(try hiddenRows.next() == nil)
        #expect(hiddenRows.mergedRanges == [CellRange(a1: "A1:D1")!])
    }

    @Test func cellsAndRowsWithoutReferencesFollowTheOnesBefore() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try TestPackage(sheetData: """
            <row><c><v>1</v></c><c><v>2</v></c></row>\
            <row r="4"><c r="C4"><v>3</v></c><c><v>4</v></c></row>\
            <row><c r="B5"><v>5</v></c></row><row><c><v>6</v></c></row>
            """).write(to: folder.path("positions.xlsx"))
        let book = try XLSXWorkbook(path: path)
        var rows = try book.rows(of: book.sheets[0])
        var seen: [String] = []
        while let row = try rows.next() { seen += row.cells.map(\.a1) }
        #expect(seen == ["A1", "B1", "C4", "D4", "B5", "A6"])
    }

    @Test func rowsOutliveTheirWorkbookObject() throws {
        func rowsOfFirstSheet() throws -> SheetRows {
            let book = try XLSXWorkbook(path: Interop.corpus.appending(path: "issues.xlsx").path)
            return try book.rows(of: book.sheets[0])
        }
        var rows = try rowsOfFirstSheet()
        var count = 0
        while let row = try rows.next() { count += row.cells.count }
        #expect(count > 0)
    }

    @Test func aWrongDimensionIsIgnored() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let package = TestPackage(sheets: [.init(name: "Sheet1", state: nil, body: """
            <dimension ref="A1"/><sheetData><row r="1"><c r="A1"><v>1</v></c></row>\
            <row r="900"><c r="ZZ900"><v>2</v></c></row></sheetData>
            """)])
        let values = try XLSXWorkbook(path: package.write(to: folder.path("dimension.xlsx"))).cells(of: "Sheet1")
        #expect(values == ["A1": .number(1), "ZZ900": .number(2)])
    }

    @Test func everyCellType() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        var package = TestPackage(sheetData: """
            <row r="1">\
            <c r="A1" t="s"><v>0</v></c>\
            <c r="B1" t="s"><v>1</v></c>\
            <c r="C1"><v>-1.25E+3</v></c>\
            <c r="D1" t="b"><v>1</v></c>\
            <c r="E1" t="e"><v>#N/A</v></c>\
            <c r="F1" t="str"><f>A1&amp;"!"</f><v>rich text!</v></c>\
            <c r="G1" t="inlineStr"><is><r><t>in</t></r><r><rPr><b/></rPr><t xml:space="preserve">line </t></r><rPh sb="0" eb="1"><t>PHONETIC</t></rPh></is></c>\
            <c r="H1" t="d"><v>2026-03-15T08:30:00.250Z</v></c>\
            <c r="I1" s="1"><v>46096.25</v></c>\
            <c r="J1"><f>1/0</f></c>\
            <c r="K1" t="s"><v>2</v></c>\
            <c r="L1" s="1"/>\
            <c r="M1" t="inlineStr"><is><t>tab_x0009_and_x005F_x000D_</t></is></c>\
            </row>
            """, sharedStrings: ["<r><t>rich </t></r><r><rPr><i/></rPr><t>text</t></r><rPh><t>ignored</t></rPh>", "<t xml:space=\"preserve\">  kept  </t>", "<t/>"])
        package.numberFormats = [(164, "dd-mm-yyyy hh:mm")]
        package.cellStyles = [0, 164]
        let values = try XLSXWorkbook(path: package.write(to: folder.path("types.xlsx"))).cells(of: "Sheet1")
        #expect(values["A1"] == .string("rich text"), "runs joined, phonetic runs left out")
        #expect(values["B1"] == .string("  kept  "), "white space as written")
        #expect(values["C1"] == .number(-1250))
        #expect(values["D1"] == .boolean(true))
        #expect(values["E1"] == .error("#N/A"))
        #expect(values["F1"] == .string("rich text!"), "a formula's cached value")
        #expect(values["G1"] == .string("inline "))
        #expect(values["H1"]?.iso == "2026-03-15T08:30:00.250")
        #expect(values["I1"]?.iso == "2026-03-15T06:00:00")
        #expect(values["J1"] == nil, "a formula never computed has no value")
        #expect(values["K1"] == nil && values["L1"] == nil, "empty text and styled blanks are not cells")
        #expect(values["M1"] == .string("tab\tand_x000D_"))
        #expect(values.count == 10)
    }

    /// Memory holds a chunk of XML and its rows, not the sheet: rows are parsed in small batches as
    /// they are asked for, however long the sheet.
    @Test func sheetsStreamRowByRow() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let rowCount = 200_000
        let path = folder.path("long.xlsx")
        try Interop.runPython("""
            import sys, zipfile
            out, rows = sys.argv[1], int(sys.argv[2])
            ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
            rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("_rels/.rels", f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
                z.writestr("xl/_rels/workbook.xml.rels", f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="{rel}/worksheet" Target="worksheets/long.xml"/></Relationships>')
                z.writestr("xl/workbook.xml", f'<workbook {ns} xmlns:r="{rel}"><sheets><sheet name="Long" sheetId="1" r:id="r1"/></sheets></workbook>')
                with z.open("xl/worksheets/long.xml", "w") as part:
                    part.write(f"<worksheet {ns}><sheetData>".encode())
                    for r in range(1, rows + 1):
                        part.write(f'<row r="{r}"><c r="A{r}"><v>{r}</v></c><c r="B{r}" t="inlineStr"><is><t>row {r}</t></is></c></row>'.encode())
                    part.write(b"</sheetData></worksheet>")
            """, arguments: [path, String(rowCount)])
        let book = try XLSXWorkbook(path: path)
        var rows = try book.rows(of: book.sheets[0])
        var count = 0, expected = 1.0, largestBatch = 0
        while let row = try rows.next() {
            count += 1
            largestBatch = max(largestBatch, rows.bufferedRowCount)
            guard row.cells.first?.value == .number(expected), row.cells.last?.value == .string("row \(count)") else {
                Issue.record("row \(count) is \(row)")
                break
            }
            expected += 1
        }
        #expect(count == rowCount)
        #expect(largestBatch > 0 && largestBatch < 2_000, "rows held at once: \(largestBatch)")
    }
}
