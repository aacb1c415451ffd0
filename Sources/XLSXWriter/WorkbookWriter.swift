import CXlsxWriter
import Foundation

/// A new .xlsx file being written through libxlsxwriter.
///
/// In `constantMemory` mode (the default) each sheet is streamed to a temporary file row by row:
/// memory stays flat however many rows are written, but every sheet must be written top to
/// bottom, and a row cannot be revisited once a later row has been started.
///
///     let workbook = try WorkbookWriter(path: "out.xlsx")
///     let sheet = try workbook.addSheet(named: "Availability")
///     try sheet.write("Date", row: 0, column: 0, style: CellStyle(bold: true))
///     try workbook.close()   // nothing is on disk before this
public final class WorkbookWriter {
    public struct Options: Sendable {
        /// Stream rows to temporary files instead of keeping them in memory.
        public var constantMemory = true
        /// Where libxlsxwriter keeps its temporary files (default: the system's).
        public var temporaryDirectory: String?

        public init(constantMemory: Bool = true, temporaryDirectory: String? = nil) {
            self.constantMemory = constantMemory
            self.temporaryDirectory = temporaryDirectory
        }
    }

    /// Document properties shown by spreadsheet programs (File > Properties). Control characters
    /// in them are written as spaces (`XMLSafeText`), so a title from the database cannot break
    /// the file.
    public struct Properties: Sendable {
        public var title: String?
        public var subject: String?
        public var author: String?
        public var company: String?
        public var comments: String?
        /// The writing application with its version ("slotsheet 0.10.0"), in place of the
        /// "Microsoft Excel" and AppVersion 12.0000 libxlsxwriter always writes into
        /// `docProps/app.xml`. The version goes in this one text, as LibreOffice writes it: Excel
        /// refuses an AppVersion not of the form 12.0000, so that element is left out.
        public var application: String?

        public init(title: String? = nil, subject: String? = nil, author: String? = nil, company: String? = nil, comments: String? = nil,
                    application: String? = nil) {
            self.title = title
            self.subject = subject
            self.author = author
            self.company = company
            self.comments = comments
            self.application = application
        }
    }

    public let path: String
    private var workbook: UnsafeMutablePointer<lxw_workbook>?
    private var formats: [CellStyle: UnsafeMutablePointer<lxw_format>] = [:]
    /// Sheets to make very hidden once the file is written (libxlsxwriter cannot).
    private var veryHiddenSheets: [String] = []
    /// The application `docProps/app.xml` names once the file is written (`Properties.application`).
    private var application: String?
    /// Worksheets added so far (chart sheets apart): libxlsxwriter numbers their parts in this order.
    private var worksheetCount = 0
    /// Sheets whose content is written outside libxlsxwriter, put in place at `close()`.
    private var preparedSheets: [PreparedSheet] = []
    /// Sheets whose rows are written outside libxlsxwriter, put in place at `close()`.
    private var preparedRows: [PreparedRows] = []
    /// Where the prepared parts keep their compressed bytes until `close()` (the system's when nil).
    private let temporaryDirectory: String?

    public init(path: String, options: Options = Options()) throws(XLSXWriteError) {
        self.path = path
        temporaryDirectory = options.temporaryDirectory
        var cOptions = lxw_workbook_options()
        cOptions.constant_memory = options.constantMemory ? 1 : 0
        cOptions.use_zip64 = 1
        let temporary = options.temporaryDirectory.map { strdup($0) }
        defer { temporary.map { free($0) } }
        cOptions.tmpdir = temporary ?? nil
        guard let workbook = workbook_new_opt(path, &cOptions) else { throw .cannotCreate(path: path) }
        self.workbook = workbook
    }

    deinit { discard() }

    func requireOpen() throws(XLSXWriteError) -> UnsafeMutablePointer<lxw_workbook> {
        guard let workbook else { throw .closed }
        return workbook
    }

    /// Adds a sheet at the end. Excel's rules apply: at most 31 characters, none of `[]:*?/\`.
    public func addSheet(named name: String) throws(XLSXWriteError) -> SheetWriter {
        let workbook = try requireOpen()
        try XLSXWriteError.check(workbook_validate_sheet_name(workbook, name), "sheet name '\(name)'")
        guard let sheet = workbook_add_worksheet(workbook, name) else {
            throw .refused(context: "sheet '\(name)'", reason: "could not be added")
        }
        worksheetCount += 1
        return SheetWriter(sheet, name: name, partName: "xl/worksheets/sheet\(worksheetCount).xml", workbook: self)
    }

    /// Adds a sheet of text rows that is written and deflated apart from libxlsxwriter, on the
    /// caller's thread (`PreparedSheet`), such as a large hidden sheet filled beside a large
    /// visible one. `protected` protects it as `SheetWriter.protectWithoutPassword()` does.
    public func addPreparedSheet(named name: String, protected: Bool) throws(XLSXWriteError) -> PreparedSheet {
        let prepared = try PreparedSheet(placeholder: addSheet(named: name), protected: protected, temporaryDirectory: temporaryDirectory)
        preparedSheets.append(prepared)
        return prepared
    }

