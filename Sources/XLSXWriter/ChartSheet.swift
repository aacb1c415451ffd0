import CXlsxWriter

/// A sheet that is one chart and nothing else. It prints the chart alone, sized to the page, so a
/// chart wider than a page of cells is never cut in half.
///
///     let sheet = try workbook.addChartSheet(named: "Chart", chart: chart)
///     try sheet.setPageSetup(PageSetup(orientation: .landscape, paper: .a4))
public final class ChartSheetWriter {
    public let name: String
    private let sheet: UnsafeMutablePointer<lxw_chartsheet>
    private let workbook: WorkbookWriter

    init(_ sheet: UnsafeMutablePointer<lxw_chartsheet>, name: String, workbook: WorkbookWriter) {
        self.sheet = sheet
        self.name = name
        self.workbook = workbook
    }

    /// Orientation, paper, margins, header and footer. A chart sheet prints on one page, so the
    /// scale, print titles, page breaks and print area of `setup` do not apply and are not used.
    public func setPageSetup(_ setup: PageSetup) throws(XLSXWriteError) {
        _ = try workbook.requireOpen()
        try setup.applyPage(to: sheet.pointee.worksheet, context: "chart sheet '\(name)', page setup")
    }
}

extension WorkbookWriter {
    /// Adds a chart sheet holding `chart`, after the sheets added so far. The chart's ranges may
    /// name rows not written yet.
    public func addChartSheet(named name: String, chart: LineChart) throws(XLSXWriteError) -> ChartSheetWriter {
        let workbook = try requireOpen()
        try XLSXWriteError.check(workbook_validate_sheet_name(workbook, name), "sheet name '\(name)'")
        guard let sheet = workbook_add_chartsheet(workbook, name) else {
            throw .refused(context: "chart sheet '\(name)'", reason: "could not be added")
        }
        let lxwChart = try chart.make(in: self, context: "chart sheet '\(name)'")
        try XLSXWriteError.check(chartsheet_set_chart(sheet, lxwChart), "chart sheet '\(name)', chart")
        return ChartSheetWriter(sheet, name: name, workbook: self)
    }
}
