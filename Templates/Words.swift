/// The words of every workbook slotsheet writes, in one language. Each language is one value of
/// this type (`English.swift`, `Dutch.swift`), so a missing translation is a compile error.
public struct Words: Sendable {
    public var template: TemplateWords
    public var importing: ImportWords
    public var reports: ReportWords
}

/// How a filled-in template comes back: the instructions sheet says it in the words of the front
/// it was downloaded from.
public enum TemplateReturn: Sendable {
    /// `slotsheet template export`: the planner imports it with `slotsheet import`.
    case commandLine
    /// The web front's download: the office uploads it on the web front's Upload page.
    case web
}

/// Facts the instructions sheet states about the template it is part of.
public struct TemplateFacts: Sendable {
    public var from: String
    public var to: String
    public var generatedAt: String
    public var firstStaffColumn: String
    public var minDaysAhead: Int
    public var maxDaysAhead: Int
    /// The booking window when the template was made: the dates shown green.
    public var bookableFrom: String
    public var bookableTo: String
    /// The local time the office closes a day (`HH:MM`), if not midnight.
    public var dayClosesAt: String?
    /// How the filled-in file comes back.
    public var returned: TemplateReturn

    public init(from: String, to: String, generatedAt: String, firstStaffColumn: String, minDaysAhead: Int, maxDaysAhead: Int,
                bookableFrom: String, bookableTo: String, dayClosesAt: String?, returned: TemplateReturn = .commandLine) {
        self.returned = returned
        self.from = from
        self.to = to
        self.generatedAt = generatedAt
        self.firstStaffColumn = firstStaffColumn
        self.minDaysAhead = minDaysAhead
        self.maxDaysAhead = maxDaysAhead
        self.bookableFrom = bookableFrom
        self.bookableTo = bookableTo
        self.dayClosesAt = dayClosesAt
    }
}

/// The availability template: sheet names, column titles, validation texts and instructions.
public struct TemplateWords: Sendable {
    public var availabilitySheet: String
    public var instructionsSheet: String
    public var staffSheet: String
    public var daypartsSheet: String

    public var dateColumn: String
    public var weekdayColumn: String
    public var daypartColumn: String
    public var bookedColumn: String
    public var capacityColumn: String

    /// Short weekday names, Monday first.
    public var weekdays: [String]
    /// Short month names, January first.
    public var months: [String]
    /// Excel number format of the date column (with a locale prefix, so month names follow the language).
    public var dateFormat: String

    public var markInputTitle: String
    public var markInputMessage: String
    public var markErrorTitle: String
    public var markErrorMessage: String

    public var staffHeaders: (code: String, employeeNumber: String, name: String, active: String)
    public var daypartHeaders: (code: String, label: String, startsAt: String, endsAt: String)
    public var yes: String
    public var no: String

    public var documentTitle: String
    public var instructionsTitle: String
    /// The paragraphs of the instructions sheet.
    public var instructions: @Sendable (TemplateFacts) -> [String]
}
