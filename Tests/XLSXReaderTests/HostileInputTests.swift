import Foundation
import InteropSupport
import Testing
import XLSXReader

/// Files made to hurt the reader, each refused with its own error, quickly, and without reading
/// anything from the disk. The files are generated here, never shipped. The attacks that the end-to-end
/// tests share (bombs, DTDs in every part, broken containers, rows out of order) are in
/// `HostileCorpusTests`, made by `Fuzz/hostile_files.py`.
@Suite(.ownThreads) struct HostileInputTests {
    private static let sheet = "xl/worksheets/sheet1.xml"

    /// Runs `body` and checks it finished within `seconds` (generous: CI machines are slow, a hang is not).
    private func withinSeconds<T>(_ seconds: Double, _ body: () throws -> T) rethrows -> T {
        let start = Date()
        let result = try body()
        #expect(Date().timeIntervalSince(start) < seconds, "took \(Date().timeIntervalSince(start)) s")
        return result
    }

    /// A workbook whose one sheet part is made by a Python expression streaming `chunks` to it.
    private func packageWithGeneratedSheet(_ folder: ScratchFolder, head: String, chunk: String, count: Int,
                                           tail: String, level: Int = 9) throws -> String {
        let base = try TestPackage(sheetData: "").write(to: folder.path("base.xlsx"))
        let path = folder.path("generated.xlsx")
        try Interop.runPython("""
            import sys, zipfile
            base, out, head, chunk, count, tail, level = sys.argv[1:8]
            with zipfile.ZipFile(base) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=int(level)) as dst:
                for info in src.infolist():
                    if info.filename != "\(HostileInputTests.sheet)":
                        dst.writestr(info, src.read(info))
                with dst.open("\(HostileInputTests.sheet)", "w") as part:
                    part.write(head.encode())
                    block = chunk.encode() * 1024
                    for _ in range(int(count) // 1024):
                        part.write(block)
                    part.write(tail.encode())
            """, arguments: [base, path, head, chunk, String(count), tail, String(level)])
        return path
    }

    private let worksheetHead = #"<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#
    private let worksheetTail = "</sheetData></worksheet>"

    // MARK: - Zip bombs

