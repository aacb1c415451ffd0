import XLSXReader
import XLSXWriter

/// The very hidden, protected sheet `_slotsheet` in which a workbook slotsheet generates keeps
/// what the import needs to know about it (an availability template's layout and database state,
/// a list's rows as exported): one record a row, its fields the text cells from column A, the
/// first row a marker naming the kind of workbook and its format.
///
///     slotsheet | availability-template | 2
///     slotsheet | staff-list | 1
///
/// Very hidden: a spreadsheet program's menu does not offer to show it, so the office does not
/// edit it by accident. The writer (`add`) and the reader (`forEachRecord`) are shared by every
/// kind of workbook; each kind decodes its own records.
enum HiddenRecords {
    static let sheetName = "_slotsheet"
    static let marker = "slotsheet"

    /// Adds the sheet to `workbook` (after the sheets added so far), hidden and protected, with
    /// its marker row written.
    static func add(to workbook: WorkbookWriter, kind: String, version: Int) throws -> PreparedSheet {
        let sheet = try workbook.addPreparedSheet(named: sheetName, protected: true)
        try sheet.hide(.veryHidden)
        try sheet.appendRow([marker, kind, String(version)])
        return sheet
    }

    /// The records a list or requests workbook ends with: when it was made and the fingerprint
    /// over its records (`meta | generated_at | ...`, `meta | fingerprint | ...`).
    static func seal(_ sheet: PreparedSheet, generatedAt: String, fingerprint: String) throws {
        try sheet.appendRow(["meta", "generated_at", generatedAt])
        try sheet.appendRow(["meta", "fingerprint", fingerprint])
    }

    /// The sheet of `book`, if it has one.
    static func sheet(in book: Workbook) -> SheetInfo? {
        book.sheet(named: sheetName)
    }

    /// Calls `visit` with the fields of each row of the sheet (as the text slotsheet wrote,
    /// whatever type a program turned them into) and the row's number.
    static func forEachRecord(in book: Workbook, sheet: SheetInfo, _ visit: ([String], Int) throws -> Void) throws {
        var rows = try book.rows(of: sheet)
        while let row = try rows.next() {
            var fields: [String] = []
            for cell in row.cells {
                while fields.count < cell.column - 1 { fields.append("") }
                fields.append(MetadataText.of(cell.value))
            }
            try visit(fields, row.index)
        }
    }
}
