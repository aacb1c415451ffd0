import CLibXML2

/// Receives the events of one part. Names and texts point into libxml2's buffers and are valid only
/// during the call: a handler copies what it keeps.
protocol XMLContentHandler: AnyObject {
    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError)
    func endElement(_ name: XMLName) throws(XLSXError)
    /// Character data (also CDATA), possibly in several pieces for one text node.
    func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError)
}

/// libxml2's SAX2 push parser over one zip part, fed chunk by chunk so a caller can pull rows as they
/// complete. Safe settings only: no DTD loading, no entity substitution, no network, and any document
/// type declaration stops the parse with `.dtdRefused`. Errors arrive through the structured error
/// handler (nothing is printed) and become `.malformedXML` with the part and line.
final class XMLStreamParser {
    private static let chunkSize = 1 << 16
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    let part: String
    private let reader: ZipPartReader
    private let handler: XMLContentHandler
    private let maxDepth: Int
    private var context: xmlParserCtxtPtr?
    private var chunk: UnsafeMutableRawBufferPointer
    private var depth = 0
    private var failure: XLSXError?
    private(set) var finished = false
    /// Namespace URIs are interned by libxml2, so the last few are recognised by address.
    private var namespaceCache: [(UnsafePointer<UInt8>, XMLNamespace)] = []

    init(reader: ZipPartReader, handler: XMLContentHandler, limits: XLSXLimits) throws(XLSXError) {
        _ = XMLStreamParser.initialized
        self.part = reader.name
        self.reader = reader
        self.handler = handler
        self.maxDepth = limits.maxNestingDepth
        self.chunk = .allocate(byteCount: XMLStreamParser.chunkSize, alignment: 16)
        var sax = XMLStreamParser.makeSAXHandler()
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&sax, me, nil, 0, reader.name) else {
            throw .malformedXML(part: reader.name, line: 0, message: "the XML parser could not start")
        }
        self.context = context
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
        chunk.deallocate()
    }

    /// Parses one more chunk of the part (or finishes the document). Returns false once the part is done.
    func step() throws(XLSXError) -> Bool {
        guard !finished, let context else { return false }
        // Errors libxml2 raises outside this parser's handler would be printed; keep them quiet.
        xmlSetStructuredErrorFunc(nil, { _, _ in })
        let count = try reader.read(into: chunk)
        let terminate: Int32 = count == 0 ? 1 : 0
        let base = chunk.baseAddress?.assumingMemoryBound(to: CChar.self)
        let status = xmlParseChunk(context, base, Int32(count), terminate)
        if let failure { throw failure }
        if status != 0 || context.pointee.wellFormed == 0 {
            throw .malformedXML(part: part, line: Int(context.pointee.input?.pointee.line ?? 0),
                                message: "the XML parser stopped (code \(status))")
        }
        if count == 0 { finished = true }
        return !finished
    }

    /// Parses the whole part.
    func parseToEnd() throws(XLSXError) {
        while try step() {}
    }

    // MARK: - Events from libxml2

    fileprivate func fail(_ error: XLSXError) {
        if failure == nil { failure = error }
        if let context { xmlStopParser(context) }
    }

    func namespace(of uri: UnsafePointer<UInt8>?) -> XMLNamespace {
        guard let uri else { return .none }
        for (address, namespace) in namespaceCache where address == uri { return namespace }
        let namespace = XMLNamespace(uri: uri)
        if namespaceCache.count >= 8 { namespaceCache.removeFirst() }
        namespaceCache.append((uri, namespace))
        return namespace
    }

    fileprivate func start(_ name: XMLName, _ attributes: XMLAttributes) {
        guard failure == nil else { return }
        depth += 1
        if depth > maxDepth {
            fail(.limitExceeded(limit: .nestingDepth, part: part, maximum: maxDepth))
            return
        }
        do { try handler.startElement(name, attributes: attributes) } catch { fail(error) }
    }

    fileprivate func end(_ name: XMLName) {
        guard failure == nil else { return }
        depth -= 1
        do { try handler.endElement(name) } catch { fail(error) }
    }

    fileprivate func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
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
            let parser = Unmanaged<XMLStreamParser>.fromOpaque(context).takeUnretainedValue()
            let name = XMLName(localName: localName, namespace: parser.namespace(of: uri))
            parser.start(name, XMLAttributes(base: attributes, count: Int(attributeCount), parser: parser))
        }
        sax.endElementNs = { context, localName, _, uri in
            guard let context, let localName else { return }
            let parser = Unmanaged<XMLStreamParser>.fromOpaque(context).takeUnretainedValue()
            parser.end(XMLName(localName: localName, namespace: parser.namespace(of: uri)))
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let context, let bytes, length > 0 else { return }
            let parser = Unmanaged<XMLStreamParser>.fromOpaque(context).takeUnretainedValue()
            parser.characters(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        sax.characters = characters
        sax.ignorableWhitespace = characters
        sax.cdataBlock = characters
        sax.internalSubset = { context, _, _, _ in
            guard let context else { return }
            Unmanaged<XMLStreamParser>.fromOpaque(context).takeUnretainedValue().refuseDocumentType()
        }
        sax.serror = { context, error in
            guard let context, let error else { return }
            Unmanaged<XMLStreamParser>.fromOpaque(context).takeUnretainedValue().report(error)
        }
        return sax
    }
}
