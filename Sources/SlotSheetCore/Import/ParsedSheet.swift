/// What a cell or CSV line says about one person in one slot.
public enum Mark: UInt8, Sendable {
    case unavailable
    case available
    /// Something other than a mark; reported as a problem, never applied.
    case invalid
    /// Not mentioned (a CSV that leaves a person out of a slot): left as it is.
    case absent
}

/// One slot of an imported file and the marks it holds, one a staff column.
public struct ParsedSlot: Sendable {
    public var date: LocalDate
    public var daypartCode: String
    /// The daypart as the file shows it (the template's label, or the CSV's code).
    public var daypartLabel: String
    /// Per staff column of the sheet (`ParsedSheet.staffCodes`).
    public var marks: [Mark]

    public init(date: LocalDate, daypartCode: String, daypartLabel: String, marks: [Mark]) {
        self.date = date
        self.daypartCode = daypartCode
        self.daypartLabel = daypartLabel
        self.marks = marks
    }

    public var name: SlotName { SlotName(date: date, daypart: daypartLabel) }
}

/// An imported file, parsed: the first plain value of the pipeline (parse > validate > plan >
/// apply). Parsing never touches the database; it records what the file says and the problems
/// of form (a bad mark, a moved column), and leaves the rules to validation.
public struct ParsedSheet: Sendable {
    public enum Origin: Sendable {
        /// A template made by `slotsheet template export`.
        case template(TemplateFile)
        /// A CSV in the long format; `lines[slot][staff]` is where each mark came from (0: absent).
        case csv(lines: [[Int32]])
    }

    public var fileName: String
    public var sha256: String
    public var origin: Origin
    public var staffCodes: [String]
    public var slots: [ParsedSlot]
    /// The problems of form, bounded (`ProblemList`).
    public var problems: ProblemList

    public init(fileName: String, sha256: String, origin: Origin, staffCodes: [String], slots: [ParsedSlot], problems: ProblemList) {
        self.fileName = fileName
        self.sha256 = sha256
        self.origin = origin
        self.staffCodes = staffCodes
        self.slots = slots
        self.problems = problems
    }

    public var template: TemplateFile? {
        if case let .template(file) = origin { return file }
        return nil
    }

    /// Where the mark of `staff` in `slot` is in the file.
    public func location(slot: Int, staff: Int) -> ImportProblem.Location {
        switch origin {
        case let .template(file):
            return .cell(sheet: file.dataSheet, reference: file.layout.cell(row: file.layout.row(ofSlot: slot), staffAt: staff).a1)
        case let .csv(lines):
            return .line(Int(lines[slot][staff]))
        }
    }

    /// Where a slot's row is (its capacity cell in a template, its first line in a CSV).
    public func location(slot: Int) -> ImportProblem.Location {
        switch origin {
        case let .template(file):
            return .cell(sheet: file.dataSheet, reference: file.layout.cell(row: file.layout.row(ofSlot: slot), .capacity).a1)
        case let .csv(lines):
            return .line(Int(lines[slot].filter { $0 > 0 }.min() ?? 0))
        }
    }

    /// Cells the file gives a mark for (not absent).
    public var markCount: Int {
        slots.reduce(0) { $0 + $1.marks.filter { $0 != .absent }.count }
    }
}

/// A template as read back: its layout, where its data is, and the database state it was made from.
public struct TemplateFile: Sendable {
    public var layout: TemplateLayout
    public var dataSheet: String
    public var language: String
    public var generatedAt: String
    /// Today when the template was made.
    public var exportedOn: LocalDate
    public var fingerprint: String
    /// One per data row, in layout order.
    public var snapshot: [TemplateRowState]

    public init(layout: TemplateLayout, dataSheet: String, language: String, generatedAt: String, exportedOn: LocalDate,
                fingerprint: String, snapshot: [TemplateRowState]) {
        self.layout = layout
        self.dataSheet = dataSheet
        self.language = language
        self.generatedAt = generatedAt
        self.exportedOn = exportedOn
        self.fingerprint = fingerprint
        self.snapshot = snapshot
    }
}
