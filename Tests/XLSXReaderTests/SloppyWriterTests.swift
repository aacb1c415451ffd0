import Foundation
import InteropSupport
import Testing
import XLSXReader

/// What real writers put in an .xlsx that the specification would not (issue 16, section 2), read as
/// the program that wrote it means it, each from a small package the test makes. Where a file really
/// is ambiguous (one cell with two values), it is refused instead: see `twoValuesForOneCellAreRefused`.
@Suite(.ownThreads) struct SloppyWriterTests {
    private func read(_ package: TestPackage, _ name: String) throws -> [String: CellValue] {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        return try Workbook(path: package.write(to: folder.path(name))).cells(of: "Sheet1")
    }

    /// Empty value elements, `<v/>` and `<v></v>`, in cells of every type: empty cells, not refusals.
    @Test(arguments: ["", " t=\"n\"", " t=\"s\"", " t=\"b\"", " t=\"e\"", " t=\"str\"", " t=\"d\"", " t=\"inlineStr\""])
    func emptyValueElementsAreEmptyCells(type: String) throws {
        let values = try read(TestPackage(sheetData: """
            <row r="1"><c r="A1"\(type)><v/></c><c r="B1"\(type)><v></v></c><c r="C1"\(type)><v> </v></c>\
            <c r="D1"><v>4</v></c></row>
            """, sharedStrings: ["<t>only</t>"]), "empty-values.xlsx")
        if type == " t=\"str\"" || type == " t=\"inlineStr\"" {
            // Text cells: a blank is a value of its own, as Excel shows it.
            #expect(values == ["C1": .string(" "), "D1": .number(4)])
        } else {
            #expect(values == ["D1": .number(4)], "type\(type)")
        }
    }

