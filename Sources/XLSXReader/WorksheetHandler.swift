/// Turns the events of one worksheet part into rows of typed cells. Holds one row at a time plus the
/// rows a single parsed chunk completes; hidden columns and merged ranges are collected on the way.
typealias WorksheetHandler = PointerStateHandler<WorksheetState>

/// The worksheet reading itself: rows, cells and their values.
struct WorksheetState: XMLEventState {
    private enum CellType {
        case number, sharedString, inlineString, formulaString, boolean, error, date, unknown
    }

    private enum Capture {
        case none, value, inline
    }

    let part: String
    private let limits: XLSXLimits
    private let strings: SharedStrings
    private let styles: CellStyles
    private let dateSystem: DateSystem

    /// Rows finished and not yet handed out, in file order.
    var completedRows: [XLSXRow] = []
    private(set) var mergedRanges: [CellRange] = []
    private(set) var hiddenColumns: [ClosedRange<Int>] = []
    private var columnRanges = 0
    /// Set at `<sheetData>`: everything before it (the column settings) has been read.
    private(set) var reachedSheetData = false

    private var rowOpen = false
    private var rowIndex = 0
    private var rowIndexIsGuess = false
    private var rowIsHidden = false
    private var rowCells: [XLSXCell] = []
    private var previousRowIndex = 0

    private var cellOpen = false
    private var cellColumn = 0
    private var cellType = CellType.number
    private var cellTypeText = ""
    private var cellStyle = 0
    private var hasValue = false
    private var hasFormula = false
    private var rowFormulasWithoutResult: [Int] = []
    private var hasInlineString = false
    private var capture = Capture.none
    private var inInlineString = false
    private var phoneticDepth = 0
    private var valueBytes: [UInt8] = []
    private var inlineBytes: [UInt8] = []

    init(part: String, limits: XLSXLimits, strings: SharedStrings, styles: CellStyles, dateSystem: DateSystem) {
        self.part = part
        self.limits = limits
        self.strings = strings
        self.styles = styles
        self.dateSystem = dateSystem
        valueBytes.reserveCapacity(64)
        inlineBytes.reserveCapacity(64)
    }

