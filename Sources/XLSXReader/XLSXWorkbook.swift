/// An .xlsx workbook opened for reading. Its parts are found by following the package relationships
/// (`_rels/.rels` to the workbook, the workbook's relationships to sheets, shared strings and styles),
/// whatever their names, in Transitional or Strict OOXML. Sheets are then read as streams of rows.
///
///     let book = try XLSXWorkbook(path: "availability.xlsx")
///     for sheet in book.sheets where sheet.state == .visible {
///         var rows = try book.rows(of: sheet)
///         while let row = try rows.next() { ... }
///     }
///
/// Not thread-safe: use one workbook from one thread at a time (libzip's archive handle is shared).
public final class XLSXWorkbook {
    public let path: String
    public let limits: XLSXLimits
    /// Every sheet in tab order, hidden ones included.
    public let sheets: [SheetInfo]
    /// True when the workbook counts days from 1904 (`<workbookPr date1904="1">`).
    public let uses1904DateSystem: Bool
    public let definedNames: [DefinedName]
    /// Custom document properties by name (`docProps/custom.xml`); empty when there are none.
    public let customProperties: [String: CustomPropertyValue]
    /// The program that wrote the file, as it says in `docProps/app.xml` ("Microsoft Excel").
    public let application: String?
    public let applicationVersion: String?
    /// Who made the file and who saved it last (`docProps/core.xml`), as the writing program recorded them.
    public let author: String?
    public let lastModifiedBy: String?

    public var dateSystem: DateSystem { uses1904DateSystem ? .from1904 : .from1900 }

    private let archive: ZipArchive
    private let sharedStringsPart: String?
    private let stylesPart: String?
    private var sharedStrings: SharedStrings?
    private var styles: CellStyles?

    /// Opens `path` and reads the workbook's structure (not yet its cells).
    public init(path: String, limits: XLSXLimits = .default) throws(XLSXError) {
        self.path = path
        self.limits = limits
        let archive = try ZipArchive(path: path, limits: limits)
        self.archive = archive
        guard archive.contains(PartName.relationships(of: "")) else {
            throw .missingPart(name: "package relationships (_rels/.rels)")
        }
        let package = try Relationships(of: "", in: archive)
        guard let workbookPart = package.first("officeDocument")?.target else {
            throw .missingPart(name: "workbook: _rels/.rels does not point to one")
        }
        guard archive.contains(workbookPart) else { throw .missingPart(name: "workbook part \(workbookPart)") }
        let relationships = try Relationships(of: workbookPart, in: archive)
        let workbook = try WorkbookPart(part: workbookPart, in: archive)

        var sheets: [SheetInfo] = []
        var sheetOfPart: [String: String] = [:]
        for (position, entry) in workbook.sheets.enumerated() {
            guard let relationship = relationships.with(id: entry.relationshipId), let part = relationship.target else {
                throw .missingPart(name: "sheet \"\(entry.name)\": the workbook's relationships do not point to it")
            }
            let kind = XLSXWorkbook.sheetKind(of: relationship)
            guard kind != .worksheet || archive.contains(part) else {
                throw .missingPart(name: "sheet \"\(entry.name)\" (\(part))")
            }
            if let owner = sheetOfPart.updateValue(entry.name, forKey: PartName.key(part)) {
                throw .sheetPartShared(sheet: entry.name, otherSheet: owner, part: part)
            }
            sheets.append(SheetInfo(name: entry.name, state: entry.state, kind: kind, position: position, part: part))
        }
        self.sheets = sheets
        uses1904DateSystem = workbook.uses1904DateSystem
        definedNames = workbook.definedNames
        sharedStringsPart = relationships.first("sharedStrings")?.target.flatMap { archive.contains($0) ? $0 : nil }
        stylesPart = relationships.first("styles")?.target.flatMap { archive.contains($0) ? $0 : nil }
        let properties = try DocumentProperties(relationships: package, in: archive)
        application = properties.application
        applicationVersion = properties.applicationVersion
        author = properties.author
        lastModifiedBy = properties.lastModifiedBy
        customProperties = properties.custom
    }

    /// The first sheet with this name (Excel compares sheet names without regard to case).
    public func sheet(named name: String) -> SheetInfo? {
        sheets.first { $0.name == name } ?? sheets.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Starts reading a sheet's rows. The shared strings and styles are read on the first call.
    /// Chart sheets and other sheets without cells give no rows.
    public func rows(of sheet: SheetInfo) throws(XLSXError) -> SheetRows {
        guard sheet.kind == .worksheet else { return SheetRows(sheet: sheet, stream: nil) }
        let handler = WorksheetHandler(
            part: sheet.part, limits: limits, strings: try loadSharedStrings(), styles: try loadStyles(),
            dateSystem: dateSystem)
        let stream = try WorksheetStream(reader: try archive.open(sheet.part, role: .streamed), handler: handler, limits: limits)
        return SheetRows(sheet: sheet, stream: stream)
    }

    private func loadSharedStrings() throws(XLSXError) -> SharedStrings {
        if let sharedStrings { return sharedStrings }
        let loaded = try sharedStringsPart.map { (part) throws(XLSXError) in try SharedStrings(part: part, in: archive) }
            ?? SharedStrings()
        sharedStrings = loaded
        return loaded
    }

    private func loadStyles() throws(XLSXError) -> CellStyles {
        if let styles { return styles }
        let loaded = try stylesPart.map { (part) throws(XLSXError) in try CellStyles(part: part, in: archive) } ?? CellStyles()
        styles = loaded
        return loaded
    }

    private static func sheetKind(of relationship: Relationship) -> SheetInfo.Kind {
        switch relationship.kind {
        case "chartsheet": return .chartsheet
        case "dialogsheet": return .dialogsheet
        case "xlMacrosheet", "xlIntlMacrosheet": return .macrosheet
        default: return .worksheet
        }
    }
}
