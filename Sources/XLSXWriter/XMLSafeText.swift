/// Text made safe for the parts of a workbook that libxlsxwriter writes as plain XML text
/// (document properties, headers and footers): XML 1.0 cannot hold control characters, so one
/// from the database (an ESC in a name) would leave a file no program opens. Cells need none of
/// this: libxlsxwriter writes their control characters as `_x001B_`.
enum XMLSafeText {
    /// Control characters (C0, DEL, C1) as spaces; non-characters (U+FFFE, U+FFFF, U+FDD0-FDEF),
    /// which XML cannot hold either, dropped.
    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F: scalars.append(" ")
            case 0xFDD0...0xFDEF: continue
            case let value where value & 0xFFFE == 0xFFFE: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
