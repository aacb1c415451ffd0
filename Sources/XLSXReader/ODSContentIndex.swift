/// The first reading of an .ods's `content.xml`: everything but the rows, which `ODSRowFilter` leaves
/// out before libxml2 sees them. The sheets in tab order with their visibility (a sheet is hidden by its
/// automatic table style, `table:display="false"`), the null date (the day numbers and times count
/// from), and the named ranges and expressions.
struct ODSContentIndex {
    struct Table {
        var name: String
        var styleName: String?
    }

    var tables: [Table] = []
    var hiddenTableStyles: Set<String> = []
    /// Day number of `table:null-date` (1899-12-30 unless the file says otherwise).
    var nullDay = DateSystem.from1900.epochDay
    var definedNames: [DefinedName] = []

    init(part: String, in archive: ZipArchive) throws(XLSXError) {
        let handler = PointerStateHandler(ODSIndexState(part: part, limits: archive.limits))
        try archive.parse(part, role: .streamed, with: handler, rowFilter: ODSRowFilter())
        self = handler.state.pointee.index
    }

    fileprivate init() {}

    /// The sheets as the workbook lists them.
    func sheets(part: String) -> [SheetInfo] {
        tables.enumerated().map { position, table in
            let hidden = table.styleName.map { hiddenTableStyles.contains($0) } ?? false
            return SheetInfo(name: table.name, state: hidden ? .hidden : .visible, kind: .worksheet,
                             position: position, part: part)
        }
    }
}

private struct ODSIndexState: XMLEventState {
    let part: String
    let limits: XLSXLimits
    var index = ODSContentIndex()

    private var depth = 0
    private var spreadsheetDepth = 0
    /// Depth of the sheet open (0: none).
    private var tableDepth = 0
    private var tableStyle: String?
    private var namedExpressionsDepth = 0

    init(part: String, limits: XLSXLimits) {
        self.part = part
        self.limits = limits
    }

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        depth += 1
        switch name.namespace {
        case .odfTable:
            try startTableElement(name, attributes: attributes)
        case .odfOffice where name.isExactly("spreadsheet", in: .odfOffice):
            spreadsheetDepth = depth
        case .odfStyle where spreadsheetDepth == 0:
            if name.isExactly("style", in: .odfStyle) {
                tableStyle = attributes.value("family", in: .odfStyle)?.equals("table") == true
                    ? attributes.value("name", in: .odfStyle)?.attributeString : nil
            } else if let tableStyle, name.isExactly("table-properties", in: .odfStyle),
                      attributes.value("display", in: .odfTable)?.boolean == false {
                index.hiddenTableStyles.insert(tableStyle)
            }
        default:
            break
        }
    }

    private mutating func startTableElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        // Rows the filter did not leave out (another prefix than `table:`) are read past: no cell matters here.
        if name.isExactly("table", in: .odfTable) {
            guard spreadsheetDepth > 0, depth == spreadsheetDepth + 1 else { return }
            try limits.checkCount(index.tables.count + 1, of: .sheets, in: part)
            index.tables.append(ODSContentIndex.Table(
                name: attributes.value("name", in: .odfTable)?.attributeString ?? "",
                styleName: attributes.value("style-name", in: .odfTable)?.attributeString))
            tableDepth = depth
        } else if name.isExactly("null-date", in: .odfTable) {
            if let text = attributes.value("date-value", in: .odfTable),
               let date = XLSXDateTime(iso: text.bytes, system: .from1900) {
                index.nullDay = CivilCalendar.dayNumber(year: date.year, month: date.month, day: date.day)
            }
        } else if name.isExactly("named-expressions", in: .odfTable) {
            namedExpressionsDepth = depth
        } else if namedExpressionsDepth > 0, name.isExactly("named-range", in: .odfTable) {
            try addName(attributes, formula: attributes.value("cell-range-address", in: .odfTable))
        } else if namedExpressionsDepth > 0, name.isExactly("named-expression", in: .odfTable) {
            try addName(attributes, formula: attributes.value("expression", in: .odfTable))
        }
    }

    /// A name of the workbook, or of the sheet whose `table:table` holds its list.
    private mutating func addName(_ attributes: XMLAttributes, formula: XMLText?) throws(XLSXError) {
        try limits.checkCount(index.definedNames.count + 1, of: .definedNames, in: part)
        index.definedNames.append(DefinedName(
            name: attributes.value("name", in: .odfTable)?.attributeString ?? "",
            formula: formula?.attributeString ?? "",
            sheetPosition: tableDepth > 0 ? index.tables.count - 1 : nil,
            isHidden: false))
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {}

    mutating func endElement(_ name: XMLName) throws(XLSXError) {
        defer { depth -= 1 }
        if depth == tableDepth {
            tableDepth = 0
        } else if depth == namedExpressionsDepth {
            namedExpressionsDepth = 0
        } else if depth == spreadsheetDepth {
            spreadsheetDepth = 0
        }
        if name.namespace == .odfStyle, name.isExactly("style", in: .odfStyle) { tableStyle = nil }
    }
}

/// `table:number-columns-repeated` and `table:number-rows-repeated`, and sums and products of counts
/// that stop at a bound instead of overflowing: a repeat may say anything up to 2^63.
enum ODSRepeat {
    /// Counts past this are all "too many" for every limit.
    static let ceiling = 1 << 40

    /// The repeat an element declares (1 when it declares none). Zero or text that is not a whole number
    /// would leave every following cell's place a guess, so it is refused.
    static func count(_ attributes: XMLAttributes, _ local: StaticString, part: String) throws(XLSXError) -> Int {
        guard let text = attributes.value(local, in: .odfTable) else { return 1 }
        guard let count = text.integer, count > 0 else {
            throw .invalidCellValue(part: part, cell: "table:\(local)", type: "a positive whole number",
                                    text: String(text.trimmedString.prefix(40)))
        }
        return min(count, ceiling)
    }

    static func sum(_ a: Int, _ b: Int) -> Int { min(a + b, ceiling) }

    static func product(_ a: Int, _ b: Int) -> Int {
        let (result, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? ceiling : min(result, ceiling)
    }
}
