/// The importer's facts about a template, kept in its very hidden sheet `_slotsheet` as one record a
/// row, column A naming the kind:
///
///     slotsheet | availability-template | 1                 the marker, always row 1
///     daypart   | D08 | 08:00-09:00                         a daypart row label, in row order
///     staff     | F | ANB | Anouk Bakker                    a staff column, its code and name
///     row       | 2 | 2026-12-01 | D08 | x..x | 1 | ANB      a data row: sheet row, date, daypart,
///                                                           availability code, held, assigned codes
///     meta      | fingerprint | 9f86d0...                   range, language, times, fingerprint
///
/// A hidden sheet, not custom document properties: Excel cuts those at 255 characters, and Google
/// Sheets drops them, while hidden sheets survive a re-save in every program that matters.
/// `MetadataRecord` is the one definition of each record's fields, for the writer and the reader.
public enum TemplateMetadata {
    public static let sheetName = HiddenRecords.sheetName
    public static let marker = HiddenRecords.marker
    public static let kind = "availability-template"

    /// Record kinds (column A).
    public enum Record: String, Sendable {
        case daypart, staff, row, meta
    }

    /// Keys of `meta` records.
    public enum Key: String, CaseIterable, Sendable {
        case rangeFrom = "range_from"
        case rangeTo = "range_to"
        case dataSheet = "data_sheet"
        case language
        case generatedAt = "generated_at"
        case today
        case fingerprint
    }

    /// The custom document property that marks a template even where the hidden sheet is lost.
    public static let customProperty = "slotsheet.template"
}
