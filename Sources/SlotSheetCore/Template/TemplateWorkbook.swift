import SlotSheetTemplates
import XLSXWriter

/// Writes the sheets of one availability template, row by row, in libxlsxwriter's constant-memory
/// mode: the availability grid, the instructions, the staff and daypart lists, and the very hidden
/// metadata the importer reads. Layout comes from `TemplateLayout`, words from `Templates/`.
///
/// A data row is two calls: `writeRow` (the grid) and `recordRow` (its metadata record). They may
/// run on two threads, one each, as the export does: the metadata sheet is a `PreparedSheet`,
/// written and deflated on the thread that records, apart from libxlsxwriter's; the grid's rows
/// are `PreparedRows`, written and deflated on the thread that writes them (libxlsxwriter writes
/// the rest of the grid: columns, panes, validation, the shortage highlight, notes, printing).
final class TemplateWorkbook {
    struct Context {
        let layout: TemplateLayout
        let words: TemplateWords
        let language: Language
        /// The rules at the moment of export: what is past (grey, locked) and bookable (green).
        let day: OfficeDay
        let generatedAt: String
        let staffDetails: [StaffMember]
        let daypartDetails: [Daypart]
        var printing = TemplatePrintOptions()
    }

    private let context: Context
    private let workbook: WorkbookWriter
    private let grid: SheetWriter
    /// The grid's rows, header included.
    private let rows: PreparedRows
    private let metadata: PreparedSheet
    private let styles: TemplateStyles
    /// Cell formats per kind of row, resolved once: they go into every one of 550k cells.
    private var resolvedFormats: [TemplateStyles.RowKind: RowFormats] = [:]
    private var rowsWritten = 0
    private var rowsRecorded = 0

    init(path: String, context: Context) throws {
        self.context = context
        let words = context.words
        styles = TemplateStyles(dateFormat: words.dateFormat)
        workbook = try WorkbookWriter(path: path)
        do {
            grid = try workbook.addSheet(named: words.availabilitySheet)
            rows = try grid.prepareRows()
            let instructions = try workbook.addSheet(named: words.instructionsSheet)
            let staffSheet = try workbook.addSheet(named: words.staffSheet)
            let daypartSheet = try workbook.addSheet(named: words.daypartsSheet)
            metadata = try HiddenRecords.add(to: workbook, kind: TemplateMetadata.kind, version: TemplateLayout.formatVersion)
            try grid.activate()
            try writeGridFrame()
            try writeInstructions(instructions)
            try writeStaffList(staffSheet)
            try writeDaypartList(daypartSheet)
            try startMetadata()
            try TemplatePrintSetup(context: context).apply(grid: grid, instructions: instructions, lists: [staffSheet, daypartSheet])
            try workbook.setProperties(.init(
                title: "\(words.documentTitle) \(context.layout.range.from.iso) - \(context.layout.range.to.iso)",
                subject: words.documentTitle, author: "slotsheet", application: SlotSheetVersion.application))
            try workbook.setCustomProperty(TemplateMetadata.customProperty, "\(TemplateLayout.formatVersion)")
        } catch {
            workbook.discard()
            throw error
        }
    }

    private var layout: TemplateLayout { context.layout }

    // MARK: The availability grid

