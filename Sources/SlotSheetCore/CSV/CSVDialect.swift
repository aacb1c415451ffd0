import SlotSheetTemplates

/// The forms of CSV slotsheet writes, for every CSV export (lists, availability, reports): the
/// separator, whether a byte-order mark starts the file, how dates and decimals are written.
/// Each reads back through slotsheet's own imports unchanged (they take `,` or `;`, a BOM or
/// none, ISO or day-month-year dates).
///
///     slotsheet staff export -o staff.csv --csv-dialect excel-nl
///     [office] csv_dialect = "excel-nl"     # the default when office.language is "nl"
public enum CSVDialect: String, CaseIterable, Sendable {
    /// RFC 4180: commas, UTF-8 without a byte-order mark, CRLF, ISO dates, decimal points. What
    /// scripts and most programs read.
    case rfc4180
    /// What Excel in an English locale opens right by a double-click: commas, and a UTF-8
    /// byte-order mark (without it Excel reads the file as Windows-1252 and garbles "Zoë").
    case excel
    /// What Dutch Excel opens right by a double-click: semicolons (its list separator), a UTF-8
    /// byte-order mark, CRLF, dates as it writes them itself (`8-12-2026`) and decimal commas.
    case excelDutch = "excel-nl"

    /// The byte between fields.
    public var delimiter: String { self == .excelDutch ? ";" : "," }
    /// What the file starts with.
    public var preamble: String { self == .rfc4180 ? "" : "\u{FEFF}" }

    /// A date as this dialect writes it.
    public func date(_ date: LocalDate) -> String {
        self == .excelDutch ? dayMonthYear(date) : date.iso
    }

    /// A number written with a decimal point (`0.8750`) as this dialect writes it.
    public func decimal(_ text: String) -> String {
        self == .excelDutch ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// The dialect an office's CSV exports take when neither `--csv-dialect` nor
    /// `office.csv_dialect` names one: Dutch Excel's for a Dutch office, RFC 4180 otherwise.
    public static func officeDefault(for language: Language) -> CSVDialect {
        language == .nl ? .excelDutch : .rfc4180
    }
}
