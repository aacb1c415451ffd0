#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the events of `content.xml` into the rows of the sheets a reading hands out. Sheets before the
/// one claimed are passed over without a cell being built; the claimed one and any that follow in the
/// same chunk are buffered (`ODSTableBuffer`).
typealias ODSContentHandler = PointerStateHandler<ODSContentState>

struct ODSContentState: XMLEventState {
    /// What a cell's text becomes, when its value is its text.
    private enum TextValue {
        case none, string, error
    }

    private let contentPart: String
    private let limits: XLSXLimits
    private let nullDay: Int
    private let sheetNames: [String]

    // Which sheets are wanted.
    private var claimed = -1
    private var pendingSkip = 0
    /// Sheets after the claimed one that began in the same chunk, not yet claimed: nothing of them has
    /// been handed out.
    private var buffers: [ODSTableBuffer] = []
    /// The buffer of the claimed sheet, once it has begun.
    private(set) var target: ODSTableBuffer?

    // Where the parser is.
    private var depth = 0
    private var spreadsheetDepth = 0
    private var tablesStarted = 0
    /// The sheet being read into a buffer; nil while a sheet is passed over or outside sheets.
    private var parsing: ODSTableBuffer?
    private var tableDepth = 0
    /// `content.xml (sheet "Name")`, for messages.
    private var part: String

    // Columns.
    private var nextDeclaredColumn = 1
    private var columnElements = 0

    // The open row.
    private var rowDepth = 0
    private var nextRow = 1
    private var rowRepeats = 1
    private var rowIsHidden = false
    private var rowCells: [XLSXCell] = []
    private var rowMerges: [(column: Int, columns: Int, rows: Int)] = []
    private var nextColumn = 1

    /// Cells with a value this reading has read, every repeat counted, against `XLSXLimits.maxCells`.
    private var cellsRead = 0

    // The open cell.
    private var cellDepth = 0
    private var cellRepeats = 1
    private var cellValue: CellValue?
    private var textValue = TextValue.none
    private var cellText: ODSCellText

    init(part: String, limits: XLSXLimits, nullDay: Int, sheetNames: [String]) {
        contentPart = part
        self.part = part
        self.limits = limits
        self.nullDay = nullDay
        self.sheetNames = sheetNames
        cellText = ODSCellText(maximum: limits.maxStringBytes)
    }

    // MARK: - Claiming sheets

    /// Whether the sheet at `position` has not begun yet, or is buffered from its start and unclaimed.
    func canMove(to position: Int) -> Bool {
        position >= tablesStarted || buffers.contains { $0.position == position }
    }

    /// Hands out the sheet at `position` from now on; sheets before it are dropped or passed over.
    mutating func retarget(_ position: Int, skippingRowsThrough skipped: Int) {
        claimed = position
        pendingSkip = skipped
        buffers.removeAll { $0.position < position }
        if let parsing, parsing.position < position { self.parsing = nil }
        target = buffers.first?.position == position ? buffers.removeFirst() : nil
        target?.skipThrough = skipped
    }

