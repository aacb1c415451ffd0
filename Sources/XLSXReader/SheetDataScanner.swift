#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the rows of a worksheet's `sheetData` without libxml2: one child element of `sheetData` (a row)
/// at a time, checked whole before any of it is handed on, into a list of events the parser then gives
/// the handler as libxml2 would have. Rows are most of a sheet's bytes and use a small part of XML, so a
/// scanner that knows only that part is several times faster than a general parser.
///
/// It accepts only what it can check completely: elements with declared prefixes, attributes without
/// entities or control characters, text with the predefined entities and character references, valid
/// UTF-8. Anything else (comments, CDATA, processing instructions, namespace declarations, other
/// entities, a carriage return, a name or depth past its small bounds, a malformed tag) makes it answer
/// `.unsupported` before a single event of that row is given out: the parser then hands the row and
/// the rest of the part to libxml2, which accepts it or reports it as before. So a hostile or unusual
/// file is judged by libxml2 exactly as without the scanner, and an ordinary one never reaches it.
struct SheetDataScanner {
    /// What scanning one child of `sheetData` found.
    enum Outcome: Equatable {
        /// A whole element, events recorded, ending just before `end`.
        case element(end: UnsafeMutablePointer<UInt8>)
        /// The element goes on past the bytes at hand.
        case needMore
        /// Something the scanner does not check itself: libxml2 reads from here on.
        case unsupported
    }

    /// One event of the scanned element, as libxml2's SAX2 callbacks would give it.
    struct Event {
        enum Kind: UInt8 { case start, end, text, decodedText, cell }
        var kind: Kind
        /// The local name (start, end), NUL-terminated by `terminateNames()` before dispatch.
        var name: UnsafeMutablePointer<UInt8>?
        var uri: UnsafePointer<UInt8>?
        /// Start: the first attribute slot and the attribute count. Text: offset and length (in the part's
        /// bytes for `.text`, in `decoded` for `.decodedText`). Cell: its index in `cells`.
        var first: Int
        var count: Int
        var textStart: UnsafePointer<UInt8>?
    }

    /// Deepest nesting below `sheetData` the scanner reads itself (row, cell, inline string, text, run).
    static let maxDepth = 8
    /// Longest name and most attributes of one element the scanner reads itself.
    static let maxNameBytes = 128
    static let maxAttributes = 64

    /// The namespaces in scope at `sheetData` (no element below may declare one, or libxml2 reads it).
    private var scope: NamespaceScope
    private var depthAllowed: Int
    /// Whether cells of the common shape are read in one go (`scanCell`): only for the worksheet's own
    /// handler, and only where unprefixed names are SpreadsheetML's (or in no namespace).
    private(set) var readsCells: Bool

    /// The buffers below are the scanner's own memory, reused from row to row (no reference counting or
    /// uniqueness checks in the per-byte work); `deallocate()` frees them.
    private(set) var events = ScratchBuffer<Event>(capacity: 2048)
    /// The cells of the last scanned element read in one go, for its `.cell` events.
    var cells = ScratchBuffer<ScannedCell>(capacity: 512)
    /// Five pointers an attribute, in libxml2's layout: local name, prefix (nil), URI, value start, value end.
    private(set) var slots = ScratchBuffer<UnsafePointer<UInt8>?>(capacity: 4096)
    /// Where each name ends (the byte `terminateNames` overwrites with NUL): element names first, then
    /// attribute names.
    private var nameEnds = ScratchBuffer<UnsafeMutablePointer<UInt8>>(capacity: 2048)
    /// The open elements of the row being scanned: qualified name, its length, its start event.
    private var open = ScratchBuffer<(qname: UnsafeMutablePointer<UInt8>, length: Int, event: Int)>(capacity: 16)
    /// Names read before, compared whole when met again.
    private var recentNames = RecentNames()
    /// Text with entities or character references, decoded.
    private(set) var decoded: [UInt8] = []
    /// Newlines in the last scanned element, for libxml2's line count should it take over later.
    private(set) var newlines = 0

    init(scope: NamespaceScope, depthAllowed: Int, readsCells: Bool = false) {
        self.scope = scope
        self.depthAllowed = min(depthAllowed, SheetDataScanner.maxDepth)
        self.readsCells = readsCells
    }

    /// Starts again in another container (the next sheet of an .ods), keeping the buffers.
    mutating func restart(scope: NamespaceScope, depthAllowed: Int, readsCells: Bool = false) {
        self.scope = scope
        self.depthAllowed = min(depthAllowed, SheetDataScanner.maxDepth)
        self.readsCells = readsCells
    }

