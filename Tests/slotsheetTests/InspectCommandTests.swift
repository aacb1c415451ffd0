import Foundation
import InteropSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `slotsheet inspect` as a person or a script runs it: the real binary, real files, exit codes checked.
@Suite(.ownThreads) struct InspectCommandTests {
    private func corpus(_ name: String) -> String { Interop.corpus.appending(path: name).path }

    @Test func aSummaryOfSheetsStatesAndCounts() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let result = try cli.run("inspect", corpus("any_sheets.xlsx"))
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("written by:   Microsoft Excel"))
        #expect(result.output.contains("date system:  1900"))
        #expect(result.output.contains("sheets:       4"))
        #expect(result.output.contains(/1\. Visible +visible +7 cells +4 rows +A1:B5/))
        #expect(result.output.contains(/2\. Hidden +hidden +0 cells/))
        #expect(result.output.contains(/3\. VeryHidden +veryHidden/))
        #expect(result.output.contains("(chartsheet, no cells)"))
        let mac = try cli.run("inspect", corpus("date_1904.xlsx"))
        #expect(mac.output.contains("date system:  1904"))
    }

    /// Our own workbooks name slotsheet and its version as their writer, not the "Microsoft Excel
    /// 12" libxlsxwriter writes into every file (docProps/app.xml).
    @Test func ourWorkbooksSayTheyWereWrittenBySlotsheet() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        try #require(try cli.run("db", "init").status == 0)
        try #require(try cli.run("db", "seed", "--sample").status == 0)
        let version = try #require(try cli.run("--version").output.split(separator: "\n").first)
        #expect(try cli.run("template", "export", "--from", "2026-12-01", "--to", "2026-12-07", "--all-staff", "-o", "t.xlsx").status == 0)
        #expect(try cli.run("report", "utilization", "--from", "2026-11-30", "--to", "2026-12-13", "-o", "u.xlsx").status == 0)
        #expect(try cli.run("staff", "export", "-o", "s.xlsx").status == 0)
        for file in ["t.xlsx", "u.xlsx", "s.xlsx"] {
            let result = try cli.run("inspect", file)
            #expect(result.status == 0, "\(file): \(result.errors)")
            #expect(result.output.contains("written by:   \(version)\n"), "\(file): \(result.output)")
            #expect(!result.output.contains("Microsoft"), "\(file)")
        }
    }

    @Test func cellsAsJSONLinesExactlyAsTheCorpus() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        for name in ["issues.xlsx", "date_iso.xlsx", "whitespace_trim.xlsx", "has_x000D_.xlsx", "errors.xlsx"] {
            let result = try cli.run("inspect", corpus(name), "--cells")
            #expect(result.status == 0, "\(name): \(result.errors)")
            let expected = try String(contentsOfFile: corpus(name.replacingOccurrences(of: ".xlsx", with: ".expected.jsonl")),
                                      encoding: .utf8)
            #expect(try lines(result.output) == lines(expected), "\(name)")
        }
    }

    @Test func oneSheetByName() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let result = try cli.run("inspect", corpus("whitespace_trim.xlsx"), "--cells", "--sheet", "sharedstrings")
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.output.isEmpty)
        #expect(!result.output.contains("\"inlineStr\""), "only the sheet asked for")
        let missing = try cli.run("inspect", corpus("whitespace_trim.xlsx"), "--sheet", "Nope")
        #expect(missing.status == 2)
        #expect(missing.errors.contains("has no sheet \"Nope\"; its sheets are \"inlineStr\", \"SharedStrings\""))
    }

    @Test func refusedFilesHaveAnExitCodePerKind() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        try Data("not a workbook".utf8).write(to: URL(fileURLWithPath: cli.path("notes.xlsx")))
        let notZip = try cli.run("inspect", cli.path("notes.xlsx"), "--cells")
        #expect(notZip.status == 10)
        #expect(notZip.output == "{\"error\": \"corrupt\"}\n")
        #expect(notZip.errors.contains("notes.xlsx: The file is not a spreadsheet (.xlsx or .ods): it is not a zip archive."))

        let ole: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 600)
            + Array("EncryptedPackage".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        try Data(ole).write(to: URL(fileURLWithPath: cli.path("protected.xlsx")))
        let encrypted = try cli.run("inspect", cli.path("protected.xlsx"), "--cells")
        #expect(encrypted.status == 11)
        #expect(encrypted.output == "{\"error\": \"encrypted\"}\n")
        #expect(encrypted.errors.contains("password-protected"))

        let missing = try cli.run("inspect", cli.path("nowhere.xlsx"))
        #expect(missing.status == 4)
        #expect(missing.output.isEmpty)

        try makeWorkbook(at: cli.path("dtd.xlsx"), sheet: """
            <?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaa">]><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>
            """)
        #expect(try cli.run("inspect", cli.path("dtd.xlsx")).status == 14)
        try makeWorkbook(at: cli.path("broken.xlsx"), sheet: "<worksheet><sheetData></worksheet>")
        let broken = try cli.run("inspect", cli.path("broken.xlsx"), "--cells")
        #expect(broken.status == 13)
        #expect(broken.output == "{\"error\": \"corrupt\"}\n", "nothing printed before the verdict")
        try makeWorkbook(at: cli.path("far.xlsx"), sheet: """
            <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="XFE2"><v>1</v></c></row></sheetData></worksheet>
            """)
        let far = try cli.run("inspect", cli.path("far.xlsx"), "--cells")
        #expect(far.status == 16)
        #expect(far.output == "{\"error\": \"corrupt\"}\n", "the cell before the fault is not printed")
        try makeWorkbook(at: cli.path("incomplete.xlsx"), sheet: nil)
        #expect(try cli.run("inspect", cli.path("incomplete.xlsx")).status == 12)
    }

    /// A zip bomb is refused in bounded time and memory: the command's peak memory stays far below
    /// what inflating the part would take.
    @Test func aZipBombIsRefusedInBoundedTimeAndMemory() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        try makeWorkbook(at: cli.path("bomb.xlsx"), sheet: nil, bombMegabytes: 400)
        let start = Date()
        // Run by a Python of its own, which reports the peak memory of its one child: this test's
        // own RUSAGE_CHILDREN would be the largest of every command the parallel tests have run.
        let measured = try cli.run(program: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", Self.peakMemoryScript, CommandRunner.executable.path, "inspect", cli.path("bomb.xlsx")])
        // A generous ceiling (alone it takes about a second): the suite runs on loaded machines, where
        // this took 6.8 s with a load average of 8; memory is what tells a bomb stopped from one inflated.
        #expect(Date().timeIntervalSince(start) < 60)
        #expect(measured.status == 15)
        #expect(measured.errors.contains("compression ratio"))
        let peak = try #require(measured.errors.split(separator: "\n").last.flatMap { Int($0.replacingOccurrences(of: "peak_kib=", with: "")) })
        #expect(peak < 300 * 1024, "peak memory \(peak) KiB")
    }

    /// Runs argv[1:] and writes `peak_kib=N` (its peak resident memory) as the last line of
    /// standard error, exiting with its status.
    private static let peakMemoryScript = """
        import resource, subprocess, sys
        status = subprocess.run(sys.argv[1:]).returncode
        print(f"peak_kib={resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}", file=sys.stderr)
        sys.exit(status)
        """

    private func lines(_ text: String) throws -> [NSDictionary] {
        try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary }
    }

    /// A workbook whose sheet part is `sheet` (nil: the part is missing), or a zip bomb of that many MiB of blanks.
    private func makeWorkbook(at path: String, sheet: String?, bombMegabytes: Int = 0) throws {
        try Interop.runPython("""
            import sys, zipfile
            path, sheet, bomb = sys.argv[1], sys.argv[2], int(sys.argv[3])
            rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
            ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("_rels/.rels", f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
                z.writestr("xl/_rels/workbook.xml.rels", f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="{rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>')
                z.writestr("xl/workbook.xml", f'<workbook xmlns="{ns}" xmlns:r="{rel}"><sheets><sheet name="Sheet1" sheetId="1" r:id="r1"/></sheets></workbook>')
                if bomb:
                    with z.open("xl/worksheets/sheet1.xml", "w") as part:
                        part.write(f'<worksheet xmlns="{ns}"><sheetData>'.encode())
                        block = b" " * (1 << 20)
                        for _ in range(bomb):
                            part.write(block)
                        part.write(b"</sheetData></worksheet>")
                elif sheet != "-":
                    z.writestr("xl/worksheets/sheet1.xml", sheet)
            """, arguments: [path, sheet ?? "-", String(bombMegabytes)])
    }
}
