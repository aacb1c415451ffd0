import Foundation
import Testing
@testable import SlotSheetCore

/// The CSV reader and its sniffer on their own, for what the end-to-end tests of the command
/// cannot reach: a read error, the limits as a caller sets them, and the guesses at the edges.
@Suite struct HostileCSVReaderTests {
    private func readAll(_ reader: inout CSVReader) throws(CSVError) -> Int {
        var count = 0
        while try reader.next() != nil { count += 1 }
        return count
    }

    @Test func aReadErrorIsNeverTakenForTheEndOfTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "not-a-file-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var reader = try CSVReader(path: folder)
        #expect {
            _ = try readAll(&reader)
        } throws: { error in
            guard case let CSVError.unreadable(path, _) = error else { return false }
            return path == folder
        }
    }

    @Test func aRecordPastItsLimitIsRefusedOnItsLine() throws {
        var limits = CSVReader.Limits()
        limits.maxFieldBytes = 10
        limits.maxRecordBytes = 25
        var reader = CSVReader(text: "a,b\n0123456789,0123456789,0123456789\n", limits: limits)
        #expect(throws: CSVError.recordTooLong(line: 2, limit: 25)) { _ = try readAll(&reader) }
    }

    @Test func aQuoteInsideAnUnquotedFieldIsRefused() throws {
        var reader = CSVReader(text: "a,b\nx,12\" screen\n")
        #expect(throws: CSVError.quoteInUnquotedField(line: 2)) { _ = try readAll(&reader) }
        var quoted = CSVReader(text: "a,b\nx,\"12\"\" screen\"\n")
        #expect(try readAll(&quoted) == 2, "quoted as RFC 4180 says, the same text is read")
    }

    @Test func wideEncodingsAreToldApartByWhereTheZerosAre() {
        let text = "date,daypart\r\n"
        #expect(TextSniffer.wideEncoding(ArraySlice(text.data(using: .utf16LittleEndian)!)) == .utf16LittleEndian)
        #expect(TextSniffer.wideEncoding(ArraySlice(text.data(using: .utf16BigEndian)!)) == .utf16BigEndian)
        #expect(TextSniffer.wideEncoding(ArraySlice(text.data(using: .utf32LittleEndian)!)) == .utf32LittleEndian)
        #expect(TextSniffer.wideEncoding(ArraySlice(text.data(using: .utf32BigEndian)!)) == .utf32BigEndian)
        #expect(TextSniffer.wideEncoding(ArraySlice(Array(text.utf8))) == nil)
        #expect(TextSniffer.head(ArraySlice(Array("\u{FEFF}a,b\n".utf8))) == .utf8(markLength: 3))
    }

    @Test func bytesNoCodePageHasAreNotText() {
        #expect(TextSniffer.encoding(ofInvalid: [0x4D, 0xFC, 0x6C]) == .windows1252)
        #expect(TextSniffer.encoding(ofInvalid: [0x4D, 0x81, 0x6C]) == nil, "0x81 is not a character in Windows-1252")
        #expect(TextSniffer.encoding(ofInvalid: [0x4D, 0x01, 0xFC]) == nil, "a control byte")
        #expect(TextSniffer.binaryLine(ArraySlice(Array("ok\nok\n".utf8) + [1, 2, 3, 4])) == 3)
        #expect(TextSniffer.binaryLine(ArraySlice(Array(String(repeating: "date,daypart\n", count: 20).utf8) + [0])) == nil,
                "one NUL in text is a NUL, not a binary file")
    }
}
