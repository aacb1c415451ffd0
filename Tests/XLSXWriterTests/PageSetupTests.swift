import Foundation
import InteropSupport
import Testing
@testable import XLSXWriter

/// Headers and footers as Excel and libxlsxwriter read them: text is text, whatever it holds.
@Suite(.ownThreads) struct HeaderFooterTests {
    @Test func sectionsAndFieldsEncode() throws {
        let header = HeaderFooter(left: [.boldText("Staff availability")], center: [.text("1 Dec 2026 – 28 Dec 2026")],
                                  right: [.text("Page "), .pageNumber, .text(" of "), .pageCount])
        #expect(try header.encoded() == "&L&BStaff availability&B&C1 Dec 2026 – 28 Dec 2026&RPage &P of &N")
        #expect(try HeaderFooter(right: [.sheetName]).encoded() == "&R&A")
        #expect(try HeaderFooter().encoded() == "")
    }

    /// An `&` in text is a literal ampersand, never a code: `&&`. Before `G` or `[`, where
    /// libxlsxwriter would still see an image placeholder and refuse the header, a word joiner
    /// (U+2060, invisible) keeps them apart.
    @Test func anAmpersandIsText() throws {
        #expect(try HeaderFooter(left: [.text("R&D & Co")]).encoded() == "&LR&&D && Co")
        #expect(try HeaderFooter(left: [.text("R&G")]).encoded() == "&LR&&\u{2060}G")
        #expect(try HeaderFooter(left: [.text("&[Picture]")]).encoded() == "&L&&\u{2060}[Picture]")
        #expect(try HeaderFooter(left: [.text("&P&N&14")]).encoded() == "&L&&P&&N&&14")
        #expect(try HeaderFooter(left: [.text("&\u{301}")]).encoded() == "&L&&\u{301}", "an & carrying a combining mark too")
    }

    /// Excel reads `&P+1` as the page number plus one.
    @Test func textAfterThePageNumberIsNotArithmetic() throws {
        #expect(try HeaderFooter(right: [.pageNumber, .text("+1 extra")]).encoded() == "&R&P\u{2060}+1 extra")
        #expect(try HeaderFooter(right: [.pageNumber, .text(" / "), .pageCount]).encoded() == "&R&P / &N")
    }

    /// Control characters (which XML cannot hold, and which would end a line) become spaces;
    /// bidirectional overrides and isolates, which could reverse the rest of the line, are dropped.
    @Test func controlsAndOverridesAreNeutralised() throws {
        let text = "a\u{1B}[31mb\u{202E}c\u{2066}d\u{0}e\r\nf\u{85}g\u{FFFE}"
        #expect(try HeaderFooter(center: [.text(text)]).encoded() == "&Ca [31mbcd e  f g")
    }

    /// Past Excel's 255 characters, the longest text is shortened with "…"; fields stay whole
    /// and an escaped `&` is never cut in half.
    @Test func aLongTextIsShortenedToFit() throws {
        let title = String(repeating: "Woningstichting & Partners ", count: 20)
        let header = HeaderFooter(left: [.boldText(title)], center: [.text("1 Dec 2026 – 28 Dec 2026")],
                                  right: [.text("Page "), .pageNumber, .text(" of "), .pageCount])
        let encoded = try header.encoded()
        #expect(encoded.utf16.count <= HeaderFooter.maxLength)
        #expect(encoded.utf16.count >= HeaderFooter.maxLength - 3, "it keeps as much as fits")
        #expect(encoded.hasSuffix("&C1 Dec 2026 – 28 Dec 2026&RPage &P of &N"), "the short parts whole")
        #expect(encoded.hasPrefix("&L&BWoningstichting && Partners") && encoded.contains("…&B&C"))
        let text = encoded.dropFirst(4).prefix { $0 != "…" }
        #expect(text.split(separator: "&", omittingEmptySubsequences: false).count % 2 == 1, "whole && pairs only: \(text)")
    }

    /// Excel counts UTF-16 units: a character outside the BMP counts two.
    @Test func charactersOutsideTheBMPCountDouble() throws {
        let encoded = try HeaderFooter(left: [.text(String(repeating: "🏠", count: 200))]).encoded()
        #expect(encoded.utf16.count <= HeaderFooter.maxLength)
        #expect(encoded.hasSuffix("🏠…"), "cut between characters, never inside a surrogate pair")
    }

