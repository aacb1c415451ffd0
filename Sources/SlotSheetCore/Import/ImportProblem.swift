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

        /// The place in the office's words: "Sheet Availability, cell F12", "Line 14".
        public func text(_ words: ImportWords) -> String {
            switch self {
            case let .cell(sheet, reference): return words.cellPlace(sheet, reference)
            case let .line(line): return words.linePlace("\(line)")
            case let .sheet(sheet): return words.sheetPlace(sheet)
            case let .batch(id): return words.batchPlace("\(id)")
            }
        }
    }

    public enum Kind: Hashable, Sendable {
        case invalidMark(String)
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

    /// "Sheet Availability, cell F12: 'y' is not a valid mark; use x or leave empty."
    public func sentence(_ words: Words) -> String {
        "\(location.text(words.importing)): \(message(words))"
    }

    /// The row key: the slot, and the staff member when the problem is about one cell.
    public func rowKey(_ words: Words) -> String? {
        guard let slot else { return staffCode }
        let name = slot.text(words.template)
        return staffCode.map { "\(name), \($0)" } ?? name
    }

    public func message(_ words: Words) -> String {
        let w = words.importing
        let slotText = slot?.text(words.template) ?? ""
        switch kind {
        case let .invalidMark(text): return w.invalidMark(text)
        case let .invalidAvailableValue(text): return w.invalidAvailableValue(text)
        case let .invalidDate(text): return w.invalidDate(text)
        case let .unknownStaff(code): return w.unknownStaff(code)
        case let .inactiveStaff(code, name): return w.inactiveStaff(code, name)
        case let .unknownDaypart(code): return w.unknownDaypart(code)
        case let .inactiveDaypart(code): return w.inactiveDaypart(code)
        case let .duplicate(first): return w.duplicate(first.text(w))
        case let .outsideRange(date, range):
            return w.outsideRange(DateText.long(date, words.template), "\(DateText.long(range.from, words.template)) - \(DateText.long(range.to, words.template))")
        case .pastDateChanged: return w.pastDateChanged(slotText)
        case let .capacityBelowHeld(held, available): return w.capacityBelowHeld("\(held)", slotText, "\(available)")
        case let .assignedUnavailable(staff, requests):
            return w.assignedUnavailable(staff, slotText, requests.map(String.init).joined(separator: ", "))
        case let .staffColumnMoved(column, expected, found): return w.staffColumnMoved(column, expected, found)
        case let .keyCellChanged(expected, found): return w.keyCellChanged(expected, found)
        case let .extraContent(text): return w.extraContent(text)
        case let .missingColumn(name): return w.missingColumn(name)
        case let .wrongFieldCount(expected, found): return w.wrongFieldCount("\(expected)", "\(found)")
        case let .mergedCells(range): return w.mergedCells(range)
        }
    }

    public func hint(_ words: Words) -> String {
        let w = words.importing
        switch kind {
        case .invalidMark: return w.invalidMarkHint
        case .invalidAvailableValue: return w.invalidAvailableValueHint
        case .invalidDate: return w.invalidDateHint
        case .unknownStaff: return w.unknownStaffHint
        case .inactiveStaff: return w.inactiveStaffHint
        case .unknownDaypart: return w.unknownDaypartHint
        case .inactiveDaypart: return w.inactiveDaypartHint
        case .duplicate: return w.duplicateHint
        case .outsideRange: return w.outsideRangeHint
        case .pastDateChanged: return w.pastDateChangedHint
        case let .capacityBelowHeld(held, available): return w.capacityBelowHeldHint("\(held - available)")
        case let .assignedUnavailable(staff, _): return w.assignedUnavailableHint(staff)
        case .staffColumnMoved: return w.staffColumnMovedHint
        case .keyCellChanged: return w.keyCellChangedHint
        case .extraContent: return w.extraContentHint
        case .missingColumn: return w.missingColumnHint
        case .wrongFieldCount: return w.wrongFieldCountHint
        case .mergedCells: return w.mergedCellsHint
        }
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
    public func text(_ words: TemplateWords) -> String {
        "\(DateText.long(date, words)) \(daypart)"
    }
}

/// Dates in the office's words.
public enum DateText {
    /// "Tue 8 Dec 2026" / "di 8 dec 2026".
    public static func long(_ date: LocalDate, _ words: TemplateWords) -> String {
        let (year, month, day) = date.parts
        return "\(words.weekdays[date.weekday.rawValue - 1]) \(day) \(words.months[month - 1]) \(year)"
    }
}
