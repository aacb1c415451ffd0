/// A sheet of text cells written outside libxlsxwriter, row by row, and deflated as it goes
/// (`DeflatedPart`) on a thread of its own, a few chunks behind the thread that fills it (a
/// year template's hidden sheet was 75M instructions of zlib on the export's busiest thread):
/// while another thread streams a large sheet through libxlsxwriter, this one costs that thread
/// little, and nothing at `close()` but a copy.
/// The workbook lists it like any other sheet (libxlsxwriter writes an empty one in its place,
/// replaced when the file is closed).
///
/// Cells are inline strings, as libxlsxwriter writes them in constant-memory mode; control
/// characters and a literal `_xHHHH_` are written as OOXML escapes, so every text reads back as
/// it was.
///
///     let notes = try workbook.addPreparedSheet(named: "_notes", protected: true)
///     try notes.hide(.veryHidden)
///     try notes.appendRow(["kind", "", "value"])      // A1, C1 (an empty text is no cell)
///     try workbook.close()
///
/// One thread at a time; the workbook's other sheets may be written on another meanwhile.
public final class PreparedSheet {
    public let name: String
    /// The sheet libxlsxwriter lists in the workbook, empty until replaced.
    private let placeholder: SheetWriter
    private let part: DeflatedPart
    private let protected: Bool
    private var row: [UInt8] = []
    /// A row record has a few cells, and a year's hidden sheet 15k of them.
    private var cellStart = CellStartBytes()
    /// Rows appended so far.
    public private(set) var rowCount = 0

    init(placeholder: SheetWriter, protected: Bool, temporaryDirectory: String?) throws(XLSXWriteError) {
        self.placeholder = placeholder
        name = placeholder.name
        self.protected = protected
        part = try DeflatedPart(level: PreparedSheet.compressionLevel, temporaryDirectory: temporaryDirectory, onItsOwnThread: true)
        row.reserveCapacity(4096)
        try part.append(PreparedSheet.header.utf8)
    }

    /// Hides the sheet (see `SheetWriter.hide(_:)`).
    public func hide(_ state: SheetState = .hidden) throws(XLSXWriteError) {
        try placeholder.hide(state)
    }

    /// Appends the next row: one text cell a field, from column A; an empty field is no cell.
    public func appendRow(_ fields: [String]) throws(XLSXWriteError) {
        guard CellReference.isValid(row: rowCount, column: max(fields.count - 1, 0)) else {
            throw .refused(context: "sheet '\(name)', row \(rowCount + 1)", reason: "outside the sheet (1,048,576 rows x 16,384 columns)")
        }
        rowCount += 1
        let number = Array(String(rowCount).utf8)
        row.removeAll(keepingCapacity: true)
        row.append(contentsOf: #"<row r=""#.utf8)
        row.append(contentsOf: number)
        row.append(contentsOf: #"">"#.utf8)
        for (column, field) in fields.enumerated() where !field.isEmpty {
            cellStart.append(column: column, row: number, to: &row)
            InlineText.appendCellEnd(field, to: &row)
        }
        row.append(contentsOf: "</row>".utf8)
        try part.append(row)
    }

    /// Ends the sheet's XML: what goes into the file in the placeholder's place.
    func finish() throws(XLSXWriteError) -> DeflatedPart.Finished {
        try part.append(PreparedSheet.footer(protected: protected).utf8)
        return try part.finish()
    }

    /// The sheet's part name: libxlsxwriter numbers worksheets in the order they were added.
    var partName: String { placeholder.partName }

    /// zlib's fastest level. Measured on a year template's hidden sheet (1.47 MB of XML): a fifth
    /// of the time of level 6, for 243 kB instead of 170 kB in the file.
    static let compressionLevel: Int32 = 1

    // MARK: XML

    /// What libxlsxwriter writes before the rows of a plain sheet (no `dimension`: it is optional,
    /// and unknown until the last row).
    static let header = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" \
        xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
        <sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/><sheetData>
        """

    /// After the rows: protection as `SheetWriter.protectWithoutPassword()` sets it, and margins.
    static func footer(protected: Bool) -> String {
        "</sheetData>"
            + (protected ? #"<sheetProtection sheet="1" objects="1" scenarios="1" formatColumns="0" formatRows="0"/>"# : "")
            + #"<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>"#
    }
}
