/// The OpenDocument side of `Workbook`. An .ods keeps every sheet in one part, `content.xml`, one
/// `table:table` after another. Opening reads it once for the structure (`ODSContentIndex`); each
/// `rows(of:)` then streams the sheet's rows from a reading of the part. Sheets asked for in tab order
/// (as `inspect` and a full read do) share one reading, so a workbook of many sheets is read once,
/// not once a sheet.
final class ODSPackage: WorkbookSource {
    static let contentPart = "content.xml"

    private let archive: ZipArchive
    private let nullDay: Int
    private let sheetNames: [String]
    /// The reading the next sheet in tab order continues.
    private var sharedReading: ODSContentReading?
    /// Whether the sheets' rows go through `SheetDataScanner` where it can; off only to compare it with
    /// libxml2 alone.
    var scansSheets = true

    private init(archive: ZipArchive, nullDay: Int, sheetNames: [String]) {
        self.archive = archive
        self.nullDay = nullDay
        self.sheetNames = sheetNames
    }

    /// Reads the structure of an archive known to hold an OpenDocument spreadsheet.
    static func open(_ archive: ZipArchive) throws(XLSXError) -> WorkbookContents {
        if archive.contains(ODFManifest.part), try ODFManifest(in: archive).isEncrypted { throw .encrypted }
        guard archive.contains(contentPart) else { throw .missingPart(name: "content part (content.xml)") }
        let index = try ODSContentIndex(part: contentPart, in: archive)
        let sheets = index.sheets(part: contentPart)
        let package = ODSPackage(archive: archive, nullDay: index.nullDay, sheetNames: sheets.map(\.name))
        return WorkbookContents(
            source: package, sheets: sheets,
            dateSystem: index.nullDay == DateSystem.from1904.epochDay ? .from1904 : .from1900,
            definedNames: index.definedNames, properties: try DocumentProperties(odfMetaIn: archive))
    }

    func rows(of sheet: SheetInfo) throws(XLSXError) -> SheetRows {
        let reading: ODSContentReading
        if let shared = sharedReading, shared.canMove(to: sheet.position) {
            reading = shared
        } else {
            reading = try newReading()
            sharedReading = reading
        }
        return SheetRows(sheet: sheet, source: try ODSSheetCursor(package: self, position: sheet.position, reading: reading))
    }

    /// A reading of `content.xml` from its start, for a cursor whose shared reading moved on.
    func newReading() throws(XLSXError) -> ODSContentReading {
        try ODSContentReading(reader: archive.open(ODSPackage.contentPart, role: .streamed), limits: archive.limits,
                              nullDay: nullDay, sheetNames: sheetNames, scansSheets: scansSheets)
    }
}

/// The rows of one sheet for `SheetRows`. Usually it reads from the package's shared reading; when a
/// later sheet's rows are asked for before this one is done, the reading moves on to that sheet and this
/// cursor continues from a reading of its own, skipping the rows it already handed out.
final class ODSSheetCursor: RowSource {
    private let package: ODSPackage
    private let position: Int
    private var reading: ODSContentReading
    private var ticket: Int
    private var lastRow = 0
    private var finished = false
    /// What the sheet's columns and merges were when the shared reading moved on.
    private var leftBehind: (hiddenColumns: [ClosedRange<Int>], mergedRanges: [CellRange])?

    init(package: ODSPackage, position: Int, reading: ODSContentReading) throws(XLSXError) {
        self.package = package
        self.position = position
        self.reading = reading
        ticket = try reading.claim(for: position)
        reading.owner = self
    }

    func next() throws(XLSXError) -> XLSXRow? {
        if finished { return nil }
        if reading.ticket != ticket {
            let own = try package.newReading()
            ticket = try own.claim(for: position, skippingRowsThrough: lastRow)
            own.owner = self
            reading = own
            leftBehind = nil
        }
        guard let row = try reading.nextRow() else {
            finished = true
            return nil
        }
        lastRow = row.index
        return row
    }

    /// Called by the shared reading as it moves on to another sheet.
    func leave(hiddenColumns: [ClosedRange<Int>], mergedRanges: [CellRange]) {
        leftBehind = (hiddenColumns, mergedRanges)
    }

    var hiddenColumns: [ClosedRange<Int>] { leftBehind?.hiddenColumns ?? reading.table?.hiddenColumns ?? [] }
    var mergedRanges: [CellRange] { leftBehind?.mergedRanges ?? reading.table?.mergedRanges ?? [] }
    var bufferedRowCount: Int { leftBehind == nil ? reading.table?.bufferedRowCount ?? 0 : 0 }
    /// Children of sheets the scanner read in the reading this cursor uses (of every sheet it passed).
    var scannedElements: Int { reading.scannedElements }
}

/// One reading of `content.xml`, moving forward only: the parser, and the sheets it has read but not yet
/// handed out.
final class ODSContentReading {
    private let handler: ODSContentHandler
    private let parser: XMLStreamParser
    private var failure: XLSXError?
    private(set) var ticket = 0
    weak var owner: ODSSheetCursor?

    init(reader: ZipPartReader, limits: XLSXLimits, nullDay: Int, sheetNames: [String], scansSheets: Bool) throws(XLSXError) {
        handler = ODSContentHandler(ODSContentState(part: reader.name, limits: limits, nullDay: nullDay, sheetNames: sheetNames))
        parser = try XMLStreamParser(reader: reader, handler: handler, limits: limits, scanning: scansSheets ? .odsTable : nil)
    }

    /// Children of sheets (rows, column settings) `SheetDataScanner` read, for tests of when it is used.
    var scannedElements: Int { parser.scannedElements }

    /// The sheet being handed out, once found.
    var table: ODSTableBuffer? { handler.state.pointee.target }

    /// Whether the sheet at `position` is still ahead of (or buffered by) this reading.
    func canMove(to position: Int) -> Bool {
        failure == nil && handler.state.pointee.canMove(to: position)
    }

    /// Makes the reading hand out the sheet at `position` from now on, and reads up to its first row,
    /// so its hidden columns are known. Returns the ticket its cursor holds.
    func claim(for position: Int, skippingRowsThrough skipped: Int = 0) throws(XLSXError) -> Int {
        if let owner, let table {
            owner.leave(hiddenColumns: table.hiddenColumns, mergedRanges: table.mergedRanges)
        }
        owner = nil
        ticket += 1
        handler.state.pointee.retarget(position, skippingRowsThrough: skipped)
        while !(table.map { $0.reachedRows || $0.finished } ?? false) {
            guard try step() else { break }
        }
        return ticket
    }

    /// The next row of the claimed sheet, or nil after its last.
    func nextRow() throws(XLSXError) -> XLSXRow? {
        var more = true
        while true {
            if let table {
                if let row = table.popRow() { return row }
                if table.finished { return nil }
            }
            if !more { return nil }
            more = try step()
        }
    }

    private func step() throws(XLSXError) -> Bool {
        if let failure { throw failure }
        do {
            return try parser.step()
        } catch {
            failure = error
            throw error
        }
    }
}
