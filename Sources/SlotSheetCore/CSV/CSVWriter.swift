/// Writes RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled,
/// records end in CRLF. With `neutralizeFormulas`, text a spreadsheet would run as a formula
/// (starting with `=`, `+`, `-`, `@`, tab or CR) gets a leading apostrophe.
///
///     var csv = CSVWriter()
///     csv.write(["date", "daypart", "staff", "available"])
///     csv.text   // "date,daypart,staff,available\r\n"
public struct CSVWriter {
    public private(set) var text = ""
    public var neutralizeFormulas: Bool

    public init(neutralizeFormulas: Bool = false) {
        self.neutralizeFormulas = neutralizeFormulas
    }

    public mutating func write(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { text.append(",") }
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
        var value = field
        if neutralizeFormulas, let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
            value = "'" + value
        }
        let needsQuotes = value.utf8.contains(where: CSVWriter.specialBytes.contains)
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
