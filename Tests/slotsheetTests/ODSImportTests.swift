import Foundation
import InteropSupport
import SlotSheetCore
import Testing

/// An office that works in LibreOffice and presses Ctrl+S with "Use ODF Format!": the template slotsheet
/// exported comes back as .ods. Imported untouched it changes nothing; edited in LibreOffice itself (a
/// Basic macro run by the headless program, as a person typing into the cells) it changes exactly the
/// edited cells. `inspect --cells` prints an .ods in the corpus format.
@Suite(.ownThreads, .serialized) struct ODSImportTests {
    @Test func aTemplateSavedAsODSImportsAsNothingAndItsEditsExactly() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let before = try scenario.availability()
        let ods = try scenario.convert("t.xlsx", to: "ods", into: "lo-ods")
        #expect(try scenario.cli.run("inspect", ods).output.contains("OpenDocument spreadsheet (.ods)"))
        let untouched = try scenario.importJSON(ods)
        #expect(untouched.status == 0, "\(untouched.report)")
        #expect(untouched.report["status"] as? String == "nothing_to_change")
        #expect(try scenario.availability() == before)

        let added = try scenario.addableCells(2)
        let removed = try scenario.removableCell()
        let office = try LibreOfficeEditor(scenario: scenario)

        // A mark that is no mark is reported at its cell, as in an .xlsx, and nothing is written.
        let bad = try office.edit(ods, to: "bad.ods", sheet: "Availability", cells: [added[0].cell: "maybe"])
        let refused = try scenario.importJSON(bad)
        #expect(refused.status == 1)
        let problems = refused.report["problems"] as? [[String: Any]] ?? []
        #expect(problems.contains { "\($0)".contains(added[0].cell) }, "\(problems)")
        #expect(try scenario.availability() == before)

        let edited = try office.edit(ods, to: "edited.ods", sheet: "Availability",
                                     cells: [added[0].cell: "x", added[1].cell: "X", removed.cell: ""])
        let applied = try scenario.importJSON(edited, "--operator", "lo")
        #expect(applied.status == 0, "\(applied.report)")
        #expect(applied.report["added"] as? Int == 2 && applied.report["removed"] as? Int == 1, "\(applied.report)")
        var expected = before
        added.forEach { expected.insert($0.key) }
        expected.remove(removed.key)
        #expect(try scenario.availability() == expected)
        #expect(try scenario.importJSON(edited).report["status"] as? String == "nothing_to_change")

    }

    @Test func inspectPrintsODSCellsInTheCorpusFormat() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let folder = Interop.odsCorpus.appending(path: "hand-made")
        for name in ["value_types", "repeats", "hidden_sheets"] {
            let result = try cli.run("inspect", folder.appending(path: "\(name).ods").path, "--cells")
            #expect(result.status == 0, "\(result.errors)")
            let expected = try String(contentsOf: folder.appending(path: "\(name).expected.jsonl"), encoding: .utf8)
            #expect(result.output == expected, "\(name)")
        }
        let summary = try cli.run("inspect", folder.appending(path: "hidden_sheets.ods").path).output
        #expect(summary.contains("_slotsheet") && summary.contains("hidden"))
    }
}

/// Edits a workbook in LibreOffice itself: a Basic macro in a LibreOffice profile of the test's own
/// opens the file hidden, types the given texts into the cells (an empty text clears the cell) and
/// saves it as ODF.
struct LibreOfficeEditor {
    private let scenario: ImportScenario
    private let profile: String

    init(scenario: ImportScenario) throws {
        guard Interop.program(named: "soffice") != nil else {
            throw Interop.Failure(description: "LibreOffice (soffice) is not installed: run 'bash scripts/install-deps.sh --test'")
        }
        self.scenario = scenario
        profile = scenario.cli.path("lo-profile-macro")
        // LibreOffice lays out a new profile on its first start and replaces the Basic library then,
        // so the profile is made first (by a conversion) and the macro written into it afterwards.
        _ = try scenario.convert("t.xlsx", to: "ods", into: "lo-profile-macro-start", profile: profile)
        let module = "\(profile)/user/basic/Standard/Module1.xba"
        try LibreOfficeEditor.module.write(toFile: module, atomically: true, encoding: .utf8)
    }

    /// Saves `source` with `cells` (A1 name -> text) typed into `sheet` as `target` (.ods), and returns `target`.
    func edit(_ source: String, to target: String, sheet: String, cells: [String: String]) throws -> String {
        let edits = cells.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ";")
        let url = "macro:///Standard.Module1.EditCells(\"\(scenario.cli.path(source))\",\"\(scenario.cli.path(target))\",\"\(sheet)\",\"\(edits)\")"
        let process = Process()
        process.executableURL = Interop.program(named: "soffice")
        process.arguments = ["-env:UserInstallation=file://\(profile)", "--headless", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: scenario.cli.path(target)) else {
            throw Interop.Failure(description: "LibreOffice did not save \(target) (exit \(process.terminationStatus))")
        }
        return target
    }

    private static let module = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
        <script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">
        Sub EditCells(source As String, target As String, sheetName As String, edits As String)
            Dim load(0) As New com.sun.star.beans.PropertyValue
            load(0).Name = &quot;Hidden&quot;
            load(0).Value = True
            doc = StarDesktop.loadComponentFromURL(ConvertToURL(source), &quot;_blank&quot;, 0, load())
            sheet = doc.Sheets.getByName(sheetName)
            For Each edit In Split(edits, &quot;;&quot;)
                parts = Split(edit, &quot;=&quot;)
                sheet.getCellRangeByName(parts(0)).setString(parts(1))
            Next
            Dim store(0) As New com.sun.star.beans.PropertyValue
            store(0).Name = &quot;FilterName&quot;
            store(0).Value = &quot;calc8&quot;
            doc.storeToURL(ConvertToURL(target), store())
            doc.close(True)
        End Sub
        </script:module>
        """
}
