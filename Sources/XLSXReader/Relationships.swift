/// Part names inside the package: how they are compared and how relationship targets resolve to them.
enum PartName {
    /// The lookup key of a part: no leading slash, forward slashes, ASCII lower case (OPC part names
    /// are case-insensitive).
    static func key(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        var started = false
        for scalar in name.unicodeScalars {
            let slash = scalar == "/" || scalar == "\\"
            if !started && slash { continue }
            started = true
            if slash {
                scalars.append("/")
            } else if scalar.value >= 0x41 && scalar.value <= 0x5A {
                scalars.append(Unicode.Scalar(scalar.value + 0x20)!)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Whether a zip entry's name is an absolute path (`/etc/passwd`, `\\server\share`, `C:\x`) or has a
    /// `..` segment: names OPC forbids, the start of path-traversal attacks on programs that unpack.
    static func isUnsafeEntryName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        if let first = utf8.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "\\") { return true }
        if utf8.count >= 2, utf8[1] == UInt8(ascii: ":"), (utf8[0] | 0x20) >= UInt8(ascii: "a"),
           (utf8[0] | 0x20) <= UInt8(ascii: "z") { return true }
        return name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
    }

    /// The part a relationship target points to. Absolute targets (`/xl/worksheets/sheet1.xml`) start
    /// at the package root; relative ones at the folder of the part the relationships belong to.
    /// `.` and `..` segments are resolved and never climb above the root; `%XX` escapes are decoded.
    static func resolve(_ target: String, relativeTo source: String) -> String {
        var segments: [Substring] = []
        if !(target.hasPrefix("/") || target.hasPrefix("\\")) {
            segments = source.split(separator: "/", omittingEmptySubsequences: true)
            if !segments.isEmpty { segments.removeLast() }  // the source part's own file name
        }
        for segment in percentDecoded(target).split(whereSeparator: { $0 == "/" || $0 == "\\" }) {
            switch segment {
            case ".": continue
            case "..": if !segments.isEmpty { segments.removeLast() }
            default: segments.append(segment)
            }
        }
        return segments.joined(separator: "/")
    }

    /// The relationships part of `part`: `xl/workbook.xml` -> `xl/_rels/workbook.xml.rels`; the package
    /// itself (the empty name) -> `_rels/.rels`.
    static func relationships(of part: String) -> String {
        guard let slash = part.lastIndex(of: "/") else { return "_rels/\(part).rels" }
        return "\(part[..<slash])/_rels/\(part[part.index(after: slash)...]).rels"
    }

    private static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One relationship of a part: its id, its type's last word (`worksheet`, `sharedStrings`...), and the
/// part it leads to (nil for external targets such as hyperlinks).
struct Relationship: Equatable {
    let id: String
    let type: String
    let target: String?

    /// The type's last path segment: Transitional and Strict types differ only before it.
    var kind: Substring { type[(type.lastIndex(of: "/").map(type.index(after:)) ?? type.startIndex)...] }
}

/// The relationships of one part, read from its `.rels` part.
struct Relationships {
    let items: [Relationship]
    /// The position of the first relationship with each id: sheets are looked up by id, and a scan per
    /// sheet made 10,000 sheets over 19,000 relationships take half a minute.
    private let positionOfID: [String: Int]

    /// Reads the relationships of `source` (the empty string for the package). A missing `.rels` part
    /// means the part has none.
    init(of source: String, in archive: ZipArchive) throws(XLSXError) {
        let part = PartName.relationships(of: source)
        guard archive.contains(part) else {
            items = []
            positionOfID = [:]
            return
        }
        let handler = RelationshipsHandler(source: source, part: part, limits: archive.limits)
        try archive.parse(part, with: handler)
        items = handler.items
        var positions: [String: Int] = [:]
        for (position, item) in items.enumerated() where positions[item.id] == nil { positions[item.id] = position }
        positionOfID = positions
    }

    /// The first relationship of a kind, such as `officeDocument` or `styles`.
    func first(_ kind: String) -> Relationship? { items.first { $0.kind == kind && $0.target != nil } }

    /// The relationship with an id, as `r:id` attributes name it.
    func with(id: String) -> Relationship? { positionOfID[id].map { items[$0] } }
}

private final class RelationshipsHandler: XMLContentHandler {
    let source: String
    let part: String
    let limits: XLSXLimits
    var items: [Relationship] = []

    init(source: String, part: String, limits: XLSXLimits) {
        self.source = source
        self.part = part
        self.limits = limits
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        guard name.is("Relationship", in: .packageRelationships) else { return }
        try limits.checkCount(items.count + 1, of: .relationships, in: part)
        let id = attributes.value("Id")?.attributeString ?? ""
        let type = attributes.value("Type")?.attributeString ?? ""
        let external = attributes.value("TargetMode")?.attributeString == "External"
        let target = attributes.value("Target")?.attributeString
        items.append(Relationship(
            id: id, type: type,
            target: external ? nil : target.map { PartName.resolve($0, relativeTo: source) }))
    }

    func endElement(_ name: XMLName) throws(XLSXError) {}
    func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {}
}
