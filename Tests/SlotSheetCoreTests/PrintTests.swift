import Foundation
import InteropSupport
import SlotSheetTemplates
import Testing
import XLSXWriter
@testable import SlotSheetCore

/// Templates and reports as they come off the printer: written, printed to PDF by LibreOffice and
/// read back with poppler, page by page.
@Suite(.ownThreads) struct PrintTests {
    /// Four weeks from Monday 7 December 2026, for templates that print a page a week.
    static let fourWeeks = DateRange(from: LocalDate(iso: "2026-12-07")!, to: LocalDate(iso: "2027-01-03")!)!
    /// The synthetic data's seed (fixed, printed so a failure can be replayed).
    static let seed: UInt64 = 7

    /// A database with `staff` synthetic staff around `fourWeeks`; the sample's 6 dayparts.
    static func database(staff: Int) throws -> TestDatabase {
        print("PrintTests: synthetic data, \(staff) staff, seed \(seed)")
        let database = try TestDatabase()
        let range = DateRange(from: fourWeeks.from.adding(days: -7), to: fourWeeks.to)!
        _ = try Seeder.load(try SyntheticDataset(staffCount: staff, range: range, seed: seed, clock: .testDay), into: database.store)
        return database
    }

    /// The printed pages of `sheet`, by the sheet name every page's footer ends with.
    static func pages(of sheet: String, in pages: [String]) -> [(number: Int, text: String)] {
        pages.enumerated().filter { footerSheet($0.element) == sheet }.map { ($0.offset + 1, $0.element) }
    }

