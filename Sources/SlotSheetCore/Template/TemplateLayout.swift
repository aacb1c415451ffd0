import XLSXWriter

/// Where every value of an availability template sits. The exporter writes through it and the
/// importer reads through it, so the two cannot drift apart.
///
/// The sheet has a header row, then one row per (date, daypart) in date order and daypart order,
/// five key columns (date, weekday, daypart, booked, capacity) and one column per staff member.
/// Rows and columns are 0-based here, as libxlsxwriter counts; `TemplateCell` is where they meet
/// the 1-based numbers of the reader and the A1 names people see.
///
///     let layout = TemplateLayout(range: december, dayparts: [d08, d09], staff: [anna, bram])
///     layout.row(for: LocalDate(iso: "2026-12-02")!, daypartIndex: 1)   // 4
///     layout.cell(row: 4, staffAt: 1).a1                                  // "G5"
public struct TemplateLayout: Hashable, Sendable {
    /// Version of the template format, stored in every template; bumped when the layout changes.
    /// 2: staff records hold the name rather than the header (format 1 is still read).
    public static let formatVersion = 2

    /// The key columns, left of the staff columns, in order.
    public enum KeyColumn: Int, CaseIterable, Sendable {
        case date, weekday, daypart, booked, capacity
    }

    public struct DaypartEntry: Hashable, Sendable {
        public var code: String
        public var label: String

        public init(code: String, label: String) {
            self.code = code
            self.label = label
        }
    }

    public struct StaffEntry: Hashable, Sendable {
        public var code: String
        public var name: String

        public init(code: String, name: String) {
            self.code = code
            self.name = name
        }

        /// The column header: "CODE Name".
        public var header: String { "\(code) \(name)" }
    }

    public static let headerRow = 0
    public static let firstDataRow = 1
    public static let firstStaffColumn = KeyColumn.allCases.count

    /// Rows and columns a sheet can hold (Excel's limits, less the header and key columns).
    public static let maxRows = CellReference.maxRows - firstDataRow
    public static let maxStaff = CellReference.maxColumns - firstStaffColumn

    public let range: DateRange
    public let dayparts: [DaypartEntry]
    public let staff: [StaffEntry]

    public init(range: DateRange, dayparts: [DaypartEntry], staff: [StaffEntry]) {
        self.range = range
        self.dayparts = dayparts
        self.staff = staff
    }

    public var rowCount: Int { range.dayCount * dayparts.count }
    public var lastRow: Int { TemplateLayout.firstDataRow + rowCount - 1 }
    public var lastColumn: Int { TemplateLayout.firstStaffColumn + max(staff.count, 1) - 1 }

    public func row(for date: LocalDate, daypartIndex: Int) -> Int {
        TemplateLayout.firstDataRow + range.from.days(to: date) * dayparts.count + daypartIndex
    }

    /// The slot a data row holds, or nil outside the data rows.
    public func slot(atRow row: Int) -> (date: LocalDate, daypartIndex: Int)? {
        let offset = row - TemplateLayout.firstDataRow
        guard offset >= 0, offset < rowCount, !dayparts.isEmpty else { return nil }
        return (range.from.adding(days: offset / dayparts.count), offset % dayparts.count)
    }

    public func column(forStaffAt index: Int) -> Int {
        TemplateLayout.firstStaffColumn + index
    }

    /// The staff member a column holds, or nil for the key columns and beyond the last.
    public func staffIndex(atColumn column: Int) -> Int? {
        let index = column - TemplateLayout.firstStaffColumn
        return staff.indices.contains(index) ? index : nil
    }

    public func column(_ key: KeyColumn) -> Int { key.rawValue }

    /// The staff cell of a data row.
    public func cell(row: Int, staffAt index: Int) -> TemplateCell {
        TemplateCell(row: row, column: column(forStaffAt: index))
    }

    /// The cell of a key column in a data row.
    public func cell(row: Int, _ key: KeyColumn) -> TemplateCell {
        TemplateCell(row: row, column: key.rawValue)
    }

    /// The data row of the `index`th slot (in layout order).
    public func row(ofSlot index: Int) -> Int {
        TemplateLayout.firstDataRow + index
    }

    /// The first data row whose date is `date` or later (nil when the whole range is before it).
    public func firstRow(onOrAfter date: LocalDate) -> Int? {
        guard date <= range.to else { return nil }
        return row(for: max(date, range.from), daypartIndex: 0)
    }

    /// The staff cells of `row`, as an A1 range ("F2:AB2").
    public func staffCells(ofRow row: Int) -> String {
        CellReference.range(firstRow: row, firstColumn: TemplateLayout.firstStaffColumn, lastRow: row, lastColumn: lastColumn)
    }
}

/// A cell of a template's sheet, counted from 0 as libxlsxwriter writes it. The reader counts rows
/// and columns from 1 and people name cells in A1 form; this type is the one place those meet, so
/// no code adds or subtracts 1 by hand.
///
///     TemplateCell(row: 0, column: 5).a1                          // "F1"
///     TemplateCell(readerRow: 12, readerColumn: 6).row            // 11
public struct TemplateCell: Hashable, Sendable {
    public let row: Int
    public let column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// A cell as the reader numbers it (`XLSXRow.index`, `XLSXCell.column`: from 1).
    public init(readerRow: Int, readerColumn: Int) {
        self.init(row: readerRow - 1, column: readerColumn - 1)
    }

    /// The row number people see (and the reader gives): `row + 1`.
    public var sheetRowNumber: Int { row + 1 }

    /// "F12".
    public var a1: String { CellReference.a1(row: row, column: column) }

    /// "F".
    public var columnLetters: String { CellReference.columnLetters(column) }
}
