import Foundation
import InteropSupport
import Testing
import XLSXReader
@testable import XLSXWriter

/// A sheet's rows written by our own code (`PreparedRows`) make the sheet libxlsxwriter makes
/// from the same cells, byte for byte, with libxlsxwriter's columns, panes, validation,
/// conditional format, notes and styles around them; rows and cells out of order are refused.
@Suite(.ownThreads) struct PreparedRowsTests {
    /// One cell of the generated sheet.
    enum Cell {
        case text(String)
        case number(Double)
        case date(year: Int, month: Int, day: Int)
        case formula(String, cached: Double)
        case blank
        case marks([Bool])
    }

    struct Row {
        let index: Int
        let height: Double?
        /// Cells by column, left to right, each with the style it carries.
        let cells: [(column: Int, cell: Cell, style: Int)]
    }

    static let styles = [
        CellStyle(bold: true, fill: RGB(0xDDEBF7), wrap: true),
        CellStyle(numberFormat: "d mmm yyyy"),
        CellStyle(fill: RGB(0xE2EFDA), locked: false, border: RGB(0xBFBFBF)),
        CellStyle(italic: true, alignment: .center),
        CellStyle(),
    ]

    static let texts = ["Anna", " leading", "trailing ", "R&D <team> \"quoted\"", "Zoë Łukasz 🙂", "=SUM(A1:A2)", "08:00-09:00", ""]
    static let numbers: [Double] = [0, 1, -3, 46023, 0.1, 2.5e-7, 1e20, 123456789.125, -0.0]

