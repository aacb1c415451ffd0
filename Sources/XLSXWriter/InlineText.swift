/// Text as the content of an inline string cell (`<c ... t="inlineStr"><is><t>...</t></is></c>`),
/// as libxlsxwriter writes it in constant-memory mode, for the sheets and rows written outside it
/// (`PreparedSheet`, `PreparedRows`).
enum InlineText {
    /// Ends a cell whose start tag is open after its attributes (`<c r="B2" s="3"`): the type,
    /// the text (space kept where it leads or trails) and the end tags.
    static func appendCellEnd(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #" t="inlineStr"><is><t"#.utf8)
        if let first = text.utf8.first, let last = text.utf8.last, isSpace(first) || isSpace(last) {
            bytes.append(contentsOf: #" xml:space="preserve""#.utf8)
        }
        bytes.append(UInt8(ascii: ">"))
        appendEscaped(text, to: &bytes)
        bytes.append(contentsOf: "</t></is></c>".utf8)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// `text` as XML character data: `&`, `<`, `>` as entities; characters XML 1.0 cannot hold
    /// (C0 controls but tab and line feed, U+FFFE, U+FFFF) and a carriage return (which XML
    /// would turn into a line feed) as `_xHHHH_`; the underscore of a literal `_xHHHH_` as
    /// `_x005F_`, so a reader that decodes the escapes gets the text back.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        let special = { (byte: UInt8) in
            byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "_") || byte == 0xEF
        }
        // Through the string's own storage where it has one: a view's iterator costs ~5 times as much.
        let needsWork = utf8.withContiguousStorageIfAvailable { $0.contains(where: special) } ?? utf8.contains(where: special)
        guard needsWork else {
            bytes.append(contentsOf: utf8)
            return
        }
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "&": bytes.append(contentsOf: "&amp;".utf8)
            case "<": bytes.append(contentsOf: "&lt;".utf8)
            case ">": bytes.append(contentsOf: "&gt;".utf8)
            case "\t", "\n": bytes.append(UInt8(scalar.value))
            case "_" where startsEscape(scalars, at: index): bytes.append(contentsOf: "_x005F_".utf8)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    bytes.append(contentsOf: escape(scalar.value).utf8)
                } else {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
    }

    private static func escape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "_x" + String(repeating: "0", count: 4 - hex.count) + hex + "_"
    }

    /// Whether `_xHHHH_` starts at `index`.
    private static func startsEscape(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 6 < scalars.count, scalars[index + 1] == "x", scalars[index + 6] == "_" else { return false }
        return scalars[(index + 2)...(index + 5)].allSatisfy { $0.properties.isASCIIHexDigit }
    }
}
