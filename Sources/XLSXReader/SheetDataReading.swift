import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The element whose children `SheetDataScanner` reads: a worksheet's `sheetData`, or a sheet of an .ods
/// (`table:table` in `content.xml`, which holds every sheet one after another).
enum ScannedContainer {
    case sheetData, odsTable

    /// The bytes ending the container's start tag name as writers write it (`sheetData` with any prefix;
    /// `table:table`, the prefix every OpenDocument writer uses: with another, libxml2 reads the sheets).
    var needle: StaticString { self == .sheetData ? "sheetData" : "table:table" }

    /// Whether libxml2's element `name` is the container.
    @inline(__always)
    func isOpened(by name: XMLName) -> Bool {
        self == .sheetData ? name.is("sheetData", in: .spreadsheet) : name.isExactly("table", in: .odfTable)
    }

    /// Whether more containers follow in the part: libxml2 reads from an end tag to the next start tag,
    /// and the scanner the next container's children.
    var recurs: Bool { self == .odsTable }
}

/// How a worksheet part is split between libxml2 and `SheetDataScanner`: libxml2 reads the part up to and
/// including the `sheetData` start tag (so the root, its namespaces, the encoding and the column settings
/// are its work, with every rule it keeps), the scanner reads the rows one whole element at a time, and
/// libxml2 reads from `</sheetData>` on. The first element the scanner does not vouch for, and the end of
/// the part if `sheetData` never closes, go to libxml2 with everything after them, so a file the scanner
/// does not fully understand is judged by libxml2 exactly as before. In an .ods the same holds for each
/// sheet's `table:table`, and libxml2 reads what lies between them.
///
/// Holds the part's unread bytes in one buffer: a chunk, plus the start of a row the chunk cut. A row
/// larger than `maxPendingBytes` goes to libxml2, which streams it.
final class SheetDataReading {
    private enum Mode {
        /// libxml2 reads; each chunk is searched for the `sheetData` start tag.
        case prologue
        /// The scanner reads rows.
        case rows
        /// libxml2 reads the rest; the reader's own `step` takes over.
        case libxml2
    }

    /// Bytes of one row the scanner waits for before it hands the row to libxml2.
    static let maxPendingBytes = 4 << 20
    /// White space between two rows past which the scanner leaves the part to libxml2.
    private static let maxSpaceBetweenRows = 4096
    /// A start tag of `sheetData` longer than this is left to libxml2 (it has no attributes in practice).
    private static let maxTagBytes = 4096

    let container: ScannedContainer
    /// Bytes read at a time. A row the read cuts is scanned again from its start once the next read has
    /// come, so an .ods, whose rows are long (15 kB a row of a year's grid: a quarter of its bytes were
    /// scanned twice in reads of 64 kB), is read 256 kB at a time; a worksheet's rows are short, and the
    /// rows of a read are held at once, so it keeps libxml2's 64 kB.
    private let readSize: Int
    private var mode = Mode.prologue
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var scanner: SheetDataScanner?
    /// The worksheet's state, for the cells the scanner reads in one go.
    private var worksheet: UnsafeMutablePointer<WorksheetState>?
    /// Newlines the scanner read, which libxml2's line count lacks when it takes over.
    private var newlines = 0
    /// Elements of `sheetData` (rows) the scanner read and handed on, for tests of when it is used.
    private(set) var scannedElements = 0
    /// Cells of those rows read in one go (`ScannedCell`), for the same tests.
    private(set) var scannedCells = 0

    init(container: ScannedContainer) {
        self.container = container
        readSize = container == .odsTable ? 4 * XMLStreamParser.chunkSize : XMLStreamParser.chunkSize
        capacity = 2 * readSize
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
        scanner?.deallocate()
    }

    /// Whether this still reads the part (false once libxml2 has the rest).
    var isActive: Bool { mode != .libxml2 }

    /// Reads the next chunk and takes it as far as it goes. Returns true at the end of the part.
    func step(_ parser: XMLStreamParser) throws(XLSXError) -> Bool {
        makeRoom()
        let count = try parser.reader.read(into: UnsafeMutableRawBufferPointer(start: buffer + end,
                                                                               count: readSize))
        end += count
        let atEnd = count == 0
        if mode == .prologue { try findSheetData(parser, atEnd: atEnd) }
        while mode == .rows {
            try scanRows(parser, atEnd: atEnd)
            // Past an .ods sheet's end tag: on to the next sheet.
            guard mode == .prologue else { break }
            try findSheetData(parser, atEnd: atEnd)
        }
        if atEnd && mode != .libxml2 { try handOver(parser, terminate: true) }
        return atEnd
    }

