import SlotSheetTemplates
import XLSXWriter

/// A list exported as a workbook, made like the availability template: the list's sheet with its
/// header row locked (the sheet is protected; every cell below the header, and the rows to add
/// under the list, stay editable), a drop-down on `active`, print-ready (landscape, one page wide,
/// the header row on every page, the list's title, date and "Page X of Y"), and the very hidden
/// `_slotsheet` sheet recording what the export saw (`ListSnapshot`).
///
///     let book = try ListWorkbook(path: "staff.xlsx", kind: .staff, language: .en, heading: heading, paper: .a4, generatedAt: now)
///     try book.add(key: "ANB", fields: ["ANB", "Anouk Bakker", "E1040", "x"])
///     try book.finish()
final class ListWorkbook {
    private let kind: ListKind
    private let workbook: WorkbookWriter
    private let sheet: SheetWriter
    private let records: PreparedSheet
    private let text: CellFormat
    private var fingerprint: ListSnapshot.Fingerprint
    private var digest = ContentDigest()
    private let generatedAt: String
    /// Data rows written.
    private(set) var rows = 0

    /// Rows under the list that stay editable for rows the office adds (and carry the drop-down).
    static let roomToAdd = 1_000

    init(path: String, kind: ListKind, language: Language, heading: PrintedHeading, paper: PaperSize, generatedAt: String) throws {
        self.kind = kind
        self.generatedAt = generatedAt
        fingerprint = ListSnapshot.Fingerprint(kind: kind)
        workbook = try WorkbookWriter(path: path)
        do {
            let title = kind.title(language)
            sheet = try workbook.addSheet(named: title)
            records = try HiddenRecords.add(to: workbook, kind: ListSnapshot.markerKind(kind), version: ListSnapshot.version)
            text = try workbook.cellFormat(CellStyle(locked: false, verticalAlignment: .top))
            digest.add(table: title)
            try writeHeader(language)
            try sheet.setPageSetup(heading.tablePageSetup(paper: paper))
            try sheet.activate()
            try workbook.setProperties(.init(title: "\(heading.title), \(heading.period)", author: "slotsheet", application: SlotSheetVersion.application))
        } catch {
            workbook.discard()
            throw error
        }
    }

    /// Column widths (every column unlocked), the locked header, the frozen header row.
    private func writeHeader(_ language: Language) throws {
        let header = CellStyle(bold: true, fontColor: RGB(Look.headerText), fill: RGB(Look.headerFill), wrap: true)
        for (index, column) in kind.columns.enumerated() {
            let name = column.name(language)
            // Wide enough for its title; a name or a label, or a catalogue level, wider.
            let width = max(index == 1 || kind == .catalogue ? 26 : 12, Double(name.count) + 4)
            try sheet.setColumns(index, index, width: width, style: CellStyle(locked: false))
            try sheet.write(name, row: 0, column: index, style: header)
        }
        try sheet.freezePanes(row: 1, column: 0)
    }

    /// Writes the next row (rows in the order the list shows them) and records it.
    func add(key: String, fields: [String]) throws {
        rows += 1
        for (column, value) in fields.enumerated() where !value.isEmpty {
            try sheet.write(value, row: rows, column: column, format: text)
        }
        digest.add(fields.map { $0.isEmpty ? .empty : .text($0) })
        try records.appendRow(ListSnapshot.record(key: key, fields: fields))
        fingerprint.add(key: key, fields: fields)
    }

    /// SHA-256 of what the list says, as `ReportSink.contentDigest` (the CSV's is the same).
    var contentDigest: String { digest.hexDigest }

    /// The drop-down on `active`, the protection, the closing records, and the file.
    func finish(language: Language) throws {
        let words = language.words
        let active = kind.columns.count - 1
        let validation = DataValidation.marks(inputTitle: ListSheetText.activeInputTitle.text(language),
                                              inputMessage: ListSheetText.activeInputMessage.text(language), words: words.template)
        try sheet.addValidation(validation, firstRow: 1, firstColumn: active, lastRow: rows + ListWorkbook.roomToAdd, lastColumn: active)
        try sheet.protectWithoutPassword()
        try HiddenRecords.seal(records, generatedAt: generatedAt, fingerprint: fingerprint.hexDigest)
        try workbook.close()
    }

    func discard() {
        workbook.discard()
    }
}

/// The words of a list workbook's `active` drop-down.
public enum ListSheetText: Hashable, Sendable, CaseIterable, OfficeMessage {
    case activeInputTitle
    case activeInputMessage

    public var english: String {
        switch self {
        case .activeInputTitle: return "Active?"
        case .activeInputMessage: return "Type x when this row is in use; leave the cell empty to make it inactive."
        }
    }

    public var dutch: String {
        switch self {
        case .activeInputTitle: return "Actief?"
        case .activeInputMessage: return "Typ x als deze rij in gebruik is; laat de cel leeg om hem op inactief te zetten."
        }
    }
}
