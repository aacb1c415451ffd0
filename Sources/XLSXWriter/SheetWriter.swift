import CXlsxWriter
import Foundation

/// One sheet of a `WorkbookWriter`. Rows and columns are 0-based, as in libxlsxwriter; use
/// `CellReference` for the A1 form people read.
///
/// Text is always written as text, never as a formula, so a value such as `=HYPERLINK(...)`
/// from the database cannot run in the reader's spreadsheet program.
///
///     try sheet.write("Anna", row: 1, column: 0)
///     try sheet.write(3, row: 1, column: 1)
///     try sheet.writeFormula("=COUNTIF(F2:Z2,\"x\")", cachedValue: 3, row: 1, column: 4)
public final class SheetWriter {
    public let name: String
    /// Where libxlsxwriter puts the sheet in the package (`xl/worksheets/sheet2.xml`).
    let partName: String
    private let sheet: UnsafeMutablePointer<lxw_worksheet>
    /// Strong: the workbook never holds its sheets, so there is no cycle, and writes skip the
    /// cost of checking an unowned reference.
    private let workbook: WorkbookWriter

    init(_ sheet: UnsafeMutablePointer<lxw_worksheet>, name: String, partName: String, workbook: WorkbookWriter) {
        self.sheet = sheet
        self.name = name
        self.partName = partName
        self.workbook = workbook
    }

    /// The sheet pointer, checked against a closed workbook.
    private func open() throws(XLSXWriteError) -> UnsafeMutablePointer<lxw_worksheet> {
        _ = try workbook.requireOpen()
        return sheet
    }

    private func place(_ row: Int, _ column: Int) -> String {
        "sheet '\(name)', cell \(CellReference.a1(row: row, column: column))"
    }

    private func check(_ row: Int, _ column: Int) throws(XLSXWriteError) {
        guard CellReference.isValid(row: row, column: column) else {
            throw .refused(context: place(row, column), reason: "outside the sheet (1,048,576 rows x 16,384 columns)")
        }
    }

    // MARK: Cells

    public func write(_ text: String, row: Int, column: Int, style: CellStyle? = nil) throws(XLSXWriteError) {
        try writeString(text, row, column, try workbook.format(for: style))
    }

    /// The same with a format resolved once (`WorkbookWriter.cellFormat`), for hot loops.
    public func write(_ text: String, row: Int, column: Int, format: CellFormat) throws(XLSXWriteError) {
        try writeString(text, row, column, format.pointer)
    }

    private func writeString(_ text: String, _ row: Int, _ column: Int, _ format: UnsafeMutablePointer<lxw_format>?) throws(XLSXWriteError) {
        try check(row, column)
        let code = worksheet_write_string(try open(), lxw_row_t(row), lxw_col_t(column), text, format)
        try XLSXWriteError.check(code, place(row, column))
    }

    public func write(_ number: Double, row: Int, column: Int, style: CellStyle? = nil) throws(XLSXWriteError) {
        try writeNumber(number, row, column, try workbook.format(for: style))
    }

    public func write(_ number: Double, row: Int, column: Int, format: CellFormat) throws(XLSXWriteError) {
        try writeNumber(number, row, column, format.pointer)
    }

    private func writeNumber(_ number: Double, _ row: Int, _ column: Int, _ format: UnsafeMutablePointer<lxw_format>?) throws(XLSXWriteError) {
        try check(row, column)
        let code = worksheet_write_number(try open(), lxw_row_t(row), lxw_col_t(column), number, format)
        try XLSXWriteError.check(code, place(row, column))
    }

    public func write(_ number: Int, row: Int, column: Int, style: CellStyle? = nil) throws(XLSXWriteError) {
        try write(Double(number), row: row, column: column, style: style)
    }

    /// A date (and time) cell; give `style` a date number format or it shows as a number.
    public func writeDate(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Double = 0,
                          row: Int, column: Int, style: CellStyle?) throws(XLSXWriteError) {
        try writeDate(year, month, day, hour, minute, second, row, column, try workbook.format(for: style))
    }

    public func writeDate(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Double = 0,
                          row: Int, column: Int, format: CellFormat) throws(XLSXWriteError) {
        try writeDate(year, month, day, hour, minute, second, row, column, format.pointer)
    }