    /// Apple Numbers writes every relationship target from the package root.
    @Test func absoluteRelationshipTargets() throws {
        var package = TestPackage(sheetData: #"<row r="1"><c r="A1" t="s"><v>0</v></c></row>"#, sharedStrings: ["<t>Numbers</t>"])
        package.absoluteTargets = true
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try package.write(to: folder.path("numbers.xlsx"))
        let rels = try Interop.runPython("import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read('xl/_rels/workbook.xml.rels').decode())",
                                         arguments: [path])
        #expect(rels.contains(#"Target="/xl/worksheets/sheet1.xml""#))
        #expect(try Workbook(path: path).cells(of: "Sheet1") == ["A1": .string("Numbers")])
    }

    /// No `<dimension>` (Google Sheets), a wrong one, and row `spans` that do not hold the row's cells:
    /// neither is used for anything, the cells are where they say.
    @Test func dimensionsAndSpansAreNotTrusted() throws {
        let rows = #"<row r="1" spans="1:2"><c r="A1"><v>1</v></c><c r="E1"><v>5</v></c></row><row r="3" spans="9:9"><c r="B3"><v>2</v></c></row>"#
        let expected: [String: CellValue] = ["A1": .number(1), "E1": .number(5), "B3": .number(2)]
        for (name, dimension) in [("none", ""), ("wrong", #"<dimension ref="A1:B1"/>"#), ("nonsense", #"<dimension ref="?"/>"#)] {
            let package = TestPackage(sheets: [.init(name: "Sheet1", state: nil, body: "\(dimension)<sheetData>\(rows)</sheetData>")])
            #expect(try read(package, "dimension-\(name).xlsx") == expected, "\(name)")
        }
    }

    /// A namespace prefix on every element (`<x:row>`), in Transitional and in Strict OOXML.
    @Test(arguments: [TestPackage.Flavor.transitional, .strict])
    func prefixesOnEveryElement(flavor: TestPackage.Flavor) throws {
        var package = TestPackage(sheetData: #"<{p}row r="2"><{p}c r="B2" t="s"><{p}v>0</{p}v></{p}c><{p}c r="C2"><{p}v>7</{p}v></{p}c></{p}row>"#,
                                  sharedStrings: ["<{p}t>prefixed</{p}t>"])
        package.prefix = "x"
        package.flavor = flavor
        #expect(try read(package, "prefixed.xlsx") == ["B2": .string("prefixed"), "C2": .number(7)])
    }

    /// `date1904` written as `1` (Excel) or as `true` (other writers): both are the 1904 system.
    @Test(arguments: ["1", "true"])
    func date1904AsOneOrTrue(flag: String) throws {
        var package = TestPackage(sheetData: #"<row r="1"><c r="A1" s="1"><v>0</v></c></row>"#)
        package.numberFormats = [(id: 164, code: "yyyy-mm-dd")]
        package.cellStyles = [0, 164]
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let entries = package.entries.map { entry -> ZipWriter.Entry in
            var entry = entry
            if entry.name == "xl/workbook.xml" {
                entry.text = entry.text.replacingOccurrences(of: "<workbookPr/>", with: "<workbookPr date1904=\"\(flag)\"/>")
            }
            return entry
        }
        let path = folder.path("mac.xlsx")
        try ZipWriter.write(entries, to: path)
        let book = try Workbook(path: path)
        #expect(book.uses1904DateSystem)
        #expect(try book.cells(of: "Sheet1")["A1"]?.iso == "1904-01-01T00:00:00")
    }

    /// Only inline strings, and no shared-string part at all (nor a relationship to one).
    @Test func inlineStringsWithoutASharedStringPart() throws {
        let package = TestPackage(sheetData: """
            <row r="1"><c r="A1" t="inlineStr"><is><t>inline</t></is></c>\
            <c r="B1" t="inlineStr"><is><r><t>rich </t></r><r><t>runs</t></r></is></c></row>
            """, sharedStrings: nil)
        #expect(package.entries.allSatisfy { !$0.name.lowercased().contains("sharedstrings") })
        #expect(try read(package, "inline.xlsx") == ["A1": .string("inline"), "B1": .string("rich runs")])
    }

    /// A shared-string table whose `count` and `uniqueCount` say something else than it holds: the
    /// items are what count.
    @Test(arguments: [#"count="1" uniqueCount="1""#, #"count="999999" uniqueCount="999999""#, #"count="-3" uniqueCount="x""#])
    func sharedStringCountsThatLie(counts: String) throws {
        var entries = TestPackage(sheetData: #"<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>2</v></c></row>"#,
                                  sharedStrings: ["<t>first</t>", "<t>second</t>", "<t>third</t>"]).entries
        let index = entries.firstIndex { $0.name == "xl/sharedStrings.xml" }!
        entries[index].text = entries[index].text.replacingOccurrences(of: "<sst ", with: "<sst \(counts) ")
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try ZipWriter.write(entries, to: folder.path("counts.xlsx"))
        #expect(try Workbook(path: folder.path("counts.xlsx")).cells(of: "Sheet1") == ["A1": .string("first"), "B1": .string("third")])
    }

    /// One cell written twice, or a row written twice, gives the cell two values: no writer means both,
    /// and taking the first or the last would be a guess, so the file is refused. The rule that decides:
    /// rows, and the cells of a row, come in ascending order and each once (ECMA-376 part 1, 18.3.1.73
    /// and 18.3.1.4; Excel itself repairs such a file on opening).
    @Test func twoValuesForOneCellAreRefused() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let cell = TestPackage(sheetData: #"<row r="1"><c r="A1"><v>1</v></c><c r="A1"><v>2</v></c></row>"#)
        let row = TestPackage(sheetData: #"<row r="1"><c r="A1"><v>1</v></c></row><row r="1"><c r="B1"><v>2</v></c></row>"#)
        let sheet = "xl/worksheets/sheet1.xml"
        #expect(readFully(try cell.write(to: folder.path("cell.xlsx")))
                == .invalidCellReference(part: sheet, reference: "A1", problem: .outOfOrder(after: "A1")))
        #expect(readFully(try row.write(to: folder.path("row.xlsx")))
                == .invalidCellReference(part: sheet, reference: "row 1", problem: .outOfOrder(after: "row 1")))
    }
}
