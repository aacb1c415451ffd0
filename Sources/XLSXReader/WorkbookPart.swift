/// `workbook.xml`: the sheets in tab order with their states and relationship ids, the date system and
/// the defined names.
struct WorkbookPart {
    struct SheetEntry {
        var name: String
        var state: SheetInfo.State
        var relationshipId: String
    }

    var sheets: [SheetEntry] = []
    var uses1904DateSystem = false
    var definedNames: [DefinedName] = []

    init(part: String, in archive: ZipArchive) throws(XLSXError) {
        let handler = WorkbookHandler(part: part, limits: archive.limits)
        try archive.parse(part, with: handler)
        self = handler.result
    }

    fileprivate init() {}
}

private final class WorkbookHandler: XMLContentHandler {
    let part: String
    let limits: XLSXLimits
    var result = WorkbookPart()
    private var pendingName: DefinedName?
    private var nameText: [UInt8] = []

    init(part: String, limits: XLSXLimits) {
        self.part = part
        self.limits = limits
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        guard name.namespace.matches(.spreadsheet) else { return }
        if name.is("sheet", in: .spreadsheet) {
            guard result.sheets.count < limits.maxSheets else {
                throw .limitExceeded(limit: .sheets, part: part, maximum: limits.maxSheets)
            }
            let state: SheetInfo.State
            switch attributes.value("state")?.attributeString {
            case "hidden": state = .hidden
            case "veryHidden": state = .veryHidden
            default: state = .visible
            }
            result.sheets.append(WorkbookPart.SheetEntry(
                name: attributes.value("name")?.attributeString ?? "",
                state: state,
                relationshipId: attributes.value("id", in: .officeRelationships)?.attributeString ?? ""))
        } else if name.is("workbookPr", in: .spreadsheet) {
            result.uses1904DateSystem = attributes.value("date1904")?.boolean ?? false
        } else if name.is("definedName", in: .spreadsheet) {
            try limits.checkCount(result.definedNames.count + 1, of: .definedNames, in: part)
            pendingName = DefinedName(
                name: attributes.value("name")?.attributeString ?? "",
                formula: "",
                sheetPosition: attributes.value("localSheetId")?.integer,
                isHidden: attributes.value("hidden")?.boolean ?? false)
            nameText.removeAll(keepingCapacity: true)
        }
    }

    func endElement(_ name: XMLName) throws(XLSXError) {
        guard name.is("definedName", in: .spreadsheet), var definedName = pendingName else { return }
        definedName.formula = String(decoding: nameText, as: UTF8.self)
        result.definedNames.append(definedName)
        pendingName = nil
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {
        guard pendingName != nil else { return }
        guard nameText.count + bytes.count <= limits.maxStringBytes else {
            throw .limitExceeded(limit: .stringLength, part: part, maximum: limits.maxStringBytes)
        }
        nameText.append(contentsOf: bytes)
    }
}
