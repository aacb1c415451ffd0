import SlotSheetTemplates
import XLSXWriter

/// The requests workbook: a row a request on the sheet Requests (Dutch Verzoeken), made like the
/// availability template and the list workbooks. Who and what are locked; the decision cells
/// (status, date, daypart, staff, subcontractor, note) are unlocked and tinted, with drop-downs:
/// on each row the statuses its status may go to, a date on the date, and the active dayparts,
/// staff and subcontractors from the sheet Choices (Keuzes), which lists them with their names.
/// The status drop-down is one rule for the whole column, whose list is the same row of the very
/// hidden sheet Status choices (Statuskeuzes): each row's own statuses, however the statuses of
/// the queue alternate (libxlsxwriter counts a sheet's rules in a byte, and a queue sorted by
/// slot would need a rule for every run of rows).
/// Print-ready (landscape, one page wide, the header row on every page, the printed heading), and
/// with the very hidden `_slotsheet` sheet recording each request as exported
/// (`RequestSheetSnapshot`). Text is written as text: a description that looks like a formula is
/// never run, control characters are kept as `_x001B_` escapes.
///
///     let book = try RequestWorkbook(path: "requests.xlsx", language: .nl, heading: heading, paper: .a4,
///                                    generatedAt: now, clock: clock, choices: choices)
///     try book.add(row, statuses: RequestStateMachine.reachableStatuses(from: row.recorded.status, statusBeforeArchiving: nil))
///     try book.finish()
final class RequestWorkbook {
    /// What the drop-downs offer: the active staff, dayparts and the subcontractors, in the
    /// order the sheet Choices lists them.
    struct Choices: Sendable {
        var staff: [(code: String, name: String)]
        var dayparts: [(code: String, label: String)]
        var subcontractors: [String]
    }

    /// The first and last day the date cells take (Excel's validation needs bounds).
    static let firstDate = DataValidation.DateParts(year: 2000, month: 1, day: 1)
    static let lastDate = DataValidation.DateParts(year: 2099, month: 12, day: 31)

    private let language: Language
    private let clock: OfficeClock
    private let workbook: WorkbookWriter
    private let sheet: SheetWriter
    private let records: PreparedSheet
    /// Row by row beside the requests: the statuses each row's drop-down offers.
    private let statusChoices: SheetWriter
    /// The most statuses a row offers: the width of the status drop-down's row of choices.
    private var widestStatusChoice = 1
    private let formats: RequestSheetFormats
    private let choicesRanges: RequestChoicesSheet.Ranges
    private var fingerprint: RequestSheetSnapshot.Fingerprint
    private var digest = ContentDigest()
    private let generatedAt: String
    /// Data rows written.
    private(set) var rows = 0

    init(path: String, language: Language, heading: PrintedHeading, paper: PaperSize, generatedAt: String, clock: OfficeClock,
         choices: Choices) throws {
        self.language = language
        self.clock = clock
        self.generatedAt = generatedAt
        let sheetName = RequestSheetText.requestsSheet.text(language)
        fingerprint = RequestSheetSnapshot.Fingerprint(sheet: sheetName)
        workbook = try WorkbookWriter(path: path)
        do {
            sheet = try workbook.addSheet(named: sheetName)
            let choicesSheet = try workbook.addSheet(named: RequestSheetText.choicesSheet.text(language))
            statusChoices = try workbook.addSheet(named: RequestSheetText.statusChoicesSheet.text(language))
            try statusChoices.hide(.veryHidden)
            try statusChoices.protectWithoutPassword()
            records = try HiddenRecords.add(to: workbook, kind: RequestSheetSnapshot.markerKind, version: RequestSheetSnapshot.version)
            formats = try RequestSheetFormats(workbook: workbook, dateFormat: language.words.template.dateFormat)
            choicesRanges = try RequestChoicesSheet.write(choices, to: choicesSheet, language: language, header: formats.header,
                                                          pageSetup: heading.tablePageSetup(paper: paper))
            digest.add(table: sheetName)
            try writeHeader()
            try sheet.setPageSetup(heading.tablePageSetup(paper: paper))
            try sheet.activate()
            try records.appendRow([RequestSheetSnapshot.Record.meta.rawValue, RequestSheetSnapshot.Key.sheet.rawValue, sheetName])
            try records.appendRow([RequestSheetSnapshot.Record.meta.rawValue, RequestSheetSnapshot.Key.language.rawValue, language.rawValue])
            try workbook.setProperties(.init(title: "\(heading.title), \(heading.period)", author: "slotsheet"))
        } catch {
            workbook.discard()
            throw error
        }
    }

