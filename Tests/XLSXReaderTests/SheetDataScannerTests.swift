import Foundation
import InteropSupport
import Testing
@testable import XLSXReader

/// `SheetDataScanner` reads a worksheet's rows past libxml2. Whatever it reads must come out exactly as
/// libxml2 alone would give it (the same rows and cells, or the same refusal with the same line), and
/// it must really be used on ordinary sheets, or the speed it exists for is gone unseen.
@Suite(.ownThreads) struct SheetDataScannerTests {
    /// Every cell, hidden column and merged range of every sheet, or the refusal: what a reader sees.
    private static func reading(_ path: String, scanning: Bool) -> (text: String, scannedRows: Int) {
        var lines: [String] = []
        var scanned = 0
        do {
            let book = try Workbook(path: path)
            book.scansSheetData = scanning
            for sheet in book.sheets {
                var rows = try book.rows(of: sheet)
                defer { scanned += rows.scannedRowCount }
                lines.append("sheet \(sheet.name) hidden \(rows.hiddenColumns)")
                while let row = try rows.next() {
                    lines.append("row \(row.index) hidden \(row.isHidden)")
                    for cell in row.cells { lines.append("\(cell.a1) \(cell.value)") }
                }
                lines.append("merged \(rows.mergedRanges)")
            }
        } catch {
            return ("refused: \(error.description)", scanned)
        }
        return (lines.joined(separator: "\n"), scanned)
    }

    /// Reads `path` both ways and returns how many rows the scanner read.
    @discardableResult
    private static func expectSameReading(_ path: String, _ comment: String) -> Int {
        let scanned = reading(path, scanning: true), plain = reading(path, scanning: false)
        #expect(scanned.text == plain.text, "\(comment): the scanner and libxml2 differ")
        #expect(plain.scannedRows == 0)
        return scanned.scannedRows
    }