    // MARK: - Events

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        depth += 1
        if cellDepth > 0 {
            guard textValue == .none || cellText.start(name, depth: depth - cellDepth, attributes: attributes) else {
                throw stringTooLong
            }
            return
        }
        switch name.namespace {
        case .odfTable:
            try startTableElement(name, attributes: attributes)
        case .odfOffice where name.isExactly("spreadsheet", in: .odfOffice):
            spreadsheetDepth = depth
        default:
            break
        }
    }

    private mutating func startTableElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        let local = name.localName
        if local[0] == UInt8(ascii: "t"), strcmp(local, "table-cell") == 0 {
            guard rowDepth > 0 else { return }
            try startCell(attributes, covered: false)
        } else if local[0] == UInt8(ascii: "c"), strcmp(local, "covered-table-cell") == 0 {
            guard rowDepth > 0 else { return }
            try startCell(attributes, covered: true)
        } else if strcmp(local, "table-row") == 0 {
            guard tableDepth > 0, parsing != nil else { return }
            try startRow(attributes)
        } else if strcmp(local, "table-column") == 0 {
            guard tableDepth > 0, rowDepth == 0, parsing != nil else { return }
            try readColumns(attributes)
        } else if strcmp(local, "table") == 0 {
            guard spreadsheetDepth > 0, depth == spreadsheetDepth + 1 else { return }
            try startTable(named: attributes.value("name", in: .odfTable)?.attributeString ?? "")
        }
    }

    mutating func endElement(_ name: XMLName) throws(XLSXError) {
        defer { depth -= 1 }
        if cellDepth > 0 {
            if depth == cellDepth {
                try finishCell()
            } else if textValue != .none {
                cellText.end(depth: depth - cellDepth)
            }
        } else if depth == rowDepth {
            try finishRow()
        } else if depth == tableDepth {
            parsing?.reachedRows = true
            parsing?.finished = true
            parsing = nil
            tableDepth = 0
        } else if depth == spreadsheetDepth {
            spreadsheetDepth = 0
        }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {
        guard cellDepth > 0, textValue != .none else { return }
        guard cellText.characters(bytes) else { throw stringTooLong }
    }

    private var stringTooLong: XLSXError {
        .limitExceeded(limit: .stringLength, part: part, maximum: limits.maxStringBytes)
    }

    // MARK: - Sheets and columns

    /// A sheet begins. It must be the sheet the first reading listed at this place: that reading left the
    /// rows out by their bytes, and this one, which sees every byte, is the judge.
    private mutating func startTable(named name: String) throws(XLSXError) {
        let position = tablesStarted
        guard position < sheetNames.count, sheetNames[position] == name else {
            throw .malformedXML(part: contentPart, line: 0, message: "sheet \(position + 1) reads as \"\(name)\" here and as "
                                + (position < sheetNames.count ? "\"\(sheetNames[position])\"" : "nothing") + " when the rows are left out")
        }
        tablesStarted += 1
        tableDepth = depth
        nextDeclaredColumn = 1
        columnElements = 0
        nextRow = 1
        part = "\(contentPart) (sheet \"\(name)\")"
        guard position >= claimed, claimed >= 0 else {
            parsing = nil
            return
        }
        let buffer = ODSTableBuffer(position: position)
        if position == claimed {
            buffer.skipThrough = pendingSkip
            target = buffer
        } else {
            buffers.append(buffer)
        }
        parsing = buffer
    }

    /// `table:table-column`: hidden ones (`table:visibility="collapse"`) give hidden column ranges.
    private mutating func readColumns(_ attributes: XMLAttributes) throws(XLSXError) {
        columnElements += 1
        guard columnElements <= limits.maxColumns else {
            throw .limitExceeded(limit: .columns, part: part, maximum: limits.maxColumns)
        }
        let repeats = try ODSRepeat.count(attributes, "number-columns-repeated", part: part)
        let first = nextDeclaredColumn
        nextDeclaredColumn = ODSRepeat.sum(first, repeats)
        guard let visibility = attributes.value("visibility", in: .odfTable), !visibility.equals("visible"),
              first <= CellReference.maxColumn else { return }
        parsing?.hiddenColumns.append(first...min(nextDeclaredColumn - 1, CellReference.maxColumn))
    }

    // MARK: - Rows

    private mutating func startRow(_ attributes: XMLAttributes) throws(XLSXError) {
        parsing?.reachedRows = true
        rowDepth = depth
        rowRepeats = try ODSRepeat.count(attributes, "number-rows-repeated", part: part)
        if let visibility = attributes.value("visibility", in: .odfTable) {
            rowIsHidden = !visibility.equals("visible")
        } else {
            rowIsHidden = false
        }
        rowCells.removeAll(keepingCapacity: true)
        rowMerges.removeAll(keepingCapacity: true)
        nextColumn = 1
    }

    /// A row with values is buffered with its repeat count; an empty one, repeated or not, only moves
    /// the row number on: LibreOffice's padding to the last row costs nothing.
    private mutating func finishRow() throws(XLSXError) {
        rowDepth = 0
        let first = nextRow
        nextRow = ODSRepeat.sum(first, rowRepeats)
        guard let buffer = parsing, !rowCells.isEmpty || !rowMerges.isEmpty else { return }
        let last = nextRow - 1
        if !rowCells.isEmpty {
            guard last <= CellReference.maxRow else {
                throw .invalidCellReference(part: part, reference: "row \(max(first, CellReference.maxRow + 1))")
            }
            guard last <= limits.maxRows else { throw .limitExceeded(limit: .rows, part: part, maximum: limits.maxRows) }
            // Counted before a repeat is handed out: 300 bytes may stand for 17 billion cells.
            cellsRead = ODSRepeat.sum(cellsRead, ODSRepeat.product(rowCells.count, rowRepeats))
            try limits.checkCount(cellsRead, of: .cells, in: contentPart)
            buffer.append(XLSXRow(index: first, isHidden: rowIsHidden, cells: rowCells), repeats: rowRepeats)
        }
        try addMerges(rows: first...last, to: buffer)
    }

    /// The merges of the row's cells (`table:number-columns-spanned` and `-rows-spanned`), once for each
    /// time the row stands.
    private func addMerges(rows: ClosedRange<Int>, to buffer: ODSTableBuffer) throws(XLSXError) {
        guard !rowMerges.isEmpty else { return }
        let count = ODSRepeat.product(rowMerges.count, rows.count)
        guard buffer.mergedRanges.count + count <= limits.maxMergedRanges else {
            throw .limitExceeded(limit: .mergedRanges, part: part, maximum: limits.maxMergedRanges)
        }
        for row in rows {
            for merge in rowMerges {
                let first = CellReference(row: row, column: merge.column)
                let last = CellReference(row: ODSRepeat.sum(row, merge.rows - 1), column: ODSRepeat.sum(merge.column, merge.columns - 1))
                guard last.row <= CellReference.maxRow, last.column <= CellReference.maxColumn else {
                    throw .invalidCellReference(part: part, reference: "\(first.a1) spanning \(merge.columns) columns and \(merge.rows) rows")
                }
                buffer.mergedRanges.append(CellRange(first: first, last: last))
            }
        }
    }

    // MARK: - Cells

    private mutating func startCell(_ attributes: XMLAttributes, covered: Bool) throws(XLSXError) {
        cellDepth = depth
        cellRepeats = 1
        cellValue = nil
        textValue = .none
        guard parsing != nil else {
            cellRepeats = try ODSRepeat.count(attributes, "number-columns-repeated", part: part)
            return
        }
        var valueType: XMLText?, isError = false
        var number: XMLText?, date: XMLText?, time: XMLText?, boolean: XMLText?, string: XMLText?
        var columnsSpanned = 1, rowsSpanned = 1
        for index in 0..<attributes.count {
            guard let local = attributes.localName(at: index) else { continue }
            switch attributes.namespace(at: index) {
            case .odfOffice:
                let value = attributes.value(at: index)
                switch local[0] {
                case UInt8(ascii: "v"):
                    if strcmp(local, "value-type") == 0 { valueType = value } else if strcmp(local, "value") == 0 { number = value }
                case UInt8(ascii: "d") where strcmp(local, "date-value") == 0: date = value
                case UInt8(ascii: "t") where strcmp(local, "time-value") == 0: time = value
                case UInt8(ascii: "b") where strcmp(local, "boolean-value") == 0: boolean = value
                case UInt8(ascii: "s") where strcmp(local, "string-value") == 0: string = value
                default: break
                }
            case .odfTable:
                if strcmp(local, "number-columns-repeated") == 0 {
                    cellRepeats = try ODSRepeat.count(attributes, "number-columns-repeated", part: part)
                } else if !covered, strcmp(local, "number-columns-spanned") == 0 {
                    columnsSpanned = try ODSRepeat.count(attributes, "number-columns-spanned", part: part)
                } else if !covered, strcmp(local, "number-rows-spanned") == 0 {
                    rowsSpanned = try ODSRepeat.count(attributes, "number-rows-spanned", part: part)
                }
            case .calcExtension:
                if strcmp(local, "value-type") == 0, attributes.value(at: index).equals("error") { isError = true }
            default:
                break
            }
        }
        if columnsSpanned > 1 || rowsSpanned > 1 {
            for offset in 0..<min(cellRepeats, CellReference.maxColumn + 1) {
                rowMerges.append((ODSRepeat.sum(nextColumn, offset), columnsSpanned, rowsSpanned))
            }
        }
        if isError {
            textValue = .error
        } else if let valueType {
            try readValue(type: valueType, number: number, date: date, time: time, boolean: boolean, string: string)
        } else {
            textValue = .string  // no type: what the cell shows is text
        }
        if textValue != .none { cellText.reset() }
    }

    /// The value of a typed cell from its attributes; a string without `office:string-value` is its text.
    private mutating func readValue(type: XMLText, number: XMLText?, date: XMLText?, time: XMLText?,
                                    boolean: XMLText?, string: XMLText?) throws(XLSXError) {
        if type.equals("float") || type.equals("percentage") || type.equals("currency") {
            guard let number, !number.trimmedString.isEmpty else { return }
            guard let value = NumberText.parse(number.bytes) else { throw invalidValue(type, number) }
            cellValue = .number(value)
        } else if type.equals("string") {
            if let string {
                let text = string.attributeString
                cellValue = text.isEmpty ? nil : .string(text)
            } else {
                textValue = .string
            }
        } else if type.equals("date") {
            guard let date, !date.trimmedString.isEmpty else { return }
            guard let value = XLSXDateTime(iso: date.bytes, system: .from1900) else { throw invalidValue(type, date) }
            cellValue = .date(value)
        } else if type.equals("time") {
            guard let time, !time.trimmedString.isEmpty else { return }
            guard let milliseconds = ODSValue.durationMilliseconds(time.bytes),
                  let value = XLSXDateTime(milliseconds: milliseconds, after: nullDay) else { throw invalidValue(type, time) }
            cellValue = .date(value)
        } else if type.equals("boolean") {
            guard let boolean, !boolean.trimmedString.isEmpty else { return }
            guard let value = ODSValue.boolean(boolean) else { throw invalidValue(type, boolean) }
            cellValue = .boolean(value)
        } else if !type.equals("void") {
            throw .invalidCellValue(part: part, cell: currentCell, type: "office:value-type",
                                    text: String(type.trimmedString.prefix(40)))
        }
    }

    private func invalidValue(_ type: XMLText, _ text: XMLText) -> XLSXError {
        .invalidCellValue(part: part, cell: currentCell, type: type.trimmedString, text: String(text.trimmedString.prefix(40)))
    }

    private var currentCell: String {
        CellReference(row: min(nextRow, CellReference.maxRow), column: min(nextColumn, CellReference.maxColumn)).a1
    }

    /// Places the cell's value in the row, once for each time the cell stands; an empty cell only moves
    /// the column on.
    private mutating func finishCell() throws(XLSXError) {
        cellDepth = 0
        var value = cellValue
        if textValue != .none, !cellText.bytes.isEmpty {
            let text = String(decoding: cellText.bytes, as: UTF8.self)
            value = textValue == .error ? .error(text) : .string(text)
        }
        let first = nextColumn
        nextColumn = ODSRepeat.sum(first, cellRepeats)
        guard let value else { return }
        let last = nextColumn - 1
        guard last <= CellReference.maxColumn else {
            throw .invalidCellReference(part: part, reference: "column \(max(first, CellReference.maxColumn + 1)) of row \(nextRow)")
        }
        guard last <= limits.maxColumns else { throw .limitExceeded(limit: .columns, part: part, maximum: limits.maxColumns) }
        // A counted loop: iterating `first...last` went through ClosedRange's generic index for every cell.
        var column = first
        while column <= last {
            rowCells.append(XLSXCell(row: nextRow, column: column, value: value))
            column += 1
        }
    }
}
