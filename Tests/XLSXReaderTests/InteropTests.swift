import Foundation
import InteropSupport
import Testing
import XLSXReader

/// Files written by the programs offices and scripts use read back to the values they were written
/// with. Each writer script prints, beside the file, the cells it wrote in the corpus format.
@Suite(.ownThreads) struct InteropTests {
    /// The values every writer writes, and the corpus lines they must read back as.
    private static let values = """
        import datetime
        ROWS = [
            ("A1", "Date"), ("B1", "Daypart"), ("C1", "Staff"), ("D1", "Hours"), ("E1", "Available"),
            ("A2", datetime.datetime(2026, 3, 15)), ("B2", "09:00-10:00"), ("C2", "  Zoë van Dijk 😀 "),
            ("D2", 1.5), ("E2", True),
            ("A3", datetime.datetime(2026, 3, 16, 13, 45, 30)), ("B3", "line one\\nline two"), ("C3", "_x000D_ literal"),
            ("D3", -42), ("E3", False),
            ("A4", datetime.time(9, 30)), ("B4", "tab\\there"), ("D4", 123456789.125),
        ]

        def expected(sheet, rows, epoch=datetime.datetime(1899, 12, 30)):
            import json
            lines = []
            for cell, value in rows:
                if isinstance(value, bool):
                    kind, shown = "b", value
                elif isinstance(value, datetime.datetime):
                    kind, shown = "d", value.strftime("%Y-%m-%dT%H:%M:%S")
                elif isinstance(value, datetime.time):
                    kind, shown = "d", datetime.datetime.combine(epoch.date(), value).strftime("%Y-%m-%dT%H:%M:%S")
                elif isinstance(value, (int, float)):
                    kind, shown = "n", value
                else:
                    kind, shown = "s", value
                lines.append(json.dumps({"sheet": sheet, "cell": cell, "type": kind, "value": shown}, ensure_ascii=False))
            return lines
        """

    private func compare(_ path: String, with expectedLines: String, file: String) throws {
        let expected = try CorpusTests.parse(expectedLines)
        let actual = try CorpusTests.parse(try XLSXWorkbook(path: path).jsonLines())
        #expect(actual.count == expected.count, "\(file): \(actual.count) cells, expected \(expected.count)")
        for (got, want) in zip(actual, expected) where got != want {
            Issue.record("\(file): got \(got), expected \(want)")
        }
    }

    @Test func xlsxWriterFiles() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.path("xlsxwriter.xlsx")
        let expected = try Interop.runPython(InteropTests.values + """

            import sys, xlsxwriter
            book = xlsxwriter.Workbook(sys.argv[1])
            book.set_custom_property("Office", "Delft")
            book.set_custom_property("Week", 12)
            dates = book.add_format({"num_format": "dd-mm-yyyy hh:mm:ss"})
            times = book.add_format({"num_format": "[$-413]h:mm"})
            sheet = book.add_worksheet("Availability")
            for cell, value in ROWS:
                if isinstance(value, bool):
                    sheet.write_boolean(cell, value)
                elif isinstance(value, datetime.datetime):
                    sheet.write_datetime(cell, value, dates)
                elif isinstance(value, datetime.time):
                    sheet.write_datetime(cell, value, times)
                elif isinstance(value, (int, float)):
                    sheet.write_number(cell, value)
                else:
                    sheet.write_string(cell, value)
            sheet.write_formula("F2", "=D2*2", None, 3)
            bold = book.add_format({"bold": True})
            sheet.write_rich_string("G2", "rich ", bold, "text")
            sheet.merge_range("A6:C6", "merged", None)
            sheet.set_row(3, None, None, {"hidden": True})
            sheet.set_column("H:I", None, None, {"hidden": True})
            hidden = book.add_worksheet("Archive")
            hidden.write_number("A1", 7)
            hidden.hide()
            book.define_name("Slots", "=Availability!$A$1:$E$4")
            book.close()
            extra = [("F2", 3), ("G2", "rich text"), ("A6", "merged")]
            rows = sorted(ROWS + extra, key=lambda cv: (int(cv[0][1:]), cv[0][0]))
            print("\\n".join(expected("Availability", rows) + expected("Archive", [("A1", 7)])))
            """, arguments: [path])
        try compare(path, with: expected, file: "xlsxwriter")

