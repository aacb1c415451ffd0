import Foundation
import SlotSheetTemplates
import XLSXWriter

/// How a template prints: the paper, and the office's time zone for when it was made.
struct TemplatePrintOptions {
    var paper: PaperSize = .a4
    var timeZone: TimeZone = OfficeClock.defaultTimeZone
    /// How the filled-in file comes back, for the instructions sheet.
    var returned: TemplateReturn = .commandLine
}

/// Where the pages of a printed availability sheet begin and how large it prints: landscape, on
/// narrow margins, with the header row and the key columns on every page.
///
/// - Width: the sheet prints one page wide when that keeps it at `minimumScale` or more. A wider
///   sheet prints in as few pages of whole staff columns as hold them at `minimumScale` (a column
///   is never split), the staff shared evenly, each page with the key columns; pages go left to
///   right before top to bottom, so a week's pages come out together for the wall.
/// - Height: a page for each week (breaks before every Monday) when a week fits on a page at a
///   readable scale, shrinking the sheet down to `minimumScale` for that; otherwise pages of whole
///   dates; otherwise wherever the page is full.
///
/// - The fonts: a column's width is counted in digits of the workbook's font (Calibri), so how
///   wide it prints depends on the font the printing program has. Without Calibri and Carlito
///   (its metric twin), LibreOffice takes DejaVu Sans, whose digits are a quarter wider, and a
///   scale worked out for Calibri would split the staff columns. So when the width decides the
///   scale of a sheet one page wide, it prints "fit to one page wide" (`fitsToWidth`): the program
///   works the scale out with the font it has, the week breaks kept. When the height decides (a
///   week on a page), the scale leaves the width room for a font `widerFontAllowance` wider, as
///   far as the minimum scale allows. Row heights are in points, the same whatever the font. A
///   sheet too wide for one page still prints at a scale worked out for Calibri.
///
/// For example a 4-week template from a Monday with 6 dayparts and 30 staff on A4: the key
/// columns print 312 points wide and each staff column 30, 1,219 in all, on 784 points between
/// the margins: 64%. A week is 42 rows of 15 points under the 120-point header row, 750 points,
/// on 509: it fits at 67%. So the width decides: one page wide (64% in Calibri), a page per
/// week, 4 pages.
struct TemplatePrintLayout: Equatable {
    /// The smallest print scale: the 11-point text prints at 6.6 points, about the smallest a
    /// roster on the wall stays readable at.
    static let minimumScale = 60

    /// How much wider than Calibri's a printing program's font may be and a sheet whose scale the
    /// height decides still print one page wide: DejaVu Sans's digits are 1,303 units of 2,048,
    /// Calibri's 1,038 (+26%).
    static let widerFontAllowance = 1.3

    /// How the sheet prints, in percent (with Calibri, when it `fitsToWidth`).
    let scale: Int
    /// Printed "fit to one page wide" (as long as it is) rather than at `scale`: one page across,
    /// and the width decides the scale.
    let fitsToWidth: Bool
    /// Staff columns on one page (all of them when the sheet prints one page wide).
    let staffPerPage: Int
    /// Rows that start a page, and columns that start a page.
    let rowBreaks: [Int]
    let columnBreaks: [Int]
    /// What a page holds from top to bottom.
    let rowsPerPage: RowGrouping

    enum RowGrouping: Equatable {
        case week, days(Int), asFits
    }

    init(layout: TemplateLayout, keyColumnWidths: [Double], paper: PaperSize) {
        let page = PageSetup(orientation: .landscape, paper: paper, margins: .narrow).printableSize
        let keyWidth = keyColumnWidths.map(PageSetup.printedWidth(ofColumnWidth:)).reduce(0, +)
        let staffWidth = PageSetup.printedWidth(ofColumnWidth: Look.staffColumnWidth)
        let header = Look.headerRowHeight, row = PageSetup.defaultRowHeight
        let dayRows = Double(max(layout.dayparts.count, 1))
        func percent(_ fraction: Double) -> Int { min(100, max(10, Int((fraction * 100).rounded(.down)))) }

        // Pages across: one when it prints at the minimum scale or more, else as few as hold
        // whole staff columns at the minimum; the staff shared evenly between them.
        let staffCount = layout.staff.count
        var pagesAcross = 1
        if percent(page.width / (keyWidth + Double(staffCount) * staffWidth)) < TemplatePrintLayout.minimumScale {
            let fitAtMinimum = Int(((page.width * 100 / Double(TemplatePrintLayout.minimumScale) - keyWidth) / staffWidth).rounded(.down))
            pagesAcross = (staffCount + max(fitAtMinimum, 1) - 1) / max(fitAtMinimum, 1)
        }
        staffPerPage = max(1, (staffCount + pagesAcross - 1) / pagesAcross)
        columnBreaks = Array(stride(from: TemplateLayout.firstStaffColumn + staffPerPage,
                                    to: TemplateLayout.firstStaffColumn + staffCount, by: staffPerPage).prefix(PageSetup.maxPageBreaks))
        let widthFit = page.width / (keyWidth + Double(min(staffPerPage, staffCount)) * staffWidth)
        var scale = max(percent(widthFit), TemplatePrintLayout.minimumScale)
        // A week on a page, if that keeps it readable; then the width has room for a wider font.
        let weekFit = percent(page.height / (header + Double(min(7, layout.range.dayCount)) * dayRows * row))
        let heightDecides = weekFit < scale && weekFit >= TemplatePrintLayout.minimumScale
        if heightDecides {
            let widthFitForAnyFont = percent(widthFit / TemplatePrintLayout.widerFontAllowance)
            scale = max(min(weekFit, widthFitForAnyFont), TemplatePrintLayout.minimumScale)
        }
        fitsToWidth = pagesAcross == 1 && !heightDecides

        let rowsOnPage = Int(((page.height * 100 / Double(scale) - header) / row).rounded(.down))
        let daysOnPage = rowsOnPage / Int(dayRows)
        var breaks: [Int] = []
        if weekFit >= scale {
            rowsPerPage = .week
            breaks = layout.range.dropFirst().filter { $0.weekday == .monday }.map { layout.row(for: $0, daypartIndex: 0) }
        } else if daysOnPage >= 1 {
            rowsPerPage = .days(daysOnPage)
            breaks = stride(from: daysOnPage, to: layout.range.dayCount, by: daysOnPage)
                .map { layout.row(for: layout.range.from.adding(days: $0), daypartIndex: 0) }
        } else {
            rowsPerPage = .asFits
        }
        rowBreaks = Array(breaks.prefix(PageSetup.maxPageBreaks))
        self.scale = scale
    }

