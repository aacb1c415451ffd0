import SlotSheetTemplates

/// Text from a file or the database, made safe and visible where a message shows it.
///
/// A cell, a CSV field, a staff code or a file name can hold terminal escape sequences (`ESC [31m`
/// recolours a terminal, others clear or retitle it) or bidirectional overrides that make a line
/// read differently from what it holds. The message layer passes every sentence it hands out
/// through `escaped(_:)` (`OfficeMessage.text(_:)`, `ImportProblem.message(_:)`...); the sentences
/// themselves hold no control characters, so only echoed text is touched.
///
///     EchoedText.escaped("\u{1B}[31mAB")         // "\u{1B}[31mAB" as the 10 characters \ u { 1 B } [ 3 1 m A B
///     EchoedText.shown("x\u{200B}", .en)         // "'x' followed by U+200B ZERO WIDTH SPACE"
public enum EchoedText {
    /// C0 and C1 controls, DEL, and the bidirectional embeddings, overrides and isolates
    /// (U+202A-U+202E, U+2066-U+2069) as `\u{1B}`; everything else as it is.
    public static func escaped(_ text: String) -> String {
        guard holdsControlCharacter(text) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `text` holds a character `escaped(_:)` would show escaped: text a person typed never
    /// does, and PostgreSQL cannot even take a NUL in a parameter.
    public static func holdsControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isEscaped)
    }

    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// A value as a message quotes it: `'y'` when every character shows, otherwise the visible
    /// runs quoted and each invisible character (control, format, white space other than a
    /// space between words) named, so a refused value never looks like a valid one:
    /// "'x' followed by U+200B ZERO WIDTH SPACE" / "'x' gevolgd door U+200B (spatie zonder breedte)".
    public static func shown(_ text: String, _ language: Language) -> String {
        let scalars = Array(text.unicodeScalars)
        let hidden = scalars.indices.map { index in
            isInvisible(scalars[index], atEdge: index == 0 || index == scalars.count - 1)
        }
        guard hidden.contains(true) else { return "'\(text)'" }
        var parts: [String] = []
        var run = String.UnicodeScalarView()
        for (scalar, isHidden) in zip(scalars, hidden) {
            if isHidden {
                if !run.isEmpty { parts.append("'\(String(run))'") }
                run.removeAll()
                parts.append(named(scalar, language))
            } else {
                run.append(scalar)
            }
        }
        if !run.isEmpty { parts.append("'\(String(run))'") }
        return parts.joined(separator: language == .nl ? " gevolgd door " : " followed by ")
    }

    /// Characters that do not show (or show as nothing but a gap): controls, format characters,
    /// line and paragraph separators, and white space, except a plain space between two words.
    static func isInvisible(_ scalar: Unicode.Scalar, atEdge: Bool) -> Bool {
        if scalar == " " { return atEdge }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: return true
        default: return scalar.properties.isWhitespace
        }
    }

    /// "U+200B ZERO WIDTH SPACE" (English, the Unicode name) / "U+200B (spatie zonder breedte)".
    static func named(_ scalar: Unicode.Scalar, _ language: Language) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        switch language {
        case .en:
            let name = scalar.properties.name ?? controlNames[scalar.value]?.en ?? "CONTROL CHARACTER"
            return "\(code) \(name)"
        case .nl:
            let name = dutchNames[scalar.value] ?? controlNames[scalar.value]?.nl
                ?? (scalar.properties.generalCategory == .control ? "stuurteken" : "onzichtbaar teken")
            return "\(code) (\(name))"
        }
    }

    /// Controls have no Unicode name, only aliases; the ones a file is likely to hold.
    private static let controlNames: [UInt32: (en: String, nl: String)] = [
        0x00: ("NULL", "nulteken"), 0x09: ("CHARACTER TABULATION", "tab"), 0x0A: ("LINE FEED", "nieuwe regel"),
        0x0D: ("CARRIAGE RETURN", "regelterugloop"), 0x1B: ("ESCAPE", "escapeteken"), 0x7F: ("DELETE", "wisteken"),
        0x85: ("NEXT LINE", "volgende regel"),
    ]

    /// Dutch names of the invisible characters spreadsheets and pasted text bring along.
    private static let dutchNames: [UInt32: String] = [
        0x20: "spatie", 0xA0: "harde spatie", 0xAD: "zacht afbreekstreepje", 0x2007: "cijferspatie", 0x2009: "smalle spatie",
        0x200B: "spatie zonder breedte", 0x200C: "scheidingsteken zonder breedte", 0x200D: "verbindingsteken zonder breedte",
        0x200E: "links-naar-rechtsteken", 0x200F: "rechts-naar-linksteken", 0x2028: "regelscheiding", 0x2029: "alineascheiding",
        0x202F: "smalle harde spatie", 0x2060: "woordverbinder", 0x3000: "ideografische spatie", 0xFEFF: "bytevolgordeteken",
        0x202A: "links-naar-rechtsinbedding", 0x202B: "rechts-naar-linksinbedding", 0x202C: "einde van richting",
        0x202D: "links-naar-rechtsoverschrijving", 0x202E: "rechts-naar-linksoverschrijving",
        0x2066: "links-naar-rechtsisolatie", 0x2067: "rechts-naar-linksisolatie", 0x2068: "eerste-sterke isolatie",
        0x2069: "einde van isolatie",
    ]
}
