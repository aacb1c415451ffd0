import SlotSheetTemplates
import XLSXReader

/// Reads a template's hidden `_slotsheet` sheet back into a `TemplateFile`: the layout, the data
/// sheet's name and the database state it was made from. Lenient about how a program re-saved
/// the values (a number for "2", a date for "2026-12-01"), strict about what they say: anything
/// inconsistent is `metadataDamaged`, since the import cannot know what the office saw.
enum TemplateMetadataReader {
    static func read(_ book: Workbook) throws -> TemplateFile {
        guard let sheet = book.sheet(named: TemplateMetadata.sheetName) else {
            if book.customProperties[TemplateMetadata.customProperty] != nil { throw ImportFileError(.metadataLost) }
            throw ImportFileError(.notATemplate(description: describe(book)))
        }
        var records = Records()
        var rows = try book.rows(of: sheet)
        while let row = try rows.next() {
            try records.add(row.cells.map { MetadataText.of($0.value) }, row: row.index)
        }
        return try records.templateFile()
    }

    /// "a workbook with the sheets 'Sheet1' and 'Data', written by Microsoft Excel".
    static func describe(_ book: Workbook) -> String {
        let names = book.sheets.map { "'\($0.name)'" }
        let list = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        let sheets = names.count == 1 ? "the sheet \(list)" : "the sheets \(list)"
        let writer = book.application.map { ", written by \($0)" } ?? ""
        return "a workbook with \(sheets)\(writer)"
    }

    /// The records of the metadata sheet, gathered and then checked together.
    private struct Records {
        var version: Int?
        var dayparts: [TemplateLayout.DaypartEntry] = []
        var staff: [(column: String, entry: TemplateLayout.StaffEntry)] = []
        var rows: [(sheetRow: Int, state: TemplateRowState)] = []
        /// Each row's availability code, decoded once the staff count is known.
        var rowCodes: [String] = []
        var meta: [String: String] = [:]

        mutating func add(_ fields: [String], row: Int) throws {
            let field = { (index: Int) in index < fields.count ? fields[index] : "" }
            switch field(0) {
            case TemplateMetadata.marker:
                guard field(1) == TemplateMetadata.kind, let version = Int(field(2)) else { throw damaged("its first row is not a slotsheet marker") }
                self.version = version
            case TemplateMetadata.Record.daypart.rawValue:
                dayparts.append(.init(code: field(1), label: field(2)))
            case TemplateMetadata.Record.staff.rawValue:
                staff.append((field(1), .init(code: field(2), name: String(field(3).dropFirst(field(2).count + 1)))))
            case TemplateMetadata.Record.row.rawValue:
                guard let sheetRow = Int(field(1)), let date = LocalDate(iso: field(2)), let held = Int(field(5)) else {
                    throw damaged("row record \(row) is not readable")
                }
                let assigned = field(6).split(separator: " ").map(String.init)
                rows.append((sheetRow, TemplateRowState(date: date, daypartCode: field(3), available: [], held: held, assignedStaffCodes: assigned)))
                rowCodes.append(field(4))
            case TemplateMetadata.Record.meta.rawValue:
                meta[field(1)] = field(2)
            case "":
                break
            default:
                throw damaged("row \(row) holds an unknown record '\(field(0))'")
            }
        }

        func templateFile() throws -> TemplateFile {
            guard let version else { throw damaged("the slotsheet marker is missing") }
            guard version <= TemplateLayout.formatVersion else { throw ImportFileError(.newerTemplateFormat(version: version)) }
            guard let from = meta[TemplateMetadata.Key.rangeFrom.rawValue].flatMap({ LocalDate(iso: $0) }),
                  let to = meta[TemplateMetadata.Key.rangeTo.rawValue].flatMap({ LocalDate(iso: $0) }),
                  let range = DateRange(from: from, to: to) else { throw damaged("the date range is missing") }
            guard let fingerprint = meta[TemplateMetadata.Key.fingerprint.rawValue], fingerprint.count == 64 else {
                throw damaged("the fingerprint is missing")
            }
            guard let dataSheet = meta[TemplateMetadata.Key.dataSheet.rawValue], !dayparts.isEmpty else {
                throw damaged("the data sheet or the dayparts are missing")
            }
            let layout = TemplateLayout(range: range, dayparts: dayparts, staff: staff.map(\.entry))
            for (index, column) in staff.enumerated() where column.column != layout.columnLetters(layout.column(forStaffAt: index)) {
                throw damaged("staff \(column.entry.code) is recorded in column \(column.column)")
            }
            guard rows.count == layout.rowCount else { throw damaged("it describes \(rows.count) rows, the range needs \(layout.rowCount)") }
            var snapshot: [TemplateRowState] = []
            snapshot.reserveCapacity(rows.count)
            for (index, (record, code)) in zip(rows, rowCodes).enumerated() {
                guard let slot = layout.slot(atRow: TemplateLayout.firstDataRow + index), record.sheetRow == TemplateLayout.firstDataRow + index + 1,
                      record.state.date == slot.date, record.state.daypartCode == layout.dayparts[slot.daypartIndex].code,
                      let available = TemplateRowState.decodeAvailability(code, count: layout.staff.count) else {
                    throw damaged("row record \(index + 1) does not fit the layout")
                }
                var state = record.state
                state.available = available
                snapshot.append(state)
            }
            return TemplateFile(
                layout: layout, dataSheet: dataSheet, language: meta[TemplateMetadata.Key.language.rawValue] ?? "en",
                generatedAt: meta[TemplateMetadata.Key.generatedAt.rawValue] ?? "",
                exportedOn: meta[TemplateMetadata.Key.today.rawValue].flatMap { LocalDate(iso: $0) } ?? range.from,
                fingerprint: fingerprint, snapshot: snapshot)
        }

        func damaged(_ detail: String) -> ImportFileError {
            ImportFileError(.metadataDamaged(detail: detail))
        }
    }
}

/// A cell value as the text slotsheet wrote, whatever type a program turned it into.
enum MetadataText {
    static func of(_ value: CellValue) -> String {
        switch value {
        case let .string(text): return text
        case let .number(number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case let .boolean(flag): return flag ? "TRUE" : "FALSE"
        case let .error(text): return text
        case let .date(date):
            return LocalDate(year: date.year, month: date.month, day: date.day)?.iso ?? date.iso8601
        }
    }
}
