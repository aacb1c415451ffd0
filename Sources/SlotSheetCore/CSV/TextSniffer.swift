import Foundation
import SlotSheetTemplates

/// Tells what a file that should be UTF-8 text looks like when it is not: another Unicode encoding
/// (from its byte-order mark, or from the zero bytes UTF-16 and UTF-32 put between ASCII
/// letters), a Western European code page, or no text at all. Guesses only from bytes already
/// read, so it costs nothing on a good file.
enum TextSniffer {
    /// How many bytes at the start of a file are looked at.
    static let headLength = 1024

    /// What the start of a file is.
    enum Head: Equatable {
        /// UTF-8 (or plain ASCII), after a byte-order mark of `markLength` bytes (0 or 3).
        case utf8(markLength: Int)
        case encoding(TextEncoding)
        /// Not text; the line of the first byte that text never has.
        case binary(line: Int)
    }

    /// Looks at up to `headLength` bytes from the start of a file.
    static func head(_ bytes: ArraySlice<UInt8>) -> Head {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return .encoding(.utf32LittleEndian) }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return .encoding(.utf32BigEndian) }
        if bytes.starts(with: [0xFF, 0xFE]) { return .encoding(.utf16LittleEndian) }
        if bytes.starts(with: [0xFE, 0xFF]) { return .encoding(.utf16BigEndian) }
        if let wide = wideEncoding(bytes) { return .encoding(wide) }
        let markLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let line = binaryLine(bytes.dropFirst(markLength)) { return .binary(line: line) }
        return .utf8(markLength: markLength)
    }

    /// UTF-16 or UTF-32 without a byte-order mark: text in the Latin alphabet then has a zero byte
    /// beside (or three beside) every letter, always at the same places.
    static func wideEncoding(_ bytes: ArraySlice<UInt8>) -> TextEncoding? {
        guard bytes.count >= 4 else { return nil }
        var zeros = [0, 0, 0, 0], totals = [0, 0, 0, 0]
        for (index, byte) in bytes.prefix(headLength).enumerated() {
            totals[index % 4] += 1
            if byte == 0 { zeros[index % 4] += 1 }
        }
        let mostly = { (place: Int) in zeros[place] * 10 >= totals[place] * 9 }
        let rarely = { (place: Int) in zeros[place] * 10 <= totals[place] }
        if mostly(1) && mostly(2) && mostly(3) && rarely(0) { return .utf32LittleEndian }
        if mostly(0) && mostly(1) && mostly(2) && rarely(3) { return .utf32BigEndian }
        if mostly(1) && mostly(3) && rarely(0) && rarely(2) { return .utf16LittleEndian }
        if mostly(0) && mostly(2) && rarely(1) && rarely(3) { return .utf16BigEndian }
        return nil
    }

    /// The line of the first control byte when at least 3 bytes, and 1 in 20, are control
    /// bytes (text has tabs and line breaks, nothing else below a space); nil for text.
    static func binaryLine(_ bytes: ArraySlice<UInt8>) -> Int? {
        let sample = bytes.prefix(headLength)
        let controls = sample.filter(isControl).count
        guard controls >= 3, controls * 20 >= sample.count, let first = sample.firstIndex(where: isControl) else { return nil }
        return line(of: first, in: sample)
    }

    /// What bytes that are not UTF-8 most likely are: Windows-1252 when every byte is a letter or
    /// sign there, nil (not text) when some byte is a control byte or one that code page lacks.
    static func encoding(ofInvalid bytes: [UInt8]) -> TextEncoding? {
        let undefinedIn1252: Set<UInt8> = [0x81, 0x8D, 0x8F, 0x90, 0x9D]
        return bytes.contains { isControl($0) || undefinedIn1252.contains($0) } ? nil : .windows1252
    }

    /// `bytes` read as `encoding`, shortened and on one line, to quote in a message.
    static func sample(_ bytes: [UInt8], as encoding: TextEncoding) -> String? {
        let foundation: String.Encoding = switch encoding {
        case .windows1252: .windowsCP1252
        case .utf16LittleEndian: .utf16LittleEndian
        case .utf16BigEndian: .utf16BigEndian
        case .utf32LittleEndian: .utf32LittleEndian
        case .utf32BigEndian: .utf32BigEndian
        }
        guard let text = String(bytes: bytes.prefix(240), encoding: foundation) else { return nil }
        let shown = text.replacingOccurrences(of: "\u{FEFF}", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
            .map { $0.isNewline ? " " : String($0) }.joined()
        guard !shown.isEmpty else { return nil }
        return shown.count > 40 ? String(shown.prefix(40)) + "…" : shown
    }

    /// Below a space and not a tab or line break, or DEL.
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }

    /// The 1-based line of `index`, counting line ends as the reader does (LF, CR LF or a lone CR).
    private static func line(of index: ArraySlice<UInt8>.Index, in bytes: ArraySlice<UInt8>) -> Int {
        var line = 1
        var position = bytes.startIndex
        while position < index {
            let byte = bytes[position]
            if byte == 0x0A || (byte == 0x0D && (position + 1 >= bytes.endIndex || bytes[position + 1] != 0x0A)) { line += 1 }
            position += 1
        }
        return line
    }
}