    /// Moves the unread bytes to the front and makes room for a chunk after them.
    private func makeRoom() {
        if start > 0 {
            if end > start { memmove(buffer, buffer + start, end - start) }
            end -= start
            start = 0
        }
        if capacity - end < readSize {
            let grown = max(2 * capacity, end + readSize)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            larger.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = larger
            capacity = grown
        }
    }

    private func feed(_ parser: XMLStreamParser, upTo stop: Int, terminate: Bool = false) throws(XLSXError) {
        try parser.feed(UnsafeRawBufferPointer(start: buffer + start, count: stop - start), terminate: terminate)
        start = stop
    }

    /// Everything unread goes to libxml2, which reads the rest of the part; its line count is told the
    /// lines the scanner read.
    private func handOver(_ parser: XMLStreamParser, terminate: Bool) throws(XLSXError) {
        countLines(parser)
        mode = .libxml2
        try feed(parser, upTo: end, terminate: terminate)
    }

    /// Tells libxml2's line count the lines the scanner read, before libxml2 reads on.
    private func countLines(_ parser: XMLStreamParser) {
        if newlines > 0, let input = parser.context.pointee.input {
            input.pointee.line += Int32(clamping: newlines)
            newlines = 0
        }
    }

    // MARK: - Up to sheetData

    /// Gives libxml2 the bytes up to the end of the `sheetData` start tag, and starts the scanner there if
    /// libxml2 agrees that it has just opened a worksheet's `sheetData` and holds nothing unparsed.
    private func findSheetData(_ parser: XMLStreamParser, atEnd: Bool) throws(XLSXError) {
        var searchFrom = start
        let length = container.needle.utf8CodeUnitCount
        while let match = find(container.needle, from: searchFrom) {
            searchFrom = match + length
            guard let tagStart = tagStart(before: match), match + length < end else {
                if match + length >= end { break }
                continue
            }
            let next = buffer[match + length]
            guard XMLText.isSpace(next) || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") else { continue }
            guard let close = tagEnd(from: match + length) else {
                // The tag goes on in the next chunk: keep it; a tag longer than a name is left to libxml2.
                if atEnd || end - tagStart > SheetDataReading.maxTagBytes { break }
                try feed(parser, upTo: tagStart)
                return
            }
            try feed(parser, upTo: close + 1)
            if startsScanning(parser) { return }
            searchFrom = start
        }
        if atEnd {
            mode = .libxml2
            try feed(parser, upTo: end, terminate: true)
            return
        }
        // Keep a tail that may begin the tag: from the last `<` among the last bytes.
        var keepFrom = end
        var index = end - 1
        while index >= start && end - index <= SheetDataReading.maxTagBytes {
            if buffer[index] == UInt8(ascii: "<") { keepFrom = index; break }
            index -= 1
        }
        try feed(parser, upTo: keepFrom)
    }

    /// Where `needle` next occurs in the unread bytes at or after `index`.
    private func find(_ needle: StaticString, from index: Int) -> Int? {
        let length = needle.utf8CodeUnitCount
        var index = index
        while end - index >= length {
            guard let hit = memchr(buffer + index, Int32(needle.utf8Start.pointee), end - index - length + 1) else {
                return nil
            }
            let position = hit.assumingMemoryBound(to: UInt8.self) - buffer
            if memcmp(buffer + position, needle.utf8Start, length) == 0 { return position }
            index = position + 1
        }
        return nil
    }

    /// The `<` of the tag whose name (perhaps prefixed) ends in the `sheetData` at `match`.
    private func tagStart(before match: Int) -> Int? {
        var index = match - 1
        guard index >= start else { return nil }
        if buffer[index] == UInt8(ascii: ":") {
            index -= 1
            while index >= start, match - index < SheetDataScanner.maxNameBytes,
                  SheetDataScanner.isNameByte(buffer[index]) { index -= 1 }
        }
        guard index >= start, buffer[index] == UInt8(ascii: "<") else { return nil }
        return index
    }

