import Foundation

/// One record of a CSV file and the line it starts on (1-based, as editors count).
public struct CSVRecord: Hashable, Sendable {
    public var line: Int
    public var fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

/// A streaming RFC 4180 reader: quoted fields with doubled quotes and line breaks, CRLF or LF,
/// an optional UTF-8 byte-order mark, and a comma or semicolon delimiter (Dutch Excel writes
/// semicolons). Memory holds one record, never the file, and a record is held only up to
/// `Limits.recordBytes`. A file that is not UTF-8 text is refused with what it looks like
/// (`TextSniffer`) and the line where that shows.
///
///     var reader = try CSVReader(path: "availability.csv")
///     while let record = try reader.next() { print(record.line, record.fields) }
public struct CSVReader {
    /// Limits against hostile files; a caller may change them.
    public struct Limits: Sendable {
        /// The longest field read: a spreadsheet cell holds at most 32,767 characters, and no date,
        /// code or mark comes near; past this the file is refused before more of it is held.
        public static let fieldBytes = 128 * 1024
        /// The longest record (all its fields together).
        public static let recordBytes = 1 << 20
        /// The most fields on one record; the long format has 4.
        public static let fields = 1_000

        public var maxFieldBytes = Limits.fieldBytes
        public var maxRecordBytes = Limits.recordBytes
        public var maxFields = Limits.fields
        public init() {}
    }

    public private(set) var delimiter: UInt8?
    private let limits: Limits
    private let source: ChunkSource
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var line = 1
    private var started = false
    /// Bytes of the record being read, against `maxRecordBytes`.
    private var recordBytes = 0

