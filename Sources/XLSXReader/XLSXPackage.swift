/// The Office Open XML side of `Workbook`: its parts are found by following the package relationships
/// (`_rels/.rels` to the workbook, the workbook's relationships to sheets, shared strings and styles),
/// whatever their names, in Transitional or Strict OOXML. Each sheet is its own part, read as a stream
/// of rows.
final class XLSXPackage: WorkbookSource {
    private let archive: ZipArchive
    private let limits: XLSXLimits
    private let dateSystem: DateSystem
    private let sharedStringsPart: String?
    private let stylesPart: String?
    private var sharedStrings: SharedStrings?
    private var styles: CellStyles?
    /// Whether rows go through `SheetDataScanner` where it can; off only to compare it with libxml2 alone.
    var scansSheetData = true

    private init(archive: ZipArchive, dateSystem: DateSystem, sharedStringsPart: String?, stylesPart: String?) {
        self.archive = archive
        self.limits = archive.limits
        self.dateSystem = dateSystem
        self.sharedStringsPart = sharedStringsPart
        self.stylesPart = stylesPart
    }

    /// Reads the workbook's structure (not yet its cells) from an archive known to hold OOXML.
    static func open(_ archive: ZipArchive) throws(XLSXError) -> WorkbookContents {
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
            let kind = XLSXPackage.sheetKind(of: relationship)
            guard kind != .worksheet || archive.contains(part) else {
                throw .missingPart(name: "sheet \"\(entry.name)\" (\(part))")
            }
            // Each sheet has a part of its own; sheets sharing one would make a small file read as many.
            if let owner = sheetOfPart.updateValue(entry.name, forKey: PartName.key(part)) {
                throw .sheetsShareAPart(part: part, sheet: entry.name, otherSheet: owner)
            }
            sheets.append(SheetInfo(name: entry.name, state: entry.state, kind: kind, position: position, part: part))
        }
        let reader = XLSXPackage(
            archive: archive, dateSystem: workbook.uses1904DateSystem ? .from1904 : .from1900,
            sharedStringsPart: relationships.first("sharedStrings")?.target.flatMap { archive.contains($0) ? $0 : nil },
            stylesPart: relationships.first("styles")?.target.flatMap { archive.contains($0) ? $0 : nil })
        return WorkbookContents(
            source: reader, sheets: sheets, dateSystem: reader.dateSystem, definedNames: workbook.definedNames,
            properties: try DocumentProperties(relationships: package, in: archive))
    }

    /// Starts reading a sheet's rows. The shared strings and styles are read on the first call.
    /// Chart sheets and other sheets without cells give no rows.
    func rows(of sheet: SheetInfo) throws(XLSXError) -> SheetRows {
        guard sheet.kind == .worksheet else { return SheetRows(sheet: sheet, source: nil) }
        let handler = WorksheetHandler(WorksheetState(
            part: sheet.part, limits: limits, strings: try loadSharedStrings(), styles: try loadStyles(),
            dateSystem: dateSystem))
        let stream = try WorksheetStream(reader: try archive.open(sheet.part, role: .streamed), handler: handler,
                                         limits: limits, scansSheetData: scansSheetData)
        return SheetRows(sheet: sheet, source: stream)
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