    /// Column widths, header, frozen panes, validation, the shortage highlight and protection:
    /// everything that is not a data row.
    private func writeGridFrame() throws {
        let words = context.words
        for (key, width) in zip(TemplateLayout.KeyColumn.allCases, TemplateWorkbook.keyColumnWidths(words, layout)) {
            try grid.setColumns(key.rawValue, key.rawValue, width: width)
        }
        if !layout.staff.isEmpty {
            try grid.setColumns(TemplateLayout.firstStaffColumn, layout.lastColumn, width: Look.staffColumnWidth)
        }
        try rows.startRow(TemplateLayout.headerRow, height: Look.headerRowHeight)
        let header = try workbook.cellFormat(styles.header)
        for key in TemplateLayout.KeyColumn.allCases {
            try rows.write(TemplateWorkbook.keyTitle(key, words), column: key.rawValue, format: header)
        }
        let staffHeader = try workbook.cellFormat(styles.staffHeader)
        for (index, member) in layout.staff.enumerated() {
            try rows.write(member.header, column: layout.column(forStaffAt: index), format: staffHeader)
        }
        try grid.freezePanes(row: TemplateLayout.firstDataRow, column: TemplateLayout.firstStaffColumn)

        if !layout.staff.isEmpty, let firstEditable = layout.firstRow(onOrAfter: context.day.firstOpenDay) {
            let marks = DataValidation.marks(inputTitle: words.markInputTitle, inputMessage: words.markInputMessage, words: words)
            try grid.addValidation(marks, firstRow: firstEditable, firstColumn: TemplateLayout.firstStaffColumn,
                                   lastRow: layout.lastRow, lastColumn: layout.lastColumn)
        }
        if layout.rowCount > 0 {
            let first = TemplateLayout.firstDataRow
            let booked = CellReference.columnLetters(TemplateLayout.KeyColumn.booked.rawValue)
            let capacity = CellReference.columnLetters(TemplateLayout.KeyColumn.capacity.rawValue)
            try grid.addConditionalFormat(
                .formula("=$\(capacity)\(first + 1)<$\(booked)\(first + 1)", style: styles.shortage),
                firstRow: first, firstColumn: 0, lastRow: layout.lastRow, lastColumn: layout.lastColumn)
        }
        try grid.protectWithoutPassword()
    }

    /// What one data row shows and records.
    struct RowContent {
        /// The database state the row stands for, recorded in the metadata.
        var state: TemplateRowState
        /// What the staff cells show, one text a column; nil shows `state` as marks.
        var shown: [String]?
        /// Requests holding the slot, for the Booked column.
        var held: Int
        /// People outside the template available in the slot, added to the capacity formula.
        var othersAvailable: Int
        /// Cells (by column) to mark as wrong, with the note to put on them.
        var flagged: [Int: String] = [:]
    }

    /// Writes one data row of the grid; rows must come in layout order.
    func writeRow(_ content: RowContent, daypartIndex: Int) throws {
        let state = content.state
        let row = layout.row(for: state.date, daypartIndex: daypartIndex)
        let kind = TemplateStyles.RowKind(
            isPast: context.day.isPast(state.date), isBookable: context.day.bookingWindow.contains(state.date),
            isWeekend: state.date.weekday.isWeekend, startsDay: daypartIndex == 0)
        let formats = try rowFormats(kind)
        let flagged = content.flagged
        // A flagged cell shows the problem's look instead of the row's.
        let format = { (column: TemplateLayout.KeyColumn, normal: CellFormat) throws -> CellFormat in
            guard !flagged.isEmpty, flagged[column.rawValue] != nil else { return normal }
            let problem = self.styles.flagged
            return try self.workbook.cellFormat(column == .date ? problem.withNumberFormat(self.context.words.dateFormat) : problem)
        }
        let (year, month, day) = state.date.parts
        try rows.startRow(row)
        try rows.writeDate(year: year, month: month, day: day, column: TemplateLayout.KeyColumn.date.rawValue,
                           format: try format(.date, formats.date))
        try rows.write(context.words.weekdays[state.date.weekday.rawValue - 1],
                       column: TemplateLayout.KeyColumn.weekday.rawValue, format: formats.text)
        try rows.write(layout.dayparts[daypartIndex].label,
                       column: TemplateLayout.KeyColumn.daypart.rawValue, format: try format(.daypart, formats.text))
        try rows.write(Double(content.held), column: TemplateLayout.KeyColumn.booked.rawValue, format: formats.number)
        let marked = content.shown.map { $0.filter { TemplateSheetParser.mark(.string($0)) == .available }.count }
            ?? state.available.reduce(0) { $1 ? $0 + 1 : $0 }
        try rows.writeFormula(
            capacityFormula(row: row, othersAvailable: content.othersAvailable), cachedValue: Double(marked + content.othersAvailable),
            column: TemplateLayout.KeyColumn.capacity.rawValue, format: try format(.capacity, formats.number))
        if let shown = content.shown {
            try writeShown(shown, flagged: flagged, format: formats.staff)
        } else if flagged.isEmpty {
            try rows.writeMarks(state.available, mark: "x", firstColumn: layout.column(forStaffAt: 0), format: formats.staff)
        } else {
            try writeShown(state.available.map { $0 ? "x" : "" }, flagged: flagged, format: formats.staff)
        }
        for (column, note) in flagged.sorted(by: { $0.key < $1.key }) {
            try grid.writeNote(note, row: row, column: column, author: "slotsheet")
        }
        rowsWritten += 1
    }

