/// What a list import did or would do: the plan, the problems that refuse it, and the batch that
/// records the attempt.
public struct ListOutcome: Sendable {
    public enum Status: Hashable, Sendable {
        /// Checked and planned; nothing written (a dry run).
        case dryRun
        case applied(batchID: RowID)
        /// The database already says what the file says.
        case nothingToChange
        /// The file has problems; nothing changed.
        case rejected
    }

    public var kind: ListKind
    public var fileName: String
    public var status: Status
    public var plan: ListPlan
    public var problems: [ListProblem]
    /// The `import_batch` row recording this attempt; nil for a dry run.
    public var auditBatchID: RowID?
}
