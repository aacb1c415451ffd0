/// The typed values of .ods cells (ODF 1.2 part 1, 19.385-19.389), from their attributes: `office:value`
/// for float, percentage and currency; `office:date-value` (ISO 8601 date and time); `office:time-value`
/// (an ISO 8601 duration such as `PT09H30M00S`, dated from the null date as a duration in an .xlsx is
/// from its epoch); `office:boolean-value`; `office:string-value`.
enum ODSValue {
    /// `[-]PnDTnHnMn[.fff]S` as milliseconds; nil when it is no such duration. Years and months have no
    /// fixed length and are refused.
    static func durationMilliseconds(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        func skipSpaces() { while index < text.count, XMLText.isSpace(text[index]) { index += 1 } }
        skipSpaces()
        var negative = false
        if index < text.count, text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < text.count, text[index] == UInt8(ascii: "P") else { return nil }
        index += 1
        var total = 0.0
        var inTime = false
        var components = 0, timeComponents = 0
        while index < text.count, !XMLText.isSpace(text[index]) {
            if text[index] == UInt8(ascii: "T") {
                guard !inTime else { return nil }
                inTime = true
                index += 1
                continue
            }
            let start = index
            while index < text.count, text[index] &- UInt8(ascii: "0") < 10 || text[index] == UInt8(ascii: ".") { index += 1 }
            guard index > start, index < text.count,
                  let number = NumberText.parse(UnsafeBufferPointer(rebasing: text[start..<index])) else { return nil }
            let unit: Double
            switch (text[index], inTime) {
            case (UInt8(ascii: "D"), false): unit = 86_400_000
            case (UInt8(ascii: "H"), true): unit = 3_600_000
            case (UInt8(ascii: "M"), true): unit = 60_000
            case (UInt8(ascii: "S"), true): unit = 1000
            default: return nil
            }
            total += number * unit
            components += 1
            if inTime { timeComponents += 1 }
            index += 1
        }
        skipSpaces()
        guard index == text.count, components > 0, !inTime || timeComponents > 0, total.isFinite, total < 4e14 else { return nil }
        let milliseconds = Int(total.rounded(.toNearestOrEven))
        return negative ? -milliseconds : milliseconds
    }

    /// `true`/`false` as LibreOffice writes them, `1`/`0` as xsd:boolean allows.
    static func boolean(_ text: XMLText) -> Bool? {
        switch text.trimmedString.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }
}
