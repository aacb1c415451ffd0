import CXlsxWriter

/// The paper a sheet is printed on, by Excel's paper codes.
public enum PaperSize: String, CaseIterable, Sendable {
    /// 210 x 297 mm: the default in Europe.
    case a4
    /// 8.5 x 11 inches: North America.
    case letter

    /// Excel's code for the paper (`worksheet_set_paper`).
    var excelCode: UInt8 {
        switch self {
        case .a4: return 9
        case .letter: return 1
        }
    }

    /// Width and height in points (1/72 inch), upright.
    public var portraitSize: (width: Double, height: Double) {
        switch self {
        case .a4: return (595.28, 841.89)
        case .letter: return (612, 792)
        }
    }
}

public enum PageOrientation: Sendable {
    case portrait, landscape
}

/// Page margins in inches, as Excel's Page Setup shows them. The header and footer are printed
/// inside the top and bottom margins, `header` and `footer` inches from the paper's edge.
public struct PageMargins: Hashable, Sendable {
    public var left: Double
    public var right: Double
    public var top: Double
    public var bottom: Double
    public var header: Double
    public var footer: Double

    public init(left: Double, right: Double, top: Double, bottom: Double, header: Double, footer: Double) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
        self.header = header
        self.footer = footer
    }

    /// Excel's "Normal" margins.
    public static let excelDefault = PageMargins(left: 0.7, right: 0.7, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3)
    /// Narrow sides and room for a one-line header and footer: more of the sheet on a page.
    public static let narrow = PageMargins(left: 0.4, right: 0.4, top: 0.6, bottom: 0.6, header: 0.25, footer: 0.25)
}

/// How big the sheet prints.
public enum PageScaling: Hashable, Sendable {
    /// At this percentage of its size (10 to 400). Manual page breaks are kept.
    case percent(Int)
    /// Shrunk until it takes at most `wide` pages across and `tall` pages down; 0 means as many
    /// as it needs (`fitToPages(wide: 1, tall: 0)`: one page wide, as long as it is). Excel then
    /// ignores manual page breaks, so a sheet that needs both works out its own `percent`.
    case fitToPages(wide: Int, tall: Int)
}

/// The order of the pages when a sheet is more than one page wide and tall.
public enum PageOrder: Sendable {
    /// All pages of the first columns top to bottom, then the next columns (Excel's default).
    case downThenOver
    /// Every page of the first rows left to right, then the next rows.
    case overThenDown
}

/// A rectangle of cells, rows and columns 0-based and inclusive.
public struct CellRange: Hashable, Sendable {
    public var rows: ClosedRange<Int>
    public var columns: ClosedRange<Int>

    public init(rows: ClosedRange<Int>, columns: ClosedRange<Int>) {
        self.rows = rows
        self.columns = columns
    }
}

/// How a sheet prints: paper, orientation, margins, scale, the rows and columns repeated on every
/// page (print titles), header and footer, manual page breaks and the area printed.
///
///     var setup = PageSetup(orientation: .landscape, paper: .a4)
///     setup.scaling = .fitToPages(wide: 1, tall: 0)      // one page wide
///     setup.repeatedRows = 0...0                          // the header row on every page
///     setup.header = HeaderFooter(left: [.boldText("Requests")], right: [.text("Page "), .pageNumber, .text(" of "), .pageCount])
///     try sheet.setPageSetup(setup)
public struct PageSetup: Sendable {
    public var orientation: PageOrientation
    public var paper: PaperSize
    public var margins: PageMargins
    public var scaling: PageScaling
    /// Rows printed at the top of every page.
    public var repeatedRows: ClosedRange<Int>?
    /// Columns printed at the left of every page.
    public var repeatedColumns: ClosedRange<Int>?
    public var header: HeaderFooter?
    public var footer: HeaderFooter?
    /// Rows that start a new page (the break falls above each); at most `maxPageBreaks`.
    public var rowBreaks: [Int] = []
    /// Columns that start a new page (the break falls left of each); at most `maxPageBreaks`.
    public var columnBreaks: [Int] = []
    /// Only these cells print (nil: everything written).
    public var printArea: CellRange?
    public var pageOrder: PageOrder = .downThenOver

    /// Excel keeps at most 1,023 manual page breaks each way (libxlsxwriter drops the rest).
    public static let maxPageBreaks = 1023
    /// Excel's print scale runs from 10% to 400%.
    public static let scaleRange = 10...400
    /// The height of a row nobody sized, in points (Calibri 11, libxlsxwriter's default font).
    public static let defaultRowHeight = 15.0

    public init(orientation: PageOrientation = .portrait, paper: PaperSize = .a4, margins: PageMargins = .excelDefault,
                scaling: PageScaling = .percent(100)) {
        self.orientation = orientation
        self.paper = paper
        self.margins = margins
        self.scaling = scaling
    }

    /// The area inside the margins, in points, for this paper and orientation: what a sheet at
    /// 100% may fill on one page.
    public var printableSize: (width: Double, height: Double) {
        let (short, long) = paper.portraitSize
        let (width, height) = orientation == .landscape ? (long, short) : (short, long)
        return (width - 72 * (margins.left + margins.right), height - 72 * (margins.top + margins.bottom))
    }

    /// How wide a column of `width` characters (as given to `SheetWriter.setColumns`) prints, in
    /// points at 100%. Excel draws it `width x 7 + 5` pixels wide at 96 per inch (Calibri 11's
    /// digit is 7 pixels); LibreOffice measures the digit of Carlito, Calibri's metric twin, at
    /// 5.5 points and prints about 5% wider. This takes the wider, so a layout worked out with it
    /// fits in both.
    public static func printedWidth(ofColumnWidth width: Double) -> Double {
        let pixels = width < 1 ? (width * 12 + 0.5).rounded(.down) : (width * 7 + 0.5).rounded(.down) + 5
        return pixels * 0.79 + 1
    }