    private func writeDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double,
                           _ row: Int, _ column: Int, _ format: UnsafeMutablePointer<lxw_format>?) throws(XLSXWriteError) {
        try check(row, column)
        var value = lxw_datetime(year: Int32(year), month: Int32(month), day: Int32(day), hour: Int32(hour), min: Int32(minute), sec: second)
        let code = worksheet_write_datetime(try open(), lxw_row_t(row), lxw_col_t(column), &value, format)
        try XLSXWriteError.check(code, place(row, column))
    }

    /// A formula with the value it has now, so readers that do not calculate see the right number.
    public func writeFormula(_ formula: String, cachedValue: Double, row: Int, column: Int, style: CellStyle? = nil) throws(XLSXWriteError) {
        try writeFormula(formula, cachedValue, row, column, try workbook.format(for: style))
    }

    public func writeFormula(_ formula: String, cachedValue: Double, row: Int, column: Int, format: CellFormat) throws(XLSXWriteError) {
        try writeFormula(formula, cachedValue, row, column, format.pointer)
    }

    private func writeFormula(_ formula: String, _ cachedValue: Double, _ row: Int, _ column: Int,
                              _ format: UnsafeMutablePointer<lxw_format>?) throws(XLSXWriteError) {
        try check(row, column)
        let code = worksheet_write_formula_num(try open(), lxw_row_t(row), lxw_col_t(column), formula, format, cachedValue)
        try XLSXWriteError.check(code, place(row, column))
    }

    public func writeBoolean(_ value: Bool, row: Int, column: Int, style: CellStyle? = nil) throws(XLSXWriteError) {
        try check(row, column)
        let code = worksheet_write_boolean(try open(), lxw_row_t(row), lxw_col_t(column), value ? 1 : 0, try workbook.format(for: style))
        try XLSXWriteError.check(code, place(row, column))
    }

    /// An empty cell that still carries its style (a shaded, unlocked cell to fill in).
    public func writeBlank(row: Int, column: Int, style: CellStyle) throws(XLSXWriteError) {
        try writeBlank(row: row, column: column, format: workbook.cellFormat(style))
    }

    public func writeBlank(row: Int, column: Int, format: CellFormat) throws(XLSXWriteError) {
        try check(row, column)
        let code = worksheet_write_blank(try open(), lxw_row_t(row), lxw_col_t(column), format.pointer)
        try XLSXWriteError.check(code, place(row, column))
    }

    /// A run of cells from `firstColumn` on, one per flag: `mark` where the flag is set, a blank
    /// carrying `format` where it is not, all in `format`. The same cells as `write`/`writeBlank`
    /// one at a time, with the bounds, the sheet and `mark` checked and converted once for the
    /// run: a year template writes 550k of these.
    ///
    ///     try sheet.writeMarks([true, false, true], mark: "x", row: 3, firstColumn: 5, format: mark)
    public func writeMarks(_ flags: [Bool], mark: String, row: Int, firstColumn: Int, format: CellFormat) throws(XLSXWriteError) {
        guard !flags.isEmpty else { return }
        try check(row, firstColumn)
        try check(row, firstColumn + flags.count - 1)
        let sheet = try open()
        let failure: (column: Int, code: lxw_error)? = mark.withCString { text in
            for (offset, flag) in flags.enumerated() {
                let column = lxw_col_t(firstColumn + offset)
                let code = flag ? worksheet_write_string(sheet, lxw_row_t(row), column, text, format.pointer)
                                : worksheet_write_blank(sheet, lxw_row_t(row), column, format.pointer)
                if code != LXW_NO_ERROR { return (firstColumn + offset, code) }
            }
            return nil
        }
        if let failure { try XLSXWriteError.check(failure.code, place(row, failure.column)) }
    }

    /// A link to a place in this workbook, such as `internal:'Availability'!F12`.
    public func writeLink(_ text: String, to target: String, row: Int, column: Int, style: CellStyle? = nil) throws(XLSXWriteError) {
        try check(row, column)
        let code = worksheet_write_url_opt(try open(), lxw_row_t(row), lxw_col_t(column), target, try workbook.format(for: style), text, nil)
        try XLSXWriteError.check(code, place(row, column))
    }

    /// A note on a cell (Excel's "comment"), shown when the mouse is over it. libxlsxwriter writes
    /// a note as plain XML, so control characters in it (a cell's text echoed in a message) are
    /// written as spaces (`XMLSafeText`) rather than leaving a file no program opens.
    public func writeNote(_ text: String, row: Int, column: Int, author: String? = nil) throws(XLSXWriteError) {
        try check(row, column)
        let text = XMLSafeText.clean(text)
        var options = lxw_comment_options()
        let authorCopy = author.map { strdup(XMLSafeText.clean($0)) } ?? nil
        defer { free(authorCopy) }
        options.author = authorCopy
        options.x_scale = 2
        options.y_scale = 1.5
        let code = worksheet_write_comment_opt(try open(), lxw_row_t(row), lxw_col_t(column), text, &options)
        try XLSXWriteError.check(code, place(row, column))
    }

    /// Hands this sheet's rows to our own writer (`PreparedRows`): every cell then goes through
    /// it, and libxlsxwriter writes the rest of the sheet. Once a sheet; before any cell.
    ///
    ///     let rows = try grid.prepareRows()
    ///     try rows.startRow(1)
    ///     try rows.writeMarks(flags, mark: "x", firstColumn: 5, format: mark)
    public func prepareRows() throws(XLSXWriteError) -> PreparedRows {
        try workbook.prepareRows(of: self)
    }

    // MARK: Layout

    /// Width (in characters) and style of columns `first...last`.
    public func setColumns(_ first: Int, _ last: Int, width: Double, style: CellStyle? = nil, hidden: Bool = false) throws(XLSXWriteError) {
        var options = lxw_row_col_options()
        options.hidden = hidden ? 1 : 0
        let code = worksheet_set_column_opt(try open(), lxw_col_t(first), lxw_col_t(last), width, try workbook.format(for: style), &options)
        try XLSXWriteError.check(code, "sheet '\(name)', columns \(CellReference.columnLetters(first))-\(CellReference.columnLetters(last))")
    }

    /// Height (in points) of a row; in constant-memory mode call it before writing the row's cells.
    public func setRow(_ row: Int, height: Double, hidden: Bool = false) throws(XLSXWriteError) {
        var options = lxw_row_col_options()
        options.hidden = hidden ? 1 : 0
        let code = worksheet_set_row_opt(try open(), lxw_row_t(row), height, nil, &options)
        try XLSXWriteError.check(code, "sheet '\(name)', row \(row + 1)")
    }

    /// Keeps the rows above `row` and the columns left of `column` in view while scrolling.
    public func freezePanes(row: Int, column: Int) throws(XLSXWriteError) {
        worksheet_freeze_panes(try open(), lxw_row_t(row), lxw_col_t(column))
    }

    public func setTabColor(_ color: RGB) throws(XLSXWriteError) {
        worksheet_set_tab_color(try open(), color.value)
    }

    /// Hides the sheet. `.hidden`: its tab can be shown again from the spreadsheet program's menu;
    /// `.veryHidden`: the menu does not offer it (set when the workbook is closed, see
    /// `WorkbookPostProcessing`). `.visible` leaves the sheet as it is.
    ///
    ///     try metadata.hide(.veryHidden)
    public func hide(_ state: SheetState = .hidden) throws(XLSXWriteError) {
        guard state != .visible else { return }
        worksheet_hide(try open())
        if state == .veryHidden { workbook.markVeryHidden(name) }
    }

    /// Makes this the sheet shown when the workbook opens.
    public func activate() throws(XLSXWriteError) {
        worksheet_activate(try open())
    }

    /// An autofilter drop-down on the header row over `firstColumn...lastColumn`.
    public func autofilter(headerRow: Int, lastRow: Int, firstColumn: Int, lastColumn: Int) throws(XLSXWriteError) {
        let code = worksheet_autofilter(try open(), lxw_row_t(headerRow), lxw_col_t(firstColumn), lxw_row_t(lastRow), lxw_col_t(lastColumn))
        try XLSXWriteError.check(code, "sheet '\(name)', autofilter")
    }

    public func merge(_ text: String, rows: ClosedRange<Int>, columns: ClosedRange<Int>, style: CellStyle? = nil) throws(XLSXWriteError) {
        let code = worksheet_merge_range(try open(), lxw_row_t(rows.lowerBound), lxw_col_t(columns.lowerBound),
                                         lxw_row_t(rows.upperBound), lxw_col_t(columns.upperBound), text, try workbook.format(for: style))
        try XLSXWriteError.check(code, "sheet '\(name)', merged range")
    }

    /// Protects the sheet without a password: locked cells cannot be changed, unlocked ones can.
    /// Users may still select cells, and resize columns and rows to read them.
    public func protectWithoutPassword() throws(XLSXWriteError) {
        var options = lxw_protection()
        options.format_columns = 1
        options.format_rows = 1
        worksheet_protect(try open(), nil, &options)
    }

    // Raw access for the sibling files that add validation, conditional formats and charts.
    var pointer: UnsafeMutablePointer<lxw_worksheet> { get throws(XLSXWriteError) { try open() } }
    var owner: WorkbookWriter { workbook }
}