    /// sheetData bodies the scanner reads itself: ordinary rows, and what it checks on its own.
    static let scannedBodies: [String: String] = [
        "plain": #"<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>2.5</v></c><c r="C1" t="inlineStr"><is><t>hi</t></is></c></row>"#,
        "spaces and newlines": "\n <row r=\"1\" >\n<c  r = \"A1\"\n t=\"s\" ><v>1</v   \n></c ></row >\n",
        "entities": #"<row r="1"><c r="A1" t="inlineStr"><is><t>a&amp;b&lt;&gt;&quot;&apos;&#65;&#x42;&#x1F600;</t></is></c></row>"#,
        "UTF-8": #"<row r="1"><c r="A1" t="inlineStr"><is><t>Jörg Ösmünd 日本 😀</t></is></c></row>"#,
        "single quotes": "<row r='1'><c r='A1' t='s'><v>1</v></c></row>",
        "empty elements": #"<row r="1"/><row r="2"><c r="A2"/><c r="B2"><v/></c></row>"#,
        "formulas": #"<row r="1"><c r="A1"><f>SUM(B1:B2)&gt;0</f><v>1</v></c><c r="B1" t="str"><f t="shared" ref="B1:B2" si="0"/><v>x</v></c></row>"#,
        "rich text": #"<row r="1"><c r="A1" t="inlineStr"><is><r><rPr><b/></rPr><t>a</t></r><r><t xml:space="preserve"> b </t></r><rPh><t>ph</t></rPh></is></c></row>"#,
        "hidden row": #"<row r="1" hidden="1"><c r="A1"><v>1</v></c></row><row r="3"><c r="C3" t="b"><v>1</v></c></row>"#,
        "text with >": #"<row r="1"><c r="A1" t="inlineStr"><is><t>a>b</t></is></c></row>"#,
        // The handler's own refusals arrive the same way from either reader.
        "rows out of order": #"<row r="2"><c r="A2"><v>1</v></c></row><row r="1"><c r="A1"><v>1</v></c></row>"#,
        "not a number": #"<row r="1"><c r="A1"><v>abc</v></c></row>"#,
        "shared string past the table": #"<row r="1"><c r="A1" t="s"><v>7</v></c></row>"#,
        "row number too large": #"<row r="1048577"><c r="A1048577"><v>1</v></c></row>"#,
        // Cells of the common shape, read in one go (`ScannedCell`), and their refusals.
        "cells read whole": #"<row r="1"><c r="A1" s="1"/><c r="B1" s="0" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>plain 'text'</t></is></c><c r="D1"></c><c r="E1" t="n"><v>3.5</v></c><c r="F1" t="str"><v>7</v></c><c r="G1" t="b"><v>1</v></c><c r="H1" t="e"><v>#N/A</v></c><c r="I1"><v></v></c><c t="inlineStr"><is><t>_x0041_ no reference</t></is></c><c r="K1" t="d"><v>2026-03-01T10:00:00</v></c></row>"#,
        "a whole cell with a bad reference": #"<row r="1"><c r="1A"><v>1</v></c></row>"#,
        "a whole cell of an unknown type": #"<row r="1"><c r="A1" t="q"><v>1</v></c></row>"#,
        "whole cells out of order": #"<row r="1"><c r="B1" s="2"/><c r="A1" s="2"/></row>"#,
        "a whole cell in another row": #"<row r="1"><c r="A2"><v>1</v></c></row>"#,
        "an inline string in a number cell": #"<row r="1"><c r="A1"><is><t>x</t></is></c><c r="B1" t="inlineStr"><v>y</v></c><c r="C1" t="s"><is><t>z</t></is></c></row>"#,
        "a whole cell's bad number": #"<row r="1"><c r="A1" s="1"><v>1,5</v></c></row>"#,
        "a whole cell past the last column": #"<row r="1"><c r="XFE1"/></row>"#,
        "a whole cell outside a row": #"<c r="A1"><v>1</v></c><row r="2"><c r="A2"><v>2</v></c></row>"#,
        "almost the common shape": "<row r=\"2\"><c r=\"A2\" s=\"1\" ><v>1</v></c><c r='B2'><v>2</v></c><c r=\"C2\" x=\"1\"><v>3</v></c>"
            + "<c r=\"D2\"><v>4</v> </c><c r=\"E2\" t=\"inlineStr\"><is><t xml:space=\"preserve\"> e </t></is></c>"
            + "<c r=\"F2\" t=\"str\"><v>a&amp;b</v></c><c r=\"G2\" t=\"inlineStr\"><is><t>\u{00FC}</t></is></c><c r=\"H2\"><f>1+1</f><v>2</v></c></row>",
    ]

