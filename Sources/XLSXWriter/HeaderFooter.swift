import CXlsxWriter

/// A printed page header or footer: a left, a centre and a right section, each a run of text and
/// fields the spreadsheet program fills in (page number, page count, sheet name).
///
/// Text is taken as it is, never as codes: `&` is escaped, control characters become spaces and
/// bidirectional overrides are dropped, so a title or a name from the database cannot change the
/// layout, reorder the line or break the file. When the whole exceeds Excel's limit of
/// `maxLength` characters (codes included), the longest texts are shortened with "…" until it
/// fits, rather than libxlsxwriter refusing it.
///
///     let header = HeaderFooter(
///         left: [.boldText("Staff availability")],
///         center: [.text("1 Dec 2026 – 28 Dec 2026")],
///         right: [.text("Page "), .pageNumber, .text(" of "), .pageCount])
///     try header.encoded()   // "&L&BStaff availability&B&C1 Dec 2026 – 28 Dec 2026&RPage &P of &N"
public struct HeaderFooter: Hashable, Sendable {
    public enum Piece: Hashable, Sendable {
        case text(String)
        case boldText(String)
        /// The number of the page (`&P`).
        case pageNumber
        /// The number of pages (`&N`).
        case pageCount
        /// The sheet's name (`&A`).
        case sheetName
    }

    public var left: [Piece]
    public var center: [Piece]
    public var right: [Piece]

    /// Excel's limit on a header or footer, codes included (libxlsxwriter's `LXW_HEADER_FOOTER_MAX`).
    /// Counted in UTF-16 units, as Excel counts; libxlsxwriter counts code points, never more.
    public static let maxLength = 255

    public init(left: [Piece] = [], center: [Piece] = [], right: [Piece] = []) {
        self.left = left
        self.center = center
        self.right = right
    }

    /// The header/footer string Excel and libxlsxwriter read, shortened to `maxLength`.
    /// Throws only when the codes alone do not fit.
    public func encoded() throws(XLSXWriteError) -> String {
        try encoded(context: "header/footer")
    }

    private func encoded(context: String) throws(XLSXWriteError) -> String {
        var sections = [left, center, right]
        let fits = { (sections: [[Piece]]) in HeaderFooter.encode(sections).utf16.count <= HeaderFooter.maxLength }
        while !fits(sections) {
            guard let (section, piece, length) = HeaderFooter.longestText(in: sections) else {
                throw .invalidPageSetup(context: context,
                                        reason: "longer than Excel's \(HeaderFooter.maxLength) characters even with its texts shortened")
            }
            // The longest text keeps as many characters as fit, and "…"; if even one does not
            // fit, it keeps one and the next longest is shortened too.
            let original = sections[section][piece]
            var trial = sections
            var (low, high) = (1, length - 1)
            while low < high {
                let middle = (low + high + 1) / 2
                trial[section][piece] = original.shortened(to: middle)
                if fits(trial) { low = middle } else { high = middle - 1 }
            }
            sections[section][piece] = original.shortened(to: low)
        }
        return HeaderFooter.encode(sections)
    }

    /// The section, index and length (in characters) of the longest text that can still be shortened.
    private static func longestText(in sections: [[Piece]]) -> (Int, Int, Int)? {
        var best: (Int, Int, Int)?
        for (section, pieces) in sections.enumerated() {
            for (index, piece) in pieces.enumerated() {
                guard let text = piece.text else { continue }
                let length = clean(text).count
                if length > 2, length > best?.2 ?? 0 { best = (section, index, length) }
            }
        }
        return best
    }

    private static func encode(_ sections: [[Piece]]) -> String {
        var result = ""
        for (code, pieces) in zip(["&L", "&C", "&R"], sections) where !pieces.isEmpty {
            result += code
            var afterPageNumber = false
            for piece in pieces {
                switch piece {
                case let .text(text): result += escape(text, afterPageNumber: afterPageNumber)
                case let .boldText(text): result += "&B" + escape(text, afterPageNumber: false) + "&B"
                case .pageNumber: result += "&P"
                case .pageCount: result += "&N"
                case .sheetName: result += "&A"
                }
                afterPageNumber = piece == .pageNumber
            }
        }
        return result
    }

    /// Invisible, so that no code forms across it: U+2060 WORD JOINER.
    private static let separator: Unicode.Scalar = "\u{2060}"

    /// `text` as literal header text. `&` becomes `&&` (scalar by scalar, so an `&` carrying a
    /// combining mark is escaped too). libxlsxwriter 1.1.4 reads `&G` and `&[Picture]` as image
    /// placeholders even after an escaped `&`, refuses the header and frees it twice (the process
    /// aborts: "R&G Housing" as a title would crash an export); Excel reads `&P+1` as page
    /// arithmetic. A word joiner keeps those apart.
    private static func escape(_ text: String, afterPageNumber: Bool) -> String {
        let scalars = Array(clean(text).unicodeScalars)
        var result = String.UnicodeScalarView()
        if afterPageNumber, let first = scalars.first, first == "+" || first == "-" { result.append(separator) }
        for (index, scalar) in scalars.enumerated() {
            result.append(scalar)
            guard scalar == "&" else { continue }
            result.append("&")
            if index + 1 < scalars.count, scalars[index + 1] == "G" || scalars[index + 1] == "[" {
                result.append(separator)
            }
        }
        return String(result)
    }

    /// Control characters (which XML cannot hold) as spaces, non-characters dropped
    /// (`XMLSafeText`); bidirectional embeddings, overrides and isolates, which could reverse the
    /// rest of the line, dropped.
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(XMLSafeText.clean(text).unicodeScalars.filter {
            !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value)
        }))
    }

    /// Sets a header or footer through `set` (worksheet or chartsheet), with its margin.
    static func apply(_ headerFooter: HeaderFooter?, margin: Double, context: String,
                      _ set: (String, UnsafeMutablePointer<lxw_header_footer_options>) -> lxw_error) throws(XLSXWriteError) {
        guard let headerFooter else { return }
        let text = try headerFooter.encoded(context: context)
        var options = lxw_header_footer_options()
        options.margin = margin
        try XLSXWriteError.check(set(text, &options), context)
    }
}

extension HeaderFooter.Piece {
    var text: String? {
        switch self {
        case let .text(text), let .boldText(text): return text
        case .pageNumber, .pageCount, .sheetName: return nil
        }
    }

    /// The piece with its text cut to `count` characters (after cleaning) and "…".
    func shortened(to count: Int) -> Self {
        switch self {
        case let .text(text): return .text(String(HeaderFooter.clean(text).prefix(count)) + "…")
        case let .boldText(text): return .boldText(String(HeaderFooter.clean(text).prefix(count)) + "…")
        case .pageNumber, .pageCount, .sheetName: return self
        }
    }
}
