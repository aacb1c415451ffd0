import SlotSheetTemplates
import XLSXWriter

/// `--errors-out`: what the office fixes and uploads again. A copy of the data as it was read, with
/// every cell that has a problem filled red and a note holding the message and the fix, and an
/// Errors sheet listing every problem with a link to its cell.
///
///     try ErrorWorkbook.write(parsed, problems: outcome.problems, source: "december.xlsx", language: .nl,
///                             store: store, rules: rules, to: "fix-me.xlsx")
public enum ErrorWorkbook {
    /// A template's error workbook is itself a template (same layout, the same hidden metadata and
    /// fingerprint as the file imported), so the office fixes the red cells and imports it again.
    /// A CSV's is a marked copy of its lines.
    ///
    /// Only the first `ProblemTally.kept` problems are marked and listed (`total`, when `problems`
    /// is already cut, is how many there are in all; a line under the list says so). Text longer
    /// than a cell holds is cut with a note saying how long it was, and a CSV longer than a sheet
    /// is copied up to the sheet's last row, which says so.
    public static func write(_ parsed: ParsedSheet, problems all: [ImportProblem], total: Int? = nil, source: String, language: Language,
                             store: any RepairStore, rules: OfficeRules, paper: PaperSize = .a4, to path: String) throws {
        let problems = Array(all.prefix(ProblemTally.kept))
        let listed = ListedProblems(problems: problems, total: max(total ?? all.count, problems.count))
        let output = try AtomicOutput(path: path)
        do {
            switch parsed.origin {
            case let .template(file):
                try store.read { session in
                    try writeTemplate(parsed, file, problems: listed, language: language, session: session, rules: rules,
                                      printing: .init(paper: paper, timeZone: rules.clock.timeZone), to: output.temporaryPath)
                }
            case .csv:
                try writeCSV(source: source, problems: listed, language: language, paper: paper, to: output.temporaryPath)
            }
            try output.commit()
        } catch {
            throw output.failed(error)
        }
    }

    /// The problems marked and listed, and how many the file has in all.
    struct ListedProblems<Problem: MarkedProblem> {
        var problems: [Problem]
        var total: Int
    }

    /// Excel's limits, which a hostile file may pass: characters in a cell (or a note), rows in a sheet.
    static let cellCharacterLimit = 32_767
    static let sheetRowLimit = 1_048_576

