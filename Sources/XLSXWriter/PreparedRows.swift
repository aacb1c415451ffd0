import CXlsxWriter
import Foundation

/// The rows of a libxlsxwriter sheet (its `sheetData`) written by our own code and deflated as
/// they go, a few chunks behind, on a thread of their own (`DeflateThread`). libxlsxwriter still writes the rest of the sheet
/// (column widths, panes, protection, validation, conditional formats, page setup, notes) and
/// the workbook's styles, and each cell carries the xf index libxlsxwriter gives its format; at
/// `WorkbookWriter.close()` the rows go in between libxlsxwriter's XML before and after the
/// sheet's empty `sheetData`. The cells are the ones libxlsxwriter's constant-memory mode writes
/// (inline strings, numbers, formulas with their cached value, styled blanks), for a fraction of
/// its cost: libxlsxwriter prints every cell into a temporary file and deflates the whole sheet
/// at close, after the last row, on one thread.
///
///     let rows = try sheet.prepareRows()
///     try rows.startRow(0, height: 30)
///     try rows.write("Date", column: 0, format: bold)
///     try rows.startRow(1)
///     try rows.writeDate(year: 2026, month: 1, day: 1, column: 0, format: date)
///     try workbook.close()
///
/// Rows come in order, and a row's cells from left to right (a file with a cell twice or out
/// of order is one Excel repairs); one thread at a time.
public final class PreparedRows {
    public let sheetName: String
    /// The sheet's part (`xl/worksheets/sheet1.xml`).
    let partName: String
    private let part: DeflatedPart
    /// The row being written.
    private var bytes: [UInt8] = []
    private var row = -1
    private var rowDigits: [UInt8] = []
    private var rowHeight: Double?
    private var rowOpen = false
    private var lastColumn = -1
    private var cellStart = CellStartBytes()
    /// The range the cells cover, for the sheet's `dimension`.
    private var firstRow = Int.max, lastRow = -1, firstColumn = Int.max, finalColumn = -1

    /// zlib's level. Measured on a year template's grid (20.8 MB of XML, zlib 1.2.13): level 2
    /// gives 1.98 MB in half the time of level 5 (1.60 MB) and a third of libxlsxwriter's 6
    /// (1.59 MB); 1 gives 2.20 MB in as long as 2, 3 1.96 MB and 4 1.83 MB in 0.7 of 5's time.
    /// The deflate thread was the export's longest (1.4 of 3.1 billion instructions at 5); the
    /// file is 0.4 MB larger, and reading it back costs no more (inflate's work follows the XML).
    static let compressionLevel: Int32 = 2

    /// The rows as they go into the file, and the range their cells cover (A1 form), if any.
    struct Finished {
        let rows: DeflatedPart.Finished
        let dimension: String?
    }

    init(sheetName: String, partName: String, temporaryDirectory: String?) throws(XLSXWriteError) {
        self.sheetName = sheetName
        self.partName = partName
        part = try DeflatedPart(level: PreparedRows.compressionLevel, temporaryDirectory: temporaryDirectory, onItsOwnThread: true)
        bytes.reserveCapacity(16 * 1024)
    }

    // MARK: Rows and cells

    /// Starts row `row` (0-based), after the rows written so far; `height` in points (Excel's
    /// default is 15).
    public func startRow(_ row: Int, height: Double? = nil) throws(XLSXWriteError) {
        guard row > self.row else {
            throw .refused(context: "sheet '\(sheetName)', row \(row + 1)", reason: "rows are written in order, each once")
        }
        guard CellReference.isValid(row: row, column: 0) else {
            throw .refused(context: "sheet '\(sheetName)', row \(row + 1)", reason: "outside the sheet (1,048,576 rows x 16,384 columns)")
        }
        if let height, !height.isFinite || height < 0 || height > 409 {
            throw .refused(context: "sheet '\(sheetName)', row \(row + 1)", reason: "a row is 0 to 409 points high")
        }
        try endRow()
        self.row = row
        rowDigits = Array(String(row + 1).utf8)
        rowHeight = height == 15 ? nil : height
        lastColumn = -1
    }

    /// A text cell; an empty text is a blank carrying the format, as in libxlsxwriter.
    public func write(_ text: String, column: Int, format: CellFormat) throws(XLSXWriteError) {
        guard !text.isEmpty else { return try writeBlank(column: column, format: format) }
        if text.utf8.count > PreparedRows.maxTextLength, text.unicodeScalars.count > PreparedRows.maxTextLength {
            throw .refused(context: place(column), reason: String(cString: lxw_strerror(LXW_ERROR_MAX_STRING_LENGTH_EXCEEDED)))
        }
        try startCell(column, format)
        InlineText.appendCellEnd(text, to: &bytes)
    }