    func deallocate() {
        events.deallocate()
        cells.deallocate()
        slots.deallocate()
        nameEnds.deallocate()
        open.deallocate()
        recentNames.deallocate()
    }

    /// Writes the NUL after every name of the last scanned element, so names can be handed on as C strings.
    /// Only once the element is accepted: until then its bytes may still go to libxml2 untouched.
    mutating func terminateNames() {
        for index in 0..<nameEnds.count { nameEnds[index].pointee = 0 }
    }

    /// Scans one element starting at `start` (a `<`), up to `end`.
    mutating func scanElement(from start: UnsafeMutablePointer<UInt8>, to end: UnsafeMutablePointer<UInt8>) -> Outcome {
        events.removeAll()
        cells.removeAll()
        slots.removeAll()
        nameEnds.removeAll()
        open.removeAll()
        if !decoded.isEmpty { decoded.removeAll(keepingCapacity: true) }
        newlines = 0
        var cursor = start
        while true {
            if cursor >= end { return .needMore }
            if cursor.pointee != UInt8(ascii: "<") {
                guard !open.isEmpty else { return .unsupported }
                switch scanText(&cursor, end) {
                case .element: continue
                case let other: return other
                }
            }
            guard cursor + 1 < end else { return .needMore }
            if cursor[1] == UInt8(ascii: "/") {
                guard let top = open.last else { return .unsupported }
                // The end tag must repeat the start tag's qualified name exactly.
                let nameStart = cursor + 2
                guard nameStart + top.length < end else { return .needMore }
                guard memcmp(nameStart, top.qname, top.length) == 0 else { return .unsupported }
                var after = nameStart + top.length
                switch skipSpace(&after, end) {
                case .needMore: return .needMore
                default: break
                }
                guard after < end else { return .needMore }
                guard after.pointee == UInt8(ascii: ">") else { return .unsupported }
                let startEvent = events[top.event]
                events.append(Event(kind: .end, name: startEvent.name, uri: startEvent.uri, first: 0, count: 0))
                open.removeLast()
                cursor = after + 1
                if open.isEmpty { return .element(end: cursor) }
                continue
            }
            // A start tag.
            guard open.count < depthAllowed else { return .unsupported }
            if readsCells, !open.isEmpty, cursor[1] == UInt8(ascii: "c"), cursor + 2 < end,
               cursor[2] == UInt8(ascii: " ") || cursor[2] == UInt8(ascii: "/") || cursor[2] == UInt8(ascii: ">"),
               let after = scanCell(cursor, end, levelsBelow: depthAllowed - open.count - 1) {
                events.append(Event(kind: .cell, name: nil, uri: nil, first: cells.count - 1, count: 0))
                cursor = after
                continue
            }
            let nameStart = cursor + 1
            var after = nameStart
            guard let qname = scanName(&after, end) else { return after >= end ? .needMore : .unsupported }
            let qnameLength = after - nameStart
            guard let uri = scope.elementURI(prefixLength: qname.prefixLength, qname: nameStart, available: end - nameStart) else { return .unsupported }
            let eventIndex = events.count
            events.append(Event(kind: .start, name: nameStart + qname.localOffset, uri: uri.pointer,
                                first: slots.count / 5, count: 0))
            nameEnds.append(after)
            switch scanAttributes(&after, end, event: eventIndex) {
            case .element: break
            case let other: return other
            }
            // `after` is at `>` or at `/>`.
            if after.pointee == UInt8(ascii: "/") {
                guard after + 1 < end else { return .needMore }
                guard after[1] == UInt8(ascii: ">") else { return .unsupported }
                events.append(Event(kind: .end, name: events[eventIndex].name, uri: uri.pointer, first: 0, count: 0))
                cursor = after + 2
                if open.isEmpty { return .element(end: cursor) }
            } else {
                open.append((nameStart, qnameLength, eventIndex))
                cursor = after + 1
            }
        }
    }

    // MARK: - Tags