    /// Records one data row's database state in the metadata; rows must come in layout order.
    func recordRow(_ state: TemplateRowState, daypartIndex: Int) throws {
        let row = layout.row(for: state.date, daypartIndex: daypartIndex)
        try writeMetadata(.row(layout.cell(row: row, .date), date: state.date, daypartCode: state.daypartCode,
                               availability: state.availabilityCode, held: state.held, assigned: state.assignedStaffCodes))
        rowsRecorded += 1
    }

    /// Staff cells of the row being written as given (an error workbook shows what the office
    /// typed), flagged ones marked.
    private func writeShown(_ shown: [String], flagged: [Int: String], format: CellFormat) throws {
        for (index, text) in shown.enumerated() {
            let column = layout.column(forStaffAt: index)
            try rows.write(text, column: column, format: flagged[column] != nil ? workbook.cellFormat(styles.flagged) : format)
        }
    }

    /// The formats of a row's cells, resolved once per kind of row: looking a style up hashes the
    /// whole `CellStyle`, and a year has 2,190 rows of 255 cells.
    private struct RowFormats {
        let date: CellFormat
        let text: CellFormat
        let number: CellFormat
        let staff: CellFormat
    }

    private func rowFormats(_ kind: TemplateStyles.RowKind) throws -> RowFormats {
        if let known = resolvedFormats[kind] { return known }
        let formats = RowFormats(
            date: try workbook.cellFormat(styles.style(.date, kind).withNumberFormat(context.words.dateFormat)),
            text: try workbook.cellFormat(styles.style(.text, kind)),
            number: try workbook.cellFormat(styles.style(.number, kind)),
            staff: try workbook.cellFormat(styles.style(.staff, kind)))
        resolvedFormats[kind] = formats
        return formats
    }

    /// Counts the marks of the row, plus staff outside the template who are available in the slot,
    /// so the number is the slot's real capacity while the office types.
    private func capacityFormula(row: Int, othersAvailable: Int) -> String {
        guard !layout.staff.isEmpty else { return "=\(othersAvailable)" }
        let count = "COUNTIF(\(layout.staffCells(ofRow: row)),\"x\")"
        return othersAvailable > 0 ? "=\(count)+\(othersAvailable)" : "=\(count)"
    }

    // MARK: Reference sheets

    private func writeInstructions(_ sheet: SheetWriter) throws {
        let words = context.words
        try sheet.setColumns(0, 0, width: TemplatePrintSetup.instructionsWidth)
        try sheet.write(words.instructionsTitle, row: 0, column: 0, style: styles.title)
        let facts = TemplateFacts(
            from: layout.range.from.iso, to: layout.range.to.iso,
            generatedAt: OfficeClock(timeZone: context.printing.timeZone).moment(context.generatedAt).text(context.language),
            firstStaffColumn: CellReference.columnLetters(TemplateLayout.firstStaffColumn),
            minDaysAhead: context.day.rules.minDaysAhead, maxDaysAhead: context.day.rules.maxDaysAhead,
            bookableFrom: context.day.bookingWindow.from.iso, bookableTo: context.day.bookingWindow.to.iso,
            dayClosesAt: context.day.rules.dayClosesAt?.description, returned: context.printing.returned)
        for (index, paragraph) in words.instructions(facts).enumerated() {
            try sheet.setRow(index + 2, height: TemplatePrintSetup.height(ofParagraph: paragraph))
            try sheet.write(paragraph, row: index + 2, column: 0, style: styles.wrapped)
        }
        try sheet.protectWithoutPassword()
    }

