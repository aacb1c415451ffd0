import Foundation
import InteropSupport
import SlotSheetTemplates
import Testing
@testable import SlotSheetCore

/// A requests workbook with problems comes back as an error workbook (`requests import
/// --errors-out`, a requests upload's download): the workbook as read, each bad cell marked red
/// with a note, and an Errors sheet naming each problem at its cell, in English and in Dutch.
@Suite struct RequestErrorWorkbookTests {
    @Test(.enabled(if: RequestWorkbookImportTests.python, "no interop venv"), arguments: Backend.available)
    func aWorkbookWithProblemsIsWrittenBackWithItsBadCellsMarked(_ backend: Backend) throws {
        let scenario = try RequestWorkbookImportTests.Scenario(backend)
        try scenario.export("requests.xlsx")
        let queue = try scenario.queue()
        try #require(queue.count >= 3)
        try scenario.files.edit(scenario.files.path("requests.xlsx"), to: "wrong.xlsx", """
            ws["J2"] = "maybe"
            ws["K3"] = "NOBODY"
            """)
        let outcome = try scenario.run(scenario.files.path("wrong.xlsx"), dryRun: true)
        #expect(outcome.status == .rejected && outcome.problems.count == 2, "\(outcome.problems.map { $0.text(.en) })")

        for language in Language.allCases {
            let path = scenario.files.path("errors-\(language.rawValue).xlsx")
            try ErrorWorkbook.write(decisions: outcome.problems, source: scenario.files.path("wrong.xlsx"), language: language, to: path)
            let book = try ErrorWorkbookCells(path)
            let (data, errors) = language == .nl ? ("Verzoeken", "Fouten") : ("Requests", "Errors")
            #expect(book.sheets == [data, errors], "\(book.sheets)")
            // The file as read, under the sheet's name in the workbook's language.
            #expect(book[data, "A2"] == String(queue[0].id) && book[data, "J2"] == "maybe" && book[data, "K3"] == "NOBODY")
            #expect(book[data, "J1"] == RequestColumn.status.name(.en), "the header as the file had it")
            // Every problem at its cell, with its request, in the workbook's language.
            let listed = (2...3).map { row in (0..<4).map { book[errors, "\(["A", "B", "C", "D"][$0])\(row)"] ?? "" } }
            if language == .nl {
                #expect(listed[0][0] == "Blad Verzoeken, cel J2" && listed[0][2] == "'maybe' is geen status.", "\(listed)")
                #expect(listed[1][0] == "Blad Verzoeken, cel K3" && listed[1][2] == "Er is geen medewerker 'NOBODY'.", "\(listed)")
            } else {
                #expect(listed[0][0] == "Sheet Requests, cell J2" && listed[0][2] == "'maybe' is not a status.", "\(listed)")
                #expect(listed[1][0] == "Sheet Requests, cell K3" && listed[1][2] == "There is no staff member 'NOBODY'.", "\(listed)")
            }
            #expect(listed[0][1] == String(queue[0].id) && listed[1][1] == String(queue[1].id) && !listed[0][3].isEmpty, "\(listed)")
            // The bad cells red with a note saying what is wrong; the others as they were.
            let marks = try scenario.files.peek(path, """
                ws = wb["\(data)"]
                for ref in ["J2", "K3", "A2", "J3"]:
                    cell = ws[ref]
                    out[ref] = [cell.comment.text if cell.comment else None, cell.fill.fgColor.rgb if cell.fill.fill_type else None]
                """)
            let note = { (ref: String) in ((marks[ref] as? [Any])?.first as? String) ?? "" }
            let fill = { (ref: String) in (marks[ref] as? [Any])?.last as? String }
            #expect(note("J2").hasPrefix(listed[0][2]) && note("K3").hasPrefix(listed[1][2]), "\(marks)")
            #expect(fill("J2") != nil && fill("K3") != nil && fill("A2") == nil && fill("J3") == nil && note("A2").isEmpty, "\(marks)")
            // The office may mend the red cells in it and import it again: read back, it has the file's problems, at their cells.
            let again = try scenario.run(path, dryRun: true)
            let found = again.problems.map { ($0.place.text(.en), $0.message(.en)) }
            let expected = outcome.problems.map { problem -> (String, String) in
                guard case let .cell(_, reference) = problem.place else { return (problem.place.text(.en), problem.message(.en)) }
                return (ImportProblem.Location.cell(sheet: data, reference: reference).text(.en), problem.message(.en))
            }
            #expect(found.elementsEqual(expected, by: ==), "\(found)")
        }
    }
}
