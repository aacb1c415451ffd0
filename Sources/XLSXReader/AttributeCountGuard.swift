#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the attributes of each start tag in the raw bytes, before libxml2 sees them. libxml2 (2.9)
/// checks every attribute of an element against every earlier one, so one element with 100,000
/// attributes costs seconds and one with millions costs hours; its SAX events come only once the
/// whole tag is parsed, too late to stop it. The count is of `=` signs outside quoted values between
/// `<` and `>`, which is every attribute and namespace declaration; comments, processing instructions
/// and declarations (`<!`, `<?`) are not counted.
struct AttributeCountGuard {
    private enum Place {
        case outside, tagStart, inTag, inValue(quote: UInt8), inMarkup
    }

    let maximum: Int
    private var place = Place.outside
    private var count = 0

    init(maximum: Int) { self.maximum = maximum }

    /// Scans the next bytes of the part; false once a tag has more than `maximum` attributes.
    mutating func accept(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var cursor = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
        let end = cursor + bytes.count
        while cursor < end {
            switch place {
            case .outside:
                // Text between tags: jump to the next `<`.
                guard let next = memchr(cursor, Int32(UInt8(ascii: "<")), end - cursor) else { return true }
                cursor = UnsafePointer(next.assumingMemoryBound(to: UInt8.self))
                place = .tagStart
                count = 0
            case .tagStart:
                place = cursor.pointee == UInt8(ascii: "!") || cursor.pointee == UInt8(ascii: "?") ? .inMarkup : .inTag
                continue
            case .inTag:
                // Names and spaces are most of a tag: pass over them in a tight loop.
                while cursor < end {
                    let byte = cursor.pointee
                    if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\"")
                        || byte == UInt8(ascii: "'") { break }
                    cursor += 1
                }
                guard cursor < end else { return true }
                switch cursor.pointee {
                case UInt8(ascii: ">"): place = .outside
                case UInt8(ascii: "\""), UInt8(ascii: "'"): place = .inValue(quote: cursor.pointee)
                case UInt8(ascii: "="):
                    count += 1
                    if count > maximum { return false }
                default: break
                }
            case let .inValue(quote):
                guard let next = memchr(cursor, Int32(quote), end - cursor) else { return true }
                cursor = UnsafePointer(next.assumingMemoryBound(to: UInt8.self))
                place = .inTag
            case .inMarkup:
                guard let next = memchr(cursor, Int32(UInt8(ascii: ">")), end - cursor) else { return true }
                cursor = UnsafePointer(next.assumingMemoryBound(to: UInt8.self))
                place = .outside
            }
            cursor += 1
        }
        return true
    }
}
