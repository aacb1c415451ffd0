import Foundation
import InteropSupport
import Testing
import XLSXReader

/// The hostile workbooks `Fuzz/hostile_files.py` makes (the same files the end-to-end tests hand to
/// `slotsheet inspect` and `import`), each refused by the reader with its own error, naming its part.
/// The table below is the specification: a file the generator makes without an entry here, or an entry
/// without its file, fails the test.
@Suite(.ownThreads) struct HostileCorpusTests {
    private static let sheet = "xl/worksheets/sheet1.xml"
    private static let strings = "xl/sharedStrings.xml"
    private static let xmlParts = ["xl/workbook.xml", "_rels/.rels", "xl/_rels/workbook.xml.rels", strings, "xl/styles.xml",
                                   sheet, "docProps/core.xml", "docProps/app.xml", "docProps/custom.xml"]

    /// What reading a file must end with.
    enum Outcome {
        case reads
        case refused(XLSXError)
        /// Not well-formed: libxml2's message varies with its version, so only the part is fixed.
        case malformed(part: String)
        /// Past a limit in whichever part of a family crosses it first (that depends on zlib's output).
        case pastLimit(XLSXLimits.Name, partPrefix: String)
    }

    static let expected: [String: Outcome] = {
        let limits = XLSXLimits.default
        var table: [String: Outcome] = [
            "control": .reads,
            // Within every limit, and must read quickly all the same: 10,000 chart sheets.
            "sheets-among-many-relationships": .reads,
            "bomb-ratio": .refused(.limitExceeded(limit: .compressionRatio, part: sheet, maximum: limits.maxCompressionRatio)),
            "bomb-size": .refused(.limitExceeded(limit: .partSize, part: sheet, maximum: limits.maxPartBytes)),
            "bomb-styles": .refused(.limitExceeded(limit: .structurePartSize, part: "xl/styles.xml",
                                                   maximum: limits.maxStructurePartBytes)),
            "bomb-many-parts": .pastLimit(.compressionRatio, partPrefix: "xl/worksheets/s"),
            "sheets-share-a-part": .refused(.sheetsShareAPart(part: sheet, sheet: "S1", otherSheet: "S0")),
            "many-relationships": .refused(.limitExceeded(limit: .relationships, part: "xl/_rels/workbook.xml.rels",
                                                          maximum: limits.maxRelationships)),
            "many-defined-names": .refused(.limitExceeded(limit: .definedNames, part: "xl/workbook.xml",
                                                          maximum: limits.maxDefinedNames)),
            "many-custom-properties": .refused(.limitExceeded(limit: .customProperties, part: "docProps/custom.xml",
                                                              maximum: limits.maxCustomProperties)),
            "attributes-workbook": .refused(.limitExceeded(limit: .attributes, part: "xl/workbook.xml", maximum: limits.maxAttributes)),
            "attributes-sheet": .refused(.limitExceeded(limit: .attributes, part: sheet, maximum: limits.maxAttributes)),
            "nesting-sheet": .refused(.limitExceeded(limit: .nestingDepth, part: sheet, maximum: limits.maxNestingDepth)),
            "nesting-sharedstrings": .refused(.limitExceeded(limit: .nestingDepth, part: strings, maximum: limits.maxNestingDepth)),
            "column-xfe": .refused(.invalidCellReference(part: sheet, reference: "XFE1")),
            "column-16385": .refused(.invalidCellReference(part: sheet, reference: "column 16385 of row 1")),
            "row-past-grid": .refused(.invalidCellReference(part: sheet, reference: "row 1048577")),
            "row-zero": .refused(.invalidCellReference(part: sheet, reference: "row 0")),
            "merge-past-grid": .refused(.invalidCellReference(part: sheet, reference: "A1:XFE2")),
            "row-repeated": .refused(.invalidCellReference(part: sheet, reference: "row 2", problem: .outOfOrder(after: "row 2"))),
            "row-backwards": .refused(.invalidCellReference(part: sheet, reference: "row 3", problem: .outOfOrder(after: "row 5"))),
            "cell-repeated": .refused(.invalidCellReference(part: sheet, reference: "B1", problem: .outOfOrder(after: "B1"))),
            "cell-outside-its-row": .refused(.invalidCellReference(part: sheet, reference: "A2", problem: .outsideItsRow(row: 1))),
            "string-index-past-table": .refused(.sharedStringOutOfRange(part: sheet, cell: "A1", index: 7, count: 1)),
            "utf8-xl-worksheets-sheet1": .malformed(part: sheet),
            "utf8-xl-sharedStrings": .malformed(part: strings),
            "duplicate-entry": .refused(.corruptZip(detail: .duplicateEntry(name: "xl/workbook.xml"))),
            "duplicate-entry-case": .refused(.corruptZip(detail: .duplicateEntry(name: "XL/Workbook.xml"))),
            "entry-climbs-out": .refused(.corruptZip(detail: .unsafeEntryName(name: "../../../tmp/slotsheet-evil.xml"))),
            "entry-absolute": .refused(.corruptZip(detail: .unsafeEntryName(name: "/etc/slotsheet-evil.xml"))),
            "directory-truncated": .refused(.corruptZip(detail: .inconsistentDirectory)),
            "checksum-wrong": .refused(.corruptZip(detail: .checksumMismatch(entry: sheet))),
            "encrypted": .refused(.encrypted),
        ]
        let content = "content.xml"
        let sheet1 = "content.xml (sheet \"Sheet1\")"
        table.merge([
            "ods-control": .reads,
            "ods-many-sheets": .reads,
            "ods-bomb-ratio": .refused(.limitExceeded(limit: .compressionRatio, part: content, maximum: limits.maxCompressionRatio)),
            "ods-bomb-size": .refused(.limitExceeded(limit: .partSize, part: content, maximum: limits.maxPartBytes)),
            "ods-repeats-billions": .refused(.limitExceeded(limit: .cells, part: content, maximum: limits.maxCells)),
            "ods-row-past-grid": .refused(.invalidCellReference(part: sheet1, reference: "row 1048577")),
            "ods-column-past-grid": .refused(.invalidCellReference(part: sheet1, reference: "column 16385 of row 1")),
            "ods-repeat-not-a-number": .refused(.invalidCellValue(part: sheet1, cell: "table:number-columns-repeated",
                                                                  type: "a positive whole number", text: "two")),
            "ods-value-not-a-number": .refused(.invalidCellValue(part: sheet1, cell: "A1", type: "float", text: "1,5")),
            "ods-nesting": .refused(.limitExceeded(limit: .nestingDepth, part: content, maximum: limits.maxNestingDepth)),
            "ods-attributes": .refused(.limitExceeded(limit: .attributes, part: content, maximum: limits.maxAttributes)),
            "ods-encrypted": .refused(.encrypted),
            "ods-text-document": .refused(.notASpreadsheet(mediaType: "application/vnd.oasis.opendocument.text")),
            "ods-no-content": .refused(.missingPart(name: "content part (content.xml)")),
        ]) { _, new in new }
        for part in [content, "meta.xml", "META-INF/manifest.xml"] {
            let name = part.lowercased().replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".xml", with: "")
            for attack in ["laughs", "xxe"] {
                table["ods-\(attack)-\(name)"] = .refused(.dtdRefused(part: part))
            }
        }
        for part in xmlParts {
            let name = part == "_rels/.rels" ? "package-rels"
                : part.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: "_", with: "")
                    .replacingOccurrences(of: ".xml", with: "").replacingOccurrences(of: ".rels", with: "-rels")
            for attack in ["laughs", "xxe", "xxe-parameter"] {
                table["\(attack)-\(name)"] = .refused(.dtdRefused(part: part))
            }
        }
        return table
    }()

    @Test func everyGeneratedFileHasItsExpectedOutcome() throws {
        let corpus = try HostileCorpus.shared()
        #expect(Set(corpus.files.keys) == Set(HostileCorpusTests.expected.keys))
    }

    @Test(arguments: HostileCorpusTests.expected.keys.sorted())
    func eachFileIsRefusedWithItsOwnError(name: String) throws {
        let corpus = try HostileCorpus.shared()
        // CPU time of this thread (the read is synchronous on it): the bound is on the work a hostile file
        // costs, which wall time under parallel tests on a busy machine does not measure.
        let start = threadCPUSeconds()
        let error = readFully(corpus.path(name))
        let seconds = threadCPUSeconds() - start
        #expect(seconds < 2, "\(name) took \(seconds) s of CPU time")
        switch HostileCorpusTests.expected[name]! {
        case .reads:
            #expect(error == nil, "\(name): \(String(describing: error))")
        case let .refused(expected):
            #expect(error == expected, "\(name)")
        case let .malformed(part):
            guard case let .malformedXML(actualPart, _, message)? = error else {
                Issue.record("\(name): expected malformed XML, got \(String(describing: error))")
                return
            }
            #expect(actualPart == part)
            #expect(message.contains("UTF-8"), "\(message)")
        case let .pastLimit(limit, prefix):
            guard case let .limitExceeded(actualLimit, part, _)? = error else {
                Issue.record("\(name): expected the \(limit.rawValue) limit, got \(String(describing: error))")
                return
            }
            #expect(actualLimit == limit)
            #expect(part.hasPrefix(prefix), "\(part)")
        }
        #expect(!(error?.description.contains(corpus.secretMarker) ?? false))
    }

    /// The control file, the package every attack starts from, reads whole: cells, every property.
    @Test func theControlFileReadsEveryPart() throws {
        let corpus = try HostileCorpus.shared()
        let book = try XLSXWorkbook(path: corpus.path("control"))
        #expect(try book.cells(of: "Sheet1") == ["B1": .string("hello"), "A1": .string("hello")])
        #expect(book.author == "hello")
        #expect(book.lastModifiedBy == "office")
        #expect(book.application == "hello")
        #expect(book.customProperties["note"] == .text("hello"))
        #expect(book.definedNames.first?.formula == "hello")
    }

    @Test func messagesOfTheNewErrorsNameWhatIsWrong() {
        let sheet = HostileCorpusTests.sheet
        #expect(XLSXError.invalidCellReference(part: sheet, reference: "row 2", problem: .outOfOrder(after: "row 7"))
            .description.contains("xl/worksheets/sheet1.xml lists row 2 after row 7"))
        #expect(XLSXError.invalidCellReference(part: sheet, reference: "C4", problem: .outsideItsRow(row: 3))
            .description.contains("cell C4 inside row 3"))
        #expect(XLSXError.corruptZip(detail: .duplicateEntry(name: "xl/workbook.xml")).description
            .contains("two files named xl/workbook.xml"))
        #expect(XLSXError.corruptZip(detail: .checksumMismatch(entry: sheet)).description
            .contains("the content of xl/worksheets/sheet1.xml does not match its checksum"))
        #expect(XLSXError.corruptZip(detail: .unsafeEntryName(name: "../x")).description.contains("\"../x\""))
    }
}