    /// The `>` ending a start tag, passing over quoted values.
    private func tagEnd(from index: Int) -> Int? {
        var quote: UInt8 = 0
        var index = index
        while index < end {
            let byte = buffer[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Starts the scanner when libxml2 has just opened `sheetData` (not closed it), parsed everything it
    /// was given, and reads UTF-8 without conversion.
    private func startsScanning(_ parser: XMLStreamParser) -> Bool {
        let context = parser.context
        guard parser.state.pointee.sheetDataJustOpened, !parser.state.pointee.failed,
              let input = context.pointee.input, input.pointee.cur == input.pointee.end,
              input.pointee.buf?.pointee.encoder == nil,
              context.pointee.instate == XML_PARSER_CONTENT else { return false }
        let table = UnsafeMutableRawPointer(mutating: context.pointee.nsTab)?
            .assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
        let scope = NamespaceScope(table: table, count: Int(context.pointee.nsNr) / 2)
        worksheet = (parser.handler as? WorksheetHandler)?.state
        let depthAllowed = parser.maxDepth - parser.state.pointee.depth
        let readsCells = worksheet != nil && scope.defaultNamespace.matches(.spreadsheet)
        // One scanner for all the containers of the part (an .ods's sheets): its buffers are reused.
        if scanner == nil {
            scanner = SheetDataScanner(scope: scope, depthAllowed: depthAllowed, readsCells: readsCells)
        } else {
            scanner!.restart(scope: scope, depthAllowed: depthAllowed, readsCells: readsCells)
        }
        mode = .rows
        return true
    }

    // MARK: - Rows

    /// Scans and hands on every whole element of `sheetData` the buffer holds.
    private func scanRows(_ parser: XMLStreamParser, atEnd: Bool) throws(XLSXError) {
        while start < end {
            var index = start
            while index < end {
                let byte = buffer[index]
                if byte == 0x0A { newlines += 1 } else if byte != 0x20 && byte != 0x09 { break }
                index += 1
            }
            // Rows are not kept apart by pages of white space; a file padded so (a bomb's filler) is
            // libxml2's to read, as it always was.
            if index - start > SheetDataReading.maxSpaceBetweenRows { return try handOver(parser, terminate: atEnd) }
            start = index
            guard index < end else { return }
            guard buffer[index] == UInt8(ascii: "<") else { return try handOver(parser, terminate: atEnd) }
            guard index + 1 < end else { return }
            // `</sheetData>` (or whatever libxml2 makes of another end tag) and the rest: libxml2's; in an
            // .ods up to the next sheet.
            if buffer[index + 1] == UInt8(ascii: "/") {
                guard container.recurs else { return try handOver(parser, terminate: atEnd) }
                countLines(parser)
                mode = .prologue
                return
            }
            switch scanner!.scanElement(from: buffer + index, to: buffer + end) {
            case let .element(elementEnd):
                scanner!.terminateNames()
                newlines += scanner!.newlines
                start = elementEnd - buffer
                scannedElements += 1
                scannedCells += scanner!.cells.count
                try dispatch(parser)
            case .needMore:
                if end - start > SheetDataReading.maxPendingBytes { return try handOver(parser, terminate: atEnd) }
                return
            case .unsupported:
                return try handOver(parser, terminate: atEnd)
            }
        }
    }

    /// Gives the handler the scanned element's events, as libxml2's callbacks would.
    private func dispatch(_ parser: XMLStreamParser) throws(XLSXError) {
        let handler = parser.handler, namespaces = parser.namespaces, state = parser.state
        let scanner = self.scanner!
        do throws(XLSXError) {
            let slotBase = scanner.slots.base, events = scanner.events
            for index in 0..<events.count {
                let event = events[index]
                switch event.kind {
                case .start:
                    state.pointee.depth += 1
                    guard state.pointee.depth <= parser.maxDepth else {
                        throw .limitExceeded(limit: .nestingDepth, part: parser.part, maximum: parser.maxDepth)
                    }
                    let name = XMLName(localName: UnsafePointer(event.name!),
                                       namespace: namespaces.pointee.namespace(of: event.uri))
                    try handler.startElement(name, attributes: XMLAttributes(
                        base: slotBase + event.first * 5, count: event.count, namespaces: namespaces))
                case .end:
                    state.pointee.depth -= 1
                    try handler.endElement(XMLName(localName: UnsafePointer(event.name!),
                                                   namespace: namespaces.pointee.namespace(of: event.uri)))
                case .text:
                    try handler.text(UnsafeBufferPointer(start: event.textStart, count: event.count))
                case .decodedText:
                    try scanner.decoded.withUnsafeBufferPointer { (decoded) throws(XLSXError) in
                        try handler.text(UnsafeBufferPointer(rebasing: decoded[event.first..<event.first + event.count]))
                    }
                case .cell:
                    // Only recorded when `worksheet` is set (`readsCells`).
                    try worksheet!.pointee.cell(scanner.cells.base + event.first)
                }
            }
        } catch {
            parser.fail(error)
            throw error
        }
    }
}