    /// The problem with this setup for a sheet, or nil when it can be printed as asked.
    func problem() -> String? {
        if case let .percent(percent) = scaling, !PageSetup.scaleRange.contains(percent) {
            return "print scale \(percent)% is outside Excel's \(PageSetup.scaleRange.lowerBound)-\(PageSetup.scaleRange.upperBound)%"
        }
        if case let .fitToPages(wide, tall) = scaling, !(0...Int(UInt16.max)).contains(wide) || !(0...Int(UInt16.max)).contains(tall) {
            return "fit to \(wide) x \(tall) pages is not a page count"
        }
        for (breaks, what, limit) in [(rowBreaks, "row", CellReference.maxRows), (columnBreaks, "column", CellReference.maxColumns)] {
            if breaks.count > PageSetup.maxPageBreaks {
                return "\(breaks.count) \(what) page breaks; Excel keeps at most \(PageSetup.maxPageBreaks)"
            }
            // A break above the first row or left of the first column is no break; libxlsxwriter
            // also reads 0 as the end of its list.
            if let wrong = breaks.first(where: { $0 < 1 || $0 >= limit }) {
                return "a \(what) page break at \(wrong) is outside the sheet"
            }
        }
        for (range, what) in [(repeatedRows, "repeated rows"), (printArea?.rows, "print area rows")] {
            if let range, range.lowerBound < 0 || range.upperBound >= CellReference.maxRows { return "\(what) are outside the sheet" }
        }
        for (range, what) in [(repeatedColumns, "repeated columns"), (printArea?.columns, "print area columns")] {
            if let range, range.lowerBound < 0 || range.upperBound >= CellReference.maxColumns { return "\(what) are outside the sheet" }
        }
        let widthLeft = 72 * (margins.left + margins.right), heightLeft = 72 * (margins.top + margins.bottom)
        let (short, long) = paper.portraitSize
        if [margins.left, margins.right, margins.top, margins.bottom, margins.header, margins.footer].contains(where: { !($0 >= 0) })
            || widthLeft >= (orientation == .landscape ? long : short) || heightLeft >= (orientation == .landscape ? short : long) {
            return "the margins leave no room on the page"
        }
        return nil
    }
}

extension SheetWriter {
    /// Sets how the sheet prints. Call it once, at any time before the workbook is closed.
    ///
    ///     var setup = PageSetup(orientation: .landscape, paper: .letter, margins: .narrow)
    ///     setup.repeatedRows = 0...0
    ///     setup.repeatedColumns = 0...2
    ///     setup.rowBreaks = [43, 85]          // a page for each week of 42 rows
    ///     try sheet.setPageSetup(setup)
    public func setPageSetup(_ setup: PageSetup) throws(XLSXWriteError) {
        let sheet = try pointer
        let context = "sheet '\(name)', page setup"
        try setup.applyPage(to: sheet, context: context)
        switch setup.scaling {
        case let .percent(percent): worksheet_set_print_scale(sheet, UInt16(percent))
        case let .fitToPages(wide, tall): worksheet_fit_to_pages(sheet, UInt16(wide), UInt16(tall))
        }
        if let rows = setup.repeatedRows {
            try XLSXWriteError.check(worksheet_repeat_rows(sheet, lxw_row_t(rows.lowerBound), lxw_row_t(rows.upperBound)), "\(context), repeated rows")
        }
        if let columns = setup.repeatedColumns {
            try XLSXWriteError.check(worksheet_repeat_columns(sheet, lxw_col_t(columns.lowerBound), lxw_col_t(columns.upperBound)),
                                     "\(context), repeated columns")
        }
        if let area = setup.printArea {
            try XLSXWriteError.check(worksheet_print_area(sheet, lxw_row_t(area.rows.lowerBound), lxw_col_t(area.columns.lowerBound),
                                                          lxw_row_t(area.rows.upperBound), lxw_col_t(area.columns.upperBound)), "\(context), print area")
        }
        if !setup.rowBreaks.isEmpty {
            var breaks = Set(setup.rowBreaks).sorted().map { lxw_row_t($0) } + [0]
            try XLSXWriteError.check(worksheet_set_h_pagebreaks(sheet, &breaks), "\(context), row page breaks")
        }
        if !setup.columnBreaks.isEmpty {
            var breaks = Set(setup.columnBreaks).sorted().map { lxw_col_t($0) } + [0]
            try XLSXWriteError.check(worksheet_set_v_pagebreaks(sheet, &breaks), "\(context), column page breaks")
        }
        if setup.pageOrder == .overThenDown { worksheet_print_across(sheet) }
    }
}

extension PageSetup {
    /// What every sheet's page has, chart sheets too (whose settings libxlsxwriter keeps in a
    /// worksheet of their own): orientation, paper, margins, header and footer; checked first.
    func applyPage(to sheet: UnsafeMutablePointer<lxw_worksheet>, context: String) throws(XLSXWriteError) {
        if let problem = problem() { throw .invalidPageSetup(context: context, reason: problem) }
        switch orientation {
        case .portrait: worksheet_set_portrait(sheet)
        case .landscape: worksheet_set_landscape(sheet)
        }
        worksheet_set_paper(sheet, paper.excelCode)
        worksheet_set_margins(sheet, margins.left, margins.right, margins.top, margins.bottom)
        try HeaderFooter.apply(header, margin: margins.header, context: "\(context), header") { text, options in
            worksheet_set_header_opt(sheet, text, options)
        }
        try HeaderFooter.apply(footer, margin: margins.footer, context: "\(context), footer") { text, options in
            worksheet_set_footer_opt(sheet, text, options)
        }
    }
}
