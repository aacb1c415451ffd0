/// The compact form values are stored in when they go into the database as bytes (an upload's
/// stored preview, `StoredPreview`): whole numbers as variable-length integers (7 bits a byte),
/// text as its UTF-8 length and bytes, lists as their count and items. No field names and no
/// padding: a year's plan of a million changes is a few bytes a change, not a hundred.
struct StoredBytesWriter {
    private(set) var bytes: [UInt8] = []

    mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A signed number, zigzag-coded so that small negative numbers stay small.
    mutating func integer(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func int(_ value: Int) { integer(Int64(value)) }

    /// How many items follow (read back by `StoredBytesReader.count`).
    mutating func count(_ value: Int) { unsigned(UInt64(value)) }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func text(_ value: String) {
        let utf8 = value.utf8
        unsigned(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    mutating func optionalText(_ value: String?) {
        bool(value != nil)
        if let value { text(value) }
    }

    mutating func texts(_ values: [String]) {
        unsigned(UInt64(values.count))
        for value in values { text(value) }
    }

    mutating func raw(_ values: [UInt8]) {
        unsigned(UInt64(values.count))
        bytes.append(contentsOf: values)
    }
}

/// Why stored bytes could not be read back: they were cut short or say something no writer wrote.
/// Either means the row was damaged (or written by a newer slotsheet); the reader never guesses.
public enum StoredBytesError: Error, Equatable, Sendable {
    /// The bytes end in the middle of a value.
    case truncated
    /// A tag, count or text no writer writes; the text names what was being read.
    case unexpected(String)
}

/// Reads what `StoredBytesWriter` wrote, in the same order.
struct StoredBytesReader {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }

    mutating func unsigned() throws(StoredBytesError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count else { throw .truncated }
            guard shift < 64 else { throw .unexpected("a number of more than 64 bits") }
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func integer() throws(StoredBytesError) -> Int64 {
        let coded = try unsigned()
        return Int64(bitPattern: coded >> 1) ^ -Int64(bitPattern: coded & 1)
    }

    mutating func int() throws(StoredBytesError) -> Int { Int(try integer()) }

    /// A count of items each at least `itemBytes` long: never more than the bytes left can hold,
    /// so a damaged count cannot make the reader reserve memory for billions of items.
    mutating func count(itemBytes: Int = 1) throws(StoredBytesError) -> Int {
        let value = try unsigned()
        guard value <= UInt64(bytes.count - position) / UInt64(max(itemBytes, 1)) else { throw .truncated }
        return Int(value)
    }

    mutating func bool() throws(StoredBytesError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let other: throw .unexpected("a flag of \(other)")
        }
    }

    mutating func byte() throws(StoredBytesError) -> UInt8 {
        guard position < bytes.count else { throw .truncated }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func text() throws(StoredBytesError) -> String {
        let length = try count()
        defer { position += length }
        return String(decoding: bytes[position..<position + length], as: UTF8.self)
    }

    mutating func optionalText() throws(StoredBytesError) -> String? {
        try bool() ? try text() : nil
    }

    mutating func texts() throws(StoredBytesError) -> [String] {
        let count = try count()
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try text()) }
        return values
    }

    mutating func raw() throws(StoredBytesError) -> [UInt8] {
        let length = try count()
        defer { position += length }
        return Array(bytes[position..<position + length])
    }
}
