import Foundation
import SlotSheetTemplates
import XLSXReader

/// Reads a template's data sheet through its `TemplateLayout`: one mark a staff cell, row by row,
/// and the problems of form: a mark that is not `x` or empty, a staff column that moved, a key cell
/// that changed (rows moved, sorted, added or removed), merged cells, content outside the grid.
/// Memory holds the marks (one byte a cell), never the sheet's XML or strings.
enum TemplateSheetParser {
    /// Called with (rows read, rows in the template) as the sheet streams by.
    typealias Progress = (Int, Int) -> Void

    static func parse(_ book: Workbook, template: TemplateFile, fileName: String, sha256: String,
                      progress: Progress?) throws -> ParsedSheet {
        let layout = template.layout
        var slots = (0..<layout.rowCount).map { index -> ParsedSlot in
            let (date, daypartIndex) = layout.slot(atRow: layout.row(ofSlot: index))!
            let daypart = layout.dayparts[daypartIndex]
            return ParsedSlot(date: date, daypartCode: daypart.code, daypartLabel: daypart.label,
                              marks: Array(repeating: .unavailable, count: layout.staff.count))
        }
        var problems = ProblemList()
        guard let sheet = book.sheet(named: template.dataSheet), sheet.kind == .worksheet else {
            problems.append(ImportProblem(.missingDataSheet(template.dataSheet), at: .sheet(template.dataSheet)))
            return ParsedSheet(fileName: fileName, sha256: sha256, origin: .template(template), staffCodes: layout.staff.map(\.code),
                               slots: slots, problems: problems)
        }
        let reader = RowReader(layout: layout, sheet: sheet.name, dateSystem: book.dateSystem)
        var rows = try book.rows(of: sheet)
        var seen = [Bool](repeating: false, count: layout.rowCount)
        while let row = try rows.next() {
            let gridRow = TemplateCell(readerRow: row.index, readerColumn: 1).row
            if gridRow == TemplateLayout.headerRow {
                problems += reader.checkHeader(row)
            } else if let slot = layout.slot(atRow: gridRow) {
                let index = gridRow - TemplateLayout.firstDataRow
                seen[index] = true
                problems += reader.read(row, slot: slot, into: &slots[index])
                if index % 64 == 0 { progress?(index, layout.rowCount) }
            } else {
                problems += reader.checkOutside(row, range: layout.range)
            }
        }
        for (index, wasSeen) in seen.enumerated() where !wasSeen {
            let slot = slots[index]
            problems.append(ImportProblem(
                .keyCellChanged(expected: slot.date.iso, found: ""),
                at: reader.location(layout.cell(row: layout.row(ofSlot: index), .date)), slot: slot.name))
        }
        let usedArea = CellRange(first: TemplateCell(row: 0, column: 0).readerReference,
                                 last: TemplateCell(row: layout.lastRow, column: layout.lastColumn).readerReference)
        for merged in rows.mergedRanges where merged.overlaps(usedArea) {
            problems.append(ImportProblem(.mergedCells(merged.a1), at: .cell(sheet: sheet.name, reference: merged.first.a1)))
        }
        progress?(layout.rowCount, layout.rowCount)
        return ParsedSheet(fileName: fileName, sha256: sha256, origin: .template(template), staffCodes: layout.staff.map(\.code),
                           slots: slots, problems: problems)
    }

    /// The checks and conversions of one row, with the layout's arithmetic at hand.
    private struct RowReader {
        let layout: TemplateLayout
        let sheet: String
        let dateSystem: DateSystem

        func location(_ cell: TemplateCell) -> ImportProblem.Location {
            .cell(sheet: sheet, reference: cell.a1)
        }

        /// Where a cell the reader gave is in the template's grid.
        func place(_ row: XLSXRow, _ cell: XLSXCell) -> TemplateCell {
            TemplateCell(readerRow: row.index, readerColumn: cell.column)
        }

        /// Every staff header must start with the code the metadata gives its column.
        func checkHeader(_ row: XLSXRow) -> [ImportProblem] {
            var problems: [ImportProblem] = []
            var headers = [String](repeating: "", count: layout.staff.count)
            for cell in row.cells {
                let at = place(row, cell)
                if let index = layout.staffIndex(atColumn: at.column) {
                    headers[index] = MetadataText.of(cell.value)
                } else if at.column > layout.lastColumn {
                    problems.append(ImportProblem(.extraContent(MetadataText.of(cell.value)), at: location(at)))
                }
            }
            for (index, header) in headers.enumerated() {
                let code = layout.staff[index].code
                let trimmed = header.trimmingCharacters(in: .whitespaces)
                guard trimmed != code && !trimmed.hasPrefix(code + " ") else { continue }
                let at = layout.cell(row: TemplateLayout.headerRow, staffAt: index)
                problems.append(ImportProblem(
                    .staffColumnMoved(column: at.columnLetters, expected: code, found: trimmed), at: location(at), staffCode: code))
            }
            return problems
        }

