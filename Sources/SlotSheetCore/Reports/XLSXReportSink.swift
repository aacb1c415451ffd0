import SlotSheetTemplates
import XLSXWriter

/// Report tables as sheets of a workbook, streamed in libxlsxwriter's constant-memory mode: a
/// million requests take the same memory as ten. Each sheet gets a styled header, frozen panes,
/// widths and an autofilter; dates are date cells, times are in the office's zone. Printed, every
/// sheet is landscape and one page wide with its header row on every page, under the report's
/// title, period and "Page X of Y"; a chart prints alone on a page.
final class XLSXReportSink: ReportSink {
    private let workbook: WorkbookWriter
    private let clock: OfficeClock
    private let heading: PrintedHeading
    private let paper: PaperSize
    private var tables: [XLSXReportTable] = []
    private var digest = ContentDigest()
    private(set) var rows = 0
    private let formats: Formats
    private let rowsPerSheet: Int

    struct Formats {
        let header: CellFormat
        let text: CellFormat
        let wrapped: CellFormat
        let number: CellFormat
        let percent: CellFormat
        let date: CellFormat
        let timestamp: CellFormat
    }

    /// `rowsPerSheet`: data rows before a table goes on in a next sheet (Excel's limit, less the header).
    init(path: String, words: Words, clock: OfficeClock, heading: PrintedHeading, paper: PaperSize,
         rowsPerSheet: Int = CellReference.maxRows - 1) throws {
        workbook = try WorkbookWriter(path: path)
        self.clock = clock
        self.heading = heading
        self.paper = paper
        self.rowsPerSheet = rowsPerSheet
        let locale = String(words.template.dateFormat.prefix { $0 != "]" }) + "]"
        formats = Formats(
            header: try workbook.cellFormat(CellStyle(bold: true, fontColor: RGB(Look.headerText), fill: RGB(Look.headerFill), wrap: true)),
            text: try workbook.cellFormat(CellStyle(verticalAlignment: .top)),
            wrapped: try workbook.cellFormat(CellStyle(verticalAlignment: .top, wrap: true)),
            number: try workbook.cellFormat(CellStyle(verticalAlignment: .top)),
            percent: try workbook.cellFormat(CellStyle(numberFormat: "0%", verticalAlignment: .top)),
            date: try workbook.cellFormat(CellStyle(numberFormat: "\(locale)d mmm yyyy", alignment: .left, verticalAlignment: .top)),
            timestamp: try workbook.cellFormat(CellStyle(numberFormat: "\(locale)d mmm yyyy hh:mm", alignment: .left, verticalAlignment: .top)))
        try workbook.setProperties(.init(title: "\(heading.title), \(heading.period)", author: "slotsheet", application: SlotSheetVersion.application))
    }

    func table(_ name: String, columns: [ReportColumn], primary: Bool) throws -> any ReportTable {
        let sheet = try workbook.addSheet(named: name)
        if tables.isEmpty { try sheet.activate() }
        digest.add(table: name)
        let table = try XLSXReportTable(
            sheet: sheet, columns: columns, formats: formats, clock: clock, pageSetup: heading.tablePageSetup(paper: paper), rowsPerSheet: rowsPerSheet,
            continuation: { [unowned self] part in try workbook.addSheet(named: "\(name.prefix(24)) (\(part))") },
            counted: { [unowned self] row in
                digest.add(row)
                if primary { rows += 1 }
            })
        tables.append(table)
        return table
    }

    func chartSheet(_ name: String, chart: LineChart) throws {
        let sheet = try workbook.addChartSheet(named: name, chart: chart)
        try sheet.setPageSetup(heading.pageSetup(paper: paper, scaling: .percent(100)))
    }

    var contentDigest: String { digest.hexDigest }

    func finish() throws {
        for table in tables { try table.finish() }
        try workbook.close()
    }

    func discard() {
        workbook.discard()
    }
}

/// One table; past a sheet's 1,048,576 rows it goes on in a second sheet ("Requests (2)") with
/// the same header, and so on, rather than stopping.
private final class XLSXReportTable: ReportTable {
    private var writer: SheetWriter
    private let first: SheetWriter
    private let columns: [ReportColumn]
    private let formats: XLSXReportSink.Formats
    private let clock: OfficeClock
    private let pageSetup: PageSetup
    private let continuation: (Int) throws -> SheetWriter
    private let counted: ([ReportValue]) -> Void
    private let rowsPerSheet: Int
    private var nextRow = 1
    private var part = 1

    init(sheet: SheetWriter, columns: [ReportColumn], formats: XLSXReportSink.Formats, clock: OfficeClock, pageSetup: PageSetup,
         rowsPerSheet: Int, continuation: @escaping (Int) throws -> SheetWriter, counted: @escaping ([ReportValue]) -> Void) throws {
        writer = sheet
        self.rowsPerSheet = rowsPerSheet
        first = sheet
        self.columns = columns
        self.formats = formats
        self.clock = clock
        self.pageSetup = pageSetup
        self.continuation = continuation
        self.counted = counted
        try start(sheet)
    }

    private func start(_ sheet: SheetWriter) throws {
        for (index, column) in columns.enumerated() {
            try sheet.setColumns(index, index, width: column.width)
            try sheet.write(column.title, row: 0, column: index, format: formats.header)
        }
        try sheet.freezePanes(row: 1, column: 0)
        try sheet.setPageSetup(pageSetup)
    }

    var sheet: SheetHandle? { SheetHandle(writer: first, name: first.name, rowsWritten: { [unowned self] in nextRow - 1 }) }

    func add(_ row: [ReportValue]) throws {
        if nextRow > rowsPerSheet {
            try finish()
            part += 1
            writer = try continuation(part)
            try start(writer)
            nextRow = 1
        }
        let lines = row.indices.map { lineCount(row[$0], column: columns[$0]) }.max() ?? 1
        if lines > 1 { try writer.setRow(nextRow, height: Double(lines) * PageSetup.defaultRowHeight) }
        for (index, value) in row.enumerated() {
            switch value {
            case let .text(text):
                try writer.write(text, row: nextRow, column: index, format: columns[index].wraps ? formats.wrapped : formats.text)
            case let .integer(number):
                try writer.write(Double(number), row: nextRow, column: index, format: formats.number)
            case let .percent(share):
                try writer.write(share, row: nextRow, column: index, format: formats.percent)
            case let .date(date):
                let (year, month, day) = date.parts
                try writer.writeDate(year: year, month: month, day: day, row: nextRow, column: index, format: formats.date)
            case let .timestamp(instant):
                guard let local = clock.localTime(ofTimestamp: instant) else {
                    try writer.write(instant, row: nextRow, column: index, format: formats.text)
                    continue
                }
                let (year, month, day) = local.date.parts
                try writer.writeDate(year: year, month: month, day: day, hour: local.hour, minute: local.minute,
                                     second: Double(local.second), row: nextRow, column: index, format: formats.timestamp)
            case .empty:
                break
            }
        }
        counted(row)
        nextRow += 1
    }

    /// The lines a value takes in its column (`WrappedLines`).
    private func lineCount(_ value: ReportValue, column: ReportColumn) -> Int {
        guard column.wraps, case let .text(text) = value else { return 1 }
        return WrappedLines.count(text, width: column.width)
    }

    func finish() throws {
        try writer.autofilter(headerRow: 0, lastRow: max(nextRow - 1, 1), firstColumn: 0, lastColumn: columns.count - 1)
    }
}
