import Foundation
import SlotSheetCore
import Testing

/// A template's hidden records give the layout, the range and the data sheet before the rows (since
/// 0.10.0), so an import reads the cells and the database while the rows are still being read. A
/// template written with them after the rows, as before, imports the same; a file whose records after
/// the rows name another data sheet than before them is refused as edited, and nothing is written.
@Suite struct TemplateRecordOrderTests {
    /// openpyxl lines that rewrite `ws` (the hidden sheet) with its records in the order before 0.10.0:
    /// the marker, dayparts, staff and rows, then every meta record, the fingerprint last.
    private static let metaAfterTheRows = """
        records = [[cell.value for cell in row] for row in ws.iter_rows()]
        meta = [r for r in records if r[0] == "meta" and r[1] != "fingerprint"]
        rest = [r for r in records if r[0] != "meta"]
        fingerprint = [r for r in records if r[0] == "meta" and r[1] == "fingerprint"]
        ws.delete_rows(1, ws.max_row)
        for record in rest + meta + fingerprint:
            ws.append([value for value in record if value is not None])
        """

    @Test func aTemplateWithItsMetaRecordsAfterTheRowsImportsTheSame() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let cell = try scenario.addableCells(1)[0]
        // The same office edit, once in the order written now and once in the order before.
        _ = try scenario.edit(to: "now.xlsx", cells: [cell.cell: "x"])
        _ = try scenario.edit("now.xlsx", to: "before.xlsx", sheet: "_slotsheet", python: TemplateRecordOrderTests.metaAfterTheRows)
        // The hidden sheet's first row record and its range, as the reader sees them in each file.
        func lines(_ file: String) throws -> (firstRow: Int, range: Int) {
            let cells = try scenario.cli.run("inspect", file, "--cells").output.split(separator: "\n")
            let hidden = "\"sheet\": \"_slotsheet\""
            return (cells.firstIndex { $0.contains(hidden) && $0.hasSuffix("\"value\": \"row\"}") } ?? -1,
                    cells.firstIndex { $0.contains(hidden) && $0.hasSuffix("\"value\": \"range_from\"}") } ?? -1)
        }
        let (rowNow, rangeNow) = try lines("now.xlsx"), (rowBefore, rangeBefore) = try lines("before.xlsx")
        #expect(rowNow >= 0 && rangeNow >= 0 && rangeNow < rowNow, "written now: the range before the rows")
        #expect(rowBefore >= 0 && rangeBefore > rowBefore, "as before 0.10.0: the range after the rows")
        let now = try scenario.cli.run("import", "now.xlsx", "--dry-run")
        let before = try scenario.cli.run("import", "before.xlsx", "--dry-run")
        #expect(now.status == 0 && before.status == 0, "\(before.errors)")
        #expect(before.output.replacingOccurrences(of: "before.xlsx", with: "now.xlsx") == now.output)
        #expect(now.output.contains("1 added"), "\(now.output)")
        let applied = try scenario.cli.run("import", "before.xlsx")
        #expect(applied.status == 0, "\(applied.errors)")
        #expect(try scenario.availability().contains(cell.key))
    }

    @Test func aDataSheetRenamedAfterTheRowsIsRefusedAsEdited() throws {
        let scenario = try ImportScenario()
        defer { scenario.remove() }
        let before = try scenario.availability()
        let cell = try scenario.addableCells(1)[0]
        _ = try scenario.edit(to: "edited.xlsx", cells: [cell.cell: "x"])
        _ = try scenario.edit("edited.xlsx", to: "renamed.xlsx", sheet: "_slotsheet", python: "ws.append(['meta', 'data_sheet', 'Staff'])")
        for dryRun in [true, false] {
            let result = try scenario.cli.run(["import", "renamed.xlsx"] + (dryRun ? ["--dry-run"] : []))
            #expect(result.status == 9, "dry run \(dryRun): \(result.errors)")
            #expect(result.errors.contains("This template's hidden information (the sheet _slotsheet: staff codes, dates, fingerprint) was changed"),
                    "\(result.errors)")
        }
        #expect(try scenario.availability() == before)
    }
}