/// Where the hostile files are made: one folder per test process, removed when the process ends.
private let hostileFolder = FileManager.default.temporaryDirectory.appending(path: "hostile-\(UUID().uuidString)").path

/// The generated hostile files, made once per test run in a scratch folder.
struct HostileCorpus: Sendable {
    let folder: String
    let files: [String: Int]
    let secretMarker: String

    /// The file of an attack: the .ods twins are named `ods-...`.
    func path(_ name: String) -> String { "\(folder)/\(name).\(name.hasPrefix("ods-") ? "ods" : "xlsx")" }

    private static let made: Result<HostileCorpus, Interop.Failure> = {
        do {
            let folder = hostileFolder
            atexit { try? FileManager.default.removeItem(atPath: hostileFolder) }
            let script = Interop.repositoryRoot.appending(path: "Fuzz/hostile_files.py").path
            try Interop.runPython("import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
                                  arguments: [script, folder])
            let manifest = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/manifest.json"))) as? [String: Any] ?? [:]
            let files = (manifest["files"] as? [String: [String: Any]] ?? [:]).mapValues { $0["exit"] as? Int ?? -1 }
            return .success(HostileCorpus(folder: folder, files: files, secretMarker: manifest["secret_marker"] as? String ?? ""))
        } catch {
            return .failure(Interop.Failure(description: "the hostile files could not be made: \(error)"))
        }
    }()

    static func shared() throws -> HostileCorpus { try made.get() }
}

/// CPU seconds the calling thread has used so far.
private func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
}