    /// The dates that start the lines of a page: the grid's rows ("14 Dec 2026").
    static func datesOnLines(_ page: String) -> Set<String> {
        Set(page.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ", omittingEmptySubsequences: true).prefix(3)
            guard words.count == 3, Int(words[words.startIndex]) != nil, Int(words[words.startIndex + 2]) != nil else { return nil }
            return words.joined(separator: " ")
        })
    }

    /// The footer's right part: the last line's text after a wide gap (pdftotext ends a page
    /// with a form feed).
    static func footerSheet(_ page: String) -> String? {
        let blank = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{0C}"))
        let last = page.split(separator: "\n").last { !$0.trimmingCharacters(in: blank).isEmpty }
        return last.flatMap { $0.components(separatedBy: "   ").last?.trimmingCharacters(in: blank) }
    }

    /// A 4-week, 30-staff template prints a page a week, one page wide, on A4 (in Dutch) and on
    /// Letter (in English). Why 7 pages: the 5 key columns print 312 points wide in English (329
    /// in Dutch, whose titles are longer) and each staff column 30, 1,219 (1,236) in all, on 734
    /// points between Letter's margins (784 on A4): 60% (63%), at or over the 60% minimum, so all
    /// 30 staff share a page width. A week is 42 rows of 15 points under the 120-point header, 750
    /// points, on 526 (509): it fits at 70% (67%), so the sheet breaks before every Monday: 4
    /// pages. Then Instructions, Staff (31 rows) and Dayparts, a page each; the hidden `_slotsheet`
    /// is not printed. The same pages where LibreOffice has neither Calibri nor Carlito and prints
    /// in DejaVu Sans, whose digits (what a column's width counts) are a quarter wider: the sheet
    /// prints "fit to one page wide", so the scale follows the font.
    @Test(.enabled(if: Interop.shouldRun(needing: PrintedPDF.programs + ["fc-match", "fc-list"]), "LibreOffice, poppler-utils or fontconfig is not installed"),
          arguments: [(PaperSize.a4, Language.nl, PrintedPDF.Fonts.system), (PaperSize.letter, Language.en, .system),
                      (PaperSize.a4, Language.nl, .withoutCalibri), (PaperSize.letter, Language.en, .withoutCalibri)])
    func aFourWeekThirtyStaffTemplatePrintsAWeekAPage(paper: PaperSize, language: Language, fonts: PrintedPDF.Fonts) throws {
        try Interop.requirePrograms(PrintedPDF.programs + ["fc-match", "fc-list"])
        let database = try PrintTests.database(staff: 30)
        let path = database.folder.appending(path: "template.xlsx").path
        _ = try TemplateExporter(store: database.store, rules: OfficeClock.testDay.standardRules).export(
            TemplateExportRequest(range: PrintTests.fourWeeks, staff: .allActive, language: language, paper: paper, path: path))
        let pdf = try PrintedPDF(workbook: path, fonts: fonts)
        let pages = try pdf.pages()
        let words = language.words.template, print = language.printWords

        #expect(pdf.pageCount == 7, "4 weeks + Instructions + Staff + Dayparts")
        let grid = PrintTests.pages(of: words.availabilitySheet, in: pages)
        #expect(grid.map(\.number) == [1, 2, 3, 4], "a page a week")
        for page in 1...pdf.pageCount {
            let size = try pdf.size(ofPage: page)
            let (short, long) = paper.portraitSize
            #expect(abs(size.width - long) < 1 && abs(size.height - short) < 1, "page \(page) is \(size), not \(paper) landscape")
        }

        // Page 2 is the second week, whole, under the repeated header: the key column titles, the
        // staff headers, the title, the range, the page number and when it was made.
        let second = try #require(grid.dropFirst().first).text
        for title in [words.dateColumn, words.weekdayColumn, words.daypartColumn, words.bookedColumn, words.capacityColumn] {
            #expect(second.contains(title), "page 2 repeats the column title \(title)")
        }
        #expect(second.contains("S0001 ") && second.contains("S0030 "), "page 2 repeats the staff headers, first to last")
        #expect(second.contains(words.documentTitle))
        #expect(second.contains("7 \(words.months[11]) 2026 – 3 \(words.months[0]) 2027"), "the range")
        #expect(second.contains("\(print.page.before)2\(print.page.between)7"), "page 2 of 7")
        #expect(second.contains(String(print.made("\u{0}", "").prefix { $0 != "\u{0}" })), "when it was made")
        let days = PrintTests.datesOnLines(second)
        #expect(days == Set((14...20).map { "\($0) \(words.months[11]) 2026" }), "Monday to Sunday of the second week, no other")

        for (number, text) in grid {
            #expect(text.contains(words.dateColumn) && text.contains("S0015 "), "page \(number) has the header")
        }
        #expect(PrintTests.pages(of: words.instructionsSheet, in: pages).count == 1)
        #expect(PrintTests.pages(of: words.staffSheet, in: pages).count == 1)
        #expect(PrintTests.pages(of: words.daypartsSheet, in: pages).count == 1)
        #expect(!pages.contains { $0.contains(TemplateMetadata.kind) }, "the hidden metadata sheet does not print")
    }

    /// 60 staff do not fit one page wide at the 60% minimum (312 + 60 x 30 = 2,112 points on 784
    /// is 37%): at 60%, 784 / 0.6 = 1,307 points hold the key columns and 32 staff, so each week
    /// takes 2 pages of 30 whole staff columns, both with the key columns, left to right: 8 pages.
    @Test(.enabled(if: Interop.shouldRun(needing: PrintedPDF.programs), "LibreOffice or poppler-utils is not installed"))
    func aWideTemplatePrintsInPagesOfWholeStaffColumns() throws {
        try Interop.requirePrograms(PrintedPDF.programs)
        let database = try PrintTests.database(staff: 60)
        let path = database.folder.appending(path: "wide.xlsx").path
        _ = try TemplateExporter(store: database.store, rules: OfficeClock.testDay.standardRules).export(
            TemplateExportRequest(range: PrintTests.fourWeeks, staff: .allActive, language: .en, path: path))
        let pdf = try PrintedPDF(workbook: path)
        let grid = PrintTests.pages(of: "Availability", in: try pdf.pages())
        #expect(grid.count == 8, "4 weeks x 2 pages across")
        let codes = { (text: String) in Set((1...60).map { String(format: "S%04d ", $0) }.filter { text.contains($0) }) }
        for (index, page) in grid.enumerated() {
            let expected = index % 2 == 0 ? 1...30 : 31...60
            #expect(codes(page.text) == Set(expected.map { String(format: "S%04d ", $0) }), "page \(page.number): staff \(expected)")
            #expect(page.text.contains("Daypart") && page.text.contains("Capacity"), "page \(page.number) has the key columns")
        }
        #expect(PrintTests.datesOnLines(grid[1].text).contains("7 Dec 2026"), "a week's two pages come together")
        #expect(PrintTests.datesOnLines(grid[2].text).contains("14 Dec 2026"), "then the next week's")
    }

    /// The utilisation report: the heat map on one page, every daypart on it; the chart alone on a
    /// landscape page, title to legend; every table with its header on every page.
    @Test(.enabled(if: Interop.shouldRun(needing: PrintedPDF.programs), "LibreOffice or poppler-utils is not installed"))
    func theUtilisationReportPrintsItsHeatMapAndChartWhole() throws {
        try Interop.requirePrograms(PrintedPDF.programs)
        let database = try PrintTests.database(staff: 30)
        let path = database.folder.appending(path: "utilization.xlsx").path
        _ = try ReportExporter(store: database.store, rules: OfficeClock.testDay.standardRules).export(
            ReportRequest(kind: .utilization, range: PrintTests.fourWeeks, path: path))
        let pdf = try PrintedPDF(workbook: path)
        let pages = try pdf.pages()
        let words = Language.en.words.reports, print = Language.en.printWords
        let dayparts = try database.store.read { try $0.dayparts() }.map(\.label)
        #expect(dayparts.count == 6)

        let heatMap = PrintTests.pages(of: words.heatMapSheet, in: pages)
        #expect(heatMap.count == 1, "the heat map on one page")
        for label in dayparts { #expect(heatMap.first?.text.contains(label) == true, "the heat map page shows \(label)") }

        let chart = PrintTests.pages(of: print.chartSheet, in: pages)
        #expect(chart.count == 1, "the chart on a page of its own")
        let chartPage = try #require(chart.first)
        #expect(chartPage.text.contains(words.chartTitle), "its title")
        #expect(chartPage.text.contains(words.capacityColumn) && chartPage.text.contains(words.bookedColumn), "and its legend, below")
        #expect(!chartPage.text.contains("2026  "), "and no table")
        #expect(pages.filter { $0.contains(words.chartTitle) }.count == 1, "the chart is not cut over pages")
        let size = try pdf.size(ofPage: chartPage.number)
        #expect(size.width > size.height, "landscape")

        let slots = PrintTests.pages(of: words.slotsSheet, in: pages)
        #expect(slots.count > 1)
        for page in slots + PrintTests.pages(of: words.perDaySheet, in: pages) + heatMap {
            #expect(page.text.contains(words.dateColumn) && page.text.contains(print.reportTitle("utilization")), "page \(page.number) has its header")
            #expect(page.text.contains("7 Dec 2026 – 3 Jan 2027"), "page \(page.number) has the period")
        }
        for page in slots {
            #expect(page.text.contains(words.utilizationColumn), "page \(page.number): the whole width, to the last column")
        }
    }
}
