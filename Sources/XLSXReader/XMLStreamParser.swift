import CLibXML2

/// Receives the events of one part. Names and texts point into libxml2's buffers and are valid only
/// during the call: a handler copies what it keeps.
protocol XMLContentHandler: AnyObject {
    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError)
    func endElement(_ name: XMLName) throws(XLSXError)
    /// Character data (also CDATA), possibly in several pieces for one text node.
    func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError)
}

/// A handler's work on the events of one part, as a value: `PointerStateHandler` keeps it behind a pointer.
protocol XMLEventState {
    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError)
    mutating func endElement(_ name: XMLName) throws(XLSXError)
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError)
}

/// A handler whose state sits behind a pointer, so the per-element and per-cell work of the large parts
/// (worksheets, an .ods's content) runs without the exclusivity checks a class's stored properties cost.
final class PointerStateHandler<State: XMLEventState>: XMLContentHandler {
    let state: UnsafeMutablePointer<State>

    init(_ initial: State) {
        state = .allocate(capacity: 1)
        state.initialize(to: initial)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        try state.pointee.startElement(name, attributes: attributes)
    }

    func endElement(_ name: XMLName) throws(XLSXError) { try state.pointee.endElement(name) }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) { try state.pointee.text(bytes) }
}

/// libxml2's SAX2 push parser over one zip part, fed chunk by chunk so a caller can pull rows as they
/// complete. Safe settings only: no DTD loading, no entity substitution, no network, and any document
/// type declaration stops the parse with `.dtdRefused`. Errors arrive through the structured error
/// handler (nothing is printed) and become `.malformedXML` with the part and line.
///
/// For a worksheet (`scanning: .sheetData`), the rows inside `sheetData` are read by `SheetDataScanner`
/// instead, which gives the handler the same events; libxml2 reads everything around them, and every
/// row the scanner does not vouch for (see `SheetDataReading`). The same for the sheets of an .ods's
/// `content.xml` (`.odsTable`).
final class XMLStreamParser {
    static let chunkSize = 1 << 16
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    let part: String
    let reader: ZipPartReader
    let handler: XMLContentHandler
    let maxDepth: Int
    private var attributeGuard: AttributeCountGuard
    let context: xmlParserCtxtPtr
    private let chunk: UnsafeMutableRawBufferPointer
    /// What changes on every event lives behind a pointer: no exclusivity checks in the hot path.
    let state: UnsafeMutablePointer<EventState>
    /// Elements' and attributes' namespaces, by the address of their URI.
    let namespaces: UnsafeMutablePointer<NamespaceCache>
    private(set) var finished = false
    /// Set for worksheets: reads the rows of `sheetData` past libxml2.
    private let sheetData: SheetDataReading?

    /// Elements of `sheetData` the scanner read (0 when libxml2 read them all).
    var scannedElements: Int { sheetData?.scannedElements ?? 0 }
    /// Cells of those the scanner read in one go.
    var scannedCells: Int { sheetData?.scannedCells ?? 0 }

    struct EventState {
        var depth = 0
        var failure: XLSXError?
        var failed = false
        /// Whether the last event was the start of the scanned container (when scanning is on).
        var sheetDataJustOpened = false
    }

    /// Leaves the rows of an .ods out before libxml2 sees them (the first reading of `content.xml`).
    private var rowFilter: ODSRowFilter?

    init(reader: ZipPartReader, handler: XMLContentHandler, limits: XLSXLimits,
         rowFilter: ODSRowFilter? = nil, scanning container: ScannedContainer? = nil) throws(XLSXError) {
        self.rowFilter = rowFilter
        sheetData = container.map(SheetDataReading.init(container:))
        _ = XMLStreamParser.initialized
        part = reader.name
        self.reader = reader
        self.handler = handler
        maxDepth = limits.maxNestingDepth
        attributeGuard = AttributeCountGuard(maximum: limits.maxAttributes)
        chunk = .allocate(byteCount: XMLStreamParser.chunkSize + ODSRowFilter.slack, alignment: 16)
        state = .allocate(capacity: 1)
        state.initialize(to: EventState())
        namespaces = .allocate(capacity: 1)
        namespaces.initialize(to: NamespaceCache())
        var sax = XMLStreamParser.makeSAXHandler()
        guard let context = xmlCreatePushParserCtxt(&sax, nil, nil, 0, reader.name) else {
            chunk.deallocate()
            state.deinitialize(count: 1)
            state.deallocate()
            namespaces.deinitialize(count: 1)
            namespaces.deallocate()
            throw .malformedXML(part: reader.name, line: 0, message: "the XML parser could not start")
        }
        self.context = context
        context.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
    }

    deinit {
        xmlFreeParserCtxt(context)
        chunk.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
        namespaces.deinitialize(count: 1)
        namespaces.deallocate()
    }

