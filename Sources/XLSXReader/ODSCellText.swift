/// The text of an .ods cell, built from its paragraphs as ODF 1.2 (part 1, 6.1) says a reader sees it:
/// paragraphs (`text:p`, `text:h`) joined by line breaks; spans, links and fields read through; `text:s`
/// (with its count), `text:tab` and `text:line-break` as the space, tab and line break they stand for;
/// comments (`office:annotation`), notes, drawings and ruby text left out.
///
/// White space in the character data is kept as written, not collapsed as ODF 6.1.2 would have it:
/// LibreOffice writes leading and repeated spaces literally (`<text:p>  line1</text:p>`) and reads them
/// back as written, and so does calamine; a cell means what the program that wrote it shows.
struct ODSCellText {
    private(set) var bytes: [UInt8] = []
    private let maximum: Int
    private var paragraphs = 0
    /// Depth of the open paragraph element, and of an element whose text is left out (0: none).
    private var paragraphDepth = 0
    private var skippedDepth = 0

    init(maximum: Int) {
        self.maximum = maximum
        bytes.reserveCapacity(64)
    }

    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        paragraphs = 0
        paragraphDepth = 0
        skippedDepth = 0
    }

    /// An element inside the cell, `depth` counted from the cell (its children are at 1).
    /// Returns false when the text would pass `maximum` bytes.
    mutating func start(_ name: XMLName, depth: Int, attributes: XMLAttributes) -> Bool {
        if skippedDepth > 0 { return true }
        if paragraphDepth == 0 {
            guard depth == 1, name.isExactly("p", in: .odfText) || name.isExactly("h", in: .odfText) else { return true }
            paragraphDepth = depth
            paragraphs += 1
            return paragraphs == 1 || append(0x0A, count: 1)
        }
        switch name.namespace {
        case .odfText:
            if name.isExactly("s", in: .odfText) {
                let count = attributes.value("c", in: .odfText)?.integer ?? 1
                return append(0x20, count: max(count, 1))
            } else if name.isExactly("tab", in: .odfText) {
                return append(0x09, count: 1)
            } else if name.isExactly("line-break", in: .odfText) {
                return append(0x0A, count: 1)
            } else if name.isExactly("note", in: .odfText) || name.isExactly("ruby-text", in: .odfText) {
                skippedDepth = depth
            }
        case .odfOffice, .odfDrawing:
            skippedDepth = depth  // comments, frames and shapes anchored in the text
        default:
            break
        }
        return true
    }

    mutating func end(depth: Int) {
        if skippedDepth > 0 {
            if depth == skippedDepth { skippedDepth = 0 }
        } else if depth == paragraphDepth {
            paragraphDepth = 0
        }
    }

    /// Character data inside the cell. Returns false when the text would pass `maximum` bytes.
    mutating func characters(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard paragraphDepth > 0, skippedDepth == 0 else { return true }
        guard text.count <= maximum - bytes.count else { return false }
        bytes.append(contentsOf: text)
        return true
    }

    private mutating func append(_ byte: UInt8, count: Int) -> Bool {
        guard count <= maximum - bytes.count else { return false }
        bytes.append(contentsOf: repeatElement(byte, count: count))
        return true
    }
}