        /// Reads the marks of a data row; its date and daypart cells must be the layout's.
        func read(_ row: XLSXRow, slot: (date: LocalDate, daypartIndex: Int), into parsed: inout ParsedSlot) -> [ImportProblem] {
            var problems: [ImportProblem] = []
            var dateFound = "", daypartFound = ""
            for cell in row.cells {
                let at = place(row, cell)
                if let index = layout.staffIndex(atColumn: at.column) {
                    let mark = TemplateSheetParser.mark(cell.value)
                    parsed.marks[index] = mark
                    if mark == .invalid {
                        problems.append(ImportProblem(.invalidMark(MetadataText.of(cell.value)), at: location(at),
                                                      slot: parsed.name, staffCode: layout.staff[index].code))
                    }
                } else if at.column == TemplateLayout.KeyColumn.date.rawValue {
                    dateFound = dateText(cell.value, expected: slot.date)
                } else if at.column == TemplateLayout.KeyColumn.daypart.rawValue {
                    daypartFound = TemplateSheetParser.trimmed(MetadataText.of(cell.value))
                } else if at.column > layout.lastColumn {
                    problems.append(ImportProblem(.extraContent(MetadataText.of(cell.value)), at: location(at), slot: parsed.name))
                }
            }
            // A formula without a result is neither x nor empty: the office must see it, not have it read as empty.
            for column in row.formulaColumnsWithoutResult {
                let at = TemplateCell(readerRow: row.index, readerColumn: column)
                guard let index = layout.staffIndex(atColumn: at.column) else { continue }
                parsed.marks[index] = .invalid
                problems.append(ImportProblem(.formulaWithoutResult, at: location(at), slot: parsed.name, staffCode: layout.staff[index].code))
            }
            let gridRow = TemplateCell(readerRow: row.index, readerColumn: 1).row
            let expectedDate = slot.date.iso
            if dateFound != expectedDate {
                problems.append(ImportProblem(.keyCellChanged(expected: expectedDate, found: dateFound),
                                              at: location(layout.cell(row: gridRow, .date)), slot: parsed.name))
            }
            let expectedDaypart = layout.dayparts[slot.daypartIndex].label
            if daypartFound != expectedDaypart {
                problems.append(ImportProblem(.keyCellChanged(expected: expectedDaypart, found: daypartFound),
                                              at: location(layout.cell(row: gridRow, .daypart)), slot: parsed.name))
            }
            return problems
        }

        /// A row below the grid: a date there is outside the range, anything else is extra content.
        func checkOutside(_ row: XLSXRow, range: DateRange) -> [ImportProblem] {
            guard let cell = row.cells.first else { return [] }
            let at = place(row, cell)
            if at.column == TemplateLayout.KeyColumn.date.rawValue, let date = date(cell.value) {
                return [ImportProblem(.outsideRange(date: date, range: range), at: location(at))]
            }
            return [ImportProblem(.extraContent(MetadataText.of(cell.value)), at: location(at))]
        }

        /// The date a key cell holds as ISO text, or its text when it is not that date.
        private func dateText(_ value: CellValue, expected: LocalDate) -> String {
            date(value)?.iso ?? MetadataText.of(value)
        }

        /// A date from a date cell, a serial number whose format a program dropped, or ISO text.
        func date(_ value: CellValue) -> LocalDate? {
            switch value {
            case let .date(date): return LocalDate(year: date.year, month: date.month, day: date.day)
            case let .number(serial):
                return XLSXDateTime(serial: serial, system: dateSystem).flatMap { LocalDate(year: $0.year, month: $0.month, day: $0.day) }
            case let .string(text): return CSVAvailabilityParser.date(text.trimmingCharacters(in: .whitespaces))
            default: return nil
            }
        }
    }

    /// `text.trimmingCharacters(in: .whitespaces)`; a text that starts and ends with visible ASCII
    /// (every daypart label slotsheet writes) is returned as it is, without Foundation's ~10k
    /// instructions a call (a year's template has 2,190 daypart cells).
    static func trimmed(_ text: String) -> String {
        let visible: ClosedRange<UInt8> = 0x21...0x7E
        if let first = text.utf8.first, let last = text.utf8.last, visible.contains(first), visible.contains(last) { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// A mark cell's value: text judged by `MarkText`; a number, a date or a truth value is no mark.
    static func mark(_ value: CellValue) -> Mark {
        guard case let .string(text) = value else { return .invalid }
        return MarkText.mark(text)
    }
}

extension TemplateCell {
    /// The reader's 1-based reference of this cell.
    var readerReference: CellReference {
        CellReference(row: sheetRowNumber, column: column + 1)
    }
}

extension CellRange {
    func overlaps(_ other: CellRange) -> Bool {
        first.row <= other.last.row && other.first.row <= last.row && first.column <= other.last.column && other.first.column <= last.column
    }
}
