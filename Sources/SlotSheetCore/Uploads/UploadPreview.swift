import Foundation

/// What reading an upload found, kept in the web front's memory for its page and its apply: the file as read (so
/// an apply never reads it again) with the preview of what applying would do, or why the file
/// could not be read. Its memory is bounded whatever the file: only the first
/// `ProblemTally.kept` problems are kept (with the tally of all), and of a refused CSV, which is
/// never applied, not its rows.
public struct UploadPreview: Sendable {
    public enum Result: Sendable {
        case checked(PreparedImport, ImportOutcome)
        case unreadable(ImportFileError)
    }

    public let result: Result
    /// For a stale template, what applying the office's edits on top of the database as it is now
    /// would do (the command line's `--force`): the plan the "apply on top" button carries.
    public var onTop: ImportOutcome? = nil
    /// The rows the file has.
    public var rowsRead = 0

    public init(result: Result, onTop: ImportOutcome? = nil) {
        self.onTop = onTop.map { $0.bounded() }
        switch result {
        case let .checked(prepared, outcome):
            rowsRead = prepared.parsed.slots.count
            let outcome = outcome.bounded()
            // The rows are kept while the upload may still be applied, and for a refused template's
            // error workbook (a template's rows are bounded by its layout); not of a refused CSV
            // or of an upload applied (or recorded as unchanged) already.
            let settled = outcome.auditBatchID != nil
            let kept = settled || (outcome.verdict == .rejected && prepared.parsed.template == nil) ? prepared.withoutRows() : prepared
            self.result = .checked(kept, outcome)
        case .unreadable:
            self.result = result
        }
    }

    /// Previews a prepared file; a stale template's preview also holds the one on top.
    public static func checking(_ prepared: PreparedImport, job: ImportJob, operatorName: String) throws -> UploadPreview {
        let outcome = try job.preview(prepared, ImportRequest(operatorName: operatorName))
        guard outcome.verdict == .stale else { return UploadPreview(result: .checked(prepared, outcome)) }
        return UploadPreview(result: .checked(prepared, outcome),
                             onTop: try job.preview(prepared, ImportRequest(force: true, operatorName: operatorName)))
    }

    /// Whether applying on top would write (or record that nothing changes): a stale template whose edits are valid.
    public var canApplyOnTop: Bool { onTop.map { $0.verdict == .changes || $0.verdict == .nothingToChange } ?? false }

    /// How the upload's row records it: ready to apply (changes, nothing to change, or a stale
    /// template whose edits can go on top) or refused.
    public var reading: UploadReading {
        switch result {
        case let .checked(_, outcome):
            let applicable = outcome.verdict == .changes || outcome.verdict == .nothingToChange || canApplyOnTop
            let name = outcome.verdict == .changes ? "ready" : outcome.verdict == .nothingToChange ? "nothing_to_change" : outcome.verdict.rawValue
            return UploadReading(state: applicable ? .ready : .refused, rowsRead: rowsRead, added: outcome.plan.added,
                                 removed: outcome.plan.removed, problems: outcome.problemTotal + outcome.staleChanges.count, outcome: name,
                                 planDigest: outcome.planDigest, onTopDigest: onTop?.planDigest)
        case let .unreadable(error):
            // Named as `slotsheet import --json` names it: `template_edited` or `unreadable`.
            return UploadReading(state: .refused, rowsRead: 0, added: 0, removed: 0, problems: 1, outcome: error.jsonStatus)
        }
    }
}