        let book = try XLSXWorkbook(path: path)
        #expect(book.sheets.map(\.state) == [.visible, .hidden])
        #expect(book.customProperties == ["Office": .text("Delft"), "Week": .integer(12)])
        #expect(book.definedNames.map(\.name) == ["Slots"])
        #expect(book.application == "Microsoft Excel")
        var rows = try book.rows(of: book.sheets[0])
        var hiddenRows: [Int] = []
        while let row = try rows.next() {
            if row.isHidden { hiddenRows.append(row.index) }
        }
        #expect(hiddenRows == [4])
        #expect(rows.hiddenColumns == [8...9])
        #expect(rows.mergedRanges == [CellRange(a1: "A6:C6")!])
    }

    @Test func openpyxlFiles() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.path("openpyxl.xlsx")
        let expected = try Interop.runPython(InteropTests.values + """

            import sys, openpyxl
            # openpyxl writes "_x000D_" without escaping its underscore, so the file says carriage
            # return (and openpyxl itself reads it back as one): that literal is left out here.
            ROWS = [(cell, value) for cell, value in ROWS if cell != "C3"]
            book = openpyxl.Workbook()
            sheet = book.active
            sheet.title = "Availability"
            for cell, value in ROWS:
                sheet[cell] = value
            sheet.merge_cells("A6:C6")
            sheet["A6"] = "merged"
            mac = book.create_sheet("Mac")
            book.epoch = openpyxl.utils.datetime.CALENDAR_MAC_1904
            mac["A1"] = datetime.datetime(2026, 3, 15, 8, 0)
            mac["A1"].number_format = "yyyy-mm-dd hh:mm"
            mac.sheet_state = "hidden"
            book.save(sys.argv[1])
            rows = sorted(ROWS + [("A6", "merged")], key=lambda cv: (int(cv[0][1:]), cv[0][0]))
            mac_epoch = datetime.datetime(1904, 1, 1)
            print("\\n".join(expected("Availability", rows, mac_epoch)
                             + expected("Mac", [("A1", datetime.datetime(2026, 3, 15, 8, 0))])))
            """, arguments: [path])
        try compare(path, with: expected, file: "openpyxl")
        let book = try XLSXWorkbook(path: path)
        #expect(book.uses1904DateSystem)
        #expect(book.sheets.map(\.state) == [.visible, .hidden])
    }

    /// LibreOffice, where it is installed: it re-saves the XlsxWriter file as its own .xlsx.
    @Test(.enabled(if: RequiredTool.runs(program: "soffice"), "LibreOffice (soffice) is not installed"))
    func libreOfficeFiles() throws {
        let soffice = try RequiredTool.program("soffice")
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let source = folder.path("source.xlsx")
        let expected = try Interop.runPython(InteropTests.values + """

            import sys, xlsxwriter
            book = xlsxwriter.Workbook(sys.argv[1])
            dates = book.add_format({"num_format": "yyyy-mm-dd hh:mm:ss"})
            times = book.add_format({"num_format": "hh:mm"})
            sheet = book.add_worksheet("Availability")
            for cell, value in ROWS:
                if isinstance(value, bool):
                    sheet.write_boolean(cell, value)
                elif isinstance(value, datetime.datetime):
                    sheet.write_datetime(cell, value, dates)
                elif isinstance(value, datetime.time):
                    sheet.write_datetime(cell, value, times)
                elif isinstance(value, (int, float)):
                    sheet.write_number(cell, value)
                else:
                    sheet.write_string(cell, value)
            book.close()
            print("\\n".join(expected("Availability", ROWS)))
            """, arguments: [source])
        let output = folder.path("out")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = soffice
        process.arguments = ["-env:UserInstallation=file://\(folder.path("profile"))", "--headless", "--convert-to",
                             "xlsx:Calc MS Excel 2007 XML", "--outdir", output, source]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(180)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        if process.isRunning { process.terminate() }
        let converted = output + "/source.xlsx"
        try #require(FileManager.default.fileExists(atPath: converted), "soffice wrote no file")
        try compare(converted, with: expected, file: "libreoffice")
        #expect(try XLSXWorkbook(path: converted).application?.contains("LibreOffice") == true)
    }
}
