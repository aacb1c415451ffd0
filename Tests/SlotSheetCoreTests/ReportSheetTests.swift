import Foundation
import Testing
import XLSXReader
@testable import SlotSheetCore

@Suite struct ReportSheetTests {
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
}