    /// `text`, or when it is longer than a cell holds its start with a note of its length.
    static func fitted(_ text: String, _ language: Language) -> String {
        guard text.utf16.count > cellCharacterLimit else { return text }
        let note = " " + language.words.importing.textCut(text.count)
        let budget = cellCharacterLimit - note.utf16.count - 1
        var kept = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            used += scalar.utf16.count
            if used > budget { break }
            kept.append(scalar)
        }
        return String(kept) + "…" + note
    }

    static let header = CellStyle(bold: true, fontColor: RGB(Look.headerText), fill: RGB(Look.headerFill))
    /// A link to a cell, at the top of its row like the wrapped text beside it.
    private static let link = CellStyle(fontColor: RGB(Look.headerText), verticalAlignment: .top)
    static let bad = CellStyle(bold: true, fontColor: RGB(Look.shortageText), fill: RGB(Look.shortageFill), border: RGB(Look.gridLine))

    private static func writeTemplate(_ parsed: ParsedSheet, _ file: TemplateFile, problems listed: ListedProblems<ImportProblem>, language: Language,
                                      session: some ScheduleSession, rules: OfficeRules, printing: TemplatePrintOptions,
                                      to path: String) throws {
        let words = language.words
        let layout = file.layout
        let references = try References(session: session)
        let dataSheet = words.template.availabilitySheet
        let problems = listed.problems
        let notes = notesByCell(problems, language: language)
        let workbook = try TemplateWorkbook(path: path, context: .init(
            layout: layout, words: words.template, language: language, day: rules.now(), generatedAt: file.generatedAt,
            staffDetails: layout.staff.map { references.staff[$0.code]?.value ?? StaffMember(code: $0.code, employeeNumber: "", name: $0.name) },
            daypartDetails: layout.dayparts.map { references.dayparts[$0.code]?.value ?? Daypart(code: $0.code, label: $0.label, startsAt: "00:00", endsAt: "00:01", sortOrder: 0) },
            printing: printing))
        do {
            let invalid = Dictionary(problems.compactMap { problem -> (String, String)? in
                guard case let .cell(_, reference) = problem.location, let text = problem.invalidText else { return nil }
                return (reference, fitted(text, language))
            }, uniquingKeysWith: { first, _ in first })
            var index = 0
            try TemplateRowReader(layout: layout, references: references).forEachRow(session: session) { current, daypartIndex, others in
                let row = layout.row(ofSlot: index)
                let shown = parsed.slots[index].marks.enumerated().map { staff, mark -> String in
                    let reference = layout.cell(row: row, staffAt: staff).a1
                    return invalid[reference] ?? (mark == .available ? "x" : "")
                }
                let flagged = Dictionary(uniqueKeysWithValues: (0...layout.lastColumn).compactMap { column in
                    notes[TemplateCell(row: row, column: column).a1].map { (column, $0) }
                })
                try workbook.writeRow(.init(state: file.snapshot[index], shown: shown, held: current.held,
                                            othersAvailable: others, flagged: flagged), daypartIndex: daypartIndex)
                try workbook.recordRow(file.snapshot[index], daypartIndex: daypartIndex)
                index += 1
            }
            let errors = try workbook.addSheet(named: words.importing.errorsSheet)
            // The file's data sheet may have had another language's name: the list names this workbook's sheet.
            let moved = ListedProblems(problems: problems.map { $0.moved(fromSheet: file.dataSheet, toSheet: dataSheet) }, total: listed.total)
            try writeErrorList(moved, rowOfLine: [:], sheet: errors, dataSheet: dataSheet, language: language, paper: printing.paper)
            try errors.activate()
            try workbook.finish(fingerprint: file.fingerprint)
        } catch {
            workbook.discard()
            throw error
        }
    }

    static func writeCSV<Problem>(source: String, problems: ListedProblems<Problem>, language: Language, paper: PaperSize, to path: String) throws {
        let words = language.words
        let workbook = try WorkbookWriter(path: path)
        do {
            try workbook.setProperties(.init(author: "slotsheet", application: SlotSheetVersion.application))
            let copy = try workbook.addSheet(named: "CSV")
            let rowOfLine = try writeCSVCopy(source: source, notes: notesByCell(problems.problems, language: language), language: language, sheet: copy)
            let errors = try workbook.addSheet(named: words.importing.errorsSheet)
            try writeErrorList(problems, rowOfLine: rowOfLine, sheet: errors, dataSheet: copy.name, language: language, paper: paper)
            try errors.activate()
            try workbook.close()
        } catch {
            workbook.discard()
            throw error
        }
    }

    /// Every problem of a cell (or CSV line) as one note: the messages with their fixes.
    static func notesByCell(_ problems: [some MarkedProblem], language: Language) -> [String: String] {
        let grouped = Dictionary(grouping: problems) { problem -> String in
            switch problem.location {
            case let .cell(_, reference): return reference
            case let .line(line): return "line \(line)"
            default: return ""
            }
        }
        return grouped.mapValues { fitted($0.map { "\($0.message(language))\n\($0.hint(language))" }.joined(separator: "\n\n"), language) }
    }

    /// The CSV's lines, one row each, up to the sheet's last row; the row of each line with a note.
    private static func writeCSVCopy(source: String, notes: [String: String], language: Language, sheet: SheetWriter) throws -> [Int: Int] {
        var reader = try CSVReader(path: source)
        var row = 0
        var rowOfLine: [Int: Int] = [:]
        while let record = try reader.next() {
            if row == sheetRowLimit - 1 {
                try sheet.write(language.words.importing.linesCut(row), row: row, column: 0, style: bad)
                break
            }
            let note = notes["line \(record.line)"]
            if note != nil { rowOfLine[record.line] = row }
            for (column, field) in record.fields.enumerated() {
                try sheet.write(fitted(field, language), row: row, column: column, style: row == 0 ? header : (note == nil ? nil : bad))
            }
            if let note { try sheet.writeNote(note, row: row, column: 0, author: "slotsheet") }
            row += 1
        }
        try sheet.freezePanes(row: 1, column: 0)
        return rowOfLine
    }

    /// About how many characters of the default font a 70-wide column holds.
    private static let charactersPerLine = 75

    static func writeErrorList<Problem: MarkedProblem>(_ listed: ListedProblems<Problem>, rowOfLine: [Int: Int], sheet: SheetWriter, dataSheet: String,
                                       language: Language, paper: PaperSize) throws {
        let problems = listed.problems
        let titles = language.words.importing.errorsHeaders
        for (column, (title, width)) in [(titles.place, 34.0), (Problem.keyTitle(language), 30), (titles.problem, 70), (titles.fix, 70)].enumerated() {
            try sheet.setColumns(column, column, width: width, style: CellStyle(verticalAlignment: .top, wrap: true))
            try sheet.write(title, row: 0, column: column, style: header)
        }
        for (index, problem) in problems.enumerated() {
            let row = index + 1
            let place = fitted(problem.placeText(language), language)
            switch problem.location {
            case let .cell(_, reference):
                try sheet.writeLink(place, to: "internal:'\(dataSheet)'!\(reference)", row: row, column: 0, style: link)
            case let .line(line):
                try sheet.writeLink(place, to: "internal:'\(dataSheet)'!A\((rowOfLine[line] ?? 0) + 1)", row: row, column: 0, style: link)
            default:
                try sheet.write(place, row: row, column: 0)
            }
            try sheet.write(fitted(problem.rowKey(language) ?? "", language), row: row, column: 1)
            let (message, hint) = (fitted(problem.message(language), language), fitted(problem.hint(language), language))
            try sheet.write(message, row: row, column: 2)
            try sheet.write(hint, row: row, column: 3)
            // Programs do not grow a row for wrapped text on opening: make room for the longer text.
            let lines = max(message.count, hint.count) / charactersPerLine + 1
            if lines > 1 { try sheet.setRow(row, height: PageSetup.defaultRowHeight * Double(lines)) }
        }
        try sheet.freezePanes(row: 1, column: 0)
        // Printed for the desk: landscape, the four columns on one page wide, the titles on every page.
        var setup = PageSetup(orientation: .landscape, paper: paper, margins: .narrow, scaling: .fitToPages(wide: 1, tall: 0))
        setup.repeatedRows = 0...0
        try sheet.setPageSetup(setup)
        if !problems.isEmpty {
            try sheet.autofilter(headerRow: 0, lastRow: problems.count, firstColumn: 0, lastColumn: 3)
        }
        // Last: the sheet is written row by row, and no earlier row can be touched after a later one.
        if listed.total > problems.count {
            try sheet.write(language.words.importing.problemsCut(problems.count, listed.total), row: problems.count + 2, column: 0, style: bad)
        }
    }
}