    /// Reads `path` in chunks. `delimiter` nil: taken from the first line (`;` if it has more
    /// semicolons than commas outside quotes, else `,`).
    public init(path: String, delimiter: UInt8? = nil, limits: Limits = Limits()) throws(CSVError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "no such file or no permission")
        }
        self.init(source: .file(handle, path: path), delimiter: delimiter, limits: limits)
    }

    /// Reads text already in memory (sample files, tests).
    public init(text: String, delimiter: UInt8? = nil, limits: Limits = Limits()) {
        self.init(source: .memory(Array(text.utf8)), delimiter: delimiter, limits: limits)
    }

    private init(source: ChunkSource, delimiter: UInt8?, limits: Limits) {
        self.source = source
        self.delimiter = delimiter
        self.limits = limits
    }

    /// The next record, or nil at the end of the file. Blank lines are skipped.
    public mutating func next() throws(CSVError) -> CSVRecord? {
        if !started { try start() }
        while true {
            guard try byte(at: 0) != nil else { return nil }
            let startLine = line
            recordBytes = 0
            let fields = try readRecord()
            if fields.count == 1 && fields[0].isEmpty { continue }
            return CSVRecord(line: startLine, fields: fields)
        }
    }

    /// Refuses a file that is not UTF-8 text from its first bytes, and skips a byte-order mark.
    private mutating func start() throws(CSVError) {
        started = true
        let head = try peek(TextSniffer.headLength)
        switch TextSniffer.head(head) {
        case let .encoding(encoding): throw .notUTF8(encoding, line: 1, sample: TextSniffer.sample(Array(head), as: encoding))
        case let .binary(line): throw .binary(line: line)
        case let .utf8(markLength): position += markLength
        }
        if delimiter == nil { delimiter = try detectDelimiter() }
    }

    /// Counts commas and semicolons outside quotes on the first line.
    private mutating func detectDelimiter() throws(CSVError) -> UInt8 {
        var commas = 0, semicolons = 0, quoted = false, offset = 0
        while let current = try byte(at: offset), quoted || (current != 0x0A && current != 0x0D) {
            if current == 0x22 { quoted.toggle() }
            if !quoted && current == 0x2C { commas += 1 }
            if !quoted && current == 0x3B { semicolons += 1 }
            offset += 1
            if offset > limits.maxRecordBytes { break }
        }
        return semicolons > commas ? 0x3B : 0x2C
    }

    private mutating func readRecord() throws(CSVError) -> [String] {
        let delimiter = self.delimiter ?? 0x2C
        var fields: [String] = []
        var field: [UInt8] = []
        while true {
            guard let first = try byte(at: 0) else {
                fields.append(try text(field))
                return fields
            }
            if first == 0x22 && field.isEmpty {
                position += 1
                try readQuoted(into: &field)
                continue
            }
            position += 1
            switch first {
            case delimiter:
                fields.append(try text(field))
                field.removeAll(keepingCapacity: true)
                if fields.count >= limits.maxFields { throw .tooManyFields(line: line, limit: limits.maxFields) }
            case 0x0D, 0x0A:
                if first == 0x0D, try byte(at: 0) == 0x0A { position += 1 }
                fields.append(try text(field))
                line += 1
                return fields
            case 0:
                throw .nulCharacter(line: line)
            case 0x22:
                throw .quoteInUnquotedField(line: line)
            default:
                try append(first, to: &field, line: line)
            }
        }
    }

    /// Reads a quoted field after its opening quote, up to and including the closing one.
    private mutating func readQuoted(into field: inout [UInt8]) throws(CSVError) {
        let openedOn = line
        while true {
            guard let current = try byte(at: 0) else { throw .unterminatedQuote(line: openedOn) }
            position += 1
            switch current {
            case 0x22:
                if try byte(at: 0) == 0x22 {
                    position += 1
                    field.append(0x22)
                } else {
                    if let next = try byte(at: 0), next != delimiter, next != 0x0A, next != 0x0D {
                        throw .textAfterQuote(line: line)
                    }
                    return
                }
            case 0:
                throw .nulCharacter(line: line)
            default:
                if current == 0x0A { line += 1 }
                try append(current, to: &field, line: openedOn)
            }
        }
    }

    /// Adds a byte to the field, within the field's and the record's limits.
    private mutating func append(_ byte: UInt8, to field: inout [UInt8], line: Int) throws(CSVError) {
        field.append(byte)
        recordBytes += 1
        if field.count > limits.maxFieldBytes { throw .fieldTooLong(line: line, limit: limits.maxFieldBytes) }
        if recordBytes > limits.maxRecordBytes { throw .recordTooLong(line: line, limit: limits.maxRecordBytes) }
    }

    /// The field as text; bytes that are not UTF-8 are refused with what they look like.
    private func text(_ bytes: [UInt8]) throws(CSVError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        guard let encoding = TextSniffer.encoding(ofInvalid: bytes) else { throw .binary(line: line) }
        throw .notUTF8(encoding, line: line, sample: TextSniffer.sample(bytes, as: encoding))
    }

    // MARK: Buffering

    private mutating func byte(at offset: Int) throws(CSVError) -> UInt8? {
        while position + offset >= buffer.count {
            if atEnd { return nil }
            guard try refill() else { return nil }
        }
        return buffer[position + offset]
    }

    private mutating func peek(_ count: Int) throws(CSVError) -> ArraySlice<UInt8> {
        _ = try byte(at: count - 1)
        return buffer[position..<min(buffer.count, position + count)]
    }

    /// Drops consumed bytes and appends the next chunk; false at the end of the source.
    private mutating func refill() throws(CSVError) -> Bool {
        if position > 0 {
            buffer.removeFirst(position)
            position = 0
        }
        guard let chunk = try source.nextChunk(), !chunk.isEmpty else {
            atEnd = true
            return false
        }
        buffer.append(contentsOf: chunk)
        return true
    }
}

/// Where the bytes of a CSV come from.
private final class ChunkSource {
    private let handle: FileHandle?
    private let path: String
    private var memory: [UInt8]?
    static let chunkSize = 1 << 16

    static func file(_ handle: FileHandle, path: String) -> ChunkSource { ChunkSource(handle: handle, path: path, memory: nil) }
    static func memory(_ bytes: [UInt8]) -> ChunkSource { ChunkSource(handle: nil, path: "", memory: bytes) }

    private init(handle: FileHandle?, path: String, memory: [UInt8]?) {
        self.handle = handle
        self.path = path
        self.memory = memory
    }

    /// The next chunk, nil at the end. A read error is thrown, never taken for the end of the
    /// file: a file cut short would otherwise import as if it had no more lines.
    func nextChunk() throws(CSVError) -> [UInt8]? {
        if let bytes = memory {
            memory = nil
            return bytes
        }
        guard let handle else { return nil }
        do {
            return (try handle.read(upToCount: ChunkSource.chunkSize)).map { [UInt8]($0) }
        } catch {
            throw .unreadable(path: path, reason: "\(error.localizedDescription)")
        }
    }

    deinit { try? handle?.close() }
}
