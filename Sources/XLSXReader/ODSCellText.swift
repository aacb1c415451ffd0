/// The text of an .ods cell, built from its paragraphs as ODF 1.2 (part 1, 6.1) says a reader sees it:
/// paragraphs (`text:p`, `text:h`) joined by line breaks; spans, links and fields read through; `text:s`
/// (with its count), `text:tab` and `text:line-break` as the space, tab and line break they stand for;
/// white space in the character data collapsed to one space and dropped at a paragraph's start and end;
/// comments (`office:annotation`), drawings and ruby text left out.
struct ODSCellText {
    private(set) var bytes: [UInt8] = []
    private let maximum: Int
    private var paragraphs = 0
    /// Depth of the open paragraph element, and of an element whose text is left out (0: none).
    private var paragraphDepth = 0
    private var skippedDepth = 0
    /// The paragraph has content, and white space in its character data waits for more to follow.
    private var paragraphHasContent = false
    private var pendingSpace = false

    init(maximum: Int) {
        self.maximum = maximum
        bytes.reserveCapacity(64)
    }

    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        paragraphs = 0
        paragraphDepth = 0
        skippedDepth = 0
        paragraphHasContent = false
        pendingSpace = false
    }

    /// An element inside the cell, `depth` counted from the cell (its children are at 1).
    /// Returns false when the text would pass `maximum` bytes.
    mutating func start(_ name: XMLName, depth: Int, attributes: XMLAttributes) -> Bool {
        if skippedDepth > 0 { return true }
        if paragraphDepth == 0 {
            guard depth == 1, name.isExactly("p", in: .odfText) || name.isExactly("h", in: .odfText) else { return true }
            paragraphDepth = depth
            paragraphHasContent = false
            pendingSpace = false
            paragraphs += 1
            return paragraphs == 1 || append(0x0A, count: 1)
        }
        switch name.namespace {
        case .odfText:
            if name.isExactly("s", in: .odfText) {
                let count = attributes.value("c", in: .odfText)?.integer ?? 1
                return appendElement(0x20, count: max(count, 1))
            } else if name.isExactly("tab", in: .odfText) {
                return appendElement(0x09, count: 1)
            } else if name.isExactly("line-break", in: .odfText) {
                return appendElement(0x0A, count: 1)
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
            pendingSpace = false  // white space at the end of a paragraph is dropped
        }
    }

    /// Character data inside the cell. Returns false when the text would pass `maximum` bytes.
    mutating func characters(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard paragraphDepth > 0, skippedDepth == 0 else { return true }
        var runStart = 0
        for index in 0..<text.count where XMLText.isSpace(text[index]) {
            if index > runStart {
                guard appendRun(UnsafeBufferPointer(rebasing: text[runStart..<index])) else { return false }
            }
            if paragraphHasContent { pendingSpace = true }
            runStart = index + 1
        }
        if runStart < text.count {
            return appendRun(UnsafeBufferPointer(rebasing: text[runStart...]))
        }
        return true
    }

    private mutating func appendRun(_ run: UnsafeBufferPointer<UInt8>) -> Bool {
        guard flushSpace(), bytes.count + run.count <= maximum else { return false }
        bytes.append(contentsOf: run)
        paragraphHasContent = true
        return true
    }

    /// A space, tab or break written as an element: kept as it is, never collapsed.
    private mutating func appendElement(_ byte: UInt8, count: Int) -> Bool {
        guard flushSpace() else { return false }
        paragraphHasContent = true
        return append(byte, count: count)
    }

    private mutating func flushSpace() -> Bool {
        guard pendingSpace else { return true }
        pendingSpace = false
        return append(0x20, count: 1)
    }

    private mutating func append(_ byte: UInt8, count: Int) -> Bool {
        guard count <= maximum - bytes.count else { return false }
        bytes.append(contentsOf: repeatElement(byte, count: count))
        return true
    }
}
