#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Leaves the rows out of `content.xml` for the first reading, which wants the sheets, styles, null date
/// and names but no cell: rows are nearly all of the part, and libxml2 would otherwise tokenise all of
/// them twice. Everything from a `<table:table-row` start tag through its `</table:table-row>` end tag is
/// dropped, found in the raw bytes with the prefix every writer uses (`table:`); a part that uses another
/// prefix is simply read whole. The full reading that follows sees every byte and is the judge: it checks
/// that each sheet it meets is the one this reading listed, so bytes that only look like rows (inside a
/// comment, say) can make a file refused, never read otherwise.
struct ODSRowFilter {
    private enum Place {
        /// Copying bytes; `matched` bytes of `<table:table-row` are held back.
        case copying(matched: Int)
        /// Inside a row's start tag; `quote` is the open attribute value's quote, `slash` whether the last
        /// byte outside a value was `/`.
        case startTag(quote: UInt8?, slash: Bool)
        /// Inside a row; `matched` bytes of `</table:table-row` seen, then white space up to `>`.
        case inRow(matched: Int, closing: Bool)
    }

    private static let start = Array("<table:table-row".utf8)
    private static let end = Array("</table:table-row".utf8)
    /// The most bytes a chunk may grow by: held-back bytes of a start tag that turned out not to be one.
    static let slack = 32

    private var place = Place.copying(matched: 0)
    /// Bytes of a possible row start at the end of the last chunk, put back in front of the next.
    private var carried = 0

    /// Filters `count` bytes of `buffer` in place (whose capacity is at least `count + slack`) and returns
    /// how many bytes to parse.
    mutating func filter(_ buffer: UnsafeMutablePointer<UInt8>, count input: Int) -> Int {
        var count = input
        if carried > 0 {
            memmove(buffer + carried, buffer, count)
            for index in 0..<carried { buffer[index] = ODSRowFilter.start[index] }
            count += carried
            carried = 0
        }
        var read = 0, write = 0
        while read < count {
            let byte = buffer[read]
            switch place {
            case let .copying(matched):
                if matched == 0 {
                    // Fast path: copy up to the next `<`.
                    guard let found = memchr(buffer + read, Int32(UInt8(ascii: "<")), count - read) else {
                        if write != read { memmove(buffer + write, buffer + read, count - read) }
                        write += count - read
                        read = count
                        continue
                    }
                    let next = UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - buffer
                    if write != read, next > read { memmove(buffer + write, buffer + read, next - read) }
                    write += next - read
                    read = next + 1
                    place = .copying(matched: 1)
                } else if matched < ODSRowFilter.start.count {
                    if byte == ODSRowFilter.start[matched] {
                        place = .copying(matched: matched + 1)
                        read += 1
                    } else {
                        write = flush(matched, into: buffer, at: write)
                        place = .copying(matched: 0)
                    }
                } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
                            || byte == UInt8(ascii: "/") {
                    place = .startTag(quote: nil, slash: false)  // a row: its bytes are not written
                } else {
                    write = flush(matched, into: buffer, at: write)  // `<table:table-rows`, `-row-group`...
                    place = .copying(matched: 0)
                }
            case let .startTag(quote, slash):
                read += 1
                if let quote {
                    if byte == quote { place = .startTag(quote: nil, slash: false) }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    place = .startTag(quote: byte, slash: false)
                } else if byte == UInt8(ascii: ">") {
                    place = slash ? .copying(matched: 0) : .inRow(matched: 0, closing: false)
                } else {
                    place = .startTag(quote: nil, slash: byte == UInt8(ascii: "/"))
                }
            case let .inRow(matched, closing):
                if closing {
                    read += 1
                    if byte == UInt8(ascii: ">") {
                        place = .copying(matched: 0)
                    } else if !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) {
                        place = .inRow(matched: 0, closing: false)  // `</table:table-rows>` and the like
                    }
                } else if matched == 0 {
                    // Fast path: straight to the next `</table:table-row` (a row's cells hold a `<` every
                    // ten bytes or so, which are not looked at one by one).
                    read = ODSRowFilter.skipToRowEnd(buffer, from: read, count: count, place: &place)
                } else if byte == ODSRowFilter.end[matched] {
                    read += 1
                    place = matched + 1 == ODSRowFilter.end.count ? .inRow(matched: 0, closing: true)
                        : .inRow(matched: matched + 1, closing: false)
                } else {
                    place = .inRow(matched: 0, closing: false)  // this byte is looked at again from the start
                }
            }
        }
        if case let .copying(matched) = place, matched > 0 {
            // Undecided at the end of the chunk: decided with the next one (or dropped at the end, where
            // an unfinished tag is not well-formed anyway).
            carried = matched
            place = .copying(matched: 0)
        }
        return write
    }

    /// Inside a row, from `read`: past the next `</table:table-row` (then `.inRow(closing:)`), or to the
    /// end of the bytes, keeping in `place` how much of that end tag the last bytes begin. The tag's last
    /// byte, `w`, is rare inside a row (its cells' tags have none), so memchr finds the candidates.
    private static func skipToRowEnd(_ buffer: UnsafeMutablePointer<UInt8>, from read: Int, count: Int,
                                     place: inout Place) -> Int {
        let tagLength = end.count
        var from = read + tagLength - 1
        while from < count, let found = memchr(buffer + from, Int32(UInt8(ascii: "w")), count - from) {
            let last = UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - buffer
            if end.withUnsafeBufferPointer({ memcmp(buffer + last - (tagLength - 1), $0.baseAddress!, tagLength - 1) }) == 0 {
                place = .inRow(matched: 0, closing: true)
                return last + 1
            }
            from = last + 1
        }
        // The tag may begin in the last bytes and end in the next chunk. Its `<` is its only one, so only
        // the last `<` can begin it.
        let earliest = max(read, count - (tagLength - 1))
        var start = count - 1
        while start >= earliest, buffer[start] != UInt8(ascii: "<") { start -= 1 }
        if start >= earliest, end.withUnsafeBufferPointer({ memcmp(buffer + start, $0.baseAddress!, count - start) }) == 0 {
            place = .inRow(matched: count - start, closing: false)
        }
        return count
    }

    /// Writes the `count` held-back bytes of a start that was no row start.
    private func flush(_ count: Int, into buffer: UnsafeMutablePointer<UInt8>, at write: Int) -> Int {
        for index in 0..<count { buffer[write + index] = ODSRowFilter.start[index] }
        return write + count
    }
}