    /// A name (`local` or `prefix:local`, ASCII name characters only) at `cursor`, which ends past it.
    /// Nil when there is none, it is too long, or the bytes end within it (then `cursor` is at `end`).
    /// Names are a third of a sheet's bytes: the loop runs over name bytes and colons alike, and the one
    /// colon a name may have is looked for afterwards; a name read before is compared whole (`RecentNames`).
    private mutating func scanName(_ cursor: inout UnsafeMutablePointer<UInt8>, _ end: UnsafeMutablePointer<UInt8>)
        -> (prefixLength: Int, localOffset: Int)? {
        let start = cursor
        if let known = recentNames.match(start, end) {
            cursor = start + known.length
            return known.colon == 0 ? (0, 0) : (known.colon, known.colon + 1)
        }
        guard start < end, SheetDataScanner.isNameStart(start.pointee) else { return nil }
        let limit = end - start > SheetDataScanner.maxNameBytes ? start + SheetDataScanner.maxNameBytes + 1 : end
        var next = start + 1
        while next < limit, SheetDataScanner.isNameByteOrColon(next.pointee) { next += 1 }
        cursor = next
        // The bytes end within the name (more may come), or it is longer than a name may be.
        guard next < limit else { return nil }
        let length = next - start
        guard let found = memchr(start, Int32(UInt8(ascii: ":")), length) else {
            recentNames.remember(start, length: length, colon: 0)
            return (0, 0)
        }
        let colon = UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - start
        // One colon, with a name start after it.
        guard colon + 1 < length, SheetDataScanner.isNameStart(start[colon + 1]),
              memchr(start + colon + 1, Int32(UInt8(ascii: ":")), length - colon - 1) == nil else { return nil }
        recentNames.remember(start, length: length, colon: colon)
        return (colon, colon + 1)
    }

