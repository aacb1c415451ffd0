import Foundation

/// Numbers short byte strings (staff codes, daypart codes) in the order they are first seen, and
/// finds them again from bytes without making a `String`: the CSV import looks up two keys a line,
/// half a million lines a year. Open addressing over FNV-1a hashes; the keys' bytes live end to end
/// in one array.
///
///     var table = ByteKeyTable()
///     table.number(of: bytes)   // 0 for the first key, 1 for the next new one...
struct ByteKeyTable {
    private var keyBytes: [UInt8] = []
    /// Where key `n` ends in `keyBytes` (it starts where key `n - 1` ends).
    private var keyEnds: [Int] = []
    /// Key numbers by hash, -1 where empty; the capacity is a power of two.
    private var slots = [Int32](repeating: -1, count: 64)

    /// How many keys there are.
    var count: Int { keyEnds.count }

    /// The number of `key`, and whether it was new (numbered now).
    mutating func number(of key: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: ByteKeyTable.hash(key)) & mask
        while true {
            let found = Int(slots[slot])
            if found < 0 { break }
            if matches(found, key) { return (found, false) }
            slot = (slot + 1) & mask
        }
        let number = keyEnds.count
        keyBytes.append(contentsOf: key)
        keyEnds.append(keyBytes.count)
        slots[slot] = Int32(number)
        if keyEnds.count * 2 > slots.count { grow() }
        return (number, true)
    }

    private func matches(_ number: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = number == 0 ? 0 : keyEnds[number - 1]
        let end = keyEnds[number]
        guard end - start == key.count else { return false }
        guard let base = key.baseAddress, !key.isEmpty else { return true }
        return keyBytes.withUnsafeBufferPointer { all in memcmp(all.baseAddress! + start, base, key.count) == 0 }
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        keyBytes.withUnsafeBufferPointer { all in
            var start = 0
            for (number, end) in keyEnds.enumerated() {
                var slot = Int(truncatingIfNeeded: ByteKeyTable.hash(UnsafeBufferPointer(rebasing: all[start..<end]))) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(number)
                start = end
            }
        }
    }

    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash ^ (hash >> 29)
    }
}
