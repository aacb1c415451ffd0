import Foundation
import InteropSupport
import Testing
import XLSXReader
@testable import XLSXWriter

/// A sheet prepared apart from libxlsxwriter (`PreparedSheet`) reads back, in openpyxl and in our
/// own reader, as the same cells libxlsxwriter would have written, whatever the text, and sits in
/// its place among libxlsxwriter's sheets.
@Suite(.ownThreads) struct PreparedSheetTests {
    /// Texts that need XML escapes, OOXML escapes or space kept, beside plain ones.
    static let awkward = [
        "R&D <team> \"quoted\" 'single'", "\u{1B}[31mred", " leading", "trailing ", "_x0041_ stays literal",
        "line\r\nbreak\tand tab", "Zoë Łukasz 🙂", "=SUM(A1:A2)", "\u{FFFE}odd",
    ]

    @Test func awkwardTextReadsBackAsWrittenAmongOtherSheets() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        try workbook.addSheet(named: "Grid").write("before", row: 0, column: 0)
        let prepared = try workbook.addPreparedSheet(named: "_meta", protected: true)
        try prepared.hide(.veryHidden)
        try prepared.appendRow(["kind", "", "third"])
        try prepared.appendRow(PreparedSheetTests.awkward)
        try prepared.appendRow([])
        try workbook.addSheet(named: "After").write("after", row: 1, column: 1)
        try workbook.close()

        let book = try XLSXWorkbook(path: path)
        #expect(book.sheets.map(\.name) == ["Grid", "_meta", "After"])
        #expect(book.sheets.map(\.state) == [.visible, .veryHidden, .visible])
        var rows = try book.rows(of: book.sheet(named: "_meta")!)
        let first = try #require(try rows.next())
        #expect(first.cells.map(\.a1) == ["A1", "C1"], "an empty field is no cell")
        #expect(first.cells.map(\.value) == [.string("kind"), .string("third")])
        let second = try #require(try rows.next())
        #expect(second.cells.map(\.value) == PreparedSheetTests.awkward.map { .string($0) })
        #expect(prepared.rowCount == 3)
        var after = try book.rows(of: book.sheet(named: "After")!)
        #expect(try after.next()?.cells.map(\.value) == [.string("after")], "the sheets after it keep their own parts")

        let seen = try peek(path, """
            ws = wb["_meta"]
            out["states"] = [s.sheet_state for s in wb.worksheets]
            out["first"] = [ws[a].value for a in ("A1", "B1", "C1")]
            out["types"] = [c.data_type for c in ws[2]]
            out["protected"] = ws.protection.sheet
            out["grid"] = wb["Grid"]["A1"].value
            """)
        #expect(seen["states"] as? [String] == ["visible", "veryHidden", "visible"])
        #expect((seen["first"] as? [Any])?.map { "\($0)" } == ["kind", "<null>", "third"])
        #expect(seen["types"] as? [String] == Array(repeating: "s", count: PreparedSheetTests.awkward.count),
                "a text that looks like a formula stays text")
        #expect(seen["protected"] as? Bool == true)
        #expect(seen["grid"] as? String == "before")
    }

    /// Many rows pass through zlib in several chunks; the entry's CRC and sizes are the ones
    /// Python's zipfile checks on reading it whole.
    @Test func aLargeSheetGoesInWholeWithItsChecksum() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let prepared = try workbook.addPreparedSheet(named: "Rows", protected: false)
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0..<1_000_000, using: &generator)
        print("PreparedSheetTests seed \(seed)")
        var state = seed
        for index in 0..<5_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let code = String((0..<40).map { bit in (state >> UInt64(bit % 64)) & 1 == 1 ? "x" : "." })
            try prepared.appendRow(["row", String(index + 1), code])
        }
        #expect(prepared.rowCount == 5_000)
        try workbook.close()

        let check = try Interop.runPython("""
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            print(z.testzip() or "ok", len(z.read("xl/worksheets/sheet1.xml")))
            """, arguments: [path])
        let words = check.split(separator: " ")
        #expect(words.first == "ok")
        #expect((Int(words.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0) > 5 * DeflatedPart.inputChunk)

        let book = try XLSXWorkbook(path: path)
        var rows = try book.rows(of: book.sheets[0])
        var count = 0
        while let row = try rows.next() {
            count += 1
            #expect(row.cells.first?.value == .string("row"))
            #expect(row.cells.dropFirst().first?.value == .string(String(count)))
        }
        #expect(count == 5_000)
    }

    @Test func aDiscardedWorkbookWithAPreparedSheetLeavesNoFile() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        try workbook.addPreparedSheet(named: "_meta", protected: true).appendRow(["kept?"])
        workbook.discard()
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
