import PostgresNIO

/// A `bigint[]` cell read straight from PostgreSQL's binary array format. The year's read
/// (`StoreSQL.slotSchedules`) brings ~350,000 integers in arrays; PostgresNIO's generic
/// `[Int64]` decoding looked up its decoding context's type metadata for every element, about
/// 800 instructions an integer (280 million a year template's dry run, 14% of the process), where
/// this reads each in a few.
enum PostgresIntegerArray {
    /// The integers of a one-dimensional `bigint[]` without NULL elements, nil for a NULL cell.
    /// A cell in another type or format (never sent for the store's queries) goes through
    /// PostgresNIO's own decoding, which names the column when it fails.
    static func decode(_ cell: PostgresCell) throws -> [Int64]? {
        guard let bytes = cell.bytes else { return nil }
        guard cell.format == .binary, cell.dataType == .int8Array else { return try cell.decode([Int64]?.self) }
        guard let values = bytes.withUnsafeReadableBytes({ integers(in: $0) }) else {
            throw StoreError.failed("column \(cell.columnIndex + 1) is not a one-dimensional bigint[] without NULLs")
        }
        return values
    }

    /// The binary form: dimensions, a has-NULLs flag and the element type (int32, int32, oid),
    /// per dimension its length and lower bound (int32 each), then each element as its length
    /// (int32; -1 for NULL) and value, all big-endian. Nil for anything but that with bigints.
    private static func integers(in raw: UnsafeRawBufferPointer) -> [Int64]? {
        func int32(at offset: Int) -> Int32 { Int32(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)) }
        guard raw.count >= 12, int32(at: 8) == Int32(bitPattern: PostgresDataType.int8.rawValue) else { return nil }
        let dimensions = int32(at: 0)
        if dimensions == 0 { return raw.count == 12 ? [] : nil }
        guard dimensions == 1, raw.count >= 20 else { return nil }
        let count = Int(int32(at: 12))
        guard count >= 0, raw.count == 20 + count * 12 else { return nil }
        var offset = 20
        var values: [Int64] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard int32(at: offset) == 8 else { return nil }
            values.append(Int64(bigEndian: raw.loadUnaligned(fromByteOffset: offset + 4, as: Int64.self)))
            offset += 12
        }
        return values
    }
}
