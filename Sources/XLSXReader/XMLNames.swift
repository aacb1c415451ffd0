#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The namespaces of the vocabularies the reader uses: OOXML in both its Transitional
/// (schemas.openxmlformats.org) and Strict (purl.oclc.org) spellings, and OpenDocument's.
/// Prefixes never matter.
enum XMLNamespace: Equatable {
    /// No namespace: accepted where the vocabulary's own would be, as hand-made files omit it.
    case none
    case spreadsheet
    case officeRelationships
    case packageRelationships
    case extendedProperties
    case customProperties
    case variantTypes
    case coreProperties
    case dublinCore
    case odfOffice
    case odfTable
    case odfText
    case odfStyle
    case odfMeta
    case odfManifest
    case odfDrawing
    /// LibreOffice's extension of Calc's vocabulary (`calcext:value-type="error"`).
    case calcExtension
    case other

    private static let known: [(String, XMLNamespace)] = [
        ("http://schemas.openxmlformats.org/spreadsheetml/2006/main", .spreadsheet),
        ("http://purl.oclc.org/ooxml/spreadsheetml/main", .spreadsheet),
        ("http://schemas.openxmlformats.org/officeDocument/2006/relationships", .officeRelationships),
        ("http://purl.oclc.org/ooxml/officeDocument/relationships", .officeRelationships),
        ("http://schemas.openxmlformats.org/package/2006/relationships", .packageRelationships),
        ("http://schemas.openxmlformats.org/officeDocument/2006/extended-properties", .extendedProperties),
        ("http://purl.oclc.org/ooxml/officeDocument/extendedProperties", .extendedProperties),
        ("http://schemas.openxmlformats.org/officeDocument/2006/custom-properties", .customProperties),
        ("http://purl.oclc.org/ooxml/officeDocument/customProperties", .customProperties),
        ("http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes", .variantTypes),
        ("http://purl.oclc.org/ooxml/officeDocument/docPropsVTypes", .variantTypes),
        ("http://schemas.openxmlformats.org/package/2006/metadata/core-properties", .coreProperties),
        ("http://purl.org/dc/elements/1.1/", .dublinCore),
        ("urn:oasis:names:tc:opendocument:xmlns:office:1.0", .odfOffice),
        ("urn:oasis:names:tc:opendocument:xmlns:table:1.0", .odfTable),
        ("urn:oasis:names:tc:opendocument:xmlns:text:1.0", .odfText),
        ("urn:oasis:names:tc:opendocument:xmlns:style:1.0", .odfStyle),
        ("urn:oasis:names:tc:opendocument:xmlns:meta:1.0", .odfMeta),
        ("urn:oasis:names:tc:opendocument:xmlns:manifest:1.0", .odfManifest),
        ("urn:oasis:names:tc:opendocument:xmlns:drawing:1.0", .odfDrawing),
        ("urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0", .calcExtension),
    ]

    init(uri: UnsafePointer<UInt8>) {
        let text = String(cString: uri)
        self = XMLNamespace.known.first { $0.0 == text }?.1 ?? .other
    }

    /// Whether an element in this namespace belongs to `vocabulary` (or carries no namespace).
    func matches(_ vocabulary: XMLNamespace) -> Bool { self == vocabulary || self == .none }
}

/// An element's local name (NUL-terminated, in libxml2's dictionary) and its namespace.
struct XMLName {
    let localName: UnsafePointer<UInt8>
    let namespace: XMLNamespace

    /// Whether this is `local` in `vocabulary` (or in no namespace).
    @inline(__always)
    func `is`(_ local: StaticString, in vocabulary: XMLNamespace) -> Bool {
        namespace.matches(vocabulary) && strcmp(localName, local.utf8Start) == 0
    }

    /// Whether this is `local` in exactly `vocabulary`. OpenDocument elements always carry their
    /// namespace; one without it is not OpenDocument's.
    @inline(__always)
    func isExactly(_ local: StaticString, in vocabulary: XMLNamespace) -> Bool {
        namespace == vocabulary && strcmp(localName, local.utf8Start) == 0
    }

    var text: String { String(cString: localName) }
}

/// Namespace URIs by address: libxml2 interns them, so within one document the same namespace always
/// comes as the same pointer. A few slots cover the handful of vocabularies a part mixes (an .ods cell
/// carries office, table and calcext attributes), so a URI is compared as text only once.
struct NamespaceCache {
    private var uris: (UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?,
                       UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?)
        = (nil, nil, nil, nil, nil, nil, nil, nil)
    private var namespaces = [XMLNamespace](repeating: .none, count: 8)
    private var next = 0

