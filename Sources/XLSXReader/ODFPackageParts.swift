/// `META-INF/manifest.xml` of an OpenDocument package: the media type of the package itself (the
/// entry for `/`) and whether any entry is encrypted (LibreOffice's password protection encrypts the
/// content and says so here; the encrypted bytes are no XML).
struct ODFManifest {
    static let part = "META-INF/manifest.xml"

    var rootMediaType: String?
    var isEncrypted = false

    init(in archive: ZipArchive) throws(XLSXError) {
        let handler = ManifestHandler(part: ODFManifest.part, limits: archive.limits)
        try archive.parse(ODFManifest.part, with: handler)
        self = handler.manifest
    }

    fileprivate init() {}
}

private final class ManifestHandler: XMLContentHandler {
    let part: String
    let limits: XLSXLimits
    var manifest = ODFManifest()
    private var entries = 0

    init(part: String, limits: XLSXLimits) {
        self.part = part
        self.limits = limits
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        if name.isExactly("file-entry", in: .odfManifest) {
            entries += 1
            try limits.checkCount(entries, of: .zipEntries, in: part)
            if attributes.value("full-path", in: .odfManifest)?.attributeString == "/" {
                manifest.rootMediaType = attributes.value("media-type", in: .odfManifest)?.attributeString
            }
        } else if name.isExactly("encryption-data", in: .odfManifest) {
            manifest.isEncrypted = true
        }
    }

    func endElement(_ name: XMLName) throws(XLSXError) {}
    func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {}
}

extension DocumentProperties {
    /// Reads `meta.xml` of an OpenDocument package: the generator (the writing program), the initial
    /// creator (the author), the creator (who saved it last) and the user-defined properties, which is
    /// where LibreOffice keeps an .xlsx's custom properties. A package without `meta.xml` has none.
    init(odfMetaIn archive: ZipArchive) throws(XLSXError) {
        self.init()
        let part = "meta.xml"
        guard archive.contains(part) else { return }
        let handler = ODFMetaHandler(part: part, limits: archive.limits)
        try archive.parse(part, with: handler)
        application = handler.values["generator"]
        author = handler.values["initial-creator"]
        lastModifiedBy = handler.values["creator"]
        custom = handler.custom
    }
}

private final class ODFMetaHandler: XMLContentHandler {
    let part: String
    let limits: XLSXLimits
    var values: [String: String] = [:]
    var custom: [String: CustomPropertyValue] = [:]
    private var capturing: (key: String, type: String?)?
    private var buffer: [UInt8] = []

    init(part: String, limits: XLSXLimits) {
        self.part = part
        self.limits = limits
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        if name.isExactly("generator", in: .odfMeta) || name.isExactly("initial-creator", in: .odfMeta) {
            begin(name.text, type: nil)
        } else if name.isExactly("creator", in: .dublinCore) {
            begin("creator", type: nil)
        } else if name.isExactly("user-defined", in: .odfMeta) {
            try limits.checkCount(custom.count + 1, of: .customProperties, in: part)
            let key = attributes.value("name", in: .odfMeta)?.attributeString ?? ""
            begin(key, type: attributes.value("value-type", in: .odfMeta)?.attributeString ?? "string")
        }
    }

    private func begin(_ key: String, type: String?) {
        capturing = (key, type)
        buffer.removeAll(keepingCapacity: true)
    }

    func endElement(_ name: XMLName) throws(XLSXError) {
        guard let (key, type) = capturing else { return }
        capturing = nil
        let text = String(decoding: buffer, as: UTF8.self)
        guard let type else {
            values[key] = text
            return
        }
        custom[key] = ODFMetaHandler.value(type: type, text: text)
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {
        guard capturing != nil else { return }
        guard buffer.count + bytes.count <= limits.maxStringBytes else {
            throw .limitExceeded(limit: .stringLength, part: part, maximum: limits.maxStringBytes)
        }
        buffer.append(contentsOf: bytes)
    }

    /// A user-defined value by its `meta:value-type`; anything unreadable stays text.
    static func value(type: String, text: String) -> CustomPropertyValue {
        let trimmed = text.trimmingSpaces
        switch type {
        case "float", "percentage", "currency":
            if let integer = Int(trimmed) { return .integer(integer) }
            return Double(trimmed).map(CustomPropertyValue.number) ?? .text(text)
        case "boolean":
            switch trimmed {
            case "true", "1": return .boolean(true)
            case "false", "0": return .boolean(false)
            default: return .text(text)
            }
        case "date":
            return .date(trimmed)
        default:
            return .text(text)
        }
    }
}
