/// Bounds on what one workbook may make the reader do. Every file is hostile until read: these keep a
/// zip bomb, a huge shared-string table or a deeply nested document from taking the machine with it.
/// Each breach is reported as its own `XLSXError.limitExceeded`, naming the limit and the part.
///
///     var limits = XLSXLimits.default
///     limits.maxRows = 10_000            // an availability sheet is never longer
///     let book = try XLSXWorkbook(path: "availability.xlsx", limits: limits)
public struct XLSXLimits: Sendable, Equatable {
    /// The limits by name, as errors report them.
    public enum Name: String, Sendable, Equatable, CaseIterable {
        case partSize = "decompressed size of one part"
        case structurePartSize = "decompressed size of a workbook, styles, properties or relationships part"
        case compressionRatio = "compression ratio"
        case zipEntries = "number of files in the archive"
        case sharedStrings = "number of shared strings"
        case sharedStringBytes = "total length of the shared strings"
        case cells = "number of cells with a value"
        case rows = "row number"
        case columns = "column number"
        case stringLength = "length of one text"
        case nestingDepth = "XML nesting depth"
        case mergedRanges = "number of merged ranges"
        case sheets = "number of sheets"
        case attributes = "number of attributes of one element"
        case relationships = "number of relationships"
        case definedNames = "number of defined names"
        case customProperties = "number of custom properties"
    }

    /// Most bytes one part (one XML file inside the zip) may inflate to, counted while inflating, never
    /// taken from the sizes the archive declares. A 1,000,000-row sheet is about 100 MiB of XML.
    public var maxPartBytes: Int = 512 << 20

    /// Most bytes a part other than a worksheet or the shared-string table may inflate to: the workbook,
    /// styles, document properties and relationships. Real ones are a few MiB at most; what they hold is
    /// kept in memory, so they get a tighter bound than the streamed parts.
    public var maxStructurePartBytes: Int = 64 << 20

    /// Most bytes a part may inflate to per compressed byte, and the whole archive per byte of the file
    /// (each part counted on its first reading), so that many small parts cannot add up to a bomb.
    /// Spreadsheet XML compresses 5 to 50 times; a zip bomb compresses about a thousand times.
    public var maxCompressionRatio: Int = 250

    /// Parts smaller than this are not held to `maxCompressionRatio`, nor is an archive that has inflated
    /// less than this in all: tiny parts can compress well and cannot hurt anyone.
    public var compressionRatioGraceBytes: Int = 4 << 20

    /// Most files (entries) the zip archive may hold.
    public var maxZipEntries: Int = 10_000

    /// Most entries in the shared-string table.
    public var maxSharedStrings: Int = 10_000_000

    /// Most UTF-8 bytes all shared strings together may hold: the table is kept in memory, one buffer
    /// with 32-bit offsets, so never more than 4 GiB. Bounded by `maxPartBytes` in practice, since text
    /// never takes more bytes than the XML that holds it.
    public var maxSharedStringBytes: Int = 1 << 30

    /// Most cells with a value one reading of an .ods's `content.xml` may give (sheets read in tab order
    /// share one reading), every repeat counted before it is handed out: `number-columns-repeated` and
    /// `number-rows-repeated` make a few bytes stand for billions of cells. Empty repeats (LibreOffice
    /// pads rows to the last column and sheets to the last row) cost nothing and are not counted. An
    /// .xlsx writes every cell, so its part size bounds its cells. A year's availability template holds
    /// about 550,000 cells; an .xlsx at the part-size limit about 20 million.
    public var maxCells: Int = 20_000_000

    /// Highest row number (1-based) a sheet may use. Excel's own grid ends at 1,048,576.
    public var maxRows: Int = CellReference.maxRow

    /// Highest column number (1-based) a sheet may use. Excel's own grid ends at 16,384 (XFD).
    public var maxColumns: Int = CellReference.maxColumn

    /// Most UTF-8 bytes in one text: a shared string, an inline string, a cell value, a name.
    /// Excel stops at 32,767 characters, which is at most 131,068 bytes.
    public var maxStringBytes: Int = 1 << 20

    /// Deepest element nesting in any part. Real sheets nest about 8 deep.
    public var maxNestingDepth: Int = 128

    /// Most merged ranges one sheet may declare.
    public var maxMergedRanges: Int = 1_000_000

    /// Most sheets a workbook may list.
    public var maxSheets: Int = 10_000

    /// Most attributes (namespace declarations included) one element may carry. Real elements carry
    /// a few dozen; libxml2's time grows with the square of the count.
    public var maxAttributes: Int = 1_000

    /// Most relationships one relationships part may list: the workbook's has one per sheet and a few
    /// more. Each is kept in memory and resolved to a part name, so a part full of tiny ones would cost
    /// far more time and memory than its bytes suggest.
    public var maxRelationships: Int = 20_000

    /// Most defined names one workbook may list. Generous, because copying sheets between workbooks
    /// piles up names; each is kept in memory.
    public var maxDefinedNames: Int = 100_000

    /// Most custom document properties (File > Properties > Custom) a workbook may have; real ones have
    /// a handful, and each is kept in memory.
    public var maxCustomProperties: Int = 10_000

    public init() {}

    /// The limits above, fit for any workbook a person made by hand or a program wrote.
    public static let `default` = XLSXLimits()

    /// The value of one limit, for messages.
    public func value(of name: Name) -> Int {
        switch name {
        case .partSize: return maxPartBytes
        case .structurePartSize: return maxStructurePartBytes
        case .compressionRatio: return maxCompressionRatio
        case .zipEntries: return maxZipEntries
        case .sharedStrings: return maxSharedStrings
        case .sharedStringBytes: return min(maxSharedStringBytes, Int(UInt32.max))
        case .cells: return maxCells
        case .rows: return maxRows
        case .columns: return maxColumns
        case .stringLength: return maxStringBytes
        case .nestingDepth: return maxNestingDepth
        case .mergedRanges: return maxMergedRanges
        case .sheets: return maxSheets
        case .attributes: return maxAttributes
        case .relationships: return maxRelationships
        case .definedNames: return maxDefinedNames
        case .customProperties: return maxCustomProperties
        }
    }
}

extension XLSXLimits {
    /// Throws when the `count`th item of a list in `part` goes past the limit `name`.
    func checkCount(_ count: Int, of name: Name, in part: String) throws(XLSXError) {
        guard count <= value(of: name) else {
            throw .limitExceeded(limit: name, part: part, maximum: value(of: name))
        }
    }
}
