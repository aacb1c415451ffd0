import SlotSheetTemplates
import XLSXReader

/// Reads a template's hidden `_slotsheet` sheet back into a `TemplateFile`: the layout, the data
/// sheet's name and the database state it was made from. Lenient about how a program re-saved
/// the values (a number for "2", a date for "2026-12-01"), strict about what they say: anything
/// inconsistent is `metadataDamaged`, since the import cannot know what the office saw.
enum TemplateMetadataReader {
    /// Reads the records and checks what they say about the layout; the rows' own check (each in
    /// its place, its availability decoded, the fingerprint over them all) is `RecordedRows.snapshot()`,
    /// which the import runs once the cells' parse has started (`RecordedRowsCheck`: by the parse after
    /// its cells, or by a dry run's database read after it, whichever comes first), since nothing of the
    /// layout waits for it.
    ///
    /// `headKnown` is called, on this thread, with the template as far as it is known before its row
    /// records (its fingerprint empty), when every record the layout needs came before them: templates
    /// exported since 0.10.0 write the range and the data sheet there, so an import reads the cells and
    /// the database while the rows are still being read (older ones write them last: not called). A file
    /// whose layout, or data sheet, after all its records is not that one is refused as edited.
    static func read(_ book: Workbook, headKnown: ((TemplateFile) -> Void)? = nil) throws -> (file: TemplateFile, rows: RecordedRows) {
        guard let sheet = HiddenRecords.sheet(in: book) else {
            if book.customProperties[TemplateMetadata.customProperty] != nil { throw ImportFileError.metadataLost }
            throw ImportFileError.notATemplate(WorkbookSummary(sheets: book.sheets.map(\.name), application: book.application))
        }
        var records = Records()
        var head: TemplateFile?
        var rowsBegan = false
        return try reportingDamage {
            try HiddenRecords.forEachRecord(in: book, sheet: sheet) { fields, row in
                // Another workbook slotsheet made (a staff list): not a template, rather than a damaged one.
                if row == 1, fields.first == HiddenRecords.marker, fields.count > 1, fields[1] != TemplateMetadata.kind {
                    throw ImportFileError.notATemplate(WorkbookSummary(sheets: book.sheets.filter { $0.state == .visible }.map(\.name),
                                                                      application: book.application))
                }
                guard let record = try MetadataRecord(fields: fields, row: row, version: records.version) else { return }
                if let headKnown, !rowsBegan, case .row = record {
                    rowsBegan = true
                    head = try? records.head()
                    head.map(headKnown)
                }
                try records.add(record)
            }
            let (file, rows) = try records.templateFile()
            // What the cells and the database were read by must be what all the records say.
            if let head, head.layout != file.layout || head.dataSheet != file.dataSheet { throw ImportFileError.metadataEdited }
            return (file, rows)
        }
    }

