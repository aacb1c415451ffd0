import CXlsxWriter

/// A line chart over ranges of a sheet, placed on a sheet of the same workbook or on a chart
/// sheet of its own (`WorkbookWriter.addChartSheet`).
///
///     var chart = LineChart(title: "Capacity and booked per day", categories: .init(sheet: "Per day", column: 0, rows: 1...28))
///     chart.series.append(.init(name: "Capacity", values: .init(sheet: "Per day", column: 1, rows: 1...28), color: RGB(0x2F5597)))
///     chart.gridlineEvery = 7   // a vertical line per week
///     try sheet.insertChart(chart, row: 1, column: 5)
public struct LineChart: Sendable {
    /// A column of cells on a sheet, rows 0-based and inclusive.
    public struct Cells: Sendable {
        public var sheet: String
        public var column: Int
        public var rows: ClosedRange<Int>

        public init(sheet: String, column: Int, rows: ClosedRange<Int>) {
            self.sheet = sheet
            self.column = column
            self.rows = rows
        }

        /// `='Per day'!$B$2:$B$29`
        var formula: String {
            "='\(sheet.replacingOccurrences(of: "'", with: "''"))'!\(CellReference.absolute(row: rows.lowerBound, column: column)):\(CellReference.absolute(row: rows.upperBound, column: column))"
        }
    }

    public struct Series: Sendable {
        public var name: String
        public var values: Cells
        public var color: RGB?

        public init(name: String, values: Cells, color: RGB? = nil) {
            self.name = name
            self.values = values
            self.color = color
        }
    }

    public var title: String
    /// The labels along the horizontal axis (dates, for a chart per day).
    public var categories: Cells
    public var series: [Series] = []
    public var xAxisTitle: String?
    public var yAxisTitle: String?
    /// A vertical gridline every this many categories (7 on a chart per day: a line per week).
    public var gridlineEvery: Int?
    /// The number format of the category labels ("d mmm" for dates); nil: as the cells show them.
    public var dateFormat: String?
    /// Size as a multiple of Excel's default chart (480 x 288 pixels).
    public var scale = (x: 2.0, y: 1.5)

    public init(title: String, categories: Cells) {
        self.title = title
        self.categories = categories
    }
}

extension SheetWriter {
    /// Places `chart` with its top left corner at the cell (`row`, `column`).
    public func insertChart(_ chart: LineChart, row: Int, column: Int) throws(XLSXWriteError) {
        let lxwChart = try chart.make(in: owner, context: "sheet '\(name)', chart")
        var options = lxw_chart_options()
        options.x_scale = chart.scale.x
        options.y_scale = chart.scale.y
        let code = worksheet_insert_chart_opt(try pointer, lxw_row_t(row), lxw_col_t(column), lxwChart, &options)
        try XLSXWriteError.check(code, "sheet '\(name)', chart at \(CellReference.a1(row: row, column: column))")
    }
}

extension LineChart {
    /// The chart as a libxlsxwriter chart of `workbook`, ready to be placed once.
    func make(in workbook: WorkbookWriter, context: String) throws(XLSXWriteError) -> UnsafeMutablePointer<lxw_chart> {
        guard let lxwChart = workbook_add_chart(try workbook.requireOpen(), UInt8(LXW_CHART_LINE.rawValue)) else {
            throw .refused(context: context, reason: "could not be added")
        }
        chart_title_set_name(lxwChart, title)
        for entry in series {
            guard let series = chart_add_series(lxwChart, categories.formula, entry.values.formula) else {
                throw .refused(context: "\(context), series '\(entry.name)'", reason: "could not be added")
            }
            chart_series_set_name(series, entry.name)
            if let color = entry.color {
                var line = lxw_chart_line()
                line.color = color.value
                line.width = 2.25
                chart_series_set_line(series, &line)
            }
        }
        let xAxis = lxwChart.pointee.x_axis, yAxis = lxwChart.pointee.y_axis
        if let title = xAxisTitle { chart_axis_set_name(xAxis, title) }
        if let title = yAxisTitle { chart_axis_set_name(yAxis, title) }
        if let format = dateFormat {
            chart_axis_set_num_format(xAxis, format)
        }
        if let every = gridlineEvery {
            // A label and a tick (hence a gridline) every `every` categories.
            chart_axis_set_interval_unit(xAxis, UInt16(every))
            chart_axis_set_interval_tick(xAxis, UInt16(every))
            chart_axis_major_gridlines_set_visible(xAxis, 1)
        }
        chart_legend_set_position(lxwChart, UInt8(LXW_CHART_LEGEND_BOTTOM.rawValue))
        return lxwChart
    }
}