    /// The rows of `sheet`, written and deflated apart from libxlsxwriter (see `SheetWriter.prepareRows()`).
    func prepareRows(of sheet: SheetWriter) throws(XLSXWriteError) -> PreparedRows {
        _ = try requireOpen()
        guard !preparedRows.contains(where: { $0.partName == sheet.partName }) else {
            throw .refused(context: "sheet '\(sheet.name)'", reason: "its rows are already prepared")
        }
        let rows = try PreparedRows(sheetName: sheet.name, partName: sheet.partName, temporaryDirectory: temporaryDirectory)
        preparedRows.append(rows)
        return rows
    }

    /// The workbook format for `style`, made once and shared by every cell with that style.
    func format(for style: CellStyle?) throws(XLSXWriteError) -> UnsafeMutablePointer<lxw_format>? {
        guard let style else { return nil }
        return try cellFormat(style).pointer
    }

    /// `style` resolved to a workbook format once, for writers that put it in many cells
    /// (a year template has 550k): passing the handle skips hashing the style each time.
    ///
    ///     let mark = try workbook.cellFormat(CellStyle(bold: true, locked: false))
    ///     try sheet.write("x", row: 3, column: 5, format: mark)
    public func cellFormat(_ style: CellStyle) throws(XLSXWriteError) -> CellFormat {
        if let existing = formats[style] { return CellFormat(pointer: existing) }
        guard let format = workbook_add_format(try requireOpen()) else {
            throw .refused(context: "format", reason: "could not be added")
        }
        style.apply(to: format)
        formats[style] = format
        return CellFormat(pointer: format)
    }

    public func setProperties(_ properties: Properties) throws(XLSXWriteError) {
        let workbook = try requireOpen()
        var cProperties = lxw_doc_properties()
        let copies = [properties.title, properties.subject, properties.author, properties.company, properties.comments]
            .map { $0.map { strdup(XMLSafeText.clean($0)) } ?? nil }
        defer { copies.forEach { free($0) } }
        cProperties.title = copies[0]
        cProperties.subject = copies[1]
        cProperties.author = copies[2]
        cProperties.company = copies[3]
        cProperties.comments = copies[4]
        if let name = properties.application { application = XMLSafeText.clean(name) }
        try XLSXWriteError.check(workbook_set_properties(workbook, &cProperties), "document properties")
    }

    /// A custom document property (File > Properties > Custom). Excel keeps values up to 255
    /// characters; control characters are written as spaces.
    public func setCustomProperty(_ name: String, _ value: String) throws(XLSXWriteError) {
        try XLSXWriteError.check(workbook_set_custom_property_string(try requireOpen(), XMLSafeText.clean(name), XMLSafeText.clean(value)),
                                 "custom property '\(name)'")
    }

    /// A workbook-level name for a range, such as `Marks` for `=Staff!$A$2:$A$40`.
    public func defineName(_ name: String, refersTo formula: String) throws(XLSXWriteError) {
        try XLSXWriteError.check(workbook_define_name(try requireOpen(), name, formula), "defined name '\(name)'")
    }

    /// Records that the sheet `name` is to be very hidden (see `SheetWriter.hide(_:)`).
    func markVeryHidden(_ name: String) {
        if !veryHiddenSheets.contains(name) { veryHiddenSheets.append(name) }
    }

    /// Writes the file, then, in one pass over it, puts the prepared sheets and rows in place and
    /// sets the state of very hidden sheets. Afterwards the writer and its sheets can no longer be used.
    public func close() throws(XLSXWriteError) {
        let workbook = try requireOpen()
        var parts: [String: DeflatedPart.Finished] = [:]
        var rows: [String: PreparedRows.Finished] = [:]
        do {
            for sheet in preparedSheets { parts[sheet.partName] = try sheet.finish() }
            for sheet in preparedRows { rows[sheet.partName] = try sheet.finish() }
        } catch {
            discard()
            throw error
        }
        self.workbook = nil
        formats.removeAll()
        preparedSheets.removeAll()
        preparedRows.removeAll()
        try XLSXWriteError.check(workbook_close(workbook), "writing \(path)")
        try WorkbookPostProcessing.finish(path, veryHiddenSheets: veryHiddenSheets, replacingParts: parts, fillingRows: rows,
                                          application: application)
    }

    /// Abandons the workbook without writing it (used when a job fails half-way).
    public func discard() {
        guard let workbook else { return }
        self.workbook = nil
        formats.removeAll()
        preparedSheets.removeAll()
        preparedRows.removeAll()
        lxw_workbook_free(workbook)
    }
}

/// A `CellStyle` resolved in one workbook; valid until that workbook is closed or discarded.
public struct CellFormat {
    let pointer: UnsafeMutablePointer<lxw_format>
}