    /// The attributes of the start tag whose name ends at `cursor`, into `slots`; leaves `cursor` at the
    /// tag's `>` or `/>`.
    private mutating func scanAttributes(_ cursor: inout UnsafeMutablePointer<UInt8>,
                                         _ end: UnsafeMutablePointer<UInt8>, event: Int) -> Outcome {
        var count = 0
        while true {
            let spaced = cursor < end && XMLText.isSpace(cursor.pointee)
            if case .needMore = skipSpace(&cursor, end) { return .needMore }
            guard cursor < end else { return .needMore }
            let byte = cursor.pointee
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") {
                events[event].count = count
                return .element(end: cursor)
            }
            guard spaced, count < SheetDataScanner.maxAttributes else { return .unsupported }
            let nameStart = cursor
            guard let qname = scanName(&cursor, end) else { return cursor >= end ? .needMore : .unsupported }
            let nameEnd = cursor
            let local = nameStart + qname.localOffset, localLength = nameEnd - local
            // Namespace declarations change what names mean: libxml2's work.
            if qname.prefixLength == 5 || (qname.prefixLength == 0 && localLength == 5),
               memcmp(nameStart, "xmlns", 5) == 0 { return .unsupported }
            guard let uri = scope.attributeURI(prefixLength: qname.prefixLength, qname: nameStart, available: end - nameStart) else {
                return .unsupported
            }
            // A repeated attribute is an error libxml2 reports: the same local name in the same namespace
            // (`office:value-type` and `calcext:value-type` are two attributes).
            for earlier in 0..<count {
                let slot = (slots.count / 5 - count + earlier) * 5
                let otherName = UnsafeMutablePointer(mutating: slots[slot]!)
                if slots[slot + 2] == uri.pointer, nameEnds[nameEnds.count - count + earlier] - otherName == localLength,
                   memcmp(otherName, local, localLength) == 0 {
                    return .unsupported
                }
            }
            if case .needMore = skipSpace(&cursor, end) { return .needMore }
            guard cursor < end else { return .needMore }
            guard cursor.pointee == UInt8(ascii: "=") else { return .unsupported }
            cursor += 1
            if case .needMore = skipSpace(&cursor, end) { return .needMore }
            guard cursor < end else { return .needMore }
            let quote = cursor.pointee
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return .unsupported }
            let valueStart = cursor + 1
            var valueEnd = valueStart
            // Values are plain here: no `<` (an error), no `&` (references), no control characters (which
            // libxml2 normalises), ASCII only.
            while valueEnd < end {
                let byte = valueEnd.pointee
                if byte == quote { break }
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&") else {
                    return .unsupported
                }
                valueEnd += 1
            }
            guard valueEnd < end else { return .needMore }
            slots.append(UnsafePointer(local))
            slots.append(nil)
            slots.append(uri.pointer)
            slots.append(UnsafePointer(valueStart))
            slots.append(UnsafePointer(valueEnd))
            nameEnds.append(nameEnd)
            count += 1
            cursor = valueEnd + 1
            // The next byte must be a space, `>` or `/`: `a="1"b="2"` is not XML.
            guard cursor < end else { return .needMore }
            let next = cursor.pointee
            guard XMLText.isSpace(next) || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") else {
                return .unsupported
            }
        }
    }

    /// Skips spaces, tabs and newlines (a carriage return is libxml2's to normalise). `.needMore` only
    /// for a carriage return's sake is never answered: it is `.unsupported`, reported by the caller's
    /// next check of the byte.
    private mutating func skipSpace(_ cursor: inout UnsafeMutablePointer<UInt8>,
                                    _ end: UnsafeMutablePointer<UInt8>) -> Outcome {
        while cursor < end {
            let byte = cursor.pointee
            if byte == 0x20 || byte == 0x09 {
                cursor += 1
            } else if byte == 0x0A {
                newlines += 1
                cursor += 1
            } else {
                break
            }
        }
        return .element(end: cursor)
    }

    // MARK: - Text

    /// Text up to the next `<`, checked as libxml2 would and recorded as text events; `cursor` ends at
    /// the `<`.
    private mutating func scanText(_ cursor: inout UnsafeMutablePointer<UInt8>,
                                   _ end: UnsafeMutablePointer<UInt8>) -> Outcome {
        guard let found = memchr(cursor, Int32(UInt8(ascii: "<")), end - cursor) else { return .needMore }
        let stop = found.assumingMemoryBound(to: UInt8.self)
        var runStart = cursor
        var index = cursor
        while index < stop {
            let byte = index.pointee
            if byte >= 0x20 && byte < 0x80 {
                if byte == UInt8(ascii: "&") {
                    if index > runStart { appendText(runStart, index) }
                    guard let next = decodeReference(index, stop) else { return .unsupported }
                    index = next
                    runStart = index
                    continue
                }
                if byte == UInt8(ascii: "]"), stop - index >= 3, index[1] == UInt8(ascii: "]"),
                   index[2] == UInt8(ascii: ">") { return .unsupported }
                index += 1
            } else if byte == 0x0A {
                newlines += 1
                index += 1
            } else if byte == 0x09 {
                index += 1
            } else if byte >= 0x80 {
                guard let next = SheetDataScanner.validUTF8(index, stop) else { return .unsupported }
                index = next
            } else {
                return .unsupported
            }
        }
        if stop > runStart { appendText(runStart, stop) }
        cursor = stop
        return .element(end: stop)
    }

    private mutating func appendText(_ start: UnsafeMutablePointer<UInt8>, _ end: UnsafeMutablePointer<UInt8>) {
        events.append(Event(kind: .text, name: nil, uri: nil, first: 0, count: end - start, textStart: UnsafePointer(start)))
    }

    /// Decodes `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#N;` or `&#xH;` at `start` into `decoded` and
    /// returns the byte after it; nil for anything else (libxml2 reports or resolves it).
    private mutating func decodeReference(_ start: UnsafeMutablePointer<UInt8>, _ end: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>? {
        guard let semicolon = memchr(start, Int32(UInt8(ascii: ";")), min(end - start, 12)) else { return nil }
        let close = semicolon.assumingMemoryBound(to: UInt8.self)
        let body = UnsafeBufferPointer(start: UnsafePointer(start + 1), count: close - start - 1)
        var scalar: UInt32
        if body.first == UInt8(ascii: "#") {
            guard let value = SheetDataScanner.characterReference(UnsafeBufferPointer(rebasing: body.dropFirst())) else {
                return nil
            }
            scalar = value
        } else {
            switch String(decoding: body, as: UTF8.self) {
            case "lt": scalar = 0x3C
            case "gt": scalar = 0x3E
            case "amp": scalar = 0x26
            case "quot": scalar = 0x22
            case "apos": scalar = 0x27
            default: return nil
            }
        }
        // XML 1.0's characters: no other control characters, no surrogates, no U+FFFE or U+FFFF.
        guard scalar == 0x09 || scalar == 0x0A || scalar == 0x0D || (0x20...0xD7FF).contains(scalar)
                || (0xE000...0xFFFD).contains(scalar) || (0x10000...0x10FFFF).contains(scalar),
              let character = Unicode.Scalar(scalar) else { return nil }
        let offset = decoded.count
        decoded.append(contentsOf: String(character).utf8)
        events.append(Event(kind: .decodedText, name: nil, uri: nil, first: offset, count: decoded.count - offset))
        return close + 1
    }

    /// The value of the digits of `&#...;` (after the `#`): decimal, or hexadecimal after `x`.
    private static func characterReference(_ digits: UnsafeBufferPointer<UInt8>) -> UInt32? {
        var bytes = digits[...]
        let radix: UInt32 = bytes.first == UInt8(ascii: "x") ? 16 : 10
        if radix == 16 { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty, bytes.count <= 8 else { return nil }
        var value: UInt32 = 0
        for byte in bytes {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * radix + digit
            guard value <= 0x10FFFF else { return nil }
        }
        return value
    }
}
