import SlotSheetTemplates
import XLSXReader
import XLSXWriter

extension ErrorWorkbook {
    /// `slotsheet staff|dayparts|catalogue import --errors-out`: the list as it was read, with every
    /// cell (or CSV line) that has a problem filled red and a note holding the message and the fix,
    /// and an Errors sheet listing every problem with a link to its place. A CSV's copy is its
    /// lines; a workbook's is the list's sheet, each value at its own cell (as text: nothing in it
    /// runs as a formula), under the list's title. The bounds are the availability error workbook's
    /// (the first `ProblemTally.kept` problems, text cut to a cell's limit) and the list's rows.
    ///
    ///     try ErrorWorkbook.write(list: .staff, source: "staff.xlsx", problems: outcome.problems, language: .nl, to: "fix-me.xlsx")
    public static func write(list kind: ListKind, source: String, problems all: [ListProblem], language: Language,
                             paper: PaperSize = .a4, to path: String) throws {
        let output = try AtomicOutput(path: path)
        do {
            let kept = Array(all.prefix(ProblemTally.kept))
            if ImportSource.looksLikeWorkbook(source) {
                try writeListSheet(kind, source: source, problems: kept, total: all.count, language: language, paper: paper,
                                   to: output.temporaryPath)
            } else {
                try writeCSV(source: source, problems: ListedProblems(problems: kept, total: all.count), language: language, paper: paper,
                             to: output.temporaryPath)
            }
            try output.commit()
        } catch {
            throw output.failed(error)
        }
    }

    private static func writeListSheet(_ kind: ListKind, source: String, problems: [ListProblem], total: Int, language: Language,
                                       paper: PaperSize, to path: String) throws {
        let book = try Workbook(path: source)
        let sheet = try ListTable.sheet(of: kind, in: book)
        // The copy's name is the list's title: the file's own sheet name may be one a new sheet cannot have.
        let copyName = kind.title(language)
        let moved = problems.map { problem in
            var problem = problem
            if case let .cell(name, reference) = problem.location, name == sheet.name { problem.location = .cell(sheet: copyName, reference: reference) }
            return problem
        }
        let workbook = try WorkbookWriter(path: path)
        do {
            try workbook.setProperties(.init(author: "slotsheet", application: SlotSheetVersion.application))
            let copy = try workbook.addSheet(named: copyName)
            // Wide enough for a name or a catalogue level, as the export makes them.
            try copy.setColumns(0, kind.columns.count + 4, width: 26)
            // The rows a list may hold and its header, with room for blank rows: a file past them was refused for it.
            try writeMarkedCopy(of: sheet, in: book, notes: notesByCell(moved, language: language), lastRow: kind.maxRows + 1_000,
                                language: language, to: copy)
            let errors = try workbook.addSheet(named: language.words.importing.errorsSheet)
            try writeErrorList(ListedProblems(problems: moved, total: total), rowOfLine: [:], sheet: errors, dataSheet: copyName,
                               language: language, paper: paper)
            try errors.activate()
            try workbook.close()
        } catch {
            workbook.discard()
            throw error
        }
    }
}

extension ErrorWorkbook {
    /// A workbook's sheet as read, each value at its own cell as text (nothing in it runs as a
    /// formula), every cell a note names filled red with its note (an empty one too: an empty name
    /// is a problem), up to `lastRow`, past which the copy says it stopped; the first row in
    /// `headerStyle` when given. Returns the text of
    /// each row's first cell by its row number (what the row is about: a request's number).
    @discardableResult
    static func writeMarkedCopy(of sheet: SheetInfo, in book: Workbook, notes: [String: String], lastRow: Int, language: Language,
                                header headerStyle: CellStyle? = nil, to copy: SheetWriter) throws -> [Int: String] {
        var firstCells: [Int: String] = [:]
        let notedCells = Dictionary(grouping: notes.keys.compactMap { CellReference(a1: $0) }, by: \.row).mapValues { $0.map(\.column) }
        var rows = try book.rows(of: sheet)
        while let row = try rows.next() {
            guard row.index <= lastRow else {
                try copy.write(language.words.importing.linesCut(lastRow), row: lastRow, column: 0, style: bad)
                break
            }
            var values = Dictionary(row.cells.map { ($0.column, ListTable.text($0.value)) }, uniquingKeysWith: { first, _ in first })
            for place in notedCells[row.index] ?? [] where values[place] == nil { values[place] = "" }
            if let first = values[1], !first.isEmpty { firstCells[row.index] = first }
            for (column, text) in values.sorted(by: { $0.key < $1.key }) {
                let note = notes[CellReference(row: row.index, column: column).a1]
                try copy.write(fitted(text, language), row: row.index - 1, column: column - 1,
                               style: note == nil ? (row.index == 1 ? headerStyle : nil) : bad)
                if let note { try copy.writeNote(note, row: row.index - 1, column: column - 1, author: "slotsheet") }
            }
        }
        return firstCells
    }
}

extension ListProblem: MarkedProblem {
    /// A list's problems name their row by its place alone.
    func rowKey(_ language: Language) -> String? { nil }
}
