import SlotSheetTemplates
import XLSXWriter

/// The sheet Choices (Keuzes) of a requests workbook: the active staff (code and name), the active
/// dayparts (code and time) and the subcontractors, side by side under a header, protected. The
/// decision cells' drop-downs take their values from its code columns, so a list is as long as
/// it needs to be (a list written into a rule holds 255 characters at most), and the office reads
/// there whom a code stands for.
enum RequestChoicesSheet {
    /// The ranges the drop-downs refer to (`'Choices'!$A$2:$A$31`); nil for an empty list.
    struct Ranges {
        var staff: String?
        var dayparts: String?
        var subcontractors: String?
    }

    /// Where each list is: its code column (and the column of its names) on the sheet.
    private static let staffColumn = 0, daypartColumn = 3, subcontractorColumn = 6

    static func write(_ choices: RequestWorkbook.Choices, to sheet: SheetWriter, language: Language, header: CellFormat,
                      pageSetup: PageSetup) throws -> Ranges {
        let titles: [(column: Int, title: RequestSheetText, width: Double)] = [
            (staffColumn, .staffCodeTitle, 12), (staffColumn + 1, .staffNameTitle, 28),
            (daypartColumn, .daypartCodeTitle, 10), (daypartColumn + 1, .daypartLabelTitle, 16),
            (subcontractorColumn, .subcontractorTitle, 30),
        ]
        try sheet.setColumns(staffColumn + 2, staffColumn + 2, width: 3)
        try sheet.setColumns(daypartColumn + 2, daypartColumn + 2, width: 3)
        for entry in titles {
            try sheet.setColumns(entry.column, entry.column, width: entry.width)
            try sheet.write(entry.title.text(language), row: 0, column: entry.column, format: header)
        }
        let depth = max(choices.staff.count, choices.dayparts.count, choices.subcontractors.count)
        // Row by row: the workbook is written in constant memory.
        for index in 0..<depth {
            let row = index + 1
            if index < choices.staff.count {
                try sheet.write(choices.staff[index].code, row: row, column: staffColumn)
                try sheet.write(choices.staff[index].name, row: row, column: staffColumn + 1)
            }
            if index < choices.dayparts.count {
                try sheet.write(choices.dayparts[index].code, row: row, column: daypartColumn)
                try sheet.write(choices.dayparts[index].label, row: row, column: daypartColumn + 1)
            }
            if index < choices.subcontractors.count {
                try sheet.write(choices.subcontractors[index], row: row, column: subcontractorColumn)
            }
        }
        try sheet.freezePanes(row: 1, column: 0)
        try sheet.setPageSetup(pageSetup)
        try sheet.protectWithoutPassword()
        let range = { (column: Int, count: Int) -> String? in
            guard count > 0 else { return nil }
            return "'\(sheet.name)'!\(CellReference.absolute(row: 1, column: column)):\(CellReference.absolute(row: count, column: column))"
        }
        return Ranges(staff: range(staffColumn, choices.staff.count), dayparts: range(daypartColumn, choices.dayparts.count),
                      subcontractors: range(subcontractorColumn, choices.subcontractors.count))
    }
}
