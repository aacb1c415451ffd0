import InteropSupport
import Foundation
import Testing

/// `slotsheet import FILE.csv` with files that are not the CSV the office meant to give: other
/// encodings, binary bytes, broken quoting, fields and lines past the limits, nothing at all.
/// Each is refused through the real binary with exit code 4, a message naming the line in
/// English and Dutch, and the database untouched. The files are made here, never committed.
@Suite(.ownThreads) struct HostileCSVTests {
    /// One hostile file and what the office must read about it.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: Data
        let english: [String]
        let dutch: [String]
        var testDescription: String { name }
    }

    static let header = "date,daypart,staff,available\r\n"
    static let row = "2026-12-08,D09,ANB,x\r\n"

    /// The good file, in bytes of `encoding` (with its byte-order mark when `mark`).
    static func text(_ text: String, _ encoding: String.Encoding, mark: Bool = false) -> Data {
        let body = text.data(using: encoding)!
        guard mark else { return body }
        let marks: [String.Encoding: [UInt8]] = [
            .utf16LittleEndian: [0xFF, 0xFE], .utf16BigEndian: [0xFE, 0xFF],
            .utf32LittleEndian: [0xFF, 0xFE, 0, 0], .utf32BigEndian: [0, 0, 0xFE, 0xFF],
        ]
        return Data(marks[encoding]!) + body
    }

    static func utf8(_ text: String) -> Data { Data(text.utf8) }

    /// Bytes from a fixed-seed generator: the same "binary garbage" on every run.
    static func garbage(count: Int) -> Data {
        var state: UInt64 = 0x5EED_0F_5107
        return Data((0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        })
    }

    static let good = header + row + "2026-12-09,D09,Müller,x\r\n"

    static let cases: [Case] = [
        Case(name: "Latin-1 bytes", bytes: text(good, .isoLatin1),
             english: ["Line 3 of the CSV file is not UTF-8", "Windows-1252 (Western European)", "\"Müller\"", "CSV UTF-8"],
             dutch: ["Regel 3 van het CSV-bestand is geen UTF-8", "Windows-1252 (West-Europees)", "\"Müller\""]),
        Case(name: "Windows-1252 quotes and euro", bytes: utf8(header) + Data([0x93]) + utf8("2026-12-08") + Data([0x94, 0x80]) + utf8(",D09,ANB,x\r\n"),
             english: ["Line 2 ", "Windows-1252", "“2026-12-08”€"], dutch: ["Regel 2 ", "Windows-1252"]),
        Case(name: "UTF-16 LE with BOM", bytes: text(good, .utf16LittleEndian, mark: true),
             english: ["Line 1 ", "UTF-16 (little-endian", "\"date,daypart,staff,available"], dutch: ["Regel 1 ", "UTF-16 (little-endian"]),
        Case(name: "UTF-16 LE without BOM", bytes: text(good, .utf16LittleEndian),
             english: ["Line 1 ", "UTF-16 (little-endian"], dutch: ["Regel 1 ", "UTF-16 (little-endian"]),
        Case(name: "UTF-16 BE with BOM", bytes: text(good, .utf16BigEndian, mark: true),
             english: ["Line 1 ", "UTF-16 (big-endian)"], dutch: ["UTF-16 (big-endian)"]),
        Case(name: "UTF-16 BE without BOM", bytes: text(good, .utf16BigEndian),
             english: ["Line 1 ", "UTF-16 (big-endian)"], dutch: ["UTF-16 (big-endian)"]),
        Case(name: "UTF-32 LE with BOM", bytes: text(good, .utf32LittleEndian, mark: true),
             english: ["Line 1 ", "UTF-32 (little-endian)"], dutch: ["UTF-32 (little-endian)"]),
        Case(name: "UTF-32 BE without BOM", bytes: text(good, .utf32BigEndian),
             english: ["Line 1 ", "UTF-32 (big-endian)"], dutch: ["UTF-32 (big-endian)"]),
        Case(name: "an embedded NUL", bytes: utf8(header + row + "2026-12-09,D09,A\u{0}NB,x\r\n"),
             english: ["Line 3 ", "NUL character"], dutch: ["Regel 3 ", "NUL-teken"]),
        Case(name: "a 10 MB field", bytes: utf8(header + "2026-12-08,D09," + String(repeating: "A", count: 10 << 20) + ",x\r\n"),
             english: ["Line 2 ", "a field longer than 128 KB"], dutch: ["Regel 2 ", "een veld langer dan 128 KB"]),
        Case(name: "a 10 MB quoted field", bytes: utf8(header + row + "2026-12-08,D09,\"" + String(repeating: "A\r\n", count: 3 << 20) + "\",x\r\n"),
             english: ["Line 3 ", "a field longer than 128 KB"], dutch: ["Regel 3 ", "128 KB"]),
        Case(name: "a line of many long fields", bytes: utf8(header + Array(repeating: String(repeating: "B", count: 100_000), count: 12).joined(separator: ",")),
             english: ["Line 2 ", "is longer than 1 MB"], dutch: ["Regel 2 ", "is langer dan 1 MB"]),
        Case(name: "a quote never closed", bytes: utf8(header + row + row + "2026-12-09,\"D09,ANB,x\r\n" + row),
             english: ["Line 4 ", "never closed"], dutch: ["Regel 4 ", "nooit wordt gesloten"]),
        Case(name: "a quote inside an unquoted field", bytes: utf8(header + row + "2026-12-09,D09,AN\"B,x\r\n"),
             english: ["Line 3 ", "a quote (\") inside a field"], dutch: ["Regel 3 ", "midden in een veld"]),
        Case(name: "text after a closing quote", bytes: utf8(header + "2026-12-09,\"D09\"x,ANB,x\r\n"),
             english: ["Line 2 ", "text after the closing quote"], dutch: ["Regel 2 ", "na het sluitende aanhalingsteken"]),
        Case(name: "very many fields", bytes: utf8(header + row + "2026-12-09" + String(repeating: ",", count: 200_000) + "\r\n"),
             english: ["Line 3 ", "more than 1000 fields"], dutch: ["Regel 3 ", "meer dan 1000 velden"]),
        Case(name: "binary garbage", bytes: garbage(count: 64 * 1024),
             english: ["Line 1 of the file holds bytes that are not text", "not a CSV file"], dutch: ["Regel 1 ", "geen CSV-bestand"]),
        Case(name: "an empty file", bytes: Data(), english: ["The CSV file is empty"], dutch: ["Het CSV-bestand is leeg"]),
        Case(name: "blank lines only", bytes: utf8("\r\n\n\r\n"), english: ["The CSV file is empty"], dutch: ["leeg"]),
        Case(name: "a header only", bytes: utf8("\u{FEFF}" + header), english: ["only its header (line 1)"], dutch: ["alleen een kopregel (regel 1)"]),
    ]

    @Test(arguments: cases)
    func isRefusedWithTheLineInBothLanguages(_ hostile: Case) throws {
        let cli = try CommandRunner(today: "2026-12-01")
        defer { cli.remove() }
        #expect(try cli.run("db", "init").status == 0)
        #expect(try cli.run("db", "seed", "--sample").status == 0)
        let before = try cli.run("db", "status").output
        #expect(FileManager.default.createFile(atPath: cli.path("hostile.csv"), contents: hostile.bytes))

        for (language, expected) in [("en", hostile.english), ("nl", hostile.dutch)] {
            let started = Date()
            let result = try cli.run("import", "hostile.csv", "--lang", language)
            let message = result.errors + result.output
            #expect(result.status == 4, "\(language): exit \(result.status): \(message)")
            for fragment in expected {
                #expect(message.contains(fragment), "\(language): '\(fragment)' is not in: \(message)")
            }
            #expect(message.count < 1_000, "the message quotes no more than a sample of the file")
            #expect(Date().timeIntervalSince(started) < 20, "refused in bounded time")
        }
        #expect(try cli.run("db", "status").output == before, "nothing is written to the database")
        #expect(try cli.run("history").output.contains("No imports yet"))
    }

    /// The control: the same rows in UTF-8 are read, so the refusals above come from the bytes.
    @Test func theSameRowsInUTF8AreRead() throws {
        let cli = try CommandRunner(today: "2026-12-01")
        defer { cli.remove() }
        #expect(try cli.run("db", "init").status == 0)
        #expect(try cli.run("db", "seed", "--sample").status == 0)
        #expect(FileManager.default.createFile(atPath: cli.path("good.csv"), contents: HostileCSVTests.utf8(HostileCSVTests.good)))
        let result = try cli.run("import", "good.csv", "--dry-run")
        #expect(result.status == 1, "read, with one problem: \(result.output)\(result.errors)")
        #expect((result.output + result.errors).contains("Müller"), "line 3 is read as text: \(result.output)")
    }
}