    @Test func codesThatCannotFitAreRefused() {
        let tooMany = HeaderFooter(right: Array(repeating: .pageNumber, count: 130))
        #expect(throws: XLSXWriteError.self) { try tooMany.encoded() }
    }
}

@Suite(.ownThreads) struct PageSetupTests {
    @Test func thePrintableAreaIsThePaperLessTheMargins() {
        let a4 = PageSetup(orientation: .landscape, paper: .a4, margins: .narrow).printableSize
        #expect(abs(a4.width - (841.89 - 57.6)) < 0.01 && abs(a4.height - (595.28 - 86.4)) < 0.01)
        let letter = PageSetup(orientation: .portrait, paper: .letter, margins: .excelDefault).printableSize
        #expect(abs(letter.width - (612 - 100.8)) < 0.01 && abs(letter.height - (792 - 108)) < 0.01)
    }

    /// Columns print at least as wide as Excel (7 pixels a character and 5, at 96 per inch)
    /// and LibreOffice with Carlito (measured: a 13-character column prints 76.1 points, a
    /// 4.5-character one 29.3) draw them.
    @Test func printedColumnWidthsAreNeverUnderestimated() {
        for (width, libreOffice) in [(13.0, 76.1), (4.5, 29.3), (6.0, 37.2), (9.0, 53.9)] {
            let excel = ((width * 7 + 0.5).rounded(.down) + 5) * 0.75
            let estimate = PageSetup.printedWidth(ofColumnWidth: width)
            #expect(estimate >= excel && estimate >= libreOffice && estimate < libreOffice * 1.04, "width \(width): \(estimate)")
        }
    }

    @Test func aSetupThatCannotPrintIsRefused() throws {
        let workbook = try WorkbookWriter(path: try temporaryPath())
        defer { workbook.discard() }
        let sheet = try workbook.addSheet(named: "Data")
        var setups: [PageSetup] = []
        setups.append(PageSetup(scaling: .percent(5)))
        setups.append(PageSetup(scaling: .fitToPages(wide: -1, tall: 0)))
        var breaks = PageSetup()
        breaks.rowBreaks = Array(1...1024)
        setups.append(breaks)
        var zero = PageSetup()
        zero.columnBreaks = [0, 5]
        setups.append(zero)
        var outside = PageSetup()
        outside.repeatedRows = 0...CellReference.maxRows
        setups.append(outside)
        setups.append(PageSetup(margins: PageMargins(left: 5, right: 5, top: 1, bottom: 1, header: 0.3, footer: 0.3)))
        for setup in setups {
            #expect(throws: XLSXWriteError.self, "\(setup)") { try sheet.setPageSetup(setup) }
        }
    }

    /// Every page setting reads back in openpyxl as set: what Excel prints with.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Interop.python.path) || Interop.toolsRequired, "no interop venv"))
    func theSetupReadsBackAsSet() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let sheet = try workbook.addSheet(named: "Roster")
        for row in 0..<30 { for column in 0..<8 { try sheet.write(row * 8 + column, row: row, column: column) } }
        var setup = PageSetup(orientation: .landscape, paper: .letter, margins: .narrow, scaling: .percent(64))
        setup.repeatedRows = 0...1
        setup.repeatedColumns = 0...2
        setup.rowBreaks = [20, 10]
        setup.columnBreaks = [5]
        setup.printArea = CellRange(rows: 0...29, columns: 0...7)
        setup.pageOrder = .overThenDown
        setup.header = HeaderFooter(left: [.boldText("R&G Housing")], center: [.text("1 Dec 2026 – 28 Dec 2026")],
                                    right: [.text("Page "), .pageNumber, .text(" of "), .pageCount])
        setup.footer = HeaderFooter(left: [.text("Made on 1 Dec 2026")], right: [.sheetName])
        try sheet.setPageSetup(setup)
        let list = try workbook.addSheet(named: "List")
        try list.write("x", row: 0, column: 0)
        try list.setPageSetup(PageSetup(orientation: .portrait, paper: .a4, scaling: .fitToPages(wide: 1, tall: 0)))
        var chart = LineChart(title: "Per row", categories: .init(sheet: "Roster", column: 0, rows: 1...29))
        chart.series = [.init(name: "B", values: .init(sheet: "Roster", column: 1, rows: 1...29))]
        let chartSheet = try workbook.addChartSheet(named: "Chart", chart: chart)
        var chartSetup = PageSetup(orientation: .landscape, paper: .a4)
        chartSetup.header = HeaderFooter(center: [.text("Chart & more")])
        try chartSheet.setPageSetup(chartSetup)
        try workbook.close()