    /// Rows drawn from `seed`: gaps between rows, a header with a height, every kind of cell.
    static func rows(seed: UInt64, count: Int) -> [Row] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var rows = [Row(index: 0, height: 30, cells: (0..<8).map { (column: $0, cell: .text("Title \($0)"), style: 0) })]
        var index = 0
        for _ in 0..<count {
            index += 1 + (next(5) == 0 ? next(3) : 0)
            var cells: [(column: Int, cell: Cell, style: Int)] = []
            var column = next(2)
            while column < 30 {
                let cell: Cell
                switch next(6) {
                case 0: cell = .text(texts[next(texts.count)])
                case 1: cell = .number(numbers[next(numbers.count)])
                case 2: cell = .date(year: 2026, month: 1 + next(12), day: 1 + next(28))
                case 3: cell = .formula("=COUNTIF(F\(index + 1):Z\(index + 1),\"x\")+\(next(3))", cached: Double(next(20)))
                case 4: cell = .blank
                default: cell = .marks((0..<(1 + next(12))).map { _ in next(2) == 0 })
                }
                cells.append((column, cell, next(styles.count)))
                if case let .marks(flags) = cell { column += flags.count - 1 }
                column += 1 + next(3)
            }
            rows.append(Row(index: index, height: next(10) == 0 ? 24.75 : nil, cells: cells))
        }
        return rows
    }

    /// Writes the frame libxlsxwriter keeps (widths, panes, a validation, a conditional format,
    /// a note, protection), then the rows through `PreparedRows` or, when `prepared` is false,
    /// through `SheetWriter` as before.
    static func write(_ rows: [Row], to path: String, prepared: Bool) throws {
        let workbook = try WorkbookWriter(path: path)
        let sheet = try workbook.addSheet(named: "Grid")
        let prepared = prepared ? try sheet.prepareRows() : nil
        try sheet.setColumns(0, 0, width: 13)
        try sheet.setColumns(5, 40, width: 5.3)
        try sheet.freezePanes(row: 1, column: 5)
        try sheet.addValidation(.list(["x"]), firstRow: 1, firstColumn: 5, lastRow: 500, lastColumn: 40)
        try sheet.addConditionalFormat(.formula("=$E2<$D2", style: CellStyle(fill: RGB(0xFFC7CE))),
                                       firstRow: 1, firstColumn: 0, lastRow: 500, lastColumn: 40)
        try sheet.writeNote("Look here", row: 3, column: 2, author: "slotsheet")
        let formats = try styles.map { style throws(XLSXWriteError) in try workbook.cellFormat(style) }
        for row in rows {
            if let prepared {
                try prepared.startRow(row.index, height: row.height)
            } else if let height = row.height {
                try sheet.setRow(row.index, height: height)
            }
            for (column, cell, style) in row.cells {
                let format = formats[style]
                switch (cell, prepared) {
                case let (.text(text), rows?): try rows.write(text, column: column, format: format)
                case let (.text(text), nil): try sheet.write(text, row: row.index, column: column, format: format)
                case let (.number(number), rows?): try rows.write(number, column: column, format: format)
                case let (.number(number), nil): try sheet.write(number, row: row.index, column: column, format: format)
                case let (.date(year, month, day), rows?): try rows.writeDate(year: year, month: month, day: day, column: column, format: format)
                case let (.date(year, month, day), nil):
                    try sheet.writeDate(year: year, month: month, day: day, row: row.index, column: column, format: format)
                case let (.formula(formula, cached), rows?): try rows.writeFormula(formula, cachedValue: cached, column: column, format: format)
                case let (.formula(formula, cached), nil):
                    try sheet.writeFormula(formula, cachedValue: cached, row: row.index, column: column, format: format)
                case (.blank, let rows?): try rows.writeBlank(column: column, format: format)
                case (.blank, nil): try sheet.writeBlank(row: row.index, column: column, format: format)
                case let (.marks(flags), rows?): try rows.writeMarks(flags, mark: "x", firstColumn: column, format: format)
                case let (.marks(flags), nil): try sheet.writeMarks(flags, mark: "x", row: row.index, firstColumn: column, format: format)
                }
            }
        }
        try sheet.protectWithoutPassword()
        try workbook.close()
    }

    @Test func theSameCellsMakeTheSameSheetAsLibxlsxwriter() throws {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0..<1_000_000, using: &generator)
        print("PreparedRowsTests seed \(seed)")
        let rows = PreparedRowsTests.rows(seed: seed, count: 1_500)
        let ours = try temporaryPath("ours.xlsx")
        let theirs = try temporaryPath("theirs.xlsx")
        try PreparedRowsTests.write(rows, to: ours, prepared: true)
        try PreparedRowsTests.write(rows, to: theirs, prepared: false)

        // Python's zipfile checks each entry's CRC as it reads it whole.
        let compared = try Interop.runPython("""
            import sys, zipfile
            ours, theirs = zipfile.ZipFile(sys.argv[1]), zipfile.ZipFile(sys.argv[2])
            print(ours.testzip() or "ok")
            names = sorted(n for n in theirs.namelist() if n != "docProps/core.xml")
            print(sorted(n for n in ours.namelist() if n != "docProps/core.xml") == names)
            for name in names:
                a, b = ours.read(name), theirs.read(name)
                if a != b:
                    i = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
                    print(name, len(a), len(b), a[max(0, i - 80):i + 80], b[max(0, i - 80):i + 80])
            print(len(ours.read("xl/worksheets/sheet1.xml")))
            """, arguments: [ours, theirs])
        let lines = compared.split(separator: "\n").map(String.init)
        #expect(lines.first == "ok")
        #expect(lines.dropFirst().first == "True", "the same parts")
        #expect(lines.count == 3, "every part the same bytes:\n\(lines.dropFirst(2).dropLast().joined(separator: "\n"))")
        #expect((Int(lines.last ?? "") ?? 0) > 4 * DeflatedPart.inputChunk, "the rows pass through zlib in several chunks")
    }

    @Test func awkwardTextReadsBackAsWritten() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let rows = try workbook.addSheet(named: "Grid").prepareRows()
        let plain = try workbook.cellFormat(CellStyle())
        let awkward = [
            "R&D <team> \"quoted\" 'single'", "\u{1B}[31mred", " leading", "trailing ", "_x0041_ stays literal",
            "line\r\nbreak\tand tab", "Zoë Łukasz 🙂", "=SUM(A1:A2)", "\u{FFFE}odd",
        ]
        try rows.startRow(1)
        for (column, text) in awkward.enumerated() { try rows.write(text, column: column, format: plain) }
        try workbook.addSheet(named: "After").write("after", row: 0, column: 0)
        try workbook.close()

        let book = try XLSXWorkbook(path: path)
        var read = try book.rows(of: book.sheet(named: "Grid")!)
        let row = try #require(try read.next())
        #expect(row.index == 2)
        #expect(row.cells.map(\.value) == awkward.map { .string($0) })
        let seen = try peek(path, """
            ws = wb["Grid"]
            out["values"] = [c.value for c in ws[2]]
            out["types"] = [c.data_type for c in ws[2]]
            out["after"] = wb["After"]["A1"].value
            """)
        // openpyxl leaves OOXML's _xHHHH_ escapes as they are written (ours decodes them).
        let plainOnes = [0, 2, 3, 6, 7]
        #expect((seen["values"] as? [String]).map { values in plainOnes.map { values[$0] } } == plainOnes.map { awkward[$0] })
        #expect(seen["types"] as? [String] == Array(repeating: "s", count: awkward.count), "openpyxl reads text, none of it a formula")
        #expect(seen["after"] as? String == "after")
    }

    @Test func rowsAndCellsOutOfOrderAreRefused() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let sheet = try workbook.addSheet(named: "Grid")
        let rows = try sheet.prepareRows()
        let plain = try workbook.cellFormat(CellStyle())
        #expect(throws: XLSXWriteError.self, "a cell before any row") { try rows.write("a", column: 0, format: plain) }
        #expect(throws: XLSXWriteError.self, "the same sheet twice") { _ = try sheet.prepareRows() }
        try rows.startRow(3)
        try rows.write("a", column: 2, format: plain)
        #expect(throws: XLSXWriteError.self, "the same cell twice") { try rows.write("b", column: 2, format: plain) }
        #expect(throws: XLSXWriteError.self, "a cell left of one written") { try rows.writeBlank(column: 1, format: plain) }
        #expect(throws: XLSXWriteError.self, "marks over a cell written") {
            try rows.writeMarks([true, true], mark: "x", firstColumn: 1, format: plain)
        }
        #expect(throws: XLSXWriteError.self, "past the last column") { try rows.write(1, column: 16_384, format: plain) }
        #expect(throws: XLSXWriteError.self, "a text longer than Excel keeps") {
            try rows.write(String(repeating: "a", count: 32_768), column: 5, format: plain)
        }
        #expect(throws: XLSXWriteError.self, "a formula of two lines") {
            try rows.writeFormula("=1+\n1", cachedValue: 2, column: 6, format: plain)
        }
        #expect(throws: XLSXWriteError.self, "no number") { try rows.write(.nan, column: 7, format: plain) }
        #expect(throws: XLSXWriteError.self, "the same row again") { try rows.startRow(3) }
        #expect(throws: XLSXWriteError.self, "a row above") { try rows.startRow(2) }
        try rows.startRow(4)
        try rows.write("kept", column: 0, format: plain)
        try workbook.close()

        let book = try XLSXWorkbook(path: path)
        var read = try book.rows(of: book.sheets[0])
        #expect(try read.next()?.cells.map(\.a1) == ["C4"], "what was refused left nothing behind")
        #expect(try read.next()?.cells.map(\.value) == [.string("kept")])
    }

    /// A failed export abandons the workbook half-way: the deflate thread stops, no file is left.
    @Test func aDiscardedWorkbookWithPreparedRowsLeavesNoFile() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let rows = try workbook.addSheet(named: "Grid").prepareRows()
        let plain = try workbook.cellFormat(CellStyle())
        for row in 0..<2_000 {
            try rows.startRow(row)
            try rows.writeMarks((0..<60).map { ($0 + row) % 3 == 0 }, mark: "x", firstColumn: 0, format: plain)
        }
        workbook.discard()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(throws: XLSXWriteError.self) { try workbook.close() }
    }

    @Test func cellsThroughLibxlsxwriterBesidePreparedRowsAreRefusedAtClose() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let sheet = try workbook.addSheet(named: "Grid")
        let rows = try sheet.prepareRows()
        try rows.startRow(0)
        try rows.write("ours", column: 0, format: workbook.cellFormat(CellStyle()))
        try sheet.write("theirs", row: 1, column: 0)
        #expect(throws: XLSXWriteError.self) { try workbook.close() }
    }
}
