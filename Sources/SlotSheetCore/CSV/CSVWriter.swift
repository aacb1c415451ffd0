/// Writes RFC 4180 CSV: fields with a comma, semicolon, quote or line break are quoted, quotes
/// doubled, records end in CRLF; the delimiter is the dialect's. With `neutralizeFormulas`, text a
/// spreadsheet would run as a formula gets a leading apostrophe (`FormulaGuard`).
///
///     var csv = CSVWriter()
///     csv.write(["date", "daypart", "staff", "available"])
///     csv.text   // "date,daypart,staff,available\r\n"
public struct CSVWriter {
    public private(set) var text = ""
    public var neutralizeFormulas: Bool
    public let dialect: CSVDialect

    public init(neutralizeFormulas: Bool = false, dialect: CSVDialect = .rfc4180) {
        self.neutralizeFormulas = neutralizeFormulas
        self.dialect = dialect
        text = dialect.preamble
    }

    public mutating func write(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { text.append(dialect.delimiter) }
            text.append(CSVWriter.encode(field, neutralizeFormulas: neutralizeFormulas))
        }
        text.append("\r\n")
    }

    /// Hands out what has been written so far and starts empty, for streaming to a file.
    public mutating func drain() -> String {
        defer { text = "" }
        return text
    }

    /// Bytes that force a field into quotes: comma, quote, line breaks, and the semicolon that
    /// Dutch spreadsheet programs read as a delimiter.
    private static let specialBytes: Set<UInt8> = [0x2C, 0x22, 0x0A, 0x0D, 0x3B]

    /// One field as it appears in the file.
    public static func encode(_ field: String, neutralizeFormulas: Bool = false) -> String {
        let value = neutralizeFormulas ? FormulaGuard.neutralize(field) : field
        let needsQuotes = value.utf8.contains(where: CSVWriter.specialBytes.contains)
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Text that a spreadsheet program would run as a formula (or a DDE command) when it opens a CSV:
/// a field starting with `=`, `+`, `-`, `@`, a tab, a carriage return or a NUL. Written with a
/// leading apostrophe, which spreadsheets show as text; `restore` takes it off again, so a file
/// slotsheet wrote reads back as the values it was written from. A value that itself starts with
/// an apostrophe before such a character (or before another apostrophe) gets one more, so that
/// `restore(neutralize(v)) == v` for every `v`.
///
///     FormulaGuard.neutralize("=cmd|x")   // "'=cmd|x"
///     FormulaGuard.restore("'=cmd|x")     // "=cmd|x"
public enum FormulaGuard {
    /// The characters a formula (or a command) can start with.
    static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "\0"]
    /// `triggers` as bytes, for readers of bytes.
    static let triggerBytes: [UInt8] = [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D, 0x00]

    public static func neutralize(_ field: String) -> String {
        needsMark(field) ? "'" + field : field
    }

    /// `field` as it was before `neutralize`.
    public static func restore(_ field: String) -> String {
        var scalars = field.unicodeScalars.makeIterator()
        guard scalars.next() == "'", let second = scalars.next(), second == "'" || triggers.contains(second) else { return field }
        return String(field.unicodeScalars.dropFirst())
    }

    private static func needsMark(_ field: String) -> Bool {
        var scalars = field.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        if triggers.contains(first) { return true }
        guard first == "'", let second = scalars.next() else { return false }
        return second == "'" || triggers.contains(second)
    }
}
