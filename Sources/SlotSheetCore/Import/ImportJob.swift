import Foundation

/// What to import and how.
public struct ImportRequest: Sendable {
    public var dryRun: Bool
    /// Import a stale template anyway, applying only the office's edits.
    public var force: Bool
    public var operatorName: String

    public init(dryRun: Bool = false, force: Bool = false, operatorName: String) {
        self.dryRun = dryRun
        self.force = force
        self.operatorName = operatorName
    }
}

/// How an import ended, and everything the command reports about it.
public struct ImportOutcome: Sendable {
    public enum Status: Hashable, Sendable {
        /// Changes written as this batch.
        case applied(batchID: RowID)
        /// The file matches the database: nothing written.
        case nothingToChange
        /// `--dry-run`: the plan was made, nothing written.
        case dryRun
        /// The file has problems: nothing written.
        case rejected
        /// The database changed in the template's dates since export: nothing written.
        case stale
    }

    public var status: Status
    public var fileName: String
    public var sha256: String
    public var isTemplate: Bool
    public var range: DateRange?
    public var plan: ChangePlan
    public var problems: [ImportProblem]
    public var staleChanges: [StaleChange]
    /// When the template was made (templates only).
    public var generatedAt: String?
}

/// The import pipeline after parsing: stale check, validation and planning, then apply, all in one
/// transaction, so what is checked is exactly what is written and a failure leaves nothing.
/// Only an import that changes something writes (one `import_batch`, one `availability_change` a
/// cell); a dry run, a rejected or stale file and a file with nothing new write nothing.
///
///     let source = try ImportSource.open(path: "december.xlsx")
///     let (outcome, parsed) = try ImportJob(store: store, rules: rules).run(source, ImportRequest(operatorName: "maria"))
public struct ImportJob {
    public let store: any RepairStore
    /// What is past (never changed), on the office's clock.
    public let rules: OfficeRules
    public var clock: OfficeClock { rules.clock }

    public init(store: any RepairStore, rules: OfficeRules) {
        self.store = store
        self.rules = rules
    }

    /// Parses `source` and runs the pipeline. A template's cells are read on a second thread while
    /// this one reads the database for its dates, inside the same transaction.
    public func run(_ source: ImportSource, _ request: ImportRequest,
                    progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> (ImportOutcome, ParsedSheet) {
        try transaction(request) { session in
            let days = DayScheduleMemo(session)
            let parsed: ParsedSheet
            if let range = source.templateRange {
                let parsing = BackgroundWork { try source.parse(progress: progress) }
                let prefetched = Result { try days.prefetch(range) }
                parsed = try parsing.join()
                try prefetched.get()
            } else {
                parsed = try source.parse(progress: progress)
            }
            return (try pipeline(parsed, request, session: session, days: days), parsed)
        }
    }

    /// Runs the pipeline on a file parsed already.
    public func run(_ parsed: ParsedSheet, _ request: ImportRequest) throws -> ImportOutcome {
        try transaction(request) { session in try pipeline(parsed, request, session: session, days: DayScheduleMemo(session)) }
    }

    /// A dry run reads one snapshot; anything else is one write transaction.
    private func transaction<T>(_ request: ImportRequest, _ work: (any StoreSession) throws -> T) throws -> T {
        request.dryRun ? try store.read(work) : try store.write(work)
    }

    private func pipeline(_ parsed: ParsedSheet, _ request: ImportRequest, session: any StoreSession,
                      days: DayScheduleMemo) throws -> ImportOutcome {
        var outcome = ImportOutcome(
            status: .rejected, fileName: parsed.fileName, sha256: parsed.sha256, isTemplate: parsed.template != nil,
            range: parsed.dateRange, plan: ChangePlan(), problems: [], staleChanges: [], generatedAt: parsed.template?.generatedAt)
        if let template = parsed.template {
            outcome.staleChanges = try StaleCheck.changes(since: template, file: parsed, session: session, days: days)
            if !outcome.staleChanges.isEmpty && !request.force {
                outcome.status = .stale
                return outcome
            }
        }
        let analysis = try ImportAnalyzer.analyze(parsed, session: session, day: rules.now(), days: days)
        outcome.plan = analysis.plan
        outcome.problems = analysis.problems
        if !analysis.problems.isEmpty {
            outcome.status = .rejected
        } else if request.dryRun {
            outcome.status = .dryRun
        } else if analysis.plan.isEmpty {
            outcome.status = .nothingToChange
        } else {
            let batch = ImportBatch(
                fileName: parsed.fileName, sha256: parsed.sha256, operatorName: request.operatorName,
                createdAt: clock.timestamp(), range: parsed.dateRange, added: analysis.plan.added,
                removed: analysis.plan.removed, unchanged: analysis.plan.unchanged, outcome: .applied)
            outcome.status = .applied(batchID: try ChangeWriter.write(analysis.plan.changes, as: batch, session: session))
        }
        return outcome
    }
}

/// Writes a batch and its changes in multi-row statements (a year's import is a few hundred, not
/// a hundred thousand, round trips to a database server); the caller's transaction makes it all
/// or nothing.
enum ChangeWriter {
    static func write(_ changes: [AvailabilityChange], as batch: ImportBatch, session: any StoreSession) throws -> RowID {
        let batchID = try session.insertImportBatch(batch)
        try session.addAvailability(changes.filter(\.available).map(\.key))
        try session.removeAvailability(changes.filter { !$0.available }.map(\.key))
        try session.recordAvailabilityChanges(batchID: batchID, changes)
        return batchID
    }
}

extension ParsedSheet {
    /// The template's range, or the first to the last date of a CSV.
    public var dateRange: DateRange? {
        if let template { return template.layout.range }
        guard let first = slots.map(\.date).min(), let last = slots.map(\.date).max() else { return nil }
        return DateRange(from: first, to: last)
    }
}