    @inline(__always)
    mutating func namespace(of uri: UnsafePointer<UInt8>?) -> XMLNamespace {
        guard let uri else { return .none }
        if uri == uris.0 { return namespaces[0] }
        if uri == uris.1 { return namespaces[1] }
        if uri == uris.2 { return namespaces[2] }
        if uri == uris.3 { return namespaces[3] }
        if uri == uris.4 { return namespaces[4] }
        if uri == uris.5 { return namespaces[5] }
        if uri == uris.6 { return namespaces[6] }
        if uri == uris.7 { return namespaces[7] }
        let namespace = XMLNamespace(uri: uri)
        switch next {
        case 0: uris.0 = uri
        case 1: uris.1 = uri
        case 2: uris.2 = uri
        case 3: uris.3 = uri
        case 4: uris.4 = uri
        case 5: uris.5 = uri
        case 6: uris.6 = uri
        default: uris.7 = uri
        }
        namespaces[next] = namespace
        next = (next + 1) & 7
        return namespace
    }
}

/// A view of libxml2's attribute array: five pointers per attribute (local name, prefix, namespace,
/// value start, value end).
struct XMLAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    let count: Int
    /// The parser's cache, for `namespace(at:)`; nil in attributes made without a parser.
    var namespaces: UnsafeMutablePointer<NamespaceCache>? = nil

    /// The local name of the attribute at `index` (0..<count).
    @inline(__always)
    func localName(at index: Int) -> UnsafePointer<UInt8>? { base?[index * 5] }

    /// The namespace of the attribute at `index`.
    @inline(__always)
    func namespace(at index: Int) -> XMLNamespace {
        guard let uri = base?[index * 5 + 2] else { return .none }
        return namespaces?.pointee.namespace(of: uri) ?? XMLNamespace(uri: uri)
    }

    /// The value of the attribute at `index`.
    @inline(__always)
    func value(at index: Int) -> XMLText {
        XMLText(start: base?[index * 5 + 3], end: base?[index * 5 + 4])
    }

    /// The value of an attribute without a namespace, such as `r` or `t`.
    @inline(__always)
    func value(_ local: StaticString) -> XMLText? {
        guard let base else { return nil }
        for index in 0..<count {
            let slot = base + index * 5
            if slot[2] == nil, let name = slot[0], strcmp(name, local.utf8Start) == 0 {
                return XMLText(start: slot[3], end: slot[4])
            }
        }
        return nil
    }

    /// The value of an attribute in a namespace, such as `r:id`.
    func value(_ local: StaticString, in namespace: XMLNamespace) -> XMLText? {
        guard let base else { return nil }
        for index in 0..<count {
            let slot = base + index * 5
            if let name = slot[0], slot[2] != nil, strcmp(name, local.utf8Start) == 0,
               self.namespace(at: index) == namespace {
                return XMLText(start: slot[3], end: slot[4])
            }
        }
        return nil
    }
}

/// Bytes of an attribute value or a text, with the few conversions the reader needs, made without
/// building a String first.
struct XMLText {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    init(start: UnsafePointer<UInt8>?, end: UnsafePointer<UInt8>?) {
        if let start, let end, end > start {
            bytes = UnsafeBufferPointer(start: start, count: end - start)
        } else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
        }
    }

    /// The text of an attribute value. Without entity substitution libxml2 hands `&` back as `&#38;`;
    /// that is undone here.
    var attributeString: String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        let escape = Array("&#38;".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), index + escape.count <= bytes.count,
               bytes[index..<index + escape.count].elementsEqual(escape) {
                result.append(UInt8(ascii: "&"))
                index += escape.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A non-negative decimal integer (surrounding white space allowed), or nil.
    var integer: Int? {
        var value = 0
        var digits = 0
        var index = 0
        while index < bytes.count, XMLText.isSpace(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") { index += 1 }
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(digit))
            if overflow1 || overflow2 { return nil }
            value = sum
            digits += 1
            index += 1
        }
        while index < bytes.count, XMLText.isSpace(bytes[index]) { index += 1 }
        return digits > 0 && index == bytes.count ? value : nil
    }

    /// An xsd:boolean: `1`/`true` or `0`/`false`.
    var boolean: Bool? {
        switch trimmedString {
        case "1", "true": return true
        case "0", "false": return false
        default: return nil
        }
    }

    /// Whether the text equals `literal` byte for byte.
    func equals(_ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount
            && (bytes.count == 0 || memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0)
    }

    var trimmedString: String {
        var start = 0, end = bytes.count
        while start < end, XMLText.isSpace(bytes[start]) { start += 1 }
        while end > start, XMLText.isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