    /// sheetData bodies the scanner leaves to libxml2 (at once, or from the row it stops at): libxml2's
    /// reading or refusal, unchanged.
    static let handedOverBodies: [String: String] = [
        "unknown entity": #"<row r="1"><c r="A1" t="inlineStr"><is><t>a&foo;b</t></is></c></row>"#,
        "character reference to NUL": #"<row r="1"><c r="A1" t="inlineStr"><is><t>a&#0;b</t></is></c></row>"#,
        "character reference to a surrogate": #"<row r="1"><c r="A1" t="inlineStr"><is><t>a&#xD800;b</t></is></c></row>"#,
        "carriage returns": "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>a\r\nb</t></is></c></row>\r\n<row r=\"2\"><c r=\"A2\"><v>1</v></c></row>",
        "U+FFFE": "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>a\u{FFFE}</t></is></c></row>",
        "control character": "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>a\u{01}b</t></is></c></row>",
        "]]> in text": #"<row r="1"><c r="A1" t="inlineStr"><is><t>a]]>b</t></is></c></row>"#,
        "CDATA": #"<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t><![CDATA[x<y]]></t></is></c></row>"#,
        "comment in a row": #"<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><!-- </row> --><c r="A2"><v>3</v></c></row>"#,
        "processing instruction": #"<row r="1"><?x y?><c r="A1"><v>1</v></c></row>"#,
        "undeclared prefix": #"<row r="1"><y:c r="A1"><v>1</v></y:c></row>"#,
        "undeclared attribute prefix": #"<row r="1" x14ac:dyDescent="0.25"><c r="A1"><v>1</v></c></row>"#,
        "namespace declared in a row": #"<row r="1"><c r="A1" xmlns:q="urn:q"><v>1</v></c></row>"#,
        "default namespace changed in a row": #"<row r="1" xmlns="urn:x"><c r="A1"><v>1</v></c></row>"#,
        "repeated attribute": #"<row r="1"><c r="A1" r="B1"><v>1</v></c></row>"#,
        "attributes without a space": #"<row r="1"><c r="A1"t="s"><v>1</v></c></row>"#,
        "crossed end tags": #"<row r="1"><c r="A1"><v>1</c></v></row>"#,
        "text beside the rows": #"abc<row r="1"><c r="A1"><v>1</v></c></row>"#,
        "wrong end tag": #"<row r="1"><c r="A1"><v>1</v></c></row></sheetdata>"#,
        "< in a value": #"<row r="1"><c r="A<1"><v>1</v></c></row>"#,
        "reference in a value": #"<row r="1"><c r="A1" t="s&amp;"><v>1</v></c></row>"#,
        "tab in a value": "<row r=\"1\"><c r=\"\tA1\"><v>1</v></c></row>",
        "junk in an end tag": #"<row r="1"><c r="A1"><v>1</v x></c></row>"#,
        "deeper than the scanner goes": #"<row r="1"><c r="A1"><is>"# + String(repeating: "<a>", count: 10)
            + String(repeating: "</a>", count: 10) + "</is></c></row>",
        "past the nesting limit": #"<row r="1"><c r="A1"><is>"# + String(repeating: "<a>", count: 200)
            + String(repeating: "</a>", count: 200) + "</is></c></row>",
        "more attributes than the limit": #"<row r="1"><c r="A1" "# + (0..<2000).map { "a\($0)=\"1\"" }.joined(separator: " ")
            + "><v>1</v></c></row>",
        "a name longer than the scanner reads": #"<row r="1"><c r="A1"><"# + String(repeating: "n", count: 300) + "/><v>1</v></c></row>",
        "pages of white space between rows": #"<row r="1"><c r="A1"><v>1</v></c></row>"# + String(repeating: " ", count: 100_000)
            + #"<row r="2"><c r="A2"><v>2</v></c></row>"#,
        "a name with two colons": #"<row r="1"><c r="A1" a:b:c="1"><v>1</v></c></row>"#,
        "an error many lines down": (1..<50).map { "<row r=\"\($0)\"><c r=\"A\($0)\"><v>\($0)</v></c></row>" }
            .joined(separator: "\n") + "\n<row r=\"50\"><c r=\"A50\"><v>1</v></c>\n</rowx>",
    ]

