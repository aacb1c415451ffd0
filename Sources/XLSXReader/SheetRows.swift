/// The rows of one worksheet, read from the file as they are asked for: memory holds a chunk of XML and
/// the rows it completes, whatever the length of the sheet.
///
///     var rows = try book.rows(of: book.sheets[0])
///     while let row = try rows.next() {
///         for cell in row.cells { print(cell.a1, cell.value) }
///     }
///     print(rows.mergedRanges)   // complete once next() has returned nil
public struct SheetRows {
    public let sheet: SheetInfo
    private let source: RowSource?

    init(sheet: SheetInfo, source: RowSource?) {
        self.sheet = sheet
        self.source = source
    }

    /// The next row with cells, or nil after the last. Rows come in ascending order, each once; rows
    /// the file leaves out (or writes without a value) do not come, or come with no cells. The zip checks
    /// a part's checksum only at its end, so a damaged part can throw after rows were handed out: when
    /// this throws, drop the rows read before (the importer and `inspect` read everything before they act).
    public mutating func next() throws(XLSXError) -> XLSXRow? {
        try source?.next()
    }

    /// Column ranges (1-based, inclusive) hidden in the sheet. Known from the start: both formats
    /// declare columns before their rows.
    public var hiddenColumns: [ClosedRange<Int>] { source?.hiddenColumns ?? [] }

    public func isColumnHidden(_ column: Int) -> Bool { hiddenColumns.contains { $0.contains(column) } }

    /// The merged ranges of the sheet. An .xlsx lists them after the rows, so this is complete once
    /// `next()` has returned nil.
    public var mergedRanges: [CellRange] { source?.mergedRanges ?? [] }

    /// Rows parsed and held in memory at this moment (for tests of the streaming).
    var bufferedRowCount: Int { source?.bufferedRowCount ?? 0 }

    /// Rows `SheetDataScanner` read rather than libxml2 (for tests of when it is used).
    var scannedRowCount: Int {
        (source as? WorksheetStream)?.parser.scannedElements ?? (source as? ODSSheetCursor)?.scannedElements ?? 0
    }

    /// Cells `SheetDataScanner` read in one go (`ScannedCell`), for the same tests.
    var scannedCellCount: Int { (source as? WorksheetStream)?.parser.scannedCells ?? 0 }
}

/// Where one sheet's rows come from, in either format.
protocol RowSource: AnyObject {
    func next() throws(XLSXError) -> XLSXRow?
    var hiddenColumns: [ClosedRange<Int>] { get }
    var mergedRanges: [CellRange] { get }
    var bufferedRowCount: Int { get }
}

/// Drives the parser of one worksheet part: parses a chunk whenever the rows of the last are used up.
final class WorksheetStream: RowSource {
    let handler: WorksheetHandler
    let parser: XMLStreamParser
    private var nextIndex = 0
    private var failure: XLSXError?

    /// `scansSheetData`: rows read by `SheetDataScanner` where it can (false only to compare the two ways).
    init(reader: ZipPartReader, handler: WorksheetHandler, limits: XLSXLimits, scansSheetData: Bool = true) throws(XLSXError) {
        self.handler = handler
        self.parser = try XMLStreamParser(reader: reader, handler: handler, limits: limits,
                                          scanning: scansSheetData ? .sheetData : nil)
        // Read up to the rows, so the column settings before them are known from the start.
        while !handler.state.pointee.reachedSheetData && handler.state.pointee.completedRows.isEmpty {
            guard try parser.step() else { break }
        }
    }

    func next() throws(XLSXError) -> XLSXRow? {
        if let failure { throw failure }
        while nextIndex == handler.state.pointee.completedRows.count {
            handler.state.pointee.completedRows.removeAll(keepingCapacity: true)
            nextIndex = 0
            do {
                guard try parser.step() else {
                    if handler.state.pointee.completedRows.isEmpty { return nil }
                    break
                }
            } catch {
                failure = error
                throw error
            }
        }
        defer { nextIndex += 1 }
        return handler.state.pointee.completedRows[nextIndex]
    }

    var hiddenColumns: [ClosedRange<Int>] { handler.state.pointee.hiddenColumns }
    var mergedRanges: [CellRange] { handler.state.pointee.mergedRanges }
    var bufferedRowCount: Int { handler.state.pointee.completedRows.count }
}
