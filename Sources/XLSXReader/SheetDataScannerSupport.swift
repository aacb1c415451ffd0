#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable array of plain values (pointers, integers) in memory of its own, for the scanner's per-row
/// lists: appends without the uniqueness checks and reference counting of a Swift array. The owner
/// calls `deallocate()`; values are never deinitialized (they hold no references).
struct ScratchBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    func deallocate() { base.deallocate() }

    var isEmpty: Bool { count == 0 }
    var last: Element? { count > 0 ? base[count - 1] : nil }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func removeLast() { count -= 1 }
    mutating func removeAll() { count = 0 }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}

/// The namespace declarations in scope where the scanner starts, as libxml2 holds them (`nsTab`): each
/// prefix's URI, for the elements and attributes the scanner reads.
struct NamespaceScope {
    /// A URI, or none; wrapped so that "no namespace" and "undeclared prefix" differ.
    struct URI { let pointer: UnsafePointer<UInt8>? }

    /// Prefixes and URIs in libxml2's dictionary, which lives as long as the parser.
    private var declarations: [(prefix: UnsafePointer<UInt8>, length: Int, uri: UnsafePointer<UInt8>?)] = []
    /// The default namespace (that of unprefixed elements), looked up once: most names have no prefix.
    private var defaultURI = URI(pointer: nil)
    /// The last four prefixes of up to 7 bytes looked up (their bytes and length as one key, 0 for none)
    /// and their URIs: a row of an .ods names four or so prefixes thousands of times, among the 40 its
    /// root declares. Four fields rather than an array: looked up for every prefixed name.
    private var recentKeys: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var recentURIs: (URI, URI, URI, URI) = (URI(pointer: nil), URI(pointer: nil), URI(pointer: nil), URI(pointer: nil))
    private var nextRecent = 0

    /// The `xml` prefix is bound by definition.
    private static let xmlNamespace: StaticString = "http://www.w3.org/XML/1998/namespace"

    /// Reads libxml2's namespace table: `count` pairs of prefix (nil for the default) and URI (libxml2's
    /// `nsNr` counts pointers, two a pair).
    init(table: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int) {
        guard let table else { return }
        for index in 0..<count {
            var uri = table[2 * index + 1]
            if let value = uri, value.pointee == 0 { uri = nil }
            if let prefix = table[2 * index], prefix.pointee != 0 {
                declarations.append((prefix, strlen(prefix), uri))
            } else {
                defaultURI = URI(pointer: uri)
            }
        }
    }

    /// The vocabulary of unprefixed elements.
    var defaultNamespace: XMLNamespace { defaultURI.pointer.map(XMLNamespace.init(uri:)) ?? .none }

    /// The URI of an element's name: its prefix's, or the default namespace's; nil when the prefix is undeclared.
    /// `available`: the bytes at hand from `qname` on.
    @inline(__always)
    mutating func elementURI(prefixLength: Int, qname: UnsafePointer<UInt8>, available: Int) -> URI? {
        if prefixLength == 0 { return defaultURI }
        return lookup(prefixLength: prefixLength, qname: qname, available: available)
    }

    /// The URI of an attribute's name: its prefix's, none without a prefix; nil when the prefix is undeclared.
    @inline(__always)
    mutating func attributeURI(prefixLength: Int, qname: UnsafePointer<UInt8>, available: Int) -> URI? {
        if prefixLength == 0 { return URI(pointer: nil) }
        return lookup(prefixLength: prefixLength, qname: qname, available: available)
    }

    /// The URI of a prefix (of `prefixLength` > 0 bytes at `qname`); nil when it is undeclared.
    private mutating func lookup(prefixLength: Int, qname: UnsafePointer<UInt8>, available: Int) -> URI? {
        guard prefixLength <= 7 else { return declaredURI(prefixLength: prefixLength, qname: qname) }
        var key = UInt64(prefixLength) << 56
        if available >= 8 {
            // The prefix's bytes in one load, the bytes after it masked away.
            key |= UnsafeRawPointer(qname).loadUnaligned(as: UInt64.self) & ((1 << (8 * UInt64(prefixLength))) - 1)
        } else {
            for index in 0..<prefixLength { key |= UInt64(qname[index]) << (8 * index) }
        }
        if key == recentKeys.0 { return recentURIs.0 }
        if key == recentKeys.1 { return recentURIs.1 }
        if key == recentKeys.2 { return recentURIs.2 }
        if key == recentKeys.3 { return recentURIs.3 }
        guard let uri = declaredURI(prefixLength: prefixLength, qname: qname) else { return nil }
        switch nextRecent {
        case 0: (recentKeys.0, recentURIs.0) = (key, uri)
        case 1: (recentKeys.1, recentURIs.1) = (key, uri)
        case 2: (recentKeys.2, recentURIs.2) = (key, uri)
        default: (recentKeys.3, recentURIs.3) = (key, uri)
        }
        nextRecent = (nextRecent + 1) & 3
        return uri
    }

    private func declaredURI(prefixLength: Int, qname: UnsafePointer<UInt8>) -> URI? {
        if prefixLength == 3, memcmp(qname, "xml", 3) == 0 {
            return URI(pointer: UnsafeRawPointer(NamespaceScope.xmlNamespace.utf8Start).assumingMemoryBound(to: UInt8.self))
        }
        // The latest declaration of a prefix is the one in scope.
        for declaration in declarations.reversed()
            where declaration.length == prefixLength && memcmp(declaration.prefix, qname, prefixLength) == 0 {
            return URI(pointer: declaration.uri)
        }
        return nil
    }
}

/// The byte classes the scanner checks.
extension SheetDataScanner {
    /// The end of the well-formed UTF-8 sequence of an XML character at `start`, or nil (an overlong form,
    /// a surrogate, U+FFFE/U+FFFF, past U+10FFFF, or cut short).
    static func validUTF8(_ start: UnsafeMutablePointer<UInt8>, _ end: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>? {
        let lead = start.pointee
        let length: Int, minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
        default: return nil
        }
        guard end - start >= length else { return nil }
        for index in 1..<length {
            let byte = start[index]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar),
              scalar != 0xFFFE, scalar != 0xFFFF else { return nil }
        return start + length
    }

    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }

    /// ASCII letters, digits, `_`, `-`, `.` and `:` (a bit for each byte below 128, the mask chosen
    /// without a branch): the bytes of a qualified name, for `scanName`'s loop.
    @inline(__always)
    static func isNameByteOrColon(_ byte: UInt8) -> Bool {
        let low: UInt64 = 1 << 0x2D | 1 << 0x2E | 0x7FF << 0x30                 // - . 0-9 :
        let high: UInt64 = 0x7FF_FFFE | 1 << (0x5F - 64) | 0x7FF_FFFE << 32     // A-Z _ a-z
        let mask = byte & 0x40 == 0 ? low : high
        return byte < 0x80 && (mask >> UInt64(byte & 0x3F)) & 1 != 0
    }

    /// ASCII letters, digits, `_`, `-` and `.`: a bit for each byte below 128.
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        let low: UInt64 = 1 << 0x2D | 1 << 0x2E | 0x3FF << 0x30                 // - . 0-9
        let high: UInt64 = 0x7FF_FFFE | 1 << (0x5F - 64) | 0x7FF_FFFE << 32     // A-Z _ a-z
        return byte < 64 ? low >> byte & 1 != 0 : byte < 128 && high >> (byte - 64) & 1 != 0
    }
}
