/// The document properties the reader reports: the writing application (`docProps/app.xml`), the
/// author and last editor (`docProps/core.xml`) and the custom properties (`docProps/custom.xml`). All
/// three parts are optional; a workbook without them has none. Each one present is parsed whole, so a
/// hostile one (a DTD, broken XML) is refused like any other part rather than skipped unseen.
struct DocumentProperties {
    var application: String?
    var applicationVersion: String?
    var author: String?
    var lastModifiedBy: String?
    var custom: [String: CustomPropertyValue] = [:]

    init() {}

    init(relationships: Relationships, in archive: ZipArchive) throws(XLSXError) {
        if let part = relationships.first("extended-properties")?.target ?? relationships.first("extendedProperties")?.target,
           archive.contains(part) {
            let handler = ApplicationHandler(part: part, limits: archive.limits)
            try archive.parse(part, with: handler)
            application = handler.values["Application"]
            applicationVersion = handler.values["AppVersion"]
        }
        if let part = relationships.first("core-properties")?.target, archive.contains(part) {
            let handler = CoreHandler(part: part, limits: archive.limits)
            try archive.parse(part, with: handler)
            author = handler.values["creator"]
            lastModifiedBy = handler.values["lastModifiedBy"]
        }
        if let part = relationships.first("custom-properties")?.target ?? relationships.first("customProperties")?.target,
           archive.contains(part) {
            let handler = CustomPropertiesHandler(part: part, limits: archive.limits)
            try archive.parse(part, with: handler)
            custom = handler.properties
        }
    }
}

/// Collects the text of a few elements, bounded by the string limit.
private class TextCollector {
    let part: String
    let limits: XLSXLimits
    var buffer: [UInt8] = []
    var capturing = false

    init(part: String, limits: XLSXLimits) {
        self.part = part
        self.limits = limits
    }

    func begin() {
        buffer.removeAll(keepingCapacity: true)
        capturing = true
    }

    func finish() -> String {
        capturing = false
        return String(decoding: buffer, as: UTF8.self)
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {
        guard capturing else { return }
        guard buffer.count + bytes.count <= limits.maxStringBytes else {
            throw .limitExceeded(limit: .stringLength, part: part, maximum: limits.maxStringBytes)
        }
        buffer.append(contentsOf: bytes)
    }
}

private final class ApplicationHandler: TextCollector, XMLContentHandler {
    var values: [String: String] = [:]

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        if name.is("Application", in: .extendedProperties) || name.is("AppVersion", in: .extendedProperties) { begin() }
    }

    func endElement(_ name: XMLName) throws(XLSXError) {
        guard capturing else { return }
        values[name.text] = finish()
    }
}

private final class CoreHandler: TextCollector, XMLContentHandler {
    var values: [String: String] = [:]

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        if name.is("creator", in: .dublinCore) || name.is("lastModifiedBy", in: .coreProperties) { begin() }
    }

    func endElement(_ name: XMLName) throws(XLSXError) {
        guard capturing else { return }
        values[name.text] = finish()
    }
}

private final class CustomPropertiesHandler: TextCollector, XMLContentHandler {
    var properties: [String: CustomPropertyValue] = [:]
    private var propertyName: String?

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        if name.is("property", in: .customProperties) {
            try limits.checkCount(properties.count + 1, of: .customProperties, in: part)
            propertyName = attributes.value("name")?.attributeString
        } else if propertyName != nil, name.namespace == .variantTypes {
            begin()
        }
    }

    func endElement(_ name: XMLName) throws(XLSXError) {
        if name.is("property", in: .customProperties) {
            propertyName = nil
        } else if capturing, let propertyName, name.namespace == .variantTypes {
            properties[propertyName] = CustomPropertiesHandler.value(type: name.text, text: finish())
        }
    }

    /// Converts a `vt:` value by its type; unknown types stay text.
    static func value(type: String, text: String) -> CustomPropertyValue {
        switch type {
        case "i1", "i2", "i4", "i8", "int", "ui1", "ui2", "ui4", "ui8", "uint":
            return Int(text.trimmingSpaces).map(CustomPropertyValue.integer) ?? .text(text)
        case "r4", "r8", "decimal":
            return Double(text.trimmingSpaces).map(CustomPropertyValue.number) ?? .text(text)
        case "bool":
            switch text.trimmingSpaces {
            case "true", "1": return .boolean(true)
            case "false", "0": return .boolean(false)
            default: return .text(text)
            }
        case "filetime", "date":
            return .date(text.trimmingSpaces)
        default:
            return .text(text)
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
