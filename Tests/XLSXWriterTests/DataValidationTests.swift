import Foundation
import InteropSupport
import Testing
@testable import XLSXWriter

/// The rules besides a written list: a list taken from cells (another sheet's, and relative, a
/// row's own), and a date between two days; read back with openpyxl.
@Suite(.ownThreads) struct DataValidationTests {
    @Test func aListFromCellsAndADateRuleReadBack() throws {
        let path = try temporaryPath()
        let workbook = try WorkbookWriter(path: path)
        let sheet = try workbook.addSheet(named: "Grid")
        let lists = try workbook.addSheet(named: "Lists")
        try lists.write("AM", row: 1, column: 0)
        try lists.write("PM", row: 2, column: 0)
        try sheet.addValidation(DataValidation(rule: .cells("'Lists'!$A$2:$A$3"), errorTitle: "No daypart", errorMessage: "Choose one."),
                                firstRow: 1, firstColumn: 0, lastRow: 9, lastColumn: 0)
        try sheet.addValidation(DataValidation(rule: .cells("'Lists'!$B2:$D2")), firstRow: 1, firstColumn: 1, lastRow: 9, lastColumn: 1)
        try sheet.addValidation(DataValidation(rule: .date(first: .init(year: 2000, month: 1, day: 1), last: .init(year: 2099, month: 12, day: 31)),
                                               inputTitle: "Date", inputMessage: "A date."),
                                firstRow: 1, firstColumn: 2, lastRow: 9, lastColumn: 2)
        try workbook.close()

        let seen = try peek(path, """
            ws = wb["Grid"]
            out["rules"] = [[str(v.sqref), v.type, v.operator, v.formula1, v.formula2, v.errorTitle, v.promptTitle] for v in ws.data_validations.dataValidation]
            """)
        let read = try #require(seen["rules"] as? [[Any]])
        let rules = read.map { $0.map { "\($0)" } }
        let expected: [[String]] = [
            ["A2:A10", "list", "<null>", "'Lists'!$A$2:$A$3", "<null>", "No daypart", "<null>"],
            ["B2:B10", "list", "<null>", "'Lists'!$B2:$D2", "<null>", "<null>", "<null>"],
            // No operator is "between", the default.
            ["C2:C10", "date", "<null>", "36526", "73050", "<null>", "Date"],
        ]
        #expect(rules == expected, "\(rules)")
    }
}
