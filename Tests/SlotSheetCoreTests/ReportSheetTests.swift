import Foundation
import GRDB
import InteropSupport
import Testing
import XLSXReader
@testable import SlotSheetCore

@Suite(.ownThreads) struct ReportSheetTests {
    /// Past a sheet's rows a table goes on in the next sheet, header and all, and loses no row.
    @Test func aLongTableContinuesOnTheNextSheet() throws {
        let fixture = try ImportFixture()
        var exporter = ReportExporter(store: fixture.store, rules: fixture.clock.standardRules)
        exporter.rowsPerSheet = 100
        let path = fixture.database.folder.appending(path: "requests.xlsx").path
        let result = try exporter.export(ReportRequest(kind: .requests, range: nil, path: path))
        #expect(result.rows == 440)

        let book = try XLSXWorkbook(path: path)
        #expect(book.sheets.map(\.name) == ["Requests", "Requests (2)", "Requests (3)", "Requests (4)", "Requests (5)"])
        var ids: [Double] = []
        for sheet in book.sheets {
            var rows = try book.rows(of: sheet)
            let header = try #require(try rows.next())
            #expect(header.cells.first?.value == .string("Request"))
            while let row = try rows.next() {
                if case let .number(id) = row.cells.first?.value { ids.append(id) }
            }
        }
        #expect(ids.count == 440 && Set(ids).count == 440, "every request once")
    }

    /// A corporation's name is text from the database; in the printed header of a report filtered
    /// on it, it stays text: `&` escaped (and kept from forming libxlsxwriter's image code, which
    /// would abort the export), control characters blanked, overrides dropped, the whole cut to
    /// Excel's 255 characters.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Interop.python.path) || Interop.toolsRequired, "no interop venv"))
    func aCorporationFromTheDatabaseStaysTextInThePrintedHeader() throws {
        let fixture = try ImportFixture()
        let hostile = "R&G Wonen &P+1 \u{1B}[31m\u{202E}" + String(repeating: "Gelderland ", count: 30)
        try fixture.database.rawConnection().write { db in
            try db.execute(sql: "UPDATE housing_corporation SET name = ? WHERE id = (SELECT MIN(id) FROM housing_corporation)", arguments: [hostile])
        }
        let path = fixture.database.folder.appending(path: "requests.xlsx").path
        let result = try ReportExporter(store: fixture.store, rules: fixture.clock.standardRules).export(
            ReportRequest(kind: .requests, range: nil, corporation: hostile, path: path))
        #expect(result.rows > 0, "the report has the corporation's requests")
        let header = try Interop.runPython("""
            import sys, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            ws = openpyxl.load_workbook(sys.argv[1])["Requests"]
            print(ws.oddHeader.left.text + "|" + ws.oddHeader.center.text + "|" + ws.oddHeader.right.text)
            """, arguments: [path]).trimmingCharacters(in: .newlines)
        #expect(header.hasPrefix("&BRepair requests – R&&\u{2060}G Wonen &&P+1  [31mGelderland Gelderland"), "\(header)")
        #expect(header.hasSuffix("…&B|all dates|Page &P of &N"), "shortened, the rest whole: \(header)")
        #expect(!header.contains("\u{1B}") && !header.contains("\u{202E}"))
        #expect(("&L" + header.replacingOccurrences(of: "|", with: "")).utf16.count <= 255 - 4, "&L&C&R included, within 255")
    }
}
