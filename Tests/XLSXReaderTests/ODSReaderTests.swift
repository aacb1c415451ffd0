import Foundation
import InteropSupport
import Testing
@testable import XLSXReader

/// The OpenDocument side of `Workbook`: the format told by content, sheets and their states, merges,
/// hidden rows and columns, metadata and names, and rows streamed from the one `content.xml` however
/// the sheets are asked for.
@Suite(.ownThreads) struct ODSReaderTests {
    private static let handMade = Interop.odsCorpus.appending(path: "hand-made")

    @Test func theFormatIsToldByContentNotByName() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let ods = folder.path("really-an-ods.xlsx"), xlsx = folder.path("really-an-xlsx.ods")
        try FileManager.default.copyItem(atPath: ODSReaderTests.handMade.appending(path: "covered.ods").path, toPath: ods)
        try FileManager.default.copyItem(atPath: Interop.corpus.appending(path: "date.xlsx").path, toPath: xlsx)
        #expect(try Workbook(path: ods).format == .ods)
        #expect(try Workbook(path: xlsx).format == .xlsx)
        #expect(try Workbook(path: ods).cells(of: "Merged")["C1"] == .string("C1"))

        // Without a mimetype entry the manifest says what the package is.
        var noMimetype = TestODS(tables: [TestODS.table("Only", rows: TestODS.row(["manifest"]))])
        noMimetype.mimetype = nil
        let book = try Workbook(path: noMimetype.write(to: folder.path("no-mimetype.ods")))
        #expect(book.format == .ods)
        #expect(try book.cells(of: "Only") == ["A1": .string("manifest")])
    }

    @Test func sheetsInTabOrderWithTheirStates() throws {
        let book = try Workbook(path: ODSReaderTests.handMade.appending(path: "hidden_sheets.ods").path)
        #expect(book.sheets.map(\.name) == ["Shown", "_slotsheet", "Empty"])
        #expect(book.sheets.map(\.state) == [.visible, .hidden, .visible])
        #expect(book.sheets.map(\.kind) == [.worksheet, .worksheet, .worksheet])
        #expect(book.sheets.map(\.part) == ["content.xml", "content.xml", "content.xml"])
        #expect(book.sheet(named: "_SLOTSHEET")?.position == 1)
        #expect(book.dateSystem == .from1900)
        var empty = try book.rows(of: book.sheets[2])
        #expect(try empty.next() == nil, "1,048,576 empty rows give no row and cost nothing")
    }

    @Test func mergedRangesHiddenRowsAndColumns() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let columns = #"<table:table-column/><table:table-column table:visibility="collapse" table:number-columns-repeated="2"/>"#
            + #"<table:table-column table:number-columns-repeated="16381"/>"#
        let rows = TestODS.row(["a", "b", "c"]) + TestODS.row(["hidden"], attributes: #" table:visibility="collapse""#)
            + TestODS.row(["filtered"], repeated: 2, attributes: #" table:visibility="filter""#)
        let book = try Workbook(path: TestODS(tables: [TestODS.table("S", columns: columns, rows: rows)]).write(to: folder.path("hidden.ods")))
        var reader = try book.rows(of: book.sheets[0])
        #expect(reader.hiddenColumns == [2...3], "known before the first row")
        var hidden: [Int: Bool] = [:]
        while let row = try reader.next() { hidden[row.index] = row.isHidden }
        #expect(hidden == [1: false, 2: true, 3: true, 4: true])

        let merged = try Workbook(path: ODSReaderTests.handMade.appending(path: "covered.ods").path)
        var mergedRows = try merged.rows(of: merged.sheets[0])
        while try mergedRows.next() != nil {}
        #expect(mergedRows.mergedRanges.map(\.a1) == ["A1:B1", "A2:A3"])
    }

    @Test func metadataNamesAndTheNullDate() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        var package = TestODS(tables: [TestODS.table("Data", rows: TestODS.row(["x"]))])
        package.beforeTables = #"<table:calculation-settings><table:null-date table:date-value="1904-01-01"/></table:calculation-settings>"#
        package.afterTables = #"<table:named-expressions><table:named-range table:name="Staff" table:base-cell-address="$Data.$A$1" "#
            + #"table:cell-range-address="$Data.$A$1:.$A$9"/><table:named-expression table:name="Two" table:expression="of:=1+1"/>"#
            + "</table:named-expressions>"
        package.userDefined = #"<meta:user-defined meta:name="slotsheet.template" meta:value-type="float">2</meta:user-defined>"#
            + #"<meta:user-defined meta:name="note">kept</meta:user-defined>"#
        let book = try Workbook(path: package.write(to: folder.path("meta.ods")))
        #expect(book.application == "slotsheet Fuzz/ods_packages.py")
        #expect(book.author == "office")
        #expect(book.lastModifiedBy == "planner")
        #expect(book.customProperties == ["slotsheet.template": .integer(2), "note": .text("kept")])
        #expect(book.definedNames.map(\.name) == ["Staff", "Two"])
        #expect(book.definedNames.map(\.formula) == ["$Data.$A$1:.$A$9", "of:=1+1"])
        #expect(book.uses1904DateSystem)
    }

    /// Sheets asked for in tab order share one reading; any other order, or two sheets read at once,
    /// still gives every sheet exactly its own rows.
    @Test func sheetsInAnyOrderGiveTheirOwnRows() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let tables = (0..<4).map { sheet in
            TestODS.table("S\(sheet)", rows: (1...300).map { TestODS.row(["\(sheet)-\($0)", "x"]) }.joined())
        }
        let book = try Workbook(path: TestODS(tables: tables).write(to: folder.path("four.ods")))
        func firstColumn(_ rows: inout SheetRows, count: Int = .max) throws -> [String] {
            var texts: [String] = []
            while texts.count < count, let row = try rows.next() { texts.append(row.cells[0].value.text ?? "") }
            return texts
        }
        let expected = (0..<4).map { sheet in (1...300).map { "\(sheet)-\($0)" } }
        for order in [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2], [2, 2, 0]] {
            for sheet in order {
                var rows = try book.rows(of: book.sheets[sheet])
                #expect(try firstColumn(&rows) == expected[sheet], "order \(order), sheet \(sheet)")
            }
        }
        // Two sheets at once: the second takes over the shared reading, the first continues on its own.
        var first = try book.rows(of: book.sheets[1])
        let start = try firstColumn(&first, count: 100)
        var second = try book.rows(of: book.sheets[2])
        let other = try firstColumn(&second, count: 50)
        let rest = try firstColumn(&first)
        #expect(start + rest == expected[1])
        #expect(other + (try firstColumn(&second)) == expected[2])
    }

    /// Memory holds the rows of one chunk of XML, not the sheet: a long sheet streams.
    @Test func rowsStream() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let rows = (1...20_000).map { TestODS.row(["row \($0)", "x", "", "x"]) }.joined()
        let book = try Workbook(path: TestODS(tables: [TestODS.table("Long", rows: rows)]).write(to: folder.path("long.ods")))
        var reader = try book.rows(of: book.sheets[0])
        var count = 0, largestBuffer = 0
        while let row = try reader.next() {
            count += 1
            largestBuffer = max(largestBuffer, reader.bufferedRowCount)
            #expect(row.cells.map(\.column) == [1, 2, 4])
        }
        #expect(count == 20_000)
        #expect(largestBuffer < 2_000, "\(largestBuffer) rows buffered at once")
    }

    /// Non-empty repeats count against the cell limit before any cell is read; empty ones do not count.
    @Test func repeatsCountAgainstTheCellLimit() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let cell = #"<table:table-cell table:number-columns-repeated="10" office:value-type="float" office:value="1"/>"#
        let rows = "<table:table-row table:number-rows-repeated=\"10\">\(cell)<table:table-cell table:number-columns-repeated=\"16374\"/>"
            + "</table:table-row><table:table-row table:number-rows-repeated=\"1048566\"><table:table-cell table:number-columns-repeated=\"16384\"/></table:table-row>"
        let path = try TestODS(tables: [TestODS.table("Grid", rows: rows)]).write(to: folder.path("grid.ods"))
        var limits = XLSXLimits.default
        limits.maxCells = 100
        #expect(readFully(path, limits: limits) == nil, "100 cells with a value, and 17 billion empty ones")
        limits.maxCells = 99
        #expect(readFully(path, limits: limits) == .limitExceeded(limit: .cells, part: "content.xml", maximum: 99))
        var book = try Workbook(path: path)
        var reader = try book.rows(of: book.sheets[0])
        var cells = 0
        while let row = try reader.next() { cells += row.cells.count }
        #expect(cells == 100)
        book = try Workbook(path: path, limits: { var tight = XLSXLimits.default; tight.maxRows = 9; return tight }())
        #expect(caught { () throws(XLSXError) in var rows = try book.rows(of: book.sheets[0]); while try rows.next() != nil {} }
                == .limitExceeded(limit: .rows, part: "content.xml (sheet \"Grid\")", maximum: 9))
    }

    /// The duration form of `office:time-value`.
    @Test(arguments: [("PT09H30M00S", 34_200_000), ("PT36H", 129_600_000), ("-PT1H", -3_600_000), ("P1DT1M", 86_460_000),
                      ("PT0.25S", 250), (" PT1S ", 1000)] as [(String, Int)])
    func durations(text: String, milliseconds: Int) {
        let value = Array(text.utf8).withUnsafeBufferPointer { ODSValue.durationMilliseconds($0) }
        #expect(value == milliseconds)
    }

    @Test(arguments: ["", "P", "PT", "9H", "P1Y", "PT1D", "PTxH", "PT1H1H2", "P1DT"])
    func textThatIsNoDuration(text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { ODSValue.durationMilliseconds($0) } == nil, "\(text)")
    }
}
