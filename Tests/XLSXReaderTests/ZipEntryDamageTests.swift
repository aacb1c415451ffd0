import Foundation
import InteropSupport
import Testing
import XLSXReader

/// Real workbooks (an .xlsx's grid sheet, an .ods's `content.xml`) damaged inside their zip, byte by byte:
/// the answers are those libzip 1.7.3 gave when it inflated and checked every first reading, and must not
/// change now that the reader checks the CRC-32 itself (`ZipEntryCheck`): an office reads these messages.
@Suite(.ownThreads) struct ZipEntryDamageTests {
    /// How an entry is damaged, by `damage.py` below.
    enum Damage: String, CaseIterable {
        /// The CRC-32 changed by one bit, in the central directory and in the local header (where that
        /// header carries it; LibreOffice leaves it to a data descriptor).
        case checksum
        /// One byte in the middle of the compressed data inverted.
        case flippedByte = "flip"
        /// The first deflate block made of type 3, which does not exist: zlib stops at once.
        case invalidBlock = "block-type"
        /// The compressed size halved in both headers: the deflate stream stops in the middle.
        case cutStream = "cut"
        /// The uncompressed size one more, or one less, than the entry holds, in both headers.
        case sizeLarger = "size-larger"
        case sizeSmaller = "size-smaller"
    }

    private static let damage = """
        import struct, sys
        source, target, name, attack = sys.argv[1], sys.argv[2], sys.argv[3].encode(), sys.argv[4]
        data = bytearray(open(source, "rb").read())
        def header(signature, length_at, name_at):
            start = 0
            while (start := data.find(signature, start)) >= 0:
                length = struct.unpack_from("<H", data, start + length_at)[0]
                if data[start + name_at:start + name_at + length] == name:
                    return start
                start += 4
            raise SystemExit("no entry " + name.decode())
        local, central = header(b"PK\\x03\\x04", 26, 30), header(b"PK\\x01\\x02", 28, 46)
        compressed = struct.unpack_from("<I", data, central + 20)[0]
        begin = local + 30 + sum(struct.unpack_from("<HH", data, local + 26))
        # (header, offset of its CRC-32, of its compressed size, of its uncompressed size)
        for at, crc_at, compressed_at, size_at in ((local, 14, 18, 22), (central, 16, 20, 24)):
            if attack != "cut" and struct.unpack_from("<I", data, at + crc_at)[0] == 0:
                continue
            if attack == "checksum":
                struct.pack_into("<I", data, at + crc_at, struct.unpack_from("<I", data, at + crc_at)[0] ^ 1)
            elif attack in ("size-larger", "size-smaller"):
                size = struct.unpack_from("<I", data, at + size_at)[0]
                struct.pack_into("<I", data, at + size_at, size + (1 if attack == "size-larger" else -1))
            elif attack == "cut":
                struct.pack_into("<I", data, at + compressed_at, compressed // 2)
        if attack == "flip":
            data[begin + compressed // 2] ^= 0xFF
        elif attack == "block-type":
            data[begin] |= 0x06
        open(target, "wb").write(data)
        """

    /// A copy of the corpus file `source` with `entry` damaged.
    private static func damaged(_ source: URL, entry: String, _ damage: Damage, in folder: ScratchFolder) throws -> String {
        let path = folder.path("\(damage.rawValue)-\(source.lastPathComponent)")
        _ = try Interop.runPython(ZipEntryDamageTests.damage, arguments: [source.path, path, entry, damage.rawValue])
        return path
    }

    /// What reading the damaged file must end with: nil when it reads.
    private static func expected(_ damage: Damage, entry: String, format: String) -> XLSXError? {
        switch damage {
        case .checksum, .cutStream: return .corruptZip(detail: .checksumMismatch(entry: entry))
        // libzip handed out the damaged bytes before its check at the end: the sheet's XML broke first.
        case .flippedByte: return format == "xlsx" ? .malformedXML(part: entry, line: 2, message: "attributes construct error")
            : .corruptZip(detail: .checksumMismatch(entry: entry))
        case .invalidBlock: return .corruptZip(detail: .other(entry: entry, message: "Zlib error: data error"))
        // libzip 1.7.3 never compared the size it inflated with the declared one; the CRC-32 still holds.
        case .sizeLarger, .sizeSmaller: return nil
        }
    }

    static let cases: [(format: String, damage: Damage)] = ["xlsx", "ods"].flatMap { format in
        Damage.allCases.map { (format, $0) }
    }

    @Test(arguments: ZipEntryDamageTests.cases)
    func aDamagedEntryIsRefusedAsLibzipRefusedIt(format: String, damage: Damage) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let (source, entry) = format == "xlsx"
            ? (Interop.corpus.appending(path: "issue_553.xlsx"), "xl/worksheets/sheet1.xml")
            : (Interop.odsCorpus.appending(path: "from-xlsx/minimal_package.ods"), "content.xml")
        let path = try ZipEntryDamageTests.damaged(source, entry: entry, damage, in: folder)
        let start = Date()
        let error = readFully(path)
        #expect(Date().timeIntervalSince(start) < 10, "a damaged entry must not hang the reader")
        let expected = ZipEntryDamageTests.expected(damage, entry: entry, format: format)
        if case let .malformedXML(part, line, message)? = error, case let .malformedXML(wantedPart, wantedLine, wantedMessage)? = expected {
            #expect(part == wantedPart && line == wantedLine && message.contains(wantedMessage), "\(message)")
        } else {
            #expect(error == expected)
            #expect(error?.description == expected?.description)
        }
    }

    /// The words an office reads for a checksum that does not match, whoever checked it.
    @Test func theChecksumMessageNamesThePart() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try ZipEntryDamageTests.damaged(Interop.corpus.appending(path: "issue_553.xlsx"),
                                                   entry: "xl/worksheets/sheet1.xml", .checksum, in: folder)
        #expect(readFully(path)?.description.contains("the content of xl/worksheets/sheet1.xml does not match its checksum") == true)
    }
}