    // MARK: - Events

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        guard name.namespace.matches(.spreadsheet) else { return }
        let local = name.localName
        switch local[0] {
        case UInt8(ascii: "c") where local[1] == 0:
            try startCell(attributes)
        case UInt8(ascii: "v") where local[1] == 0:
            if cellOpen && !inInlineString {
                hasValue = true
                valueBytes.removeAll(keepingCapacity: true)
                capture = .value
            }
        case UInt8(ascii: "f") where local[1] == 0:
            if cellOpen && !inInlineString { hasFormula = true }
        case UInt8(ascii: "t") where local[1] == 0:
            if inInlineString && phoneticDepth == 0 {
                hasInlineString = true
                capture = .inline
            }
        case UInt8(ascii: "r"):
            if local[1] == UInt8(ascii: "o"), name.is("row", in: .spreadsheet) {
                try startRow(attributes)
            } else if inInlineString, name.is("rPh", in: .spreadsheet) {
                phoneticDepth += 1
            }
        case UInt8(ascii: "i") where local[1] == UInt8(ascii: "s") && local[2] == 0:
            if cellOpen {
                inInlineString = true
                inlineBytes.removeAll(keepingCapacity: true)
            }
        case UInt8(ascii: "s") where name.is("sheetData", in: .spreadsheet):
            reachedSheetData = true
        case UInt8(ascii: "c") where name.is("col", in: .spreadsheet):
            try readColumnSettings(attributes)
        case UInt8(ascii: "m") where name.is("mergeCell", in: .spreadsheet):
            try readMergedRange(attributes)
        default:
            break
        }
    }

    mutating func endElement(_ name: XMLName) throws(XLSXError) {
        guard name.namespace.matches(.spreadsheet) else { return }
        let local = name.localName
        switch local[0] {
        case UInt8(ascii: "c") where local[1] == 0:
            if cellOpen { try finishCell() }
        case UInt8(ascii: "v") where local[1] == 0, UInt8(ascii: "t") where local[1] == 0:
            capture = .none
        case UInt8(ascii: "i") where local[1] == UInt8(ascii: "s") && local[2] == 0:
            inInlineString = false
        case UInt8(ascii: "r"):
            if name.is("row", in: .spreadsheet) {
                finishRow()
            } else if inInlineString, name.is("rPh", in: .spreadsheet) {
                phoneticDepth -= 1
            }
        default:
            break
        }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {
        switch capture {
        case .none:
            return
        case .value:
            guard valueBytes.count + bytes.count <= limits.maxStringBytes else { throw stringTooLong }
            valueBytes.append(contentsOf: bytes)
        case .inline:
            guard inlineBytes.count + bytes.count <= limits.maxStringBytes else { throw stringTooLong }
            inlineBytes.append(contentsOf: bytes)
        }
    }

    private var stringTooLong: XLSXError {
        .limitExceeded(limit: .stringLength, part: part, maximum: limits.maxStringBytes)
    }

    // MARK: - Rows

    private mutating func startRow(_ attributes: XMLAttributes) throws(XLSXError) {
        // A row inside a row is not SpreadsheetML; close the first so none of its cells are lost.
        if rowOpen {
            if cellOpen { try finishCell() }
            finishRow()
        }
        if let text = attributes.value("r") {
            guard let index = text.integer, (1...CellReference.maxRow).contains(index) else {
                throw .invalidCellReference(part: part, reference: "row \(text.trimmedString)")
            }
            try checkRowOrder(index)
            rowIndex = index
            rowIndexIsGuess = false
        } else {
            rowIndex = previousRowIndex + 1
            rowIndexIsGuess = true
        }
        rowIsHidden = attributes.value("hidden")?.boolean ?? false
        rowCells.removeAll(keepingCapacity: true)
        if !rowFormulasWithoutResult.isEmpty { rowFormulasWithoutResult.removeAll() }
        rowOpen = true
        cellColumn = 0
    }

    private mutating func finishRow() {
        guard rowOpen else { return }
        rowOpen = false
        previousRowIndex = rowIndex
        completedRows.append(XLSXRow(index: rowIndex, isHidden: rowIsHidden, cells: rowCells,
                                     formulaColumnsWithoutResult: rowFormulasWithoutResult))
    }

    /// Rows come in ascending order, each once: a repeated or earlier row would make two values of one
    /// cell, and which one counts would be a guess.
    private func checkRowOrder(_ index: Int) throws(XLSXError) {
        guard index > previousRowIndex else {
            throw .invalidCellReference(part: part, reference: "row \(index)",
                                        problem: .outOfOrder(after: "row \(previousRowIndex)"))
        }
    }

    /// Mutating only so that it borrows the state where it is: called from a mutating method, a
    /// non-mutating one was handed a copy of the whole state (352 bytes, a memcpy for every cell).
    private mutating func checkRowLimit() throws(XLSXError) {
        guard rowIndex <= CellReference.maxRow else {
            throw .invalidCellReference(part: part, reference: "row \(rowIndex)")
        }
        guard rowIndex <= limits.maxRows else {
            throw .limitExceeded(limit: .rows, part: part, maximum: limits.maxRows)
        }
    }

    // MARK: - Cells

    private mutating func startCell(_ attributes: XMLAttributes) throws(XLSXError) {
        guard rowOpen else { return }
        var reference: XMLText?, type: XMLText?, style: XMLText?
        if let base = attributes.base {
            for index in 0..<attributes.count {
                let slot = base + index * 5
                guard slot[2] == nil, let attribute = slot[0], attribute[1] == 0 else { continue }
                switch attribute[0] {
                case UInt8(ascii: "r"): reference = XMLText(start: slot[3], end: slot[4])
                case UInt8(ascii: "t"): type = XMLText(start: slot[3], end: slot[4])
                case UInt8(ascii: "s"): style = XMLText(start: slot[3], end: slot[4])
                default: break
                }
            }
        }
        try startCell(reference: reference, type: type, style: style)
    }

    /// A cell `SheetDataScanner` read in one go: what its start tag, its value's or inline string's
    /// elements and text, and its end tag would do, without the events.
    /// Takes the cell where the scanner keeps it: passed by value, it was copied for every cell.
    mutating func cell(_ scanned: UnsafePointer<ScannedCell>) throws(XLSXError) {
        guard rowOpen else { return }
        let cell = scanned.pointee
        try startCell(reference: ScannedCell.attribute(cell.reference), type: ScannedCell.attribute(cell.type),
                      style: ScannedCell.attribute(cell.style))
        guard cell.text.count <= limits.maxStringBytes else { throw stringTooLong }
        switch cell.content {
        case .nothing:
            break
        case .value:
            hasValue = true
            if cellType != .inlineString && cellType != .formulaString {
                // Typed straight from the part's bytes, without a copy.
                closeCell()
                place(try typedValue(cell.text))
                return
            }
            valueBytes.removeAll(keepingCapacity: true)
            valueBytes.append(contentsOf: cell.text)
        case .inlineString:
            hasInlineString = true
            inlineBytes.removeAll(keepingCapacity: true)
            inlineBytes.append(contentsOf: cell.text)
        }
        try finishCell()
    }

    /// Opens a cell with the values of its `r`, `t` and `s` attributes.
    private mutating func startCell(reference: XMLText?, type: XMLText?, style: XMLText?) throws(XLSXError) {
        // A cell inside a cell is not SpreadsheetML; close the first so its value is not lost.
        if cellOpen { try finishCell() }
        cellType = .number
        cellStyle = 0
        var column = cellColumn + 1
        if let value = reference {
            guard let reference = CellReference.parse(value.bytes) else {
                throw .invalidCellReference(part: part, reference: value.trimmedString)
            }
            column = reference.column
            try placeInRow(reference)
        }
        if let type {
            cellType = WorksheetState.cellType(type)
            if cellType == .unknown { cellTypeText = type.trimmedString }
        }
        if let style { cellStyle = style.integer ?? 0 }
        guard column <= CellReference.maxColumn else {
            throw .invalidCellReference(part: part, reference: "column \(column) of row \(rowIndex)")
        }
        guard column > cellColumn else {
            throw .invalidCellReference(part: part, reference: CellReference(row: rowIndex, column: column).a1,
                                        problem: .outOfOrder(after: currentCell))
        }
        rowIndexIsGuess = false
        guard column <= limits.maxColumns, rowCells.count < limits.maxColumns else {
            throw .limitExceeded(limit: .columns, part: part, maximum: limits.maxColumns)
        }
        try checkRowLimit()
        cellColumn = column
        cellOpen = true
        hasValue = false
        hasFormula = false
        hasInlineString = false
        inInlineString = false
        phoneticDepth = 0
    }

    /// A row without a number takes its first cell's; any other cell must name the row it sits in.
    private mutating func placeInRow(_ reference: CellReference) throws(XLSXError) {
        if rowIndexIsGuess {
            try checkRowOrder(reference.row)
            rowIndex = reference.row
        } else if reference.row != rowIndex {
            throw .invalidCellReference(part: part, reference: reference.a1, problem: .outsideItsRow(row: rowIndex))
        }
    }

    private static func cellType(_ text: XMLText) -> CellType {
        let bytes = text.bytes
        switch bytes.count {
        case 1:
            switch bytes[0] {
            case UInt8(ascii: "n"): return .number
            case UInt8(ascii: "s"): return .sharedString
            case UInt8(ascii: "b"): return .boolean
            case UInt8(ascii: "e"): return .error
            case UInt8(ascii: "d"): return .date
            default: return .unknown
            }
        case 3 where text.equals("str"): return .formulaString
        case 9 where text.equals("inlineStr"): return .inlineString
        case 0: return .number
        default: return .unknown
        }
    }

    private mutating func finishCell() throws(XLSXError) {
        closeCell()
        place(try cellValue())
    }

    private mutating func closeCell() {
        cellOpen = false
        capture = .none
        inInlineString = false
    }

    /// Puts the closed cell's value in the row. The value is moved into the row, not copied:
    /// a copy and the destruction of the original through the optional's value witness cost
    /// ~150 instructions a cell (a year's grid has 550k).
    private mutating func place(_ value: consuming CellValue?) {
        switch consume value {
        case let .some(value):
            rowCells.append(XLSXCell(row: rowIndex, column: cellColumn, value: value))
        case .none:
            if hasFormula { rowFormulasWithoutResult.append(cellColumn) }
        }
    }

    /// The cell's value by its type, or nil when it has none (no `<v>`, or empty text).
    private mutating func cellValue() throws(XLSXError) -> CellValue? {
        switch cellType {
        case .inlineString:
            if hasInlineString { return WorksheetState.decodedString(&inlineBytes) }
            return hasValue ? WorksheetState.decodedString(&valueBytes) : nil
        case .formulaString:
            return hasValue ? WorksheetState.decodedString(&valueBytes) : nil
        default:
            break
        }
        guard hasValue else { return nil }
        return try valueBytes.withUnsafeBufferPointer { (buffer) throws(XLSXError) -> CellValue? in try typedValue(buffer) }
    }

    /// The value of a cell of a type other than the two strings, from the text of its `<v>`.
    private func typedValue(_ buffer: UnsafeBufferPointer<UInt8>) throws(XLSXError) -> CellValue? {
        let text = XMLText(buffer)
        // An empty value element (`<v/>`, `<v></v>`, as some writers put in cells they leave blank) is an
        // empty cell, whatever the cell's type says.
        guard text.bytes.contains(where: { !XMLText.isSpace($0) }) else { return nil }
        switch cellType {
        case .number:
            guard let number = NumberText.parse(buffer) else { throw invalidValue("n", text) }
            switch styles.kind(cellStyle) {
            case .number:
                return .number(number)
            case .date:
                return XLSXDateTime(serial: number, system: dateSystem).map(CellValue.date) ?? .number(number)
            case .elapsed:
                return XLSXDateTime(duration: number, system: dateSystem).map(CellValue.date) ?? .number(number)
            }
        case .sharedString:
            guard let index = text.integer else { throw invalidValue("s", text) }
            guard index < strings.count else {
                throw .sharedStringOutOfRange(part: part, cell: currentCell, index: index, count: strings.count)
            }
            return strings.isEmpty(at: index) ? nil : .string(strings.string(at: index))
        case .boolean:
            guard let flag = text.boolean else { throw invalidValue("b", text) }
            return .boolean(flag)
        case .error:
            return .error(text.trimmedString)
        case .date:
            guard let date = XLSXDateTime(iso: buffer, system: dateSystem) else { throw invalidValue("d", text) }
            return .date(date)
        case .unknown:
            throw invalidValue(cellTypeText, text)
        case .inlineString, .formulaString:
            return nil
        }
    }

    private var currentCell: String { CellReference(row: rowIndex, column: cellColumn).a1 }

    private func invalidValue(_ type: String, _ text: XMLText) -> XLSXError {
        .invalidCellValue(part: part, cell: currentCell, type: type, text: String(text.trimmedString.prefix(40)))
    }

    /// Text with `_xHHHH_` escapes decoded; nil when empty.
    private static func decodedString(_ bytes: inout [UInt8]) -> CellValue? {
        guard !bytes.isEmpty else { return nil }
        let length = bytes.withUnsafeMutableBufferPointer { OOXMLEscapes.decode($0) }
        guard length > 0 else { return nil }
        return bytes.withUnsafeBufferPointer {
            .string(String(decoding: UnsafeBufferPointer(rebasing: $0[..<length]), as: UTF8.self))
        }
    }

    // MARK: - Columns and merged ranges

    private mutating func readColumnSettings(_ attributes: XMLAttributes) throws(XLSXError) {
        columnRanges += 1
        guard columnRanges <= limits.maxColumns else {
            throw .limitExceeded(limit: .columns, part: part, maximum: limits.maxColumns)
        }
        guard attributes.value("hidden")?.boolean == true,
              let first = attributes.value("min")?.integer, let last = attributes.value("max")?.integer else { return }
        let low = max(first, 1), high = min(last, CellReference.maxColumn)
        if low <= high { hiddenColumns.append(low...high) }
    }

    private mutating func readMergedRange(_ attributes: XMLAttributes) throws(XLSXError) {
        guard let text = attributes.value("ref")?.trimmedString else { return }
        guard let range = CellRange(a1: text) else { throw .invalidCellReference(part: part, reference: text) }
        guard mergedRanges.count < limits.maxMergedRanges else {
            throw .limitExceeded(limit: .mergedRanges, part: part, maximum: limits.maxMergedRanges)
        }
        mergedRanges.append(range)
    }
}
