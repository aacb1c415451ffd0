import PostgresNIO

/// One column of a bulk statement bound as a PostgreSQL array (`bigint[]`, `text[]`, `boolean[]`),
/// written in the binary array format directly. A year's apply binds ~150,000 values in arrays;
/// PostgresNIO's generic array encoding went through its encoding context for every element, about
/// 740 instructions a value (143 million of a year's apply's client instructions under
/// callgrind), where this writes each in a few. The bytes are PostgresNIO's own form: one dimension of lower
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
            writeElements(integers, bytes: integers.count * 12, into: &buffer) { integer, out, at in
                out.storeBytes(of: Int32(8).bigEndian, toByteOffset: at, as: Int32.self)
                out.storeBytes(of: integer.bigEndian, toByteOffset: at + 4, as: Int64.self)
                return 12
            }
        case let .texts(texts):
            writeHeader(count: texts.count, element: .text, into: &buffer)
            let bytes = texts.reduce(4 * texts.count) { $0 + $1.utf8.count }
            writeElements(texts, bytes: bytes, into: &buffer) { text, out, at in
                var text = text
                let length = text.withUTF8 { utf8 in
                    out.storeBytes(of: Int32(utf8.count).bigEndian, toByteOffset: at, as: Int32.self)
                    UnsafeMutableRawBufferPointer(rebasing: out[(at + 4)...]).copyMemory(from: UnsafeRawBufferPointer(utf8))
                    return utf8.count
                }
                return 4 + length
            }
        case let .booleans(booleans):
            writeHeader(count: booleans.count, element: .bool, into: &buffer)
            writeElements(booleans, bytes: booleans.count * 5, into: &buffer) { boolean, out, at in
                out.storeBytes(of: Int32(1).bigEndian, toByteOffset: at, as: Int32.self)
                out.storeBytes(of: UInt8(boolean ? 1 : 0), toByteOffset: at + 4, as: UInt8.self)
                return 5
            }
        }
    }

    /// Writes every element through one pointer into `bytes` reserved bytes (per element its
    /// length and value, as `write` puts them at an offset and says how many it wrote): through
    /// `ByteBuffer`'s integer writes it was ~490 instructions a value, each call checking capacity.
    private func writeElements<Element>(_ elements: [Element], bytes: Int, into buffer: inout ByteBuffer,
                                        _ write: (Element, UnsafeMutableRawBufferPointer, Int) -> Int) {
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: bytes) { out in
            var offset = 0
            for element in elements { offset += write(element, out, offset) }
            precondition(offset == bytes, "array elements took \(offset) bytes, not the \(bytes) reserved")
            return offset
        }
    }

    /// Dimensions (1, or 0 for an empty array), the has-NULLs flag, the element type, and for a
    /// non-empty array its length and lower bound.
    private func writeHeader(count: Int, element: PostgresDataType, into buffer: inout ByteBuffer) {
        buffer.writeMultipleIntegers(Int32(count == 0 ? 0 : 1), Int32(0), element.rawValue)
        if count > 0 { buffer.writeMultipleIntegers(Int32(count), Int32(1)) }
    }
}
