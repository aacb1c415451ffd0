import SlotSheetTemplates

/// One thing wrong with an imported file, with where it is, the slot it concerns, and what to do.
/// All problems of a file are collected and reported together; each has a location.
public struct ImportProblem: Hashable, Sendable {
    /// Where the office finds the problem.
    public enum Location: Hashable, Sendable {
        case cell(sheet: String, reference: String)
        case line(Int)
        case sheet(String)
        /// A change of a recorded batch (for undo, which has no file).
        case batch(RowID)

        /// Sorts places as the office reads them: sheets, then rows top to bottom, then columns.
        public var order: [Int] {
            switch self {
            case .sheet: return [0]
            case let .cell(_, reference):
                let letters = reference.prefix { $0.isLetter }
                let column = letters.unicodeScalars.reduce(0) { $0 * 26 + Int($1.value) - 64 }
                return [1, Int(reference.dropFirst(letters.count)) ?? 0, column]
            case let .line(line): return [2, line]
            case let .batch(id): return [3, Int(id)]
            }
        }
    }

    public enum Kind: Hashable, Sendable {
        case invalidMark(String)
        /// A mark cell with a formula the program that wrote the file never calculated.
        case formulaWithoutResult
        case invalidAvailableValue(String)
        case invalidDate(String)
        case unknownStaff(String)
        case inactiveStaff(code: String, name: String)
        case unknownDaypart(String)
        case inactiveDaypart(String)
        case duplicate(first: Location)
        case outsideRange(date: LocalDate, range: DateRange)
        case pastDateChanged
        case capacityBelowHeld(held: Int, available: Int)
        case assignedUnavailable(staff: String, requests: [RowID])
        case staffColumnMoved(column: String, expected: String, found: String)
        case keyCellChanged(expected: String, found: String)
        /// The template's data sheet is not in the workbook (renamed or deleted).
        case missingDataSheet(String)
        case extraContent(String)
        case missingColumn(String)
        case wrongFieldCount(expected: Int, found: Int)
        case mergedCells(String)
    }

    public var location: Location
    public var kind: Kind
    /// The slot of the problem's row, when it has one.
    public var slot: SlotName?
    /// The staff member of the problem's cell, when it has one.
    public var staffCode: String?

    public init(_ kind: Kind, at location: Location, slot: SlotName? = nil, staffCode: String? = nil) {
        self.kind = kind
        self.location = location
        self.slot = slot
        self.staffCode = staffCode
    }
}

/// A slot as the office names it: a date and a daypart label.
public struct SlotName: Hashable, Sendable {
    public var date: LocalDate
    public var daypart: String

    public init(date: LocalDate, daypart: String) {
        self.date = date
        self.daypart = daypart
    }

    /// "Tue 8 Dec 2026 09:00-10:00" (Dutch: "di 8 dec 2026 09:00-10:00").
    public func text(_ language: Language) -> String {
        "\(DateText.long(date, language)) \(daypart)"
    }
}

/// Dates in the office's words.
public enum DateText {
    /// "Tue 8 Dec 2026" / "di 8 dec 2026".
    public static func long(_ date: LocalDate, _ language: Language) -> String {
        let words = language.words.template
        let (year, month, day) = date.parts
        return "\(words.weekdays[date.weekday.rawValue - 1]) \(day) \(words.months[month - 1]) \(year)"
    }
}