        let seen = try peek(path, """
            ws = wb["Roster"]
            ps = ws.page_setup
            out["roster"] = [ps.orientation, ps.paperSize, ps.scale, ps.pageOrder, ws.sheet_properties.pageSetUpPr.fitToPage if ws.sheet_properties.pageSetUpPr else None,
                             ws.print_title_rows, ws.print_title_cols, [b.id for b in ws.row_breaks.brk], [b.id for b in ws.col_breaks.brk],
                             str(ws.print_area), ws.page_margins.left, ws.page_margins.top, ws.page_margins.header]
            out["header"] = [ws.oddHeader.left.text, ws.oddHeader.center.text, ws.oddHeader.right.text]
            out["footer"] = [ws.oddFooter.left.text, ws.oddFooter.right.text]
            ls = wb["List"]
            out["list"] = [ls.page_setup.orientation, ls.page_setup.paperSize, ls.sheet_properties.pageSetUpPr.fitToPage,
                           ls.page_setup.fitToWidth, ls.page_setup.fitToHeight]
            cs = wb.chartsheets[0]
            out["chart"] = [wb.sheetnames, cs.pageSetup.orientation, cs.pageSetup.paperSize, cs.headerFooter.oddHeader.center.text]
            """)
        let roster = try #require(seen["roster"] as? [Any])
        #expect(roster[0] as? String == "landscape" && roster[1] as? Int == 1 && roster[2] as? Int == 64, "\(roster)")
        #expect(roster[3] as? String == "overThenDown")
        #expect(roster[4] is NSNull, "a scale, not fit to page: the page breaks count")
        #expect(roster[5] as? String == "$1:$2" && roster[6] as? String == "$A:$C")
        #expect(roster[7] as? [Int] == [10, 20] && roster[8] as? [Int] == [5])
        #expect((roster[9] as? String)?.contains("$A$1:$H$30") == true)
        #expect(roster[10] as? Double == 0.4 && roster[11] as? Double == 0.6 && roster[12] as? Double == 0.25)
        #expect(seen["header"] as? [String] == ["&BR&&\u{2060}G Housing&B", "1 Dec 2026 – 28 Dec 2026", "Page &P of &N"], "as Excel reads it")
        #expect(seen["footer"] as? [String] == ["Made on 1 Dec 2026", "&A"])
        let listSeen = try #require(seen["list"] as? [Any])
        #expect(listSeen[0] as? String == "portrait" && listSeen[1] as? Int == 9 && listSeen[2] as? Int == 1, "\(listSeen)")
        #expect((listSeen[3] is NSNull || listSeen[3] as? Int == 1) && listSeen[4] as? Int == 0, "one page wide (absent: 1), as long as it is")
        let chartSeen = try #require(seen["chart"] as? [Any])
        #expect(chartSeen[0] as? [String] == ["Roster", "List", "Chart"])
        #expect(chartSeen[1] as? String == "landscape" && chartSeen[2] as? Int == 9)
        #expect(chartSeen[3] as? String == "Chart && more", "\(chartSeen)")
    }

    /// Random titles made of what breaks headers (ampersands before G and [, codes, controls,
    /// overrides, long runs, emoji) are all accepted by libxlsxwriter and fit Excel's limit.
    @Test func libxlsxwriterTakesEveryHeaderWeMake() throws {
        var random = SeededGenerator(test: "libxlsxwriterTakesEveryHeaderWeMake")
        let parts = ["&", "G", "[Picture]", "&P", "+1", "&N", "\u{1B}", "\n", "\u{202E}", "é", "🏠", "Woningstichting ", "&&", "\"", "<b>", "&14"]
        let workbook = try WorkbookWriter(path: try temporaryPath())
        defer { workbook.discard() }
        for index in 0..<200 {
            let sheet = try workbook.addSheet(named: "S\(index)")
            let title = (0..<Int.random(in: 1...120, using: &random)).map { _ in parts.randomElement(using: &random)! }.joined()
            var setup = PageSetup()
            setup.header = HeaderFooter(left: [.boldText(title)], center: [.text(title)], right: [.pageNumber, .text(title), .pageCount])
            setup.footer = HeaderFooter(left: [.text(title)], right: [.sheetName])
            try sheet.setPageSetup(setup)
            #expect(try setup.header!.encoded().utf16.count <= HeaderFooter.maxLength, "title \(title.debugDescription)")
        }
    }
}