    private func writeStaffList(_ sheet: SheetWriter) throws {
        let words = context.words
        let headers = words.staffHeaders
        try writeList(sheet, columns: [(headers.code, 10), (headers.employeeNumber, 18), (headers.name, 32), (headers.active, 8)],
                      rows: context.staffDetails.map { [$0.code, $0.employeeNumber, $0.name, $0.active ? words.yes : words.no] })
    }

    private func writeDaypartList(_ sheet: SheetWriter) throws {
        let headers = context.words.daypartHeaders
        try writeList(sheet, columns: [(headers.code, 10), (headers.label, 18), (headers.startsAt, 10), (headers.endsAt, 10)],
                      rows: context.daypartDetails.map { [$0.code, $0.label, $0.startsAt, $0.endsAt] })
    }

    /// A protected reference list: a header row of titles (with column widths), then the rows.
    private func writeList(_ sheet: SheetWriter, columns: [(title: String, width: Double)], rows: [[String]]) throws {
        for (column, entry) in columns.enumerated() {
            try sheet.setColumns(column, column, width: entry.width)
            try sheet.write(entry.title, row: 0, column: column, style: styles.plainHeader)
        }
        for (index, values) in rows.enumerated() {
            for (column, value) in values.enumerated() { try sheet.write(value, row: index + 1, column: column) }
        }
        try sheet.freezePanes(row: 1, column: 0)
        try sheet.protectWithoutPassword()
    }

    // MARK: Metadata

    /// The records after the marker (`HiddenRecords.add` wrote it): dayparts, staff columns and every
    /// meta record known before the rows, so that a reader knows the layout, the range and the data
    /// sheet before the row records (`TemplateMetadataReader`: an import reads the cells and the
    /// database while the rows are still being read); the fingerprint over the rows comes after them.
    private func startMetadata() throws {
        for daypart in layout.dayparts {
            try writeMetadata(.daypart(code: daypart.code, label: daypart.label))
        }
        for (index, member) in layout.staff.enumerated() {
            try writeMetadata(.staff(column: layout.cell(row: TemplateLayout.headerRow, staffAt: index).columnLetters,
                                     code: member.code, name: member.name))
        }
        let meta: [(TemplateMetadata.Key, String)] = [
            (.rangeFrom, layout.range.from.iso), (.rangeTo, layout.range.to.iso),
            (.dataSheet, context.words.availabilitySheet), (.language, context.language.rawValue),
            (.generatedAt, context.generatedAt), (.today, context.day.today.iso),
        ]
        for (key, value) in meta {
            try writeMetadata(.meta(key, value))
        }
    }

    private func writeMetadata(_ record: MetadataRecord) throws {
        try metadata.appendRow(record.fields)
    }

    /// Adds a sheet after the template's own (an error workbook's list of problems).
    func addSheet(named name: String) throws -> SheetWriter {
        try workbook.addSheet(named: name)
    }

    /// Writes the closing metadata (the fingerprint over the rows) and the file. Every data row must
    /// have been written.
    func finish(fingerprint: String) throws {
        precondition(rowsWritten == layout.rowCount && rowsRecorded == layout.rowCount,
                     "wrote \(rowsWritten) and recorded \(rowsRecorded) of \(layout.rowCount) rows")
        try writeMetadata(.meta(.fingerprint, fingerprint))
        try workbook.close()
    }

    /// Abandons the file (a failed export leaves nothing).
    func discard() {
        workbook.discard()
    }
}
