import Foundation

/// What a person typed in a mark cell or an `available` field, judged the way they see it: after
/// Unicode compatibility normalisation (NFKC: a full-width `ｘ` is `x`) and with every invisible
/// format character (zero-width space, joiners, word joiner, BOM, soft hyphen, direction marks)
/// and every kind of white space removed. One place, used by the .xlsx, .ods and CSV paths alike.
///
///     MarkText.visible("ｘ\u{200B} ")   // "x"
///     MarkText.mark("X\u{A0}")         // .available
enum MarkText {
    /// The text as it reads: NFKC, without format characters and white space. Plain ASCII without
    /// white space (nearly every cell) is returned as it is, without going through Foundation.
    static func visible(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return text }
        let normalized = text.precomposedStringWithCompatibilityMapping
        var kept = String.UnicodeScalarView()
        for scalar in normalized.unicodeScalars where !isDropped(scalar) {
            kept.append(scalar)
        }
        return String(kept)
    }

    /// Format characters and white space: nothing a reader of the cell sees as part of the value.
    static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
    }

    /// `x` in either case is available; nothing (or only invisible characters) is not; anything
    /// else is invalid. Looks at the bytes first: half a million cells of "x" must stay cheap.
    static func mark(_ text: String) -> Mark {
        let utf8 = text.utf8
        if utf8.isEmpty { return .unavailable }
        if utf8.count == 1 {
            switch utf8.first! {
            case UInt8(ascii: "x"), UInt8(ascii: "X"): return .available
            case 0x20, 0x09: return .unavailable
            default: return .invalid
            }
        }
        switch visible(text) {
        case "": return .unavailable
        case "x", "X": return .available
        default: return .invalid
        }
    }
}
