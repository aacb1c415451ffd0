/// Numbers of `<v>` elements, parsed from their bytes without building a String in the common cases.
enum NumberText {
    /// Powers of ten that a Double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// A decimal number (`42`, `-1.5`, `6.02E+23`, white space around allowed), or nil for anything
    /// else, including `inf`, `nan` and hexadecimal, which no spreadsheet writes.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0, end = bytes.count
        while start < end, XMLText.isSpace(bytes[start]) { start += 1 }
        while end > start, XMLText.isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        if let value = fastPath(bytes, start, end) { return value }
        // The general case: check the grammar here, let the standard library round correctly.
        var index = start
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        while index < end, isDigit(bytes[index]) { index += 1; digits += 1 }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, isDigit(bytes[index]) { index += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            var exponentDigits = 0
            while index < end, isDigit(bytes[index]) { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return nil }
        }
        guard index == end else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// `[-]digits[.digits]` with at most 15 significant digits: the integer mantissa and the power of
    /// ten are both exact, so one division gives the correctly rounded result.
    @inline(__always)
    private static func fastPath(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while index < end {
            let byte = bytes[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                mantissa = mantissa &* 10 &+ Int(digit)
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, digits <= 15 else { return nil }
        var value = Double(mantissa)
        if fractionDigits > 0 { value /= exactPowersOfTen[fractionDigits] }
        return negative ? -value : value
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