    /// Pages across for the staff columns.
    var pagesAcross: Int { columnBreaks.count + 1 }

    /// Pages down for the rows: one a week, or a run of dates (nil: wherever a page is full).
    var pagesDown: Int? {
        rowsPerPage == .asFits ? nil : rowBreaks.count + 1
    }
}

/// Applies the print settings of a template's sheets: the availability grid by
/// `TemplatePrintLayout`, the instructions and reference lists one page wide; every page with the
/// title, the range, "Page X of Y" and when it was made. The hidden metadata sheet is not
/// printed (spreadsheet programs skip hidden sheets), so it has none.
struct TemplatePrintSetup {
    let context: TemplateWorkbook.Context

    private var heading: PrintedHeading {
        let words = context.words, print = context.language.printWords
        return PrintedHeading(
            title: words.documentTitle, period: PrintedHeading.period(context.layout.range, words: words),
            made: PrintedHeading.made(context.generatedAt, timeZone: context.printing.timeZone, words: words, print: print),
            words: print)
    }

    /// The width of the instructions' one column, in characters.
    static let instructionsWidth = 110.0

    /// The height of a row holding `paragraph` wrapped in the instructions column: no spreadsheet
    /// program sizes it on opening, so a paragraph of two lines would print over the next. Text
    /// averages about 1/1.15 of the digit a column's width counts (Calibri), so a line holds
    /// `instructionsWidth x 1.15` characters.
    static func height(ofParagraph paragraph: String) -> Double {
        let perLine = Int(instructionsWidth * 1.15)
        let lines = max(1, (paragraph.count + perLine - 1) / perLine)
        return Double(lines) * PageSetup.defaultRowHeight
    }

    func apply(grid: SheetWriter, instructions: SheetWriter, lists: [SheetWriter]) throws {
        let paper = context.printing.paper
        let layout = context.layout
        let printLayout = TemplatePrintLayout(
            layout: layout, keyColumnWidths: TemplateWorkbook.keyColumnWidths(context.words, layout), paper: paper)
        var setup = heading.pageSetup(paper: paper, scaling: printLayout.fitsToWidth ? .fitToPages(wide: 1, tall: 0) : .percent(printLayout.scale))
        setup.repeatedRows = TemplateLayout.headerRow...TemplateLayout.headerRow
        setup.repeatedColumns = 0...(TemplateLayout.firstStaffColumn - 1)
        setup.rowBreaks = printLayout.rowBreaks
        setup.columnBreaks = printLayout.columnBreaks
        setup.pageOrder = .overThenDown
        try grid.setPageSetup(setup)

        try instructions.setPageSetup(heading.pageSetup(paper: paper, scaling: .fitToPages(wide: 1, tall: 0)))
        for list in lists { try list.setPageSetup(heading.tablePageSetup(paper: paper)) }
    }
}

extension TemplateWorkbook {
    /// The widths of the key columns in characters, in `TemplateLayout.KeyColumn` order: room for
    /// the longest value and for the title. The grid is laid out with them and printed by them.
    static func keyColumnWidths(_ words: TemplateWords, _ layout: TemplateLayout) -> [Double] {
        let longestLabel = layout.dayparts.map(\.label.count).max() ?? 8
        let widths: [TemplateLayout.KeyColumn: Double] = [
            .date: 13, .weekday: Double(max(4, words.weekdays.map(\.count).max() ?? 3) + 2),
            .daypart: Double(longestLabel + 2), .booked: Double(words.bookedColumn.count + 3),
            .capacity: Double(words.capacityColumn.count + 3),
        ]
        return TemplateLayout.KeyColumn.allCases.map { key in max(widths[key]!, Double(keyTitle(key, words).count) + 2) }
    }

    /// The title of a key column.
    static func keyTitle(_ key: TemplateLayout.KeyColumn, _ words: TemplateWords) -> String {
        switch key {
        case .date: return words.dateColumn
        case .weekday: return words.weekdayColumn
        case .daypart: return words.daypartColumn
        case .booked: return words.bookedColumn
        case .capacity: return words.capacityColumn
        }
    }
}