    @Test func aPartPastTheSizeLimitIsStoppedWhileInflating() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let row = #"<row><c t="inlineStr"><is><t>filler text that compresses as real text does</t></is></c></row>"#
        let path = try packageWithGeneratedSheet(folder, head: worksheetHead, chunk: row, count: 64 * 1024, tail: worksheetTail)
        var limits = XLSXLimits.default
        limits.maxPartBytes = 1 << 20
        limits.maxCompressionRatio = .max
        let error = withinSeconds(5) { readFully(path, limits: limits) }
        #expect(error == .limitExceeded(limit: .partSize, part: HostileInputTests.sheet, maximum: 1 << 20))
    }

    @Test func sizesTheArchiveLiesAboutAreNotTrusted() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try packageWithGeneratedSheet(folder, head: worksheetHead, chunk: String(repeating: " ", count: 1024),
                                                 count: 64 * 1024, tail: worksheetTail)
        // Rewrite the sheet's declared size (local header and central directory) to 100 bytes.
        try Interop.runPython("""
            import struct, sys
            path, name = sys.argv[1], sys.argv[2].encode()
            data = bytearray(open(path, "rb").read())
            # (signature, offset of the uncompressed size, of the name length, of the name)
            for signature, size_at, length_at, name_at in ((b"PK\\x03\\x04", 22, 26, 30), (b"PK\\x01\\x02", 24, 28, 46)):
                start = 0
                while (start := data.find(signature, start)) >= 0:
                    length = struct.unpack_from("<H", data, start + length_at)[0]
                    if data[start + name_at:start + name_at + length] == name:
                        struct.pack_into("<I", data, start + size_at, 100)
                    start += 4
            open(path, "wb").write(data)
            """, arguments: [path, HostileInputTests.sheet])
        let error = withinSeconds(5) { readFully(path) }
        switch error {
        case .corruptZip?, .limitExceeded(limit: .compressionRatio, _, _)?: break
        default: Issue.record("a part larger than declared is refused, got \(String(describing: error))")
        }
    }

    // MARK: - XML attacks

    @Test func malformedXMLNamesThePartAndTheLine() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try TestPackage(sheetData: "\n<row r=\"1\">\n<c r=\"A1\"><v>1</v></c>\n<c r=\"B1\"><v>2</c></row>")
            .write(to: folder.path("broken.xlsx"))
        guard case let .malformedXML(part, line, message)? = readFully(path) else {
            Issue.record("expected malformed XML")
            return
        }
        #expect(part == HostileInputTests.sheet)
        #expect(line == 5)
        #expect(message.contains("mismatch"))
    }

    // MARK: - Broken containers

    @Test func aTruncatedZipIsCorrupt() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let original = try Data(contentsOf: Interop.corpus.appending(path: "issues.xlsx"))
        let path = folder.path("truncated.xlsx")
        try original.prefix(original.count / 2).write(to: URL(fileURLWithPath: path))
        guard case .corruptZip? = readFully(path) else {
            Issue.record("expected a corrupt zip, got \(String(describing: readFully(path)))")
            return
        }
    }

    @Test func filesThatAreNoZipAtAll() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        for (name, content) in [("empty.xlsx", Data()), ("text.xlsx", Data("date;daypart;staff\n".utf8)),
                                ("pdf.xlsx", Data("%PDF-1.7\n".utf8))] {
            let path = folder.path(name)
            try content.write(to: URL(fileURLWithPath: path))
            #expect(readFully(path) == .notAZip, "\(name)")
        }
        #expect(readFully(folder.path("missing.xlsx")) == .unreadable(path: folder.path("missing.xlsx"),
                                                                      reason: "No such file or directory"))
        guard case .unreadable? = readFully(folder.url.path) else {
            Issue.record("a folder is unreadable")
            return
        }
    }

    @Test func anOLECompoundFileIsEncryptedOrLegacy() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let header: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 504)
        let directoryName = Array("EncryptedPackage".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let encrypted = folder.path("protected.xlsx"), legacy = folder.path("old.xls")
        try Data(header + [UInt8](repeating: 0, count: 70_000) + directoryName + [0, 0]).write(to: URL(fileURLWithPath: encrypted))
        try Data(header + Array("Workbook".utf16).flatMap { [UInt8($0 & 0xFF), 0] }).write(to: URL(fileURLWithPath: legacy))
        #expect(readFully(encrypted) == .encrypted)
        #expect(XLSXError.encrypted.description.contains("password-protected"))
        #expect(readFully(legacy) == .legacyOfficeDocument)
    }

    @Test func aZipWithoutAWorkbookIsIncomplete() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.path("notes.xlsx")
        try ZipWriter.write([.init(name: "notes.txt", text: "hello")], to: path)
        #expect(readFully(path) == .missingPart(name: "workbook: neither the relationships of an .xlsx (_rels/.rels) "
                                                + "nor the manifest of an .ods (META-INF/manifest.xml)"))

        var package = TestPackage(sheetData: "").entries
        package.removeAll { $0.name == "xl/worksheets/sheet1.xml" }
        try ZipWriter.write(package, to: path)
        #expect(readFully(path) == .missingPart(name: "sheet \"Sheet1\" (xl/worksheets/sheet1.xml)"))
    }

    // MARK: - Impossible content

    @Test func aSharedStringIndexPastTheTable() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try TestPackage(sheetData: #"<row r="3"><c r="B3" t="s"><v>2</v></c></row>"#,
                                   sharedStrings: ["<t>a</t>", "<t>b</t>"]).write(to: folder.path("strings.xlsx"))
        #expect(readFully(path) == .sharedStringOutOfRange(part: HostileInputTests.sheet, cell: "B3", index: 2, count: 2))
    }

    @Test(arguments: [
        (#"<row r="1"><c r="A1048577"><v>1</v></c></row>"#, "A1048577"),
        (#"<row r="1"><c r="1A"><v>1</v></c></row>"#, "1A"),
    ])
    func aCellPastXFD1048576(sheetData: String, reference: String) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try TestPackage(sheetData: sheetData).write(to: folder.path("grid.xlsx"))
        #expect(readFully(path) == .invalidCellReference(part: HostileInputTests.sheet, reference: reference))
    }

    @Test func valuesThatDoNotFitTheirType() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        for (cell, type, text) in [("A1", "n", "12abc"), ("A1", "b", "7"), ("A1", "d", "yesterday"), ("A1", "z", "1")] {
            let attribute = type == "n" ? "" : " t=\"\(type)\""
            let path = try TestPackage(sheetData: "<row r=\"1\"><c r=\"A1\"\(attribute)><v>\(text)</v></c></row>")
                .write(to: folder.path("values.xlsx"))
            #expect(readFully(path) == .invalidCellValue(part: HostileInputTests.sheet, cell: cell, type: type, text: text))
        }
    }

    // MARK: - Each limit is its own error

    @Test func everyLimitNamesItselfAndThePart() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try TestPackage(
            sheetData: #"<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row><row r="5"><c r="A5"><v>1</v></c></row>"#,
            sharedStrings: ["<t>first text</t>", "<t>second</t>", "<t>third</t>"]).write(to: folder.path("limits.xlsx"))
        #expect(readFully(path) == nil)

        var limits = XLSXLimits.default
        limits.maxSharedStrings = 2
        #expect(readFully(path, limits: limits) == .limitExceeded(limit: .sharedStrings, part: "xl/sharedStrings.xml", maximum: 2))
        limits = .default
        limits.maxStringBytes = 5
        #expect(readFully(path, limits: limits) == .limitExceeded(limit: .stringLength, part: "xl/sharedStrings.xml", maximum: 5))
        limits = .default
        // The table's text together: "first text" and "second" take 16 bytes, which leaves no room for one
        // more string of up to 10. Its own limit, not the part size: the part is well within its size.
        limits.maxSharedStringBytes = 20
        limits.maxStringBytes = 10
        #expect(readFully(path, limits: limits) == .limitExceeded(limit: .sharedStringBytes, part: "xl/sharedStrings.xml", maximum: 20))
        limits = .default
        limits.maxRows = 4
        #expect(readFully(path, limits: limits) == .limitExceeded(limit: .rows, part: HostileInputTests.sheet, maximum: 4))
        limits = .default
        limits.maxColumns = 2
        #expect(readFully(path, limits: limits) == .limitExceeded(limit: .columns, part: HostileInputTests.sheet, maximum: 2))
        limits = .default
        limits.maxNestingDepth = 4  // worksheet > sheetData > row > c > v is 5 deep
        #expect(readFully(path, limits: limits) == .limitExceeded(limit: .nestingDepth, part: HostileInputTests.sheet, maximum: 4))
        limits = .default
        limits.maxStructurePartBytes = 100
        #expect(readFully(path, limits: limits) == .limitExceeded(limit: .structurePartSize, part: "_rels/.rels", maximum: 100))
        limits = .default
        limits.maxZipEntries = 3
        #expect(readFully(path, limits: limits) == .limitExceeded(limit: .zipEntries, part: "the archive", maximum: 3))
        for limit in XLSXLimits.Name.allCases {
            #expect(XLSXLimits.default.value(of: limit) > 0)
        }
    }
}
