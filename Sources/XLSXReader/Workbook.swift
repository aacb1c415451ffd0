/// A spreadsheet opened for reading, whatever program wrote it: an Office Open XML workbook (.xlsx,
/// .xlsm) or an OpenDocument spreadsheet (.ods). The format is told by the content (the package's
/// `mimetype` and manifest, or its relationships), never by the file name. Both formats give the same
/// things: the sheets in tab order with their visibility, then each sheet's rows of typed cells,
/// streamed from the file within the same limits and refusals (`XLSXLimits`, `XLSXError`).
///
///     let book = try Workbook(path: "availability.ods")
///     for sheet in book.sheets where sheet.state == .visible {
///         var rows = try book.rows(of: sheet)
///         while let row = try rows.next() { ... }
///     }
///
/// Not thread-safe: use one workbook from one thread at a time (libzip's archive handle is shared).
public final class Workbook {
    /// The two formats the reader takes.
    public enum Format: String, Sendable {
        /// Office Open XML (ECMA-376), Transitional or Strict: Excel's .xlsx and .xlsm.
        case xlsx
        /// OpenDocument (ODF 1.2 and later): LibreOffice's and Google Sheets' .ods.
        case ods
    }

    public let path: String
    public let format: Format
    public let limits: XLSXLimits
    /// Every sheet in tab order, hidden ones included.
    public let sheets: [SheetInfo]
    /// How the file counts days: .xlsx workbooks from 1900 or 1904; an .ods from its null date
    /// (1899-12-30 unless the file says 1904-01-01).
    public let dateSystem: DateSystem
    /// Named ranges and formulas (.xlsx defined names, .ods named ranges and expressions).
    public let definedNames: [DefinedName]
    /// Custom document properties by name (.xlsx `docProps/custom.xml`, .ods user-defined metadata).
    public let customProperties: [String: CustomPropertyValue]
    /// The program that wrote the file, as the file says ("Microsoft Excel", "LibreOffice/7.4...").
    public let application: String?
    public let applicationVersion: String?
    /// Who made the file and who saved it last, as the writing program recorded them.
    public let author: String?
    public let lastModifiedBy: String?

    /// True when the workbook counts days from 1904.
    public var uses1904DateSystem: Bool { dateSystem == .from1904 }

    private let source: WorkbookSource

    /// Opens `path`, tells its format from its content and reads its structure (not yet its cells).
    public init(path: String, limits: XLSXLimits = .default) throws(XLSXError) {
        self.path = path
        self.limits = limits
        let archive = try ZipArchive(path: path, limits: limits)
        let contents: WorkbookContents
        switch try PackageKind.of(archive) {
        case .officeOpenXML:
            format = .xlsx
            contents = try XLSXPackage.open(archive)
        case .openDocumentSpreadsheet:
            format = .ods
            contents = try ODSPackage.open(archive)
        }
        source = contents.source
        sheets = contents.sheets
        dateSystem = contents.dateSystem
        definedNames = contents.definedNames
        customProperties = contents.properties.custom
        application = contents.properties.application
        applicationVersion = contents.properties.applicationVersion
        author = contents.properties.author
        lastModifiedBy = contents.properties.lastModifiedBy
    }

    /// The first sheet with this name (Excel and LibreOffice compare sheet names without regard to case).
    public func sheet(named name: String) -> SheetInfo? {
        sheets.first { $0.name == name } ?? sheets.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Whether rows are read by `SheetDataScanner` where it can (the default) or by libxml2 alone: tests
    /// compare the two ways on the same files.
    var scansSheetData: Bool {
        get { (source as? XLSXPackage)?.scansSheetData ?? (source as? ODSPackage)?.scansSheets ?? false }
        set {
            (source as? XLSXPackage)?.scansSheetData = newValue
            (source as? ODSPackage)?.scansSheets = newValue
        }
    }

    /// Starts reading a sheet's rows. Sheets without cells (chart sheets) give no rows.
    public func rows(of sheet: SheetInfo) throws(XLSXError) -> SheetRows {
        try source.rows(of: sheet)
    }
}

/// Callers that open files they know to be .xlsx may keep this name; it opens an .ods all the same.
public typealias XLSXWorkbook = Workbook

/// What opening a package of either format finds: its structure, and where the rows come from.
struct WorkbookContents {
    var source: WorkbookSource
    var sheets: [SheetInfo]
    var dateSystem: DateSystem
    var definedNames: [DefinedName]
    var properties: DocumentProperties
}

/// One format's reading of the sheets it listed.
protocol WorkbookSource: AnyObject {
    func rows(of sheet: SheetInfo) throws(XLSXError) -> SheetRows
}

/// Which format a zip holds, from what it says about itself: an OpenDocument package names its type in
/// its first entry, `mimetype` (and in its manifest); an OOXML package has relationships at
/// `_rels/.rels`. The file's name is never asked.
enum PackageKind {
    case officeOpenXML, openDocumentSpreadsheet

    static let spreadsheetMediaType = "application/vnd.oasis.opendocument.spreadsheet"
    /// A `mimetype` entry is a few dozen bytes; more is not a media type.
    private static let maxMediaTypeBytes = 256

    static func of(_ archive: ZipArchive) throws(XLSXError) -> PackageKind {
        let declared = archive.contains("mimetype")
            ? try archive.smallText(of: "mimetype", maximum: maxMediaTypeBytes).trimmingSpaces : nil
        if let declared, isSpreadsheet(declared) { return .openDocumentSpreadsheet }
        if archive.contains(PartName.relationships(of: "")) { return .officeOpenXML }
        if let declared { throw .notASpreadsheet(mediaType: String(declared.prefix(100))) }
        if archive.contains(ODFManifest.part) {
            let declared = try ODFManifest(in: archive).rootMediaType ?? ""
            guard isSpreadsheet(declared) else { throw .notASpreadsheet(mediaType: String(declared.prefix(100))) }
            return .openDocumentSpreadsheet
        }
        throw .missingPart(name: "workbook: neither the relationships of an .xlsx (_rels/.rels) nor the manifest "
                           + "of an .ods (META-INF/manifest.xml)")
    }

    /// Spreadsheets and their templates are read; any other OpenDocument (text, presentation) or zip
    /// format that names itself (EPUB...) is refused for what it is.
    private static func isSpreadsheet(_ mediaType: String) -> Bool {
        mediaType == spreadsheetMediaType || mediaType == spreadsheetMediaType + "-template"
    }
}
