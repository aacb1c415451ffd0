/// The shared-string table (`sharedStrings.xml`), kept compact: every string's UTF-8 bytes one after
/// the other in one buffer, plus where each ends. Memory is the text itself plus 4 bytes a string, never
/// the size of the XML. Rich-text runs are joined, phonetic runs (`<rPh>`) left out, `_xHHHH_` decoded.
final class SharedStrings {
    private let storage: [UInt8]
    private let ends: [UInt32]

    let count: Int

    init() {
        storage = []
        ends = []
        count = 0
    }

    /// Reads the table from its part.
    init(part: String, in archive: ZipArchive) throws(XLSXError) {
        let handler = SharedStringsHandler(part: part, limits: archive.limits)
        try archive.parse(part, role: .streamed, with: handler)
        storage = handler.table.storage
        ends = handler.table.ends
        count = ends.count
    }

    /// The string at a 0-based index; the caller has checked `index < count`.
    @inline(__always)
    func string(at index: Int) -> String {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        let end = Int(ends[index])
        return storage.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
        }
    }

    /// Whether the string at `index` is empty (such cells count as empty).
    @inline(__always)
    func isEmpty(at index: Int) -> Bool {
        (index == 0 ? 0 : ends[index - 1]) == ends[index]
    }

}

/// The table while it is read.
private struct SharedStringsBuilder {
    var storage: [UInt8] = []
    var ends: [UInt32] = []

    var count: Int { ends.count }
    var byteCount: Int { storage.count }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { storage.append(contentsOf: bytes) }

    /// Closes the string that began at byte `start`: decodes its escapes in place and records its end.
    mutating func finishString(startingAt start: Int) {
        if storage.count > start {
            let length = storage.withUnsafeMutableBufferPointer { buffer in
                OOXMLEscapes.decode(UnsafeMutableBufferPointer(rebasing: buffer[start...]))
            }
            storage.removeSubrange((start + length)...)
        }
        ends.append(UInt32(storage.count))
    }
}

private final class SharedStringsHandler: XMLContentHandler {
    var table = SharedStringsBuilder()
    private let part: String
    private let limits: XLSXLimits
    private var inItem = false
    private var phoneticDepth = 0
    private var capturing = false
    private var itemStart = 0

    init(part: String, limits: XLSXLimits) {
        self.part = part
        self.limits = limits
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        guard name.namespace.matches(.spreadsheet) else { return }
        if name.is("si", in: .spreadsheet) {
            guard table.count < limits.maxSharedStrings else {
                throw .limitExceeded(limit: .sharedStrings, part: part, maximum: limits.maxSharedStrings)
            }
            // The offsets are 32-bit: the table's text must fit, with room for one more string.
            let maximum = limits.value(of: .sharedStringBytes)
            guard table.byteCount <= maximum - min(limits.maxStringBytes, maximum) else {
                throw .limitExceeded(limit: .sharedStringBytes, part: part, maximum: maximum)
            }
            inItem = true
            itemStart = table.byteCount
        } else if name.is("rPh", in: .spreadsheet) {
            phoneticDepth += 1
        } else if inItem, phoneticDepth == 0, name.is("t", in: .spreadsheet) {
            capturing = true
        }
    }

    func endElement(_ name: XMLName) throws(XLSXError) {
        guard name.namespace.matches(.spreadsheet) else { return }
        if name.is("t", in: .spreadsheet) {
            capturing = false
        } else if name.is("rPh", in: .spreadsheet) {
            phoneticDepth -= 1
        } else if name.is("si", in: .spreadsheet) {
            table.finishString(startingAt: itemStart)
            inItem = false
        }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {
        guard capturing else { return }
        guard table.byteCount - itemStart + bytes.count <= limits.maxStringBytes else {
            throw .limitExceeded(limit: .stringLength, part: part, maximum: limits.maxStringBytes)
        }
        table.append(bytes)
    }
}

/// OOXML's `_xHHHH_` escapes: a UTF-16 code unit written as four hex digits, used for characters XML
/// cannot hold (`_x000D_` is a carriage return; `_x005F_` escapes the underscore itself).
enum OOXMLEscapes {
    /// Decodes the escapes in place and returns the new length (never longer than before).
    static func decode(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard buffer.contains(UInt8(ascii: "_")) else { return buffer.count }
        var read = 0, write = 0
        while read < buffer.count {
            if var unit = codeUnit(buffer, at: read) {
                read += 7
                var scalar: Unicode.Scalar
                if (0xD800..<0xDC00).contains(unit), let low = codeUnit(buffer, at: read), (0xDC00..<0xE000).contains(low) {
                    read += 7
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
                } else {
                    scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
                }
                for byte in UTF8.encode(scalar)! {
                    buffer[write] = byte
                    write += 1
                }
            } else {
                buffer[write] = buffer[read]
                write += 1
                read += 1
            }
        }
        return write
    }

    /// The code unit of an escape starting at `index`, or nil when there is none.
    private static func codeUnit(_ buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index + 7 <= buffer.count, buffer[index] == UInt8(ascii: "_"), buffer[index + 1] == UInt8(ascii: "x"),
              buffer[index + 6] == UInt8(ascii: "_") else { return nil }
        var value: UInt32 = 0
        for offset in 2..<6 {
            let byte = buffer[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
