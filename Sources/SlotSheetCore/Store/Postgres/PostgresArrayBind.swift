import PostgresNIO

/// One column of a bulk statement bound as a PostgreSQL array (`bigint[]`, `text[]`, `boolean[]`),
/// written in the binary array format directly. A year's apply binds ~150,000 values in arrays;
/// PostgresNIO's generic array encoding went through its encoding context for every element, about
/// 740 instructions a value (~140 million of the apply's client instructions under callgrind),
/// where this writes each in a few. The bytes are PostgresNIO's own form: one dimension of lower
/// bound 1, no NULLs (none in these columns), none at all for an empty array.
struct PostgresArrayBind: PostgresDynamicTypeEncodable {
    enum Values {
        case integers([Int64])
        case texts([String])
        case booleans([Bool])
    }

    let values: Values

    init(_ values: Values) {
        self.values = values
    }

    var psqlType: PostgresDataType {
        switch values {
        case .integers: return .int8Array
        case .texts: return .textArray
        case .booleans: return .boolArray
        }
    }

    var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        switch values {
        case let .integers(integers):
            writeHeader(count: integers.count, element: .int8, into: &buffer)
            buffer.reserveCapacity(minimumWritableBytes: integers.count * 12)
            for integer in integers {
                buffer.writeMultipleIntegers(Int32(8), integer)
            }
        case let .texts(texts):
            writeHeader(count: texts.count, element: .text, into: &buffer)
            for text in texts {
                buffer.writeInteger(Int32(text.utf8.count))
                buffer.writeString(text)
            }
        case let .booleans(booleans):
            writeHeader(count: booleans.count, element: .bool, into: &buffer)
            for boolean in booleans {
                buffer.writeInteger(Int32(1))
                buffer.writeInteger(UInt8(boolean ? 1 : 0))
            }
        }
    }

    /// Dimensions (1, or 0 for an empty array), the has-NULLs flag, the element type, and for a
    /// non-empty array its length and lower bound.
    private func writeHeader(count: Int, element: PostgresDataType, into buffer: inout ByteBuffer) {
        buffer.writeMultipleIntegers(Int32(count == 0 ? 0 : 1), Int32(0), element.rawValue)
        if count > 0 { buffer.writeMultipleIntegers(Int32(count), Int32(1)) }
    }
}
