#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The qualified names of 8 to 48 bytes `SheetDataScanner` has read, so that a name met again is
/// compared whole instead of read byte by byte: an .ods's rows repeat a dozen such names
/// (`table:table-cell`, `table:number-columns-repeated`, `office:value-type`...) hundreds of thousands
/// of times, and reading them was a fifth of reading the file. A name is taken from here only when the
/// bytes are the name exactly and the byte after it ends a name, which is when reading it byte by byte
/// gives the same name. Its own memory, freed by `deallocate()`.
struct RecentNames {
    static let capacity = 16
    static let shortest = 8
    static let longest = 48

    /// Each name's first 8 bytes (as one number), its length, where its colon is (0: none), its bytes.
    private let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    private let lengths = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
    private let colons = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
    private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * longest)
    private var count = 0
    private var next = 0

    func deallocate() {
        keys.deallocate()
        lengths.deallocate()
        colons.deallocate()
        bytes.deallocate()
    }

    /// The name at `start` if it is one of these: its length and where its colon is (0: none).
    @inline(__always)
    func match(_ start: UnsafeMutablePointer<UInt8>, _ end: UnsafeMutablePointer<UInt8>) -> (length: Int, colon: Int)? {
        // The longest name and the byte after it must be at hand to be compared without a bound check.
        guard count > 0, end - start > RecentNames.longest else { return nil }
        let first = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
        for index in 0..<count where keys[index] == first {
            let length = lengths[index]
            if memcmp(start + RecentNames.shortest, bytes + index * RecentNames.longest + RecentNames.shortest,
                      length - RecentNames.shortest) == 0,
               !SheetDataScanner.isNameByteOrColon(start[length]) {
                return (length, colons[index])
            }
        }
        return nil
    }

    /// Keeps a name read byte by byte (of 8 to 48 bytes), in place of the oldest once all places are taken.
    mutating func remember(_ start: UnsafeMutablePointer<UInt8>, length: Int, colon: Int) {
        guard length >= RecentNames.shortest, length <= RecentNames.longest else { return }
        keys[next] = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
        lengths[next] = length
        colons[next] = colon
        (bytes + next * RecentNames.longest).update(from: start, count: length)
        count = max(count, next + 1)
        next = (next + 1) % RecentNames.capacity
    }
}
