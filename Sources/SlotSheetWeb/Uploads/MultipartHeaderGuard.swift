import NIOCore

/// Watches a multipart body on its way to `MultipartParser` and refuses a part header whose name
/// holds a byte past ASCII. multipart-kit 4.7.1 looks such a byte up in a 128-entry table and
/// traps, which would end the whole server for one hostile request (schemathesis found it); the
/// parser is not ours to change, so the bytes it would choke on never reach it.
///
/// It follows the body as the parser does: a delimiter (`--` and the boundary, found across chunk
/// edges), the rest of its line, then header lines (`name: value`) up to an empty line.
struct MultipartHeaderGuard {
    struct NonASCIIHeaderName: Error {}

    private enum State { case seekingDelimiter, restOfDelimiterLine, lineStart, name, value, endOfHeaders }

    private let delimiter: [UInt8]
    /// For each prefix of the delimiter, the longest proper prefix that is also its suffix (KMP).
    private let fallback: [Int]
    private var matched = 0
    private var state = State.seekingDelimiter

    init(boundary: String) {
        delimiter = Array(("--" + boundary).utf8)
        var fallback = [0]
        var length = 0
        for index in delimiter.indices.dropFirst() {
            while length > 0 && delimiter[index] != delimiter[length] { length = fallback[length - 1] }
            if delimiter[index] == delimiter[length] { length += 1 }
            fallback.append(length)
        }
        self.fallback = fallback
    }

    /// Checks the next chunk of the body; throws at a header name the parser cannot take.
    mutating func check(_ chunk: ByteBuffer) throws {
        for byte in chunk.readableBytesView {
            switch state {
            case .seekingDelimiter:
                while matched > 0 && byte != delimiter[matched] { matched = fallback[matched - 1] }
                if byte == delimiter[matched] { matched += 1 }
                if matched == delimiter.count {
                    matched = 0
                    state = .restOfDelimiterLine
                }
            case .restOfDelimiterLine:
                if byte == UInt8(ascii: "\n") { state = .lineStart }
            case .lineStart:
                if byte == UInt8(ascii: "\r") {
                    state = .endOfHeaders
                } else {
                    state = .name
                    try checkName(byte)
                }
            case .name:
                try checkName(byte)
                if byte == UInt8(ascii: ":") { state = .value }
            case .value:
                if byte == UInt8(ascii: "\n") { state = .lineStart }
            case .endOfHeaders:
                state = .seekingDelimiter
            }
        }
    }

    private func checkName(_ byte: UInt8) throws {
        if byte >= 0x80 { throw NonASCIIHeaderName() }
    }
}
