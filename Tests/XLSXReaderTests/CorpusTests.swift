import Foundation
import InteropSupport
import Testing
import XLSXReader

/// Every file of `Tests/Fixtures/corpus/xlsx` (written by Excel, LibreOffice, Google Sheets, openpyxl,
/// XlsxWriter, by hand and by fuzzers) must give exactly its `.expected.jsonl`; every .xlsx of it saved
/// as .ods by LibreOffice must give the same cells but where LibreOffice itself changed a value (each
/// case listed with its reason in `ods/libreoffice_changes.json`); every hand-made .ods its own.
@Suite(.ownThreads) struct CorpusTests {
    static let files = names(in: Interop.corpus, ending: ".xlsx")
    static let convertedODS = names(in: Interop.odsCorpus.appending(path: "from-xlsx"), ending: ".ods")
    static let handMadeODS = names(in: Interop.odsCorpus.appending(path: "hand-made"), ending: ".ods")

    private static func names(in folder: URL, ending suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }

    @Test func theCorpusIsThere() {
        #expect(CorpusTests.files.count >= 50, "expected the test corpus at \(Interop.corpus.path)")
        #expect(CorpusTests.convertedODS.count >= 48, "expected the .ods corpus at \(Interop.odsCorpus.path)")
        #expect(CorpusTests.handMadeODS.count >= 5, "expected the hand-made .ods files at \(Interop.odsCorpus.path)")
    }

    @Test(arguments: files)
    func reproducesTheExpectedCells(of file: String) throws {
        let path = Interop.corpus.appending(path: file).path
        let expected = try CorpusTests.parse(String(contentsOfFile: CorpusTests.expectedPath(of: path), encoding: .utf8))
        try CorpusTests.compare(file: path, expected: expected)
    }

    @Test(arguments: convertedODS)
    func anODSSavedByLibreOfficeHoldsTheCellsOfItsXLSX(file: String) throws {
        let name = String(file.dropLast(".ods".count))
        let xlsxExpected = Interop.corpus.appending(path: name + ".expected.jsonl").path
        let changes = try LibreOfficeChanges.load()
        let expected = try changes.apply(to: CorpusTests.parse(String(contentsOfFile: xlsxExpected, encoding: .utf8)), file: name)
        try CorpusTests.compare(file: Interop.odsCorpus.appending(path: "from-xlsx/\(file)").path, expected: expected)
    }

    @Test(arguments: handMadeODS)
    func aHandMadeODSHoldsItsExpectedCells(file: String) throws {
        let path = Interop.odsCorpus.appending(path: "hand-made/\(file)").path
        let expected = try CorpusTests.parse(String(contentsOfFile: CorpusTests.expectedPath(of: path), encoding: .utf8))
        try CorpusTests.compare(file: path, expected: expected)
    }

    /// Every listed change names a converted file and a cell its .xlsx has, so none goes stale unseen.
    @Test func everyLibreOfficeChangeNamesACellOfTheCorpus() throws {
        let changes = try LibreOfficeChanges.load()
        for (name, cells) in changes.cells {
            #expect(CorpusTests.convertedODS.contains(name + ".ods"), "\(name) is not converted")
            let xlsxExpected = Interop.corpus.appending(path: name + ".expected.jsonl").path
            let lines = try CorpusTests.parse(String(contentsOfFile: xlsxExpected, encoding: .utf8))
            for key in cells.keys {
                #expect(lines.contains { "\($0.fields["sheet"] ?? "")!\($0.fields["cell"] ?? "")" == key }, "\(name): \(key)")
            }
        }
    }

    private static func expectedPath(of path: String) -> String {
        String(path[..<path.lastIndex(of: ".")!]) + ".expected.jsonl"
    }

    /// Reads the file as `inspect --cells` does and compares it with the expected lines, in order.
    private static func compare(file path: String, expected: [Line]) throws {
        let file = URL(fileURLWithPath: path).lastPathComponent
        let produced: String
        do {
            produced = try Workbook(path: path).jsonLines()
        } catch {
            produced = CellJSONLines.refusal(error).map { $0 + "\n" } ?? "unreadable: \(error)"
        }
        let actual = try parse(produced)
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

/// `ods/libreoffice_changes.json`: the cells where LibreOffice, saving an .xlsx of the corpus as .ods,
/// writes another value than the .xlsx holds (nil: it leaves the cell out).
struct LibreOfficeChanges {
    let cells: [String: [String: CorpusTests.Line?]]

    static func load() throws -> LibreOfficeChanges {
        let data = try Data(contentsOf: Interop.odsCorpus.appending(path: "libreoffice_changes.json"))
        let files = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["files"] as? [String: [String: Any]] ?? [:]
        var cells: [String: [String: CorpusTests.Line?]] = [:]
        for (name, entry) in files {
            var changed: [String: CorpusTests.Line?] = [:]
            for (key, value) in entry["cells"] as? [String: Any] ?? [:] {
                guard let object = value as? [String: Any] else {
                    changed[key] = .some(nil)
                    continue
                }
                let parts = key.split(separator: "!", maxSplits: 1).map(String.init)
                var full = object
                (full["sheet"], full["cell"]) = (parts[0], parts[1])
                let line = try JSONSerialization.data(withJSONObject: full)
                changed[key] = try CorpusTests.parse(String(decoding: line, as: UTF8.self)).first
            }
            cells[name] = changed
        }
        return LibreOfficeChanges(cells: cells)
    }

    /// The .xlsx's expected lines with LibreOffice's changes made.
    func apply(to lines: [CorpusTests.Line], file: String) -> [CorpusTests.Line] {
        guard let changed = cells[file] else { return lines }
        return lines.compactMap { line in
            let key = "\(line.fields["sheet"] ?? "")!\(line.fields["cell"] ?? "")"
            guard let change = changed[key] else { return line }
            return change
        }
    }
}
