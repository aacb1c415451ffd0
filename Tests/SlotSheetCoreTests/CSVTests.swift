import Foundation
import Testing
@testable import SlotSheetCore

@Suite struct CSVReaderTests {
    private func records(_ text: String, delimiter: UInt8? = nil) throws -> [[String]] {
        var reader = CSVReader(text: text, delimiter: delimiter)
        var all: [[String]] = []
        while let record = try reader.next() { all.append(record.fields) }
        return all
    }

    private func lines(_ text: String) throws -> [Int] {
        var reader = CSVReader(text: text)
        var all: [Int] = []
        while let record = try reader.next() { all.append(record.line) }
        return all
    }

    @Test func readsQuotedFieldsAsRFC4180Says() throws {
        #expect(try records("a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\r\n") == [["a", "b"], ["x, y", "say \"hi\""]])
        #expect(try records("a,\"two\nlines\",c\n") == [["a", "two\nlines", "c"]])
        #expect(try records("a,,\"\"\n") == [["a", "", ""]])
        #expect(try records("last,line") == [["last", "line"]])
    }

    @Test func countsLinesAcrossQuotedLineBreaks() throws {
        #expect(try lines("h\n\"a\nb\"\nc\n\nd\n") == [1, 2, 4, 6])
    }

    @Test func takesSemicolonsFromDutchExcel() throws {
        #expect(try records("date;daypart;staff\n2026-12-08;D09;\"A;B\"\n") == [["date", "daypart", "staff"], ["2026-12-08", "D09", "A;B"]])
        #expect(try records("a,b;c\n") == [["a", "b;c"]])
    }

    @Test func skipsAUTF8ByteOrderMark() throws {
        #expect(try records("\u{FEFF}date,staff\n") == [["date", "staff"]])
    }

    @Test func refusesBrokenFilesNamingTheLine() throws {
        #expect(throws: CSVError.unterminatedQuote(line: 2)) { try records("a\n\"open\n\nstill open") }
        #expect(throws: CSVError.nulCharacter(line: 2)) { try records("a\nb\u{0}c\n") }
        #expect(throws: CSVError.textAfterQuote(line: 1)) { try records("\"a\"b,c\n") }
    }

    @Test func refusesOtherEncodings() throws {
        let utf16 = "\u{FEFF}a,b\n".data(using: .utf16LittleEndian)!
        let path = FileManager.default.temporaryDirectory.appending(path: "utf16-\(UUID().uuidString).csv").path
        _ = FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xFE]) + utf16.dropFirst(2))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reader = try CSVReader(path: path)
        #expect(throws: CSVError.notUTF8(.utf16LittleEndian, line: 1, sample: "a,b")) { try reader.next() }

        let latin1 = FileManager.default.temporaryDirectory.appending(path: "latin1-\(UUID().uuidString).csv").path
        _ = FileManager.default.createFile(atPath: latin1, contents: Data("a\nJos\u{E9}\n".data(using: .isoLatin1)!))
        defer { try? FileManager.default.removeItem(atPath: latin1) }
        var second = try CSVReader(path: latin1)
        #expect(try second.next()?.fields == ["a"])
        #expect(throws: CSVError.notUTF8(.windows1252, line: 2, sample: "Jos\u{E9}")) { try second.next() }
    }

    @Test func refusesAFieldPastTheLimit() throws {
        var limits = CSVReader.Limits()
        limits.maxFieldBytes = 100
        var reader = CSVReader(text: "a\n" + String(repeating: "x", count: 101) + "\n", limits: limits)
        _ = try reader.next()
        #expect(throws: CSVError.fieldTooLong(line: 2, limit: 100)) { try reader.next() }
    }

    @Test func streamsLargeFilesInChunks() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "big-\(UUID().uuidString).csv").path
        var text = "date,daypart,staff,available\n"
        for index in 0..<20_000 { text += "2026-12-08,D09,\"S\(index)\",x\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reader = try CSVReader(path: path)
        var count = 0, last: CSVRecord?
        while let record = try reader.next() { count += 1; last = record }
        #expect(count == 20_001)
        #expect(last == CSVRecord(line: 20_001, fields: ["2026-12-08", "D09", "S19999", "x"]))
    }
}

@Suite struct CSVWriterTests {
    @Test func quotesOnlyWhatNeedsIt() {
        var writer = CSVWriter()
        writer.write(["plain", "a,b", "say \"hi\"", "two\nlines", "a;b", "Zoë"])
        #expect(writer.text == "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"a;b\",Zoë\r\n")
    }

    @Test func neutralizesFormulasWhenAsked() {
        for dangerous in ["=1+1", "+31 6", "-2", "@SUM(A1)", "\tx", "\rx"] {
            #expect(CSVWriter.encode(dangerous, neutralizeFormulas: true).contains("'"))
        }
        #expect(CSVWriter.encode("=1+1") == "=1+1")
    }

    @Test func writtenTextReadsBack() throws {
        var writer = CSVWriter()
        let rows = [["h1", "h2"], ["a,\"b\"", "c\r\nd"], ["", "Łukasz"]]
        rows.forEach { writer.write($0) }
        var reader = CSVReader(text: writer.text)
        var back: [[String]] = []
        while let record = try reader.next() { back.append(record.fields) }
        #expect(back == rows)
    }
}
