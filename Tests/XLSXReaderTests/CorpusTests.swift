import Foundation
import InteropSupport
import Testing
import XLSXReader

/// Every file of `Tests/Fixtures/corpus/xlsx` (written by Excel, LibreOffice, Google Sheets, openpyxl,
/// XlsxWriter, by hand and by fuzzers) must give exactly its `.expected.jsonl`.
@Suite struct CorpusTests {
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Interop.corpus.path)) ?? []
        return names.filter { $0.hasSuffix(".xlsx") }.sorted()
    }()

    @Test func theCorpusIsThere() {
        #expect(CorpusTests.files.count >= 50, "expected the test corpus at \(Interop.corpus.path)")
    }

    @Test(arguments: files)
    func reproducesTheExpectedCells(of file: String) throws {
        let path = Interop.corpus.appending(path: file).path
        let expectedPath = String(path.dropLast(".xlsx".count)) + ".expected.jsonl"
        let expected = try CorpusTests.parse(String(contentsOfFile: expectedPath, encoding: .utf8))

        let produced: String
        do {
            produced = try XLSXWorkbook(path: path).jsonLines()
        } catch {
            produced = CellJSONLines.refusal(error).map { $0 + "\n" } ?? "unreadable: \(error)"
        }
        let actual = try CorpusTests.parse(produced)
        #expect(actual.count == expected.count, "\(file): \(actual.count) cells, expected \(expected.count)")
        for (index, (got, want)) in zip(actual, expected).enumerated() where got != want {
            Issue.record("\(file) line \(index + 1): got \(got), expected \(want)")
            break
        }
    }

    /// One line of the dump, compared the way the corpus README says: numbers as numbers.
    struct Line: Equatable, CustomStringConvertible {
        var fields: [String: String]
        var number: Double?

        var description: String { "\(fields)\(number.map { " \($0)" } ?? "")" }
    }

    static func parse(_ text: String) throws -> [Line] {
        try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            var fields: [String: String] = [:]
            var number: Double?
            for (key, value) in object {
                if key == "value", object["type"] as? String == "n", let value = value as? NSNumber {
                    number = value.doubleValue
                } else if key == "value", object["type"] as? String == "b", let value = value as? Bool {
                    fields[key] = value ? "true" : "false"
                } else {
                    fields[key] = "\(value)"
                }
            }
            return Line(fields: fields, number: number)
        }
    }
}
