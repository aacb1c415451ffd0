/// Which number formats show a date or a time. A cell in the file holds only a number; its style's
/// number format is the one thing that says "this is 15 March 2023".
enum NumberFormat {
    /// What a format makes of a number.
    enum Kind: UInt8 {
        /// A plain number (also percentages, currencies, text `@`).
        case number
        /// A point in time: days since the epoch of the date system.
        case date
        /// A duration such as `[h]:mm` (hours past 24): days counted from the epoch day.
        case elapsed
    }

    /// Built-in format ids (never written in the file) that show dates or times: 14-22 and 45-47 in
    /// every locale, and 27-36 and 50-58, the East Asian date and time formats of ECMA-376 18.8.30.
    /// Id 46 is `[h]:mm:ss`, an elapsed time.
    static func builtInKind(_ id: Int) -> Kind {
        if id == 46 { return .elapsed }
        let isDate = (14...22).contains(id) || (45...47).contains(id) || (27...36).contains(id) || (50...58).contains(id)
        return isDate ? .date : .number
    }

    /// The kind of a format code: see `isDate`; an elapsed-time bracket makes it `.elapsed`.
    static func kind(of code: String) -> Kind {
        guard isDate(code) else { return .number }
        return hasElapsedBracket(code) ? .elapsed : .date
    }

    private static func hasElapsedBracket(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "[")) {
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "]")) else { return false }
            if isElapsedTime(bytes[(open + 1)..<close]) { return true }
            index = close
        }
        return false
    }

    /// Whether a format code shows a date or time: a d, m, y, h or s outside quoted text, escapes
    /// (`\x`), padding (`_x`), fills (`*x`) and brackets, or an elapsed-time bracket such as `[h]` or
    /// `[mm]`. Locale prefixes (`[$-413]`), colours (`[Red]`) and conditions (`[<100]`) are skipped.
    /// Only the first section decides: the others are for negative numbers, zero and text.
    ///
    ///     NumberFormat.isDate("[$-413]d mmmm yyyy")   // true
    ///     NumberFormat.isDate("0.00\" days\"")        // false
    static func isDate(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
                index += 1
            case UInt8(ascii: "\\"), UInt8(ascii: "_"), UInt8(ascii: "*"):
                index += 2
            case UInt8(ascii: "["):
                let start = index + 1
                index = start
                while index < bytes.count, bytes[index] != UInt8(ascii: "]") { index += 1 }
                if isElapsedTime(bytes[start..<min(index, bytes.count)]) { return true }
                index += 1
            case UInt8(ascii: ";"):
                return false
            default:
                switch bytes[index] | 0x20 {
                case UInt8(ascii: "d"), UInt8(ascii: "m"), UInt8(ascii: "y"), UInt8(ascii: "h"), UInt8(ascii: "s"):
                    return true
                default:
                    index += 1
                }
            }
        }
        return false
    }

    /// `[h]`, `[hh]`, `[mm]`, `[ss]`...: one time letter repeated.
    private static func isElapsedTime(_ content: ArraySlice<UInt8>) -> Bool {
        guard let first = content.first.map({ $0 | 0x20 }),
              first == UInt8(ascii: "h") || first == UInt8(ascii: "m") || first == UInt8(ascii: "s") else { return false }
        return content.allSatisfy { $0 | 0x20 == first }
    }
}

/// The styles part, reduced to what reading values needs: for each cell style (`s` attribute, an index
/// into `cellXfs`), whether its number format shows a date, a duration or a plain number.
struct CellStyles {
    private let kinds: [NumberFormat.Kind]

    init() { kinds = [] }

    /// What cells with style `index` show; unknown styles show plain numbers.
    @inline(__always)
    func kind(_ index: Int) -> NumberFormat.Kind { index >= 0 && index < kinds.count ? kinds[index] : .number }

    /// Reads `styles.xml`.
    init(part: String, in archive: ZipArchive) throws(XLSXError) {
        let handler = StylesHandler()
        try archive.parse(part, with: handler)
        kinds = handler.styleFormatIds.map { id in
            if let code = handler.customFormats[id] { return NumberFormat.kind(of: code) }
            return NumberFormat.builtInKind(id)
        }
    }
}

private final class StylesHandler: XMLContentHandler {
    var customFormats: [Int: String] = [:]
    var styleFormatIds: [Int] = []
    private var inNumberFormats = false
    private var inCellFormats = false

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        if name.is("numFmts", in: .spreadsheet) {
            inNumberFormats = true
        } else if name.is("cellXfs", in: .spreadsheet) {
            inCellFormats = true
        } else if inNumberFormats, name.is("numFmt", in: .spreadsheet) {
            if let id = attributes.value("numFmtId")?.integer, let code = attributes.value("formatCode") {
                customFormats[id] = code.attributeString
            }
        } else if inCellFormats, name.is("xf", in: .spreadsheet) {
            styleFormatIds.append(attributes.value("numFmtId")?.integer ?? 0)
        }
    }

    func endElement(_ name: XMLName) throws(XLSXError) {
        if name.is("numFmts", in: .spreadsheet) { inNumberFormats = false }
        if name.is("cellXfs", in: .spreadsheet) { inCellFormats = false }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {}
}
