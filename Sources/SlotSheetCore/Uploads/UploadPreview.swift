import Foundation

/// What reading an upload found, stored once with the upload (`StoredPreview`) for its page and
/// its apply on every instance: the file as read (so an apply never reads it again) with the
/// preview of what applying would do, or why the file could not be read. It is bounded whatever
/// the file: only the first `ProblemTally.kept` problems are kept (with the tally of all), and of
/// a refused CSV, which is never applied, not its rows.
public struct UploadPreview: Sendable {
    public enum Result: Sendable {
        case checked(PreparedImport, ImportOutcome)
        /// The file was refused whole (`ImportFileError`), as its words were when it was read.
        case unreadable(FileRefusal)
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

    /// A preview read back from the database, as it was stored.
    init(stored result: Result, onTop: ImportOutcome?, rowsRead: Int) {
        self.result = result
        self.onTop = onTop
        self.rowsRead = rowsRead
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
            return UploadReading(state: applicable ? .ready : .refused, rowsRead: rowsRead, added: outcome.plan.added,
                                 removed: outcome.plan.removed, problems: outcome.problemTotal + outcome.staleChanges.count, outcome: UploadOutcome(outcome.verdict),
                                 planDigest: outcome.planDigest, onTopDigest: onTop?.planDigest)
        case let .unreadable(error):
            return UploadReading(state: .refused, rowsRead: 0, added: 0, removed: 0, problems: 1, outcome: error.outcome)
        }
    }
}


/// A file refused whole, as an upload keeps the refusal (`ImportFileError`, which names the
/// reader's own types, made into its words in both languages and the code scripts read), so any
/// instance shows it without reading the file again.
public struct FileRefusal: Hashable, Sendable, OfficeMessage {
    /// `unreadable`, `templateEdited` or `readFailed`.
    public let outcome: UploadOutcome
    public let english: String
    public let dutch: String

    init(outcome: UploadOutcome, english: String, dutch: String) {
        self.outcome = outcome
        self.english = english
        self.dutch = dutch
    }

    public init(_ error: ImportFileError) {
        // `jsonStatus` names the two ways a file is refused whole as the outcome's cases do.
        self.init(outcome: UploadOutcome(rawValue: error.jsonStatus) ?? .unreadable, english: error.english, dutch: error.dutch)
    }

    /// The code scripts read: `slotsheet import --json`'s status for the file (`template_edited`,
    /// `unreadable`), or `read_failed`.
    public var jsonStatus: String { outcome.rawValue }
}

extension UploadPreview {
    /// This preview without the database snapshot its file was checked against: what is stored
    /// (`StoredPreview`) and kept in memory. An apply checks against the database as it is then.
    public func withoutSnapshot() -> UploadPreview {
        guard case let .checked(prepared, outcome) = result, prepared.hasSnapshot else { return self }
        return UploadPreview(stored: .checked(PreparedImport(parsed: prepared.parsed, snapshot: nil), outcome), onTop: onTop, rowsRead: rowsRead)
    }

    /// About how many bytes of memory the preview holds: its changes, the file's rows and their
    /// places, its problems and stale changes. An estimate, for a cache to bound itself by.
    public var estimatedBytes: Int {
        func outcomeBytes(_ outcome: ImportOutcome) -> Int {
            outcome.plan.changes.count * 64 + outcome.problems.count * 256 + outcome.staleChanges.count * 128
        }
        var total = 1_024 + (onTop.map(outcomeBytes) ?? 0)
        if case let .checked(prepared, outcome) = result {
            total += outcomeBytes(outcome)
            for slot in prepared.parsed.slots { total += 96 + slot.marks.count }
            if case let .csv(lines) = prepared.parsed.origin { total += lines.reduce(0) { $0 + 32 + $1.count * 4 } }
            if let template = prepared.parsed.template { total += template.snapshot.count * (96 + template.layout.staff.count) }
        }
        return total
    }
}
