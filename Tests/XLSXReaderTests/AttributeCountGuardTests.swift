import InteropSupport
import Testing
@testable import XLSXReader

/// The byte-level count of attributes that stops an element with too many before libxml2's quadratic
/// duplicate check runs: what counts, what does not, and that a tag split across chunks is one tag.
@Suite(.ownThreads) struct AttributeCountGuardTests {
    /// Feeds `xml` in pieces of `chunk` bytes; true when every piece was accepted.
    private func accepts(_ xml: String, maximum: Int, chunk: Int = 1 << 16) -> Bool {
        var guardian = AttributeCountGuard(maximum: maximum)
        let bytes = Array(xml.utf8)
        return stride(from: 0, to: bytes.count, by: chunk).allSatisfy { start in
            bytes[start..<min(start + chunk, bytes.count)].withUnsafeBytes { guardian.accept($0) }
        }
    }

    @Test func attributesAndNamespaceDeclarationsCountPerElement() {
        let three = #"<c r="A1" s="2" xmlns:x="urn:x"><v>1</v></c><c r="B1" s="2" t="n"/>"#
        #expect(accepts(three, maximum: 3))
        #expect(!accepts(three, maximum: 2))
        #expect(!accepts(#"<c r="A1" s="2" t="n"/>"#, maximum: 2, chunk: 3), "a tag split across chunks is one tag")
    }

    @Test func equalsSignsInValuesTextAndMarkupDoNotCount() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?><!-- a=1 b=2 c=3 --><f ref='A1>B1=C1' x="a=b=c">A1=B1=C1</f>
            """
        #expect(accepts(xml, maximum: 2))
        #expect(!accepts(xml, maximum: 1))
    }

    @Test func aTagWithManyAttributesIsStoppedWithinIt() {
        let attributes = (0..<5_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        #expect(!accepts("<sheets \(attributes)>", maximum: 1_000, chunk: 4096))
        #expect(accepts("<sheets \(attributes)>", maximum: 5_000, chunk: 4096))
    }
}
