#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The namespaces of the OOXML vocabularies the reader uses, in both their Transitional
/// (schemas.openxmlformats.org) and Strict (purl.oclc.org) spellings. Prefixes never matter.
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

    var text: String { String(cString: localName) }
}

/// A view of libxml2's attribute array: five pointers per attribute (local name, prefix, namespace,
/// value start, value end).
struct XMLAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    let count: Int

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
            if let name = slot[0], let uri = slot[2], strcmp(name, local.utf8Start) == 0,
               XMLNamespace(uri: uri) == namespace {
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
