import CSQLiteIntegerList
import Foundation
import GRDB

/// slotsheet's own SQLite aggregate for `SQLDialect.integerList` (Sources/CSQLiteIntegerList): a
/// group's integers as one blob of eight-byte little-endian values, in the order the group's rows
/// come. group_concat's decimal text, written by SQLite and parsed back here, was an eighth of a
/// year template's database read.
enum SQLiteIntegerList {
    /// The aggregate's name in SQL.
    static let name = SQLITE_INTEGER_LIST_NAME

    /// Bytes a value takes in the blob.
    private static let valueSize = MemoryLayout<Int64>.size

    /// Registers the aggregate on a connection as it opens (`Configuration.prepareDatabase`): every
    /// connection of a store runs the schedules' statements.
    static func register(on db: Database) throws {
        let code = sqlite_integer_list_register(db.sqliteConnection.map(UnsafeMutableRawPointer.init))
        guard code == ResultCode.SQLITE_OK.rawValue else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register \(name)")
        }
    }

    /// The values of one blob the aggregate made; nil when `bytes` is not a whole number of values.
    static func values(_ bytes: UnsafeRawBufferPointer) -> [Int64]? {
        guard bytes.count % valueSize == 0 else { return nil }
        let count = bytes.count / valueSize
        return [Int64](unsafeUninitializedCapacity: count) { values, initialized in
            for index in 0..<count {
                values[index] = Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * valueSize, as: Int64.self))
            }
            initialized = count
        }
    }
}