    /// Column widths, the header row (locked), the frozen header row and request column.
    private func writeHeader() throws {
        for column in RequestColumn.allCases {
            try sheet.setColumns(column.index, column.index, width: column.width)
            try sheet.write(column.name(language), row: 0, column: column.index, format: formats.header)
        }
        try sheet.freezePanes(row: 1, column: 1)
    }

    /// Writes the next request (rows in slot order) and records it. `statuses`: the row's
    /// status first, then those the state machine lets it go to (its drop-down).
    func add(_ request: RequestQueueRow, statuses: [RequestStatus]) throws {
        rows += 1
        let values = request.values(language)
        let shown = RequestColumn.allCases.map { column -> ReportValue in
            switch (column, values[column.index]) {
            // The office's clock, as every time a person reads; a defect a line.
            case let (.created, .timestamp(stored)): return .text(clock.moment(stored).text(language))
            case (.defects, .text): return .text(request.defects.map(\.description).joined(separator: "\n"))
            case let (_, value): return value
            }
        }
        let lines = RequestColumn.allCases.filter(\.wraps).map { column -> Int in
            guard case let .text(text) = shown[column.index] else { return 1 }
            return WrappedLines.count(text, width: column.width)
        }.max() ?? 1
        if lines > 1 { try sheet.setRow(rows, height: Double(lines) * PageSetup.defaultRowHeight) }
        for column in RequestColumn.allCases {
            try write(shown[column.index], column: column)
        }
        digest.add(values)
        let record = RequestSheetSnapshot.record(id: request.id, row: rows + 1, request.recorded)
        try records.appendRow(record)
        fingerprint.add(record)
        for (column, status) in statuses.enumerated() {
            try statusChoices.write(status.word(language), row: rows, column: column)
        }
        widestStatusChoice = max(widestStatusChoice, statuses.count)
    }

    private func write(_ value: ReportValue, column: RequestColumn) throws {
        let row = rows, index = column.index
        let format = formats.format(for: column)
        switch value {
        case let .text(text): try sheet.write(text, row: row, column: index, format: format)
        case let .integer(number): try sheet.write(Double(number), row: row, column: index, format: format)
        case let .date(date):
            let (year, month, day) = date.parts
            try sheet.writeDate(year: year, month: month, day: day, row: row, column: index, format: format)
        case .empty:
            // An empty decision cell is still the office's to fill.
            if column.isDecision { try sheet.writeBlank(row: row, column: index, format: format) }
        case .percent, .timestamp:
            preconditionFailure("a requests row shows no \(value)")
        }
    }

    /// `rule` with the words of `column`'s drop-down, in the workbook's language.
    private func validation(_ rule: DataValidation.Rule, for column: RequestColumn) -> DataValidation {
        let words = RequestSheetText.validationWords(column)
        return DataValidation(rule: rule, inputTitle: words?.inputTitle.text(language), inputMessage: words?.inputMessage.text(language),
                              errorTitle: words?.errorTitle.text(language), errorMessage: words?.errorMessage.text(language))
    }

    /// SHA-256 of what the sheet says, as `ReportSink.contentDigest`: over `RequestQueueRow.values`,
    /// so the CSV of the same requests has the same.
    var contentDigest: String { digest.hexDigest }

    /// The drop-downs, the protection, the closing records, and the file.
    func finish() throws {
        if rows > 0 {
            // Relative to the rule's first cell (J2): each row's own row of Status choices.
            let statusRow = "'\(statusChoices.name)'!$A2:$\(CellReference.columnLetters(widestStatusChoice - 1))2"
            let rules: [(RequestColumn, DataValidation.Rule?)] = [
                (.status, .cells(statusRow)),
                (.date, .date(first: RequestWorkbook.firstDate, last: RequestWorkbook.lastDate)),
                (.daypart, choicesRanges.dayparts.map { .cells($0) }), (.staff, choicesRanges.staff.map { .cells($0) }),
                (.subcontractor, choicesRanges.subcontractors.map { .cells($0) }),
            ]
            for case let (column, rule?) in rules {
                try sheet.addValidation(validation(rule, for: column), firstRow: 1, firstColumn: column.index, lastRow: rows, lastColumn: column.index)
            }
        }
        try sheet.protectWithoutPassword()
        try HiddenRecords.seal(records, generatedAt: generatedAt, fingerprint: fingerprint.hexDigest)
        try workbook.close()
    }

    func discard() {
        workbook.discard()
    }
}
