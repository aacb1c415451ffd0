/// A file read and ready to preview or apply: the plain value `ImportJob.prepare` hands to
/// `preview` and `apply`. Making it takes no write lock, and holding it holds none; an apply never
/// reads the file again, so a transaction the server runs twice parses nothing twice.
public struct PreparedImport: Sendable {
    /// What the file says, with its problems of form.
    public let parsed: ParsedSheet
    /// The database for the file's dates as one read snapshot showed it, read while the file was
    /// (a template's dates are known before its cells); what `preview` checks against. Nil when
    /// prepared without it: `preview` then reads a snapshot of its own, and `apply` never uses it.
    let snapshot: DatabaseSnapshot?

    /// Whether `preview` will check against the snapshot read while preparing.
    public var hasSnapshot: Bool { snapshot != nil }
}

/// What the checks of one file read from the database, as one snapshot showed it: the dayparts and
/// staff by code, and the schedule of each of the file's dates.
struct DatabaseSnapshot: Sendable {
    let references: References
    let days: [LocalDate: DaySchedule]
    /// For a template: the rows it would hold if exported from this snapshot, and their fingerprint,
    /// worked out while its cells are still being parsed (the stale check's half that needs no cell).
    private(set) var templateState: TemplateState?

    init(session: some ScheduleSession, dates: some Sequence<LocalDate>) throws {
        references = try References(session: session)
        let memo = DayScheduleMemo(session)
        try memo.prefetch(dates)
        days = memo.fetched
    }

    /// This snapshot with the stale check's current rows for `layout` worked out.
    func withTemplateState(of layout: TemplateLayout) throws -> DatabaseSnapshot {
        var snapshot = self
        snapshot.templateState = try StaleCheck.currentStateAndFingerprint(of: layout, reading: ImportReading(self))
        return snapshot
    }
}

/// A template's rows as the database holds them now, and their fingerprint.
typealias TemplateState = (rows: [TemplateRowState], fingerprint: String)

/// What the stale check and the validation read, from a session (fetching each date once, when
/// first asked) or from a snapshot read earlier.
struct ImportReading {
    let references: References
    let days: DayScheduleMemo
    /// The snapshot's template state, when it was worked out already.
    let templateState: TemplateState?

    /// Reads the references (unless given) and the `parts` of the days of `dates`, in one statement
    /// for their range; a date asked for later is fetched then.
    init(session: some ScheduleSession, references: References? = nil, dates: some Sequence<LocalDate>,
         reading parts: ScheduleParts = .all) throws {
        self.references = try references ?? References(session: session)
        days = DayScheduleMemo(session)
        try days.prefetch(dates, reading: parts)
        templateState = nil
    }

    init(_ snapshot: DatabaseSnapshot) {
        references = snapshot.references
        days = DayScheduleMemo(snapshot: snapshot.days)
        templateState = snapshot.templateState
    }
}

extension ParsedSheet {
    /// The template's range, or the first to the last date of a CSV.
    public var dateRange: DateRange? {
        if let template { return template.layout.range }
        guard let first = slots.map(\.date).min(), let last = slots.map(\.date).max() else { return nil }
        return DateRange(from: first, to: last)
    }

    /// The dates the checks read: every date of a template (the stale check compares all its rows),
    /// the dates a CSV names.
    var datesChecked: [LocalDate] {
        if let template { return Array(template.layout.range) }
        return Set(slots.map(\.date)).sorted()
    }

    /// What the checks read of those dates first: all of a template's (the stale check compares the
    /// requests it recorded); a CSV's availability, since it needs the requests only of the slots
    /// where someone becomes unavailable, which `ImportAnalyzer` reads once it has the plan. A year's
    /// CSV that only adds reads 250,000 availability entries and none of its 100,000 requests.
    var partsChecked: ScheduleParts {
        template == nil ? .availability : .all
    }
}

extension PreparedImport {
    /// This import without its rows, its problems of form and its snapshot: what is kept of a
    /// refused CSV, which is never applied and whose error workbook is made from the file itself,
    /// so that a file of a million lines does not stay a million rows in memory.
    public func withoutRows() -> PreparedImport {
        var parsed = self.parsed
        parsed.slots = []
        parsed.problems = []
        return PreparedImport(parsed: parsed, snapshot: nil)
    }
}