    /// Parses one more chunk of the part (or finishes the document). Returns false once the part is done.
    func step() throws(XLSXError) -> Bool {
        guard !finished else { return false }
        if let failure = state.pointee.failure { throw failure }
        // Errors libxml2 raises outside this parser's handler would be printed; keep them quiet
        // while parsing, and give the thread its own handler back afterwards.
        let savedHandler = __xmlStructuredError().pointee, savedContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(nil, { _, _ in })
        defer { xmlSetStructuredErrorFunc(savedContext, savedHandler) }
        let atEnd: Bool
        if let sheetData, sheetData.isActive {
            atEnd = try sheetData.step(self)
        } else {
            var count = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<XMLStreamParser.chunkSize]))
            atEnd = count == 0
            if rowFilter != nil, let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self) {
                count = rowFilter!.filter(base, count: count)
            }
            try feed(UnsafeRawBufferPointer(rebasing: chunk[..<count]), terminate: atEnd)
        }
        if atEnd { finished = true }
        return !finished
    }

    /// Gives libxml2 the next bytes of the part, after the attribute guard has seen them.
    func feed(_ bytes: UnsafeRawBufferPointer, terminate: Bool) throws(XLSXError) {
        guard attributeGuard.accept(bytes) else {
            throw .limitExceeded(limit: .attributes, part: part, maximum: attributeGuard.maximum)
        }
        let status = xmlParseChunk(context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                                   terminate ? 1 : 0)
        if let failure = state.pointee.failure { throw failure }
        if status != 0 || context.pointee.wellFormed == 0 {
            throw .malformedXML(part: part, line: Int(context.pointee.input?.pointee.line ?? 0),
                                message: "the XML parser stopped (code \(status))")
        }
    }

    /// Parses the whole part.
    func parseToEnd() throws(XLSXError) {
        while try step() {}
    }

    // MARK: - Events from libxml2

    func fail(_ error: XLSXError) {
        if !state.pointee.failed {
            state.pointee.failed = true
            state.pointee.failure = error
        }
        xmlStopParser(context)
    }

    @inline(__always)
    fileprivate func start(_ localName: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?,
                           _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, _ attributeCount: Int32) {
        guard !state.pointee.failed else { return }
        state.pointee.depth += 1
        if state.pointee.depth > maxDepth {
            fail(.limitExceeded(limit: .nestingDepth, part: part, maximum: maxDepth))
            return
        }
        let name = XMLName(localName: localName, namespace: namespaces.pointee.namespace(of: uri))
        if let sheetData {
            state.pointee.sheetDataJustOpened = sheetData.container.isOpened(by: name)
        }
        do {
            try handler.startElement(name, attributes: XMLAttributes(base: attributes, count: Int(attributeCount),
                                                                     namespaces: namespaces))
        } catch {
            fail(error)
        }
    }

    @inline(__always)
    fileprivate func end(_ localName: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) {
        guard !state.pointee.failed else { return }
        state.pointee.depth -= 1
        state.pointee.sheetDataJustOpened = false
        let name = XMLName(localName: localName, namespace: namespaces.pointee.namespace(of: uri))
        do { try handler.endElement(name) } catch { fail(error) }
    }

    @inline(__always)
    fileprivate func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !state.pointee.failed else { return }
        state.pointee.sheetDataJustOpened = false
        do { try handler.text(bytes) } catch { fail(error) }
    }

    fileprivate func report(_ error: xmlErrorPtr) {
        guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        while message.last?.isNewline == true { message.removeLast() }
        fail(.malformedXML(part: part, line: Int(error.pointee.line), message: message))
    }

    fileprivate func refuseDocumentType() {
        fail(.dtdRefused(part: part))
    }

    private static func makeSAXHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { context, localName, _, uri, _, _, attributeCount, _, attributes in
            guard let context, let localName else { return }
            Unmanaged<XMLStreamParser>.fromOpaque(context)._withUnsafeGuaranteedRef {
                $0.start(localName, uri, attributes, attributeCount)
            }
        }
        sax.endElementNs = { context, localName, _, uri in
            guard let context, let localName else { return }
            Unmanaged<XMLStreamParser>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.end(localName, uri) }
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let context, let bytes, length > 0 else { return }
            Unmanaged<XMLStreamParser>.fromOpaque(context)._withUnsafeGuaranteedRef {
                $0.characters(UnsafeBufferPointer(start: bytes, count: Int(length)))
            }
        }
        sax.characters = characters
        sax.ignorableWhitespace = characters
        sax.cdataBlock = characters
        sax.internalSubset = { context, _, _, _ in
            guard let context else { return }
            Unmanaged<XMLStreamParser>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.refuseDocumentType() }
        }
        sax.serror = { context, error in
            guard let context, let error else { return }
            Unmanaged<XMLStreamParser>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.report(error) }
        }
        return sax
    }
}

extension ZipArchive {
    /// Parses a whole part with `handler`, within the limits of its role.
    func parse(_ part: String, role: PartRole = .structure, with handler: XMLContentHandler,
               rowFilter: ODSRowFilter? = nil) throws(XLSXError) {
        try XMLStreamParser(reader: try open(part, role: role), handler: handler, limits: limits, rowFilter: rowFilter)
            .parseToEnd()
    }
}
