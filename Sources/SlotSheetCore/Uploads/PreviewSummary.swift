/// An availability upload's preview as its page and its API state show it, page-sized whatever the
/// plan: the outcome without its plan's changes, the plan's counts and grid (`PlanSummary`,
/// `PlanGrid`), and only the page of changes asked for. Read from the stored preview without
/// decoding the whole plan (`StoredPreview.readSummary`), or made from a whole preview an instance
/// keeps in memory. Only an apply (and an error workbook made again) needs the whole `UploadPreview`.
public struct PreviewSummary: Sendable {
    public enum Result: Sendable {
        case checked(OutcomeSummary)
        /// The file was refused whole, as its words were when it was read.
        case unreadable(FileRefusal)
    }

    /// Which changes to carry: `limit` of them from `offset` on (a limit of 0: none, as a page
    /// that draws only the grid asks).
    public struct ChangesPage: Hashable, Sendable {
        public let offset: Int
        public let limit: Int

        public init(offset: Int, limit: Int) {
            self.offset = max(offset, 0)
            self.limit = max(limit, 0)
        }

        public static let none = ChangesPage(offset: 0, limit: 0)
    }

    public let result: Result
    /// For a stale template, the plan of its edits on top (as `UploadPreview.onTop`).
    public let onTop: OutcomeSummary?
    /// The rows the file has.
    public let rowsRead: Int

    public init(result: Result, onTop: OutcomeSummary?, rowsRead: Int) {
        self.result = result
        self.onTop = onTop
        self.rowsRead = rowsRead
    }

    /// The summary of a whole preview (one kept in memory, or stored in the first form).
    public init(_ preview: UploadPreview, changes page: ChangesPage) {
        switch preview.result {
        case let .checked(_, outcome): result = .checked(OutcomeSummary(outcome, changes: page))
        case let .unreadable(refusal): result = .unreadable(refusal)
        }
        onTop = preview.onTop.map { OutcomeSummary($0, changes: page) }
        rowsRead = preview.rowsRead
    }
}

/// An import outcome as a page shows it: everything but its plan's changes, which it counts
/// (`plan`), draws in part (`grid`) and pages (`changes`).
public struct OutcomeSummary: Sendable {
    /// The outcome with an empty plan: its verdict, problems (the kept ones), tally, stale
    /// changes and digest. Its plan's counts are `plan`'s, never `outcome.plan`'s.
    public let outcome: ImportOutcome
    public let plan: PlanSummary
    public let grid: PlanGrid
    /// The changes of the page asked for, from `changesOffset` on.
    public let changes: [AvailabilityChange]
    public let changesOffset: Int

    init(outcome: ImportOutcome, plan: PlanSummary, grid: PlanGrid, changes: [AvailabilityChange], changesOffset: Int) {
        self.outcome = outcome
        self.plan = plan
        self.grid = grid
        self.changes = changes
        self.changesOffset = changesOffset
    }

    /// The summary of a whole outcome: counted and paged here.
    public init(_ whole: ImportOutcome, changes page: PreviewSummary.ChangesPage) {
        self.init(outcome: whole.withoutChanges(), plan: PlanSummary(whole.plan), grid: PlanGrid(whole.plan),
                  changes: Array(whole.plan.changes.dropFirst(page.offset).prefix(page.limit)), changesOffset: page.offset)
    }
}

extension ImportOutcome {
    /// This outcome with no changes in its plan (the cells left unchanged still counted), keeping
    /// the whole plan's digest.
    func withoutChanges() -> ImportOutcome {
        var head = self
        head.keptPlanDigest = planDigest
        head.plan.changes = []
        return head
    }
}
