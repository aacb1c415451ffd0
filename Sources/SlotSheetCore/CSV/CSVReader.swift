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

/// A streaming RFC 4180 reader that also reads CSV as Excel writes it: quoted fields with doubled
/// quotes and line breaks, CRLF or LF, an optional UTF-8 byte-order mark, a comma or semicolon
/// delimiter (Dutch Excel writes semicolons), and Excel's `sep=;` (or `sep=,`) first line, which
/// names the delimiter and is not a record. Memory holds one record, never the file, and a record
/// is held only up to `Limits.recordBytes`. A file that is not UTF-8 text is refused with what it
/// looks like (`TextSniffer`) and the line where that shows.
///
///     var reader = try CSVReader(path: "availability.csv")
///     while let record = try reader.next() { print(record.line, record.fields) }
///
/// `advance()` reads the next record without making a `String` of each field, for readers of
/// large files (the availability import); `next()` is built on it.
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
    /// The line of Excel's `sep=` line, when the file starts with one.
    public private(set) var separatorLine: Int?
    private let limits: Limits
    private let source: ChunkSource
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var line = 1
    private var started = false

    /// The record read last by `advance()`: its fields' bytes end to end (quotes taken off), where
    /// each field ends in them and the line each ends on. Allocated once at the limits' size, so
    /// reading a record copies bytes and checks nothing else.
    private let record: RecordStorage
    /// The line the record read last starts on.
    private(set) var recordLine = 0
    /// Whether the record read last holds a byte past ASCII (only then is UTF-8 checked).
    private(set) var recordHasHighBytes = false

    /// Reads `path` in chunks. `delimiter` nil: from a `sep=` first line, else taken from the first
    /// line (`;` if it has more semicolons than commas outside quotes, else `,`).
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
        record = RecordStorage(limits)
    }

    /// The next record, or nil at the end of the file. Blank lines are skipped.
    public mutating func next() throws(CSVError) -> CSVRecord? {
        guard try advance() else { return nil }
        var fields: [String] = []
        fields.reserveCapacity(fieldCount)
        for index in 0..<fieldCount { fields.append(try string(index)) }
        return CSVRecord(line: recordLine, fields: fields)
    }

    /// Reads the next record into the reader's own storage (`fieldCount`, `field(_:)`); false at
    /// the end of the file. Blank lines are skipped. Every field is checked to be UTF-8.
    mutating func advance() throws(CSVError) -> Bool {
        if !started { try start() }
        while true {
            guard try readRecord() else { return false }
            if record.fieldCount == 1 && record.length == 0 { continue }
            if recordHasHighBytes { try checkUTF8() }
            return true
        }
    }

    /// The number of fields of the record read last.
    var fieldCount: Int { record.fieldCount }

    /// The bytes of all fields of the record read last together (0: every field is empty).
    var recordLength: Int { record.length }

    /// Where field `index` of the record read last ends among `recordLength` bytes.
    func fieldEnd(_ index: Int) -> Int { record.ends[index] }

    /// The bytes of field `index` of the record read last; valid until the next `advance()`.
    @inline(__always)
    func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : record.ends[index - 1]
        return UnsafeBufferPointer(start: record.bytes + start, count: record.ends[index] - start)
    }

    /// Field `index` of the record read last as text (checked to be UTF-8 by `advance()`).
    func string(_ index: Int) throws(CSVError) -> String {
        guard let text = String(validating: field(index), as: UTF8.self) else { throw notText(index) }
        return text
    }

    /// Refuses a file that is not UTF-8 text from its first bytes, skips a byte-order mark and
    /// reads Excel's `sep=` line.
    private mutating func start() throws(CSVError) {
        started = true
        let head = try peek(TextSniffer.headLength)
        switch TextSniffer.head(head) {
        case let .encoding(encoding): throw .notUTF8(encoding, line: 1, sample: TextSniffer.sample(Array(head), as: encoding))
        case let .binary(line): throw .binary(line: line)
        case let .utf8(markLength): position += markLength
        }
        if let named = try separatorLineDelimiter() {
            delimiter = named
            separatorLine = 1
            guard try readRecord() else { return }
        }
        if delimiter == nil { delimiter = try detectDelimiter() }
    }

    /// The delimiter Excel's first line `sep=;` names (also quoted, `"sep=;"`, and followed by
    /// empty fields, as a spreadsheet program saving it again writes it); nil without one.
    private mutating func separatorLineDelimiter() throws(CSVError) -> UInt8? {
        let quoted = try byte(at: 0) == 0x22
        var offset = quoted ? 1 : 0
        for (index, letter) in "sep=".utf8.enumerated() {
            guard let current = try byte(at: offset), (index < 3 ? current | 0x20 : current) == letter else { return nil }
            offset += 1
        }
        guard let named = try byte(at: offset), CSVReader.namedDelimiters.contains(named) else { return nil }
        offset += 1
        if quoted {
            guard try byte(at: offset) == 0x22 else { return nil }
            offset += 1
        }
        while let current = try byte(at: offset), current != 0x0A, current != 0x0D {
            guard CSVReader.namedDelimiters.contains(current) else { return nil }
            offset += 1
        }
        return named
    }

    /// The delimiters a `sep=` line may name: comma, semicolon, tab.
    static let namedDelimiters: [UInt8] = [0x2C, 0x3B, 0x09]

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

    // MARK: Records

    private enum State {
        /// At the start of a field.
        case fieldStart
        case unquoted
        /// Inside quotes.
        case quoted
        /// A quote inside quotes: the end of the field, or the first of two.
        case quoteInQuotes
    }

    /// Reads one record into `record`; false at the end of the file with nothing
    /// read. Runs over the buffered bytes through a pointer, refilling between chunks.
    private mutating func readRecord() throws(CSVError) -> Bool {
        if position >= buffer.count, !(try refill()) { return false }
        let delimiter = self.delimiter ?? 0x2C
        let maxField = limits.maxFieldBytes, maxRecord = limits.maxRecordBytes, maxFields = limits.maxFields
        // The record's storage through its pointers: no copy-on-write or bounds checks per byte.
        let out = record.bytes, ends = record.ends, endLines = record.lines
        var length = 0, fields = 0
        defer {
            record.length = length
            record.fieldCount = fields
        }
        recordLine = line
        recordHasHighBytes = false
        var line = self.line
        defer { self.line = line }
        var state = State.fieldStart
        var fieldStart = 0
        var openedOn = line
        var high: UInt8 = 0
        while true {
            let count = buffer.count
            var index = position
            // The scan: bytes are copied into the field until a byte that ends or changes it.
            let outcome: ScanOutcome = buffer.withUnsafeBufferPointer { bytes in
                while index < count {
                    let current = bytes[index]
                    index += 1
                    if state == .quoted {
                        switch current {
                        case 0x22:
                            state = .quoteInQuotes
                        case 0:
                            return .failed(.nulCharacter(line: line))
                        default:
                            if current == 0x0A { line += 1 }
                            high |= current
                            out[length] = current
                            length += 1
                            if length - fieldStart > maxField { return .failed(.fieldTooLong(line: openedOn, limit: maxField)) }
                            if length > maxRecord { return .failed(.recordTooLong(line: openedOn, limit: maxRecord)) }
                        }
                        continue
                    }
                    if state == .quoteInQuotes {
                        if current == 0x22 {
                            out[length] = 0x22
                            length += 1
                            state = .quoted
                            if length - fieldStart > maxField { return .failed(.fieldTooLong(line: openedOn, limit: maxField)) }
                            if length > maxRecord { return .failed(.recordTooLong(line: openedOn, limit: maxRecord)) }
                            continue
                        }
                        // After the closing quote only the end of the field or of the line may come.
                        guard current == delimiter || current == 0x0A || current == 0x0D else { return .failed(.textAfterQuote(line: line)) }
                    }
                    switch current {
                    case delimiter:
                        ends[fields] = length
                        endLines[fields] = line
                        fields += 1
                        if fields >= maxFields { return .failed(.tooManyFields(line: line, limit: maxFields)) }
                        fieldStart = length
                        state = .fieldStart
                    case 0x0A:
                        line += 1
                        return .ended(crPending: false)
                    case 0x0D:
                        line += 1
                        return .ended(crPending: true)
                    case 0x22:
                        guard state == .fieldStart else { return .failed(.quoteInUnquotedField(line: line)) }
                        state = .quoted
                        openedOn = line
                    case 0:
                        return .failed(.nulCharacter(line: line))
                    default:
                        state = .unquoted
                        high |= current
                        out[length] = current
                        length += 1
                        if length - fieldStart > maxField { return .failed(.fieldTooLong(line: line, limit: maxField)) }
                        if length > maxRecord { return .failed(.recordTooLong(line: line, limit: maxRecord)) }
                    }
                }
                return .needMore
            }
            position = index
            switch outcome {
            case let .failed(error):
                throw error
            case let .ended(crPending):
                ends[fields] = length
                endLines[fields] = line - 1
                fields += 1
                if crPending, try byte(at: 0) == 0x0A { position += 1 }
                recordHasHighBytes = high >= 0x80
                return true
            case .needMore:
                guard try refill() else {
                    if state == .quoted { throw .unterminatedQuote(line: openedOn) }
                    ends[fields] = length
                    endLines[fields] = line
                    fields += 1
                    recordHasHighBytes = high >= 0x80
                    return true
                }
            }
        }
    }

    private enum ScanOutcome {
        case ended(crPending: Bool)
        case needMore
        case failed(CSVError)
    }

    /// Checks every field of a record with bytes past ASCII to be UTF-8.
    private func checkUTF8() throws(CSVError) {
        for index in 0..<fieldCount {
            let bytes = field(index)
            if bytes.contains(where: { $0 >= 0x80 }) && String(validating: bytes, as: UTF8.self) == nil { throw notText(index) }
        }
    }

    /// Field `index`, which is not UTF-8, refused with what it looks like.
    private func notText(_ index: Int) -> CSVError {
        let bytes = Array(field(index))
        let line = record.lines[index]
        guard let encoding = TextSniffer.encoding(ofInvalid: bytes) else { return .binary(line: line) }
        return .notUTF8(encoding, line: line, sample: TextSniffer.sample(bytes, as: encoding))
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
        if atEnd { return false }
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

/// The bytes and field ends of one record, allocated once at the limits' size (a record past
/// them is refused before it would overflow).
private final class RecordStorage {
    let bytes: UnsafeMutablePointer<UInt8>
    let ends: UnsafeMutablePointer<Int>
    /// The line each field ends on.
    let lines: UnsafeMutablePointer<Int>
    var length = 0
    var fieldCount = 0

    init(_ limits: CSVReader.Limits) {
        bytes = .allocate(capacity: limits.maxRecordBytes + 1)
        ends = .allocate(capacity: limits.maxFields + 1)
        lines = .allocate(capacity: limits.maxFields + 1)
    }

    deinit {
        bytes.deallocate()
        ends.deallocate()
        lines.deallocate()
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
