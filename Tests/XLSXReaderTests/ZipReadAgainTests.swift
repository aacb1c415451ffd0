import InteropSupport
import Foundation
import Testing
@testable import XLSXReader

/// A part read again after a complete reading (an .ods's `content.xml`: structure, then rows) is inflated
/// from its raw bytes without a second CRC-32 (`ZipRawInflater`): the same bytes, every limit still
/// counted, and the checksum still checked by the first reading, or by libzip while none has ended.
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

    @Test func aPartReadAgainAfterACompleteReadingIsTheSameBytesWithoutLibzip() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let archive = try ZipArchive(path: try ZipReadAgainTests.sample(in: folder), limits: XLSXLimits())
        let first = try archive.open("content.xml", role: .streamed)
        #expect(!first.inflatesRaw)
        let bytes = try ZipReadAgainTests.readAll(first)
        #expect(bytes.count > 300_000)
        let again = try archive.open("content.xml", role: .streamed)
        #expect(again.inflatesRaw)
        #expect(try ZipReadAgainTests.readAll(again, chunk: 777) == bytes)
        // Counted as libzip's bytes are: the part's size and compression-ratio limits see them.
        #expect(again.bytesRead == bytes.count)
        // A stored entry (the mimetype) is read raw as it lies.
        let mimetype = try ZipReadAgainTests.readAll(try archive.open("mimetype", role: .structure))
        let storedAgain = try archive.open("mimetype", role: .structure)
        #expect(storedAgain.inflatesRaw)
        #expect(try ZipReadAgainTests.readAll(storedAgain) == mimetype)
        #expect(String(decoding: mimetype, as: UTF8.self) == "application/vnd.oasis.opendocument.spreadsheet")
    }

    @Test func aReadingThatStoppedShortLeavesTheChecksumToLibzip() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let archive = try ZipArchive(path: try ZipReadAgainTests.sample(in: folder), limits: XLSXLimits())
        let partial = try archive.open("content.xml", role: .streamed)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1000, alignment: 1)
        defer { buffer.deallocate() }
        #expect(try partial.read(into: buffer) == 1000)
        let again = try archive.open("content.xml", role: .streamed)
        #expect(!again.inflatesRaw)
    }
}
