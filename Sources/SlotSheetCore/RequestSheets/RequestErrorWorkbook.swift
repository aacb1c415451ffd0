import SlotSheetTemplates
import XLSXReader
import XLSXWriter

extension ErrorWorkbook {
    /// `slotsheet requests import --errors-out FILE.xlsx` and a requests upload's error workbook: the
    /// decisions file as it was read, with every cell (or CSV line) that has a problem filled red and
    /// a note holding the message and the fix, and an Errors sheet listing every problem (its place
    /// with a link to it, the request, the problem, the fix). A workbook's copy is its requests
    /// sheet (the one the reader read), each value at its own cell as text, under the sheet's name
    /// in `language`; a CSV's is its lines. Bounded as the other error workbooks are (the first
    /// `ProblemTally.kept` problems, text cut to a cell's limit, the rows a decisions file may hold).
    ///
    ///     try ErrorWorkbook.write(decisions: outcome.problems, source: "verzoeken.xlsx", language: .nl, to: "fouten.xlsx")
    public static func write(decisions all: [DecisionProblem], source: String, language: Language, paper: PaperSize = .a4,
                             to path: String) throws {
        let output = try AtomicOutput(path: path)
        do {
            let listed = ListedProblems(problems: Array(all.prefix(ProblemTally.kept)), total: all.count)
            if ImportSource.looksLikeWorkbook(source) {
                try writeRequestsSheet(source: source, problems: listed, language: language, paper: paper, to: output.temporaryPath)
            } else {
                try writeCSV(source: source, problems: listed, language: language, paper: paper, to: output.temporaryPath)
            }
            try output.commit()
        } catch {
            throw output.failed(error)
        }
    }

    private static func writeRequestsSheet(source: String, problems listed: ListedProblems<DecisionProblem>, language: Language,
                                           paper: PaperSize, to path: String) throws {
        let book = try Workbook(path: source)
        // A snapshot edited by hand refuses the file whole, before any problem: none is marked then.
        let exported = (try? RequestSheetSnapshot.read(from: book)) ?? nil
        let sheet = RequestWorkbookReader.requestsSheet(in: book, exported: exported)
        // The copy's name is the sheet's in the workbook's language: the file's may be the other's.
        let copyName = RequestSheetText.requestsSheet.text(language)
        let moved = ListedProblems(problems: listed.problems.map { problem in
            var problem = problem
            if case let .cell(name, reference) = problem.place, name == sheet?.name { problem.place = .cell(sheet: copyName, reference: reference) }
            return problem
        }, total: listed.total)
        let workbook = try WorkbookWriter(path: path)
        do {
            try workbook.setProperties(.init(author: "slotsheet", application: SlotSheetVersion.application))
            let copy = try workbook.addSheet(named: copyName)
            // The export's widths, and printed as the Errors sheet is: landscape, one page wide, the titles on every page.
            for column in RequestColumn.allCases { try copy.setColumns(column.index, column.index, width: column.width) }
            var setup = PageSetup(orientation: .landscape, paper: paper, margins: .narrow, scaling: .fitToPages(wide: 1, tall: 0))
            setup.repeatedRows = 0...0
            try copy.setPageSetup(setup)
            // The rows a decisions file may hold and its header, with room for blank rows.
            let requests = try sheet.map {
                try writeMarkedCopy(of: $0, in: book, notes: notesByCell(moved.problems, language: language), lastRow: DecisionSheet.maxRows + 1_000,
                                    language: language, header: header, to: copy)
            } ?? [:]
            try copy.freezePanes(row: 1, column: 0)
            let errors = try workbook.addSheet(named: language.words.importing.errorsSheet)
            // Each problem with the request of its row, as the file has it, when it names none itself.
            let keyed = ListedProblems(problems: moved.problems.map { problem in
                guard case let .cell(_, reference) = problem.place, let row = CellReference(a1: reference)?.row else {
                    return RowKeyedProblem(problem: problem, rowRequest: nil)
                }
                return RowKeyedProblem(problem: problem, rowRequest: row > 1 ? requests[row] : nil)
            }, total: moved.total)
            try writeErrorList(keyed, rowOfLine: [:], sheet: errors, dataSheet: copyName, language: language, paper: paper)
            try errors.activate()
            try workbook.close()
        } catch {
            workbook.discard()
            throw error
        }
    }
}

/// A problem of a requests sheet with the request number its row holds: the Errors sheet names the
/// request of every problem on a request's row, not only of those whose words name it.
private struct RowKeyedProblem: MarkedProblem {
    let problem: DecisionProblem
    let rowRequest: String?

    var location: ImportProblem.Location { problem.place }
    func message(_ language: Language) -> String { problem.message(language) }
    func hint(_ language: Language) -> String { problem.hint(language) }
    func placeText(_ language: Language) -> String { problem.placeText(language) }
    func rowKey(_ language: Language) -> String? { problem.rowKey(language) ?? rowRequest.map(EchoedText.escaped) }
    static func keyTitle(_ language: Language) -> String { DecisionProblem.keyTitle(language) }
}

extension DecisionProblem: MarkedProblem {
    var location: ImportProblem.Location { place }

    /// The request the problem is about, when it is about one.
    func rowKey(_ language: Language) -> String? { request.map(String.init) }

    static func keyTitle(_ language: Language) -> String { RequestColumn.request.name(language).capitalizedFirst }
}