    @Test(arguments: scannedBodies.keys.sorted())
    func rowsTheScannerReadsComeOutAsLibxml2Gives(name: String) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try TestPackage(sheetData: SheetDataScannerTests.scannedBodies[name]!, sharedStrings: ["<t>zero</t>", "<t>one</t>"])
            .write(to: folder.path("sheet.xlsx"))
        let scanned = SheetDataScannerTests.expectSameReading(path, name)
        // A refusal found while the first chunk is read comes before any row can be counted.
        if !SheetDataScannerTests.reading(path, scanning: true).text.hasPrefix("refused") {
            #expect(scanned > 0, "\(name): the scanner read no row")
        }
    }

    @Test(arguments: handedOverBodies.keys.sorted())
    func whatTheScannerLeavesIsLibxml2sToJudge(name: String) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try TestPackage(sheetData: SheetDataScannerTests.handedOverBodies[name]!).write(to: folder.path("sheet.xlsx"))
        SheetDataScannerTests.expectSameReading(path, name)
    }

    /// Cells of the common shape are read in one go, and only those.
    @Test func commonCellsAreReadWhole() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try TestPackage(sheetData: SheetDataScannerTests.scannedBodies["cells read whole"]!
                                       + SheetDataScannerTests.scannedBodies["almost the common shape"]!,
            sharedStrings: ["<t>zero</t>", "<t>one</t>"]).write(to: folder.path("cells.xlsx"))
        let book = try Workbook(path: path)
        var rows = try book.rows(of: book.sheets[0])
        var cells = 0
        while let row = try rows.next() { cells += row.cells.count }
        #expect(cells == 8 + 8)
        // The eleven cells of the first row; none of the second, each of which differs from the shape.
        #expect(rows.scannedCellCount == 11)
    }

    /// A prefixed vocabulary (`<x:row>`), and attributes in a declared namespace such as Excel's
    /// `x14ac:dyDescent`, are the scanner's too.
    @Test func prefixedNamesAreScanned() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        var package = TestPackage(sheetData: """
            <{p}row r="1" x14ac:dyDescent="0.25"><{p}c r="A1" t="inlineStr"><{p}is><{p}t>a</{p}t></{p}is></{p}c>\
            <{p}c r="B1"><{p}v>2</{p}v></{p}c></{p}row>
            """)
        package.prefix = "x"
        var entries = package.entries
        let sheet = entries.firstIndex { $0.name.hasSuffix("sheet1.xml") }!
        entries[sheet].text = entries[sheet].text.replacingOccurrences(
            of: "<x:worksheet ", with: "<x:worksheet xmlns:x14ac=\"http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac\" ")
        let path = folder.path("prefixed.xlsx")
        try ZipWriter.write(entries, to: path)
        #expect(SheetDataScannerTests.expectSameReading(path, "prefixed") == 1)
        #expect(try Workbook(path: path).cells(of: "Sheet1") == ["A1": .string("a"), "B1": .number(2)])
    }

    /// Rows cut by the 64 KiB chunks, a row longer than a chunk, and a row the scanner gives up on after
    /// thousands it read: the same rows, and the scanner reads all it can.
    @Test func rowsAcrossChunksAndAHandOverLateInThePart() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let rows = (1..<5000).map {
            "<row r=\"\($0)\" spans=\"1:3\"><c r=\"A\($0)\" t=\"s\"><v>1</v></c><c r=\"B\($0)\"><v>\($0).5</v></c>"
                + "<c r=\"C\($0)\" t=\"inlineStr\"><is><t>ü\($0)&amp;</t></is></c></row>"
        }.joined(separator: "\n")
        let long = "<row r=\"5000\"><c r=\"A5000\" t=\"inlineStr\"><is><t>\(String(repeating: "y", count: 300_000))</t></is></c></row>"
        let strings = ["<t>zero</t>", "<t>one</t>"]
        let whole = try TestPackage(sheetData: rows + long, sharedStrings: strings).write(to: folder.path("whole.xlsx"))
        #expect(SheetDataScannerTests.expectSameReading(whole, "many rows") == 5000)
        let late = try TestPackage(sheetData: rows + "<row r=\"5000\"><!-- a comment --><c r=\"A5000\"><v>1</v></c></row>",
                                   sharedStrings: strings).write(to: folder.path("late.xlsx"))
        #expect(SheetDataScannerTests.expectSameReading(late, "a comment after many rows") == 4999)
    }

    /// The corpus (Excel, LibreOffice, Google Sheets, openpyxl, XlsxWriter, hand-made, fuzzer-found): the
    /// same reading both ways.
    @Test func theCorpusReadsTheSameWithAndWithoutTheScanner() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Interop.corpus.path).filter { $0.hasSuffix(".xlsx") }
        #expect(files.count >= 50)
        var scanned = 0
        for file in files.sorted() {
            scanned += SheetDataScannerTests.expectSameReading(Interop.corpus.appending(path: file).path, file)
        }
        #expect(scanned > 1000, "the scanner read only \(scanned) rows of the corpus")
    }

    /// The .ods corpus (LibreOffice, hand-made): every sheet's rows read by the scanner and by libxml2
    /// alone come out the same, and the scanner reads most of them.
    @Test func theODSCorpusReadsTheSameWithAndWithoutTheScanner() throws {
        let enumerator = FileManager.default.enumerator(atPath: Interop.odsCorpus.path)!
        let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".ods") }
        #expect(files.count >= 50)
        var scanned = 0
        for file in files.sorted() {
            scanned += SheetDataScannerTests.expectSameReading(Interop.odsCorpus.appending(path: file).path, file)
        }
        #expect(scanned > 100, "the scanner read only \(scanned) rows of the .ods corpus")
    }
}