/// A problem an error workbook marks and lists: where it is, what is wrong, how to fix it, and
/// what it is about (the Errors sheet's second column).
protocol MarkedProblem {
    var location: ImportProblem.Location { get }
    func message(_ language: Language) -> String
    func hint(_ language: Language) -> String
    func rowKey(_ language: Language) -> String?
    /// Where it is, as the Errors sheet's first column says it.
    func placeText(_ language: Language) -> String
    /// The title of the Errors sheet's second column, what `rowKey` is.
    static func keyTitle(_ language: Language) -> String
}

extension MarkedProblem {
    func placeText(_ language: Language) -> String { location.text(language) }
    static func keyTitle(_ language: Language) -> String { language.words.importing.errorsHeaders.key }
}

extension ImportProblem: MarkedProblem {}

extension ImportProblem {
    /// The same problem on sheet `new` where it was on sheet `old`.
    func moved(fromSheet old: String, toSheet new: String) -> ImportProblem {
        var problem = self
        switch location {
        case let .cell(sheet, reference) where sheet == old: problem.location = .cell(sheet: new, reference: reference)
        case let .sheet(sheet) where sheet == old: problem.location = .sheet(new)
        default: break
        }
        return problem
    }

    /// The text of a cell that was not a valid mark.
    var invalidText: String? {
        if case let .invalidMark(text) = kind { return text }
        return nil
    }
}
