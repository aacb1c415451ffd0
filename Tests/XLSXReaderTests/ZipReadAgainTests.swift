import InteropSupport
import Foundation
import Testing
@testable import XLSXReader

/// Every reading of a deflated part is inflated from its raw bytes (`ZipRawInflater`), and so is every
/// reading of a stored part after its first (libzip's): the first checks the CRC-32, a reading after a
/// complete one (an .ods's `content.xml`: structure, then rows) does not check it again. The same bytes as libzip gives, every limit still counted, and the checksum still
/// checked until a reading has ended; libzip reads what the raw path cannot (another method).
@Suite(.ownThreads) struct ZipReadAgainTests {
    private static func readAll(_ reader: ZipPartReader, chunk: Int = 1000) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try reader.read(into: buffer)
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    private static func sample(in folder: ScratchFolder) throws -> String {
        let rows = (1...3000).map { TestODS.row(["row \($0)", "x", "", "ü\($0)"]) }.joined()
        return try TestODS(tables: [TestODS.table("Long", rows: rows)]).write(to: folder.path("long.ods"))
    }

    @Test func aPartReadAgainAfterACompleteReadingIsTheSameBytesWithoutASecondCheck() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let archive = try ZipArchive(path: try ZipReadAgainTests.sample(in: folder), limits: XLSXLimits())
        let first = try archive.open("content.xml", role: .streamed)
        #expect(first.inflatesRaw && first.checksItsChecksum)
        let bytes = try ZipReadAgainTests.readAll(first)
        #expect(bytes.count > 300_000)
        #expect(first.bytesRead == bytes.count)
        let again = try archive.open("content.xml", role: .streamed)
        #expect(again.inflatesRaw && !again.checksItsChecksum)
        #expect(try ZipReadAgainTests.readAll(again, chunk: 777) == bytes)
        // Counted as libzip's bytes are: the part's size and compression-ratio limits see them.
        #expect(again.bytesRead == bytes.count)
        // A stored entry (the mimetype): libzip checks it first (it would check the raw bytes anyway),
        // then it is read raw as it lies.
        let storedFirst = try archive.open("mimetype", role: .structure)
        #expect(!storedFirst.inflatesRaw)
        let mimetype = try ZipReadAgainTests.readAll(storedFirst)
        let storedAgain = try archive.open("mimetype", role: .structure)
        #expect(storedAgain.inflatesRaw && !storedAgain.checksItsChecksum)
        #expect(try ZipReadAgainTests.readAll(storedAgain) == mimetype)
        #expect(String(decoding: mimetype, as: UTF8.self) == "application/vnd.oasis.opendocument.spreadsheet")
    }

    @Test func aReadingThatStoppedShortLeavesTheChecksumToTheNext() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let archive = try ZipArchive(path: try ZipReadAgainTests.sample(in: folder), limits: XLSXLimits())
        let partial = try archive.open("content.xml", role: .streamed)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1000, alignment: 1)
        defer { buffer.deallocate() }
        #expect(try partial.read(into: buffer) == 1000)
        let again = try archive.open("content.xml", role: .streamed)
        #expect(again.checksItsChecksum)
    }

    /// A first reading through the raw path is held to the part's limits as libzip's was: a bomb stops
    /// at the part-size limit while inflating, and at the compression ratio, whatever the archive declares.
    @Test func theRawPathIsHeldToEveryLimit() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.path("zeros.zip")
        _ = try Interop.runPython("""
            import struct, sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("zeros.xml", bytes(16 << 20))
            # The archive says the part holds 100 bytes (local header and central directory).
            data = bytearray(open(sys.argv[1], "rb").read())
            struct.pack_into("<I", data, data.find(b"PK\\x03\\x04") + 22, 100)
            struct.pack_into("<I", data, data.find(b"PK\\x01\\x02") + 24, 100)
            open(sys.argv[1], "wb").write(data)
            """, arguments: [path])
        var limits = XLSXLimits()
        limits.maxPartBytes = 1 << 20
        limits.maxCompressionRatio = .max
        let sized = try ZipArchive(path: path, limits: limits).open("zeros.xml", role: .streamed)
        #expect(sized.inflatesRaw && sized.checksItsChecksum)
        #expect(throws: XLSXError.limitExceeded(limit: .partSize, part: "zeros.xml", maximum: 1 << 20)) {
            _ = try ZipReadAgainTests.readAll(sized, chunk: 1 << 16)
        }
        let ratio = try ZipArchive(path: path, limits: XLSXLimits()).open("zeros.xml", role: .streamed)
        #expect(ratio.inflatesRaw)
        #expect(throws: XLSXError.limitExceeded(limit: .compressionRatio, part: "zeros.xml", maximum: XLSXLimits().maxCompressionRatio)) {
            _ = try ZipReadAgainTests.readAll(ratio, chunk: 1 << 16)
        }
    }

    /// The raw bytes of the same text through libzip and through the raw path (first reading, then again)
    /// are one text, in every chunk size; an entry compressed otherwise (bzip2) is left to libzip.
    @Test func whatTheRawPathCannotReadGoesThroughLibzip() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let text = (1...20_000).map { "<row r=\"\($0)\"/>" }.joined()
        let path = folder.path("methods.zip")
        _ = try Interop.runPython("""
            import sys, zipfile
            text = "".join(f'<row r="{n}"/>' for n in range(1, 20001))
            with zipfile.ZipFile(sys.argv[1], "w") as z:
                for name, method in (("deflated.xml", zipfile.ZIP_DEFLATED), ("bzip2.xml", zipfile.ZIP_BZIP2)):
                    z.writestr(name, text, method)
            """, arguments: [path])
        let archive = try ZipArchive(path: path, limits: XLSXLimits())
        let bzip2 = try archive.open("bzip2.xml", role: .streamed)
        #expect(!bzip2.inflatesRaw)
        #expect(try ZipReadAgainTests.readAll(bzip2) == Array(text.utf8))
        for chunk in [1, 4096, 1 << 20] {
            let deflated = try archive.open("deflated.xml", role: .streamed)
            #expect(deflated.inflatesRaw)
            #expect(try ZipReadAgainTests.readAll(deflated, chunk: chunk) == Array(text.utf8))
        }
    }
}
