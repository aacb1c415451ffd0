/// The JSON-lines cell dump of `Tests/Fixtures/corpus/README.md`: one object a non-empty cell,
/// `{"sheet": "Sheet1", "cell": "B3", "type": "n", "value": 4.5}`, and one line for a refused file.
/// `slotsheet inspect --cells` prints it and the corpus tests compare it, so both share this code.
public enum CellJSONLines {
    /// Appends the line of one cell, newline included.
    public static func append(sheet: String, cell: XLSXCell, to output: inout [UInt8]) {
        output.append(contentsOf: #"{"sheet": "#.utf8)
        appendString(sheet, to: &output)
        output.append(contentsOf: #", "cell": ""#.utf8)
        output.append(contentsOf: cell.a1.utf8)
        output.append(contentsOf: #"", "type": ""#.utf8)
        switch cell.value {
        case let .string(text):
            output.append(contentsOf: #"s", "value": "#.utf8)
            appendString(text, to: &output)
        case let .number(number):
            output.append(contentsOf: #"n", "value": "#.utf8)
            output.append(contentsOf: format(number).utf8)
        case let .boolean(flag):
            output.append(contentsOf: #"b", "value": "#.utf8)
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case let .error(text):
            output.append(contentsOf: #"e", "value": "#.utf8)
            appendString(text, to: &output)
        case let .date(date):
            output.append(contentsOf: #"d", "value": "#.utf8)
            appendString(date.iso8601, to: &output)
        }
        output.append(contentsOf: "}\n".utf8)
    }

    /// The one line for a refused file: `{"error": "encrypted"}` for a password-protected workbook,
    /// `{"error": "corrupt"}` for any other file that is not a readable workbook; nil when the file
    /// itself could not be opened (that is not a verdict on its content).
    public static func refusal(_ error: XLSXError) -> String? {
        switch error {
        case .unreadable: return nil
        case .encrypted: return #"{"error": "encrypted"}"#
        default: return #"{"error": "corrupt"}"#
        }
    }

    /// A number as JSON: whole numbers without a fraction, others in the shortest form that reads back
    /// to the same Double.
    public static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        return number.isFinite ? "\(number)" : "null"
    }

    /// A JSON string literal, escaping as Python's `json.dumps(..., ensure_ascii=False)` does.
    static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