    public func write(_ number: Double, column: Int, format: CellFormat) throws(XLSXWriteError) {
        try writeNumber(number, column, format)
    }

    /// A date cell (the 1900 date system, as libxlsxwriter's); `format` should carry a date format.
    public func writeDate(year: Int, month: Int, day: Int, column: Int, format: CellFormat) throws(XLSXWriteError) {
        var value = lxw_datetime(year: Int32(year), month: Int32(month), day: Int32(day), hour: 0, min: 0, sec: 0)
        try writeNumber(lxw_datetime_to_excel_datetime(&value), column, format)
    }

    /// A formula (with or without its leading `=`) with the value it has now, so readers that do
    /// not calculate see the right number.
    public func writeFormula(_ formula: String, cachedValue: Double, column: Int, format: CellFormat) throws(XLSXWriteError) {
        let text = formula.hasPrefix("=") ? formula.dropFirst() : Substring(formula)
        guard !text.isEmpty, !text.utf8.contains(where: { $0 < 0x20 }) else {
            throw .refused(context: place(column), reason: "a formula is one line of text")
        }
        try checkNumber(cachedValue, column)
        try startCell(column, format)
        bytes.append(contentsOf: "><f>".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(contentsOf: "</f><v>".utf8)
        appendNumber(cachedValue)
        bytes.append(contentsOf: "</v></c>".utf8)
    }

    /// An empty cell that carries its format (a shaded, unlocked cell to fill in).
    public func writeBlank(column: Int, format: CellFormat) throws(XLSXWriteError) {
        try startCell(column, format)
        bytes.append(contentsOf: "/>".utf8)
    }

    /// A run of cells from `firstColumn` on, one per flag: `mark` where the flag is set, a blank
    /// where it is not, all in `format`; the attributes after the reference are made once for
    /// the run (a year template writes 550k of these cells).
    ///
    ///     try rows.writeMarks([true, false, true], mark: "x", firstColumn: 5, format: mark)
    public func writeMarks(_ flags: [Bool], mark: String, firstColumn: Int, format: CellFormat) throws(XLSXWriteError) {
        guard let last = flags.indices.last else { return }
        try checkCell(firstColumn + last)
        try checkCell(firstColumn)
        var blank: [UInt8] = []
        PreparedRows.appendStyle(format, to: &blank)
        var marked = blank
        blank.append(contentsOf: "/>".utf8)
        if mark.isEmpty { marked = blank } else { InlineText.appendCellEnd(mark, to: &marked) }
        openRowIfNeeded()
        cellStart.appendRun(flags, firstColumn: firstColumn, row: rowDigits, set: marked, unset: blank, to: &bytes)
        noteCells(firstColumn, firstColumn + last)
    }

    /// Ends the last row and the rows' deflate stream (another follows it in the file).
    func finish() throws(XLSXWriteError) -> Finished {
        try endRow()
        let dimension = lastRow < 0 ? nil
            : CellReference.a1(row: firstRow, column: firstColumn) + ":" + CellReference.a1(row: lastRow, column: finalColumn)
        return Finished(rows: try part.finish(.open), dimension: dimension)
    }

    // MARK: XML

    /// Excel's longest text in a cell, in characters.
    static let maxTextLength = 32_767

    private func place(_ column: Int) -> String {
        "sheet '\(sheetName)', cell \(CellReference.a1(row: max(row, 0), column: column))"
    }

    /// Checks that `column` may come next in the row.
    private func checkCell(_ column: Int) throws(XLSXWriteError) {
        guard row >= 0 else { throw .refused(context: place(column), reason: "no row was started") }
        guard column > lastColumn else {
            throw .refused(context: place(column), reason: "a row's cells are written left to right, each once")
        }
        guard CellReference.isValid(row: row, column: column) else {
            throw .refused(context: place(column), reason: "outside the sheet (1,048,576 rows x 16,384 columns)")
        }
    }

    /// Checks the cell and writes `<c r="B2" s="9"`: the caller ends the start tag its own way.
    private func startCell(_ column: Int, _ format: CellFormat) throws(XLSXWriteError) {
        try checkCell(column)
        openRowIfNeeded()
        cellStart.append(column: column, row: rowDigits, to: &bytes)
        PreparedRows.appendStyle(format, to: &bytes)
        noteCells(column, column)
    }

    /// ` s="9"`: nothing for the default format (index 0), as libxlsxwriter. libxlsxwriter
    /// numbers a format the first time a cell uses it.
    private static func appendStyle(_ format: CellFormat, to bytes: inout [UInt8]) {
        let index = lxw_format_get_xf_index(format.pointer)
        if index != 0 {
            bytes.append(contentsOf: #" s=""#.utf8)
            bytes.append(contentsOf: String(index).utf8)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private func writeNumber(_ number: Double, _ column: Int, _ format: CellFormat) throws(XLSXWriteError) {
        try checkNumber(number, column)
        try startCell(column, format)
        bytes.append(contentsOf: "><v>".utf8)
        appendNumber(number)
        bytes.append(contentsOf: "</v></c>".utf8)
    }

    private func checkNumber(_ number: Double, _ column: Int) throws(XLSXWriteError) {
        guard number.isFinite else { throw .refused(context: place(column), reason: "\(number) is not a number a cell holds") }
    }

    /// `number` (finite) as libxlsxwriter prints it (`%.16G`); whole numbers without the formatter.
    private func appendNumber(_ number: Double) {
        if number.rounded() == number, abs(number) < 1e15, !(number == 0 && number.sign == .minus) {
            bytes.append(contentsOf: String(Int(number)).utf8)
        } else {
            bytes.append(contentsOf: String(format: "%.16G", number).utf8)
        }
    }

    private func openRowIfNeeded() {
        guard !rowOpen else { return }
        rowOpen = true
        bytes.append(contentsOf: #"<row r=""#.utf8)
        bytes.append(contentsOf: rowDigits)
        bytes.append(UInt8(ascii: "\""))
        if let rowHeight {
            bytes.append(contentsOf: #" ht=""#.utf8)
            bytes.append(contentsOf: (rowHeight.rounded() == rowHeight ? String(Int(rowHeight)) : String(format: "%.16G", rowHeight)).utf8)
            bytes.append(contentsOf: #"" customHeight="1""#.utf8)
        }
        bytes.append(UInt8(ascii: ">"))
    }

    private func noteCells(_ first: Int, _ last: Int) {
        lastColumn = last
        firstRow = min(firstRow, row)
        lastRow = row
        firstColumn = min(firstColumn, first)
        finalColumn = max(finalColumn, last)
    }

    /// Ends the row being written (a row with a height and no cells is written empty).
    private func endRow() throws(XLSXWriteError) {
        if rowOpen {
            bytes.append(contentsOf: "</row>".utf8)
        } else if row >= 0, rowHeight != nil {
            openRowIfNeeded()
            bytes[bytes.count - 1] = UInt8(ascii: "/")
            bytes.append(UInt8(ascii: ">"))
        }
        rowOpen = false
        rowHeight = nil
        guard !bytes.isEmpty else { return }
        try part.append(bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}

extension PreparedRows.Finished {
    /// The whole sheet: `sheetXML` as libxlsxwriter wrote it (with no rows: `<sheetData/>`, or
    /// `<sheetData></sheetData>` when a note set its dimension), its `dimension` set to the
    /// rows' range, deflated around the rows.
    func sheet(around sheetXML: String) throws(XLSXWriteError) -> DeflatedPart.Finished {
        let (head, tail) = try PreparedRows.surroundings(of: sheetXML, dimension: dimension)
        let level = PreparedRows.compressionLevel
        return DeflatedPart.Finished.joined(
            DeflatedPart.Finished.joined(try DeflatedPart.deflated(head, level: level, ending: .open), rows),
            try DeflatedPart.deflated(tail, level: level, ending: .final))
    }
}

extension PreparedRows {
    /// The XML before the rows (up to and including `<sheetData>`, the dimension set to
    /// `dimension`) and after them (from `</sheetData>`). Refuses a sheet whose `sheetData`
    /// libxlsxwriter filled: a cell written through `SheetWriter` as well would be lost.
    static func surroundings(of sheetXML: String, dimension: String?) throws(XLSXWriteError) -> (head: [UInt8], tail: [UInt8]) {
        var xml = sheetXML
        if let dimension, let element = xml.firstRange(of: /<dimension ref="[^"]*"\/>/) {
            xml.replaceSubrange(element, with: #"<dimension ref="\#(dimension)"/>"#)
        }
        let open: Range<String.Index>
        let close: Range<String.Index>
        if let empty = xml.firstRange(of: "<sheetData/>") {
            open = empty
            close = empty.upperBound..<empty.upperBound
        } else if let start = xml.firstRange(of: "<sheetData>"), let end = xml.firstRange(of: "</sheetData>"),
                  start.upperBound == end.lowerBound {
            open = start
            close = end
        } else {
            throw .refused(context: "a sheet with prepared rows", reason: "it has cells written through libxlsxwriter too")
        }
        let head = Array(xml[..<open.lowerBound].utf8) + Array("<sheetData>".utf8)
        let tail = Array("</sheetData>".utf8) + Array(xml[close.upperBound...].utf8)
        return (head, tail)
    }
}