    /// Runs `body`, saying a `MetadataDamage` it throws as the import's error.
    fileprivate static func reportingDamage<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let damage as MetadataDamage {
            switch damage {
            // Readable records that disagree with each other: edited by hand, not broken.
            case .staffColumnMoved, .rowCount, .rowMismatch, .missing(.fingerprint): throw ImportFileError.metadataEdited
            default: throw ImportFileError.metadataDamaged(damage)
            }
        }
    }

    /// A template's row records as read, one a row of the layout (their count checked), before
    /// each is checked against its place and the fingerprint against them all.
    struct RecordedRows: @unchecked Sendable {
        let layout: TemplateLayout
        let fingerprint: String
        fileprivate let rows: [(cell: TemplateCell, state: TemplateRowState)]
        /// Each row's availability code, decoded here with the staff count.
        fileprivate let codes: [String]

        /// The rows' database state, one a data row in layout order; throws `metadataEdited` when a
        /// row does not fit its place or the fingerprint is not theirs, as opening did before.
        func snapshot() throws -> [TemplateRowState] {
            try TemplateMetadataReader.reportingDamage {
                var snapshot: [TemplateRowState] = []
                snapshot.reserveCapacity(rows.count)
                for (index, (record, code)) in zip(rows, codes).enumerated() {
                    let row = layout.row(ofSlot: index)
                    guard let slot = layout.slot(atRow: row), record.cell.row == row,
                          record.state.date == slot.date, record.state.daypartCode == layout.dayparts[slot.daypartIndex].code,
                          let available = TemplateRowState.decodeAvailability(code, count: layout.staff.count) else {
                        throw MetadataDamage.rowMismatch(record: index + 1)
                    }
                    var state = record.state
                    state.available = available
                    snapshot.append(state)
                }
                // The fingerprint is the digest of exactly these records as exported: another digest
                // means a staff code, a date or the fingerprint itself was edited.
                var digest = TemplateFingerprint(layout: layout)
                snapshot.forEach { digest.add($0) }
                guard digest.hexDigest == fingerprint else { throw ImportFileError.metadataEdited }
                return snapshot
            }
        }
    }

    /// The records of the metadata sheet, gathered and then checked together.
    private struct Records {
        var version: Int?
        var dayparts: [TemplateLayout.DaypartEntry] = []
        var staff: [(column: String, entry: TemplateLayout.StaffEntry)] = []
        var rows: [(cell: TemplateCell, state: TemplateRowState)] = []
        /// Each row's availability code, decoded once the staff count is known.
        var rowCodes: [String] = []
        var meta: [TemplateMetadata.Key: String] = [:]

        mutating func add(_ record: MetadataRecord) throws(MetadataDamage) {
            switch record {
            case let .marker(version):
                self.version = version
            case let .daypart(code, label):
                dayparts.append(.init(code: code, label: label))
            case let .staff(column, code, name):
                staff.append((column, .init(code: code, name: name)))
            case let .row(cell, date, daypartCode, availability, held, assigned):
                rows.append((cell, TemplateRowState(date: date, daypartCode: daypartCode, available: [], held: held, assignedStaffCodes: assigned)))
                rowCodes.append(availability)
            case let .meta(key, value):
                meta[key] = value
            }
        }

        /// The template without its rows' snapshot, and its rows to check (`RecordedRows.snapshot()`).
        func templateFile() throws -> (file: TemplateFile, rows: RecordedRows) {
            var file = try head()
            guard let fingerprint = meta[.fingerprint], fingerprint.count == 64 else { throw MetadataDamage.missing(.fingerprint) }
            guard rows.count == file.layout.rowCount else { throw MetadataDamage.rowCount(recorded: rows.count, needed: file.layout.rowCount) }
            file.fingerprint = fingerprint
            return (file, RecordedRows(layout: file.layout, fingerprint: fingerprint, rows: rows, codes: rowCodes))
        }

        /// The template as the records so far describe it, without its fingerprint and its rows.
        func head() throws -> TemplateFile {
            guard let version else { throw MetadataDamage.noMarker }
            guard version <= TemplateLayout.formatVersion else { throw ImportFileError.newerTemplateFormat(version: version) }
            guard let from = meta[.rangeFrom].flatMap({ LocalDate(iso: $0) }) else { throw MetadataDamage.missing(.rangeFrom) }
            guard let to = meta[.rangeTo].flatMap({ LocalDate(iso: $0) }), let range = DateRange(from: from, to: to) else {
                throw MetadataDamage.missing(.rangeTo)
            }
            guard let dataSheet = meta[.dataSheet] else { throw MetadataDamage.missing(.dataSheet) }
            guard !dayparts.isEmpty else { throw MetadataDamage.noDayparts }
            let layout = TemplateLayout(range: range, dayparts: dayparts, staff: staff.map(\.entry))
            for (index, column) in staff.enumerated() where column.column != layout.cell(row: TemplateLayout.headerRow, staffAt: index).columnLetters {
                throw MetadataDamage.staffColumnMoved(code: column.entry.code, column: column.column)
            }
            return TemplateFile(
                layout: layout, dataSheet: dataSheet, language: meta[.language] ?? "en", generatedAt: meta[.generatedAt] ?? "",
                exportedOn: meta[.today].flatMap { LocalDate(iso: $0) } ?? range.from, fingerprint: "", snapshot: [])
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
