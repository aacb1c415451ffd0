#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cell as nearly every writer writes it, read by `SheetDataScanner` in one go and given to the
/// worksheet as one call instead of the five or so events of its elements.
struct ScannedCell {
    /// What the cell holds between its tags.
    enum Content: UInt8 {
        /// `<c .../>` or `<c ...></c>`: a styled blank, as templates write thousands of.
        case nothing
        /// `<v>text</v>`.
        case value
        /// `<is><t>text</t></is>`.
        case inlineString
    }

    /// The values of the `r`, `s` and `t` attributes; a nil base address when the cell has none.
    var reference = ScannedCell.absent
    var style = ScannedCell.absent
    var type = ScannedCell.absent
    var content = Content.nothing
    var text = ScannedCell.absent

    static var absent: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

    /// An attribute's value as the handler takes it: nil when absent.
    @inline(__always)
    static func attribute(_ value: UnsafeBufferPointer<UInt8>) -> XMLText? {
        value.baseAddress == nil ? nil : XMLText(value)
    }
}

extension SheetDataScanner {
    /// Reads the cell whose `<c` is at `start` into `cells`, if it has exactly the common shape:
    /// unprefixed names, only the attributes `r`, `s` and `t` (each at most once, after a single space,
    /// in double quotes), then `/>`, or `>` followed by `</c>`, `<v>text</v></c>` or
    /// `<is><t>text</t></is></c>`; values and text of printable ASCII other than `<`, `>`, `&` and `"`.
    /// Such bytes are well-formed XML whose events the worksheet turns into a cell exactly as it does
    /// `ScannedCell`'s fields. Returns the end of the cell, or nil for anything else, or when the bytes
    /// end first: the general path then reads the same bytes as before. `levelsBelow` is how many levels
    /// of elements the depth limits leave below the cell.
    mutating func scanCell(_ start: UnsafeMutablePointer<UInt8>, _ end: UnsafeMutablePointer<UInt8>,
                           levelsBelow: Int) -> UnsafeMutablePointer<UInt8>? {
        var cell = ScannedCell()
        var cursor = start + 2
        // The attributes, up to `/>` or `>`.
        while true {
            guard end - cursor > 4 else { return nil }
            let byte = cursor.pointee
            if byte == UInt8(ascii: "/") {
                guard cursor[1] == UInt8(ascii: ">") else { return nil }
                cells.append(cell)
                return cursor + 2
            }
            if byte == UInt8(ascii: ">") {
                cursor += 1
                break
            }
            guard byte == UInt8(ascii: " "), cursor[2] == UInt8(ascii: "="), cursor[3] == UInt8(ascii: "\"") else {
                return nil
            }
            let name = cursor[1]
            let valueStart = cursor + 4
            guard let valueEnd = SheetDataScanner.plainRun(valueStart, end, until: UInt8(ascii: "\"")) else { return nil }
            let value = UnsafeBufferPointer(start: UnsafePointer(valueStart), count: valueEnd - valueStart)
            switch name {
            case UInt8(ascii: "r") where cell.reference.baseAddress == nil: cell.reference = value
            case UInt8(ascii: "s") where cell.style.baseAddress == nil: cell.style = value
            case UInt8(ascii: "t") where cell.type.baseAddress == nil: cell.type = value
            default: return nil
            }
            cursor = valueEnd + 1
        }
        // What the cell holds.
        if SheetDataScanner.bytes(cursor, end, are: "</c>") {
            cells.append(cell)
            return cursor + 4
        }
        let closing: StaticString
        if levelsBelow >= 1, SheetDataScanner.bytes(cursor, end, are: "<v>") {
            cell.content = .value
            cursor += 3
            closing = "</v></c>"
        } else if levelsBelow >= 2, SheetDataScanner.bytes(cursor, end, are: "<is><t>") {
            cell.content = .inlineString
            cursor += 7
            closing = "</t></is></c>"
        } else {
            return nil
        }
        guard let textEnd = SheetDataScanner.plainRun(cursor, end, until: UInt8(ascii: "<")),
              SheetDataScanner.bytes(textEnd, end, are: closing) else { return nil }
        cell.text = UnsafeBufferPointer(start: UnsafePointer(cursor), count: textEnd - cursor)
        cells.append(cell)
        return textEnd + closing.utf8CodeUnitCount
    }

    /// Where `stop` (`"` or `<`) ends a run of printable ASCII without `<`, `>`, `&` or `"` starting at
    /// `start`; nil when another byte or the end comes first.
    @inline(__always)
    private static func plainRun(_ start: UnsafeMutablePointer<UInt8>, _ end: UnsafeMutablePointer<UInt8>,
                                 until stop: UInt8) -> UnsafeMutablePointer<UInt8>? {
        // Bit n: byte 0x20 + n is plain. 0x20-0x7E, less `"` (0x22), `&` (0x26), `<` (0x3C), `>` (0x3E).
        let low: UInt64 = ~(1 << 0x02 | 1 << 0x06 | 1 << 0x1C | 1 << 0x1E), high: UInt64 = (1 << 31) - 1
        var cursor = start
        while cursor < end {
            let offset = cursor.pointee &- 0x20
            let plain = offset < 64 ? low >> offset & 1 : offset < 95 ? high >> (offset - 64) & 1 : 0
            if plain == 0 { return cursor.pointee == stop ? cursor : nil }
            cursor += 1
        }
        return nil
    }

    /// Whether the bytes at `start` are `literal` (all of it before `end`).
    @inline(__always)
    private static func bytes(_ start: UnsafeMutablePointer<UInt8>, _ end: UnsafeMutablePointer<UInt8>,
                              are literal: StaticString) -> Bool {
        end - start >= literal.utf8CodeUnitCount && memcmp(start, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }
}
