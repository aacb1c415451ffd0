import InteropSupport
import Testing
@testable import XLSXReader

/// `ODSRowFilter` leaves the rows out of `content.xml` for the first reading, in chunks as the part is
/// inflated. What it leaves must not depend on where the chunks end: a row's end tag cut in two, a
/// start that only looks like a row's, and tags that begin like a row's end tag.
@Suite(.ownThreads) struct ODSRowFilterTests {
    private static let content = """
        <office:spreadsheet><table:table table:name="A"><table:table-column table:number-columns-repeated="3"/>\
        <table:table-row table:style-name="ro1"><table:table-cell office:value-type="float" office:value="1">\
        <text:p>1 &lt; 2</text:p></table:table-cell><table:table-cell/></table:table-row >\
        <table:table-row-group><table:table-row><table:table-cell><text:p>a</text:p></table:table-cell>\
        <table:table-rows/></table:table-rows></table:table-row-group></table:table-row>\
        </table:table-row-group><table:table-row table:number-rows-repeated="1046384"/>\
        <table:table-rows/><table:table-row\ttable:visibility='collapse'><table:table-cell/>\
        </table:table-row\n></table:table><table:named-expressions><table:named-range table:name="x"/>\
        </table:named-expressions></office:spreadsheet>
        """

    /// What the first reading parses: no row and nothing inside one, everything else byte for byte.
    private static let expected = """
        <office:spreadsheet><table:table table:name="A"><table:table-column table:number-columns-repeated="3"/>\
        <table:table-row-group>\
        </table:table-row-group>\
        <table:table-rows/></table:table><table:named-expressions><table:named-range table:name="x"/>\
        </table:named-expressions></office:spreadsheet>
        """

    /// The filter's output for `text` handed over in chunks of `size` bytes.
    private static func filtered(_ text: String, chunk size: Int) -> String {
        let bytes = Array(text.utf8)
        var filter = ODSRowFilter()
        var output: [UInt8] = []
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size + ODSRowFilter.slack)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < bytes.count {
            let count = min(size, bytes.count - offset)
            for index in 0..<count { buffer[index] = bytes[offset + index] }
            let kept = filter.filter(buffer, count: count)
            output.append(contentsOf: UnsafeBufferPointer(start: buffer, count: kept))
            offset += count
        }
        return String(decoding: output, as: UTF8.self)
    }

    @Test func rowsAreLeftOutWhereverTheChunksEnd() {
        #expect(ODSRowFilterTests.filtered(ODSRowFilterTests.content, chunk: 1 << 16) == ODSRowFilterTests.expected)
        for size in 1...80 {
            let output = ODSRowFilterTests.filtered(ODSRowFilterTests.content, chunk: size)
            #expect(output == ODSRowFilterTests.expected, "chunks of \(size) bytes")
        }
    }
}
