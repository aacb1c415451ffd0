/// The part of a checked upload's outcome (a list's, a batch of decisions') the pipeline reads
/// to record how reading ended; the kind decides the rest.
public protocol CheckedOutcome: Sendable {
    var status: BatchAttemptStatus { get }
    var isEmpty: Bool { get }
    var problemTotal: Int { get }
    var planDigest: String { get }
    /// What the upload's row counts as added and removed.
    var addedAndRemoved: (added: Int, removed: Int) { get }
    /// Whether this outcome, as the office's edits on top of a stale file, may be applied.
    var appliesOnTop: Bool { get }
}

/// What reading a list upload or a requests upload found, as stored with it: its result, and the
/// way back from the database, so the pages of both are one frame.
public protocol CheckedPreview: Sendable {
    associatedtype Outcome: CheckedOutcome
    var result: CheckedUpload<Outcome> { get }
    /// The stored preview of `uploadID`; nil when none is stored (not read yet, or applied,
    /// discarded or expired). Stored bytes that cannot be read back throw `StoredBytesError`.
    static func stored(uploadID: RowID, from session: any StoreSession) throws -> Self?
}

extension CheckedPreview {
    /// Whether applying on top would write (`CheckedUpload.canApplyOnTop`).
    public var canApplyOnTop: Bool { result.canApplyOnTop }
}

/// What reading an upload of a kind with an "on top" apply found: the dry run, and for a stale
/// file also the dry run of the office's own edits on top of the database as it is now; or the
/// file refused whole, as its words were when it was read. A list's and a requests workbook's.
public enum CheckedUpload<Outcome: Sendable>: Sendable {
    case checked(Outcome, onTop: Outcome?)
    case unreadable(FileRefusal)
}

extension CheckedUpload where Outcome: CheckedOutcome {
    /// Whether applying on top would write: a stale file whose edits on top may be applied.
    public var canApplyOnTop: Bool {
        guard case let .checked(outcome, onTop?) = self, outcome.status == .stale else { return false }
        return onTop.appliesOnTop
    }

    /// How the upload's row records it: ready (changes, nothing to change, or a stale file whose
    /// edits can go on top) or refused; `rowsRead` counts what the kind calls its rows.
    func reading(rowsRead: (Outcome) -> Int) -> UploadReading {
        switch self {
        case let .checked(outcome, onTop):
            let verdict: UploadOutcome
            switch outcome.status {
            case .stale: verdict = .stale
            case .rejected: verdict = .rejected
            default: verdict = outcome.isEmpty ? .nothingToChange : .ready
            }
            let applicable = verdict == .ready || verdict == .nothingToChange || canApplyOnTop
            let counts = outcome.addedAndRemoved
            return UploadReading(state: applicable ? .ready : .refused, rowsRead: rowsRead(outcome), added: counts.added,
                                 removed: counts.removed, problems: outcome.problemTotal, outcome: verdict,
                                 planDigest: outcome.planDigest, onTopDigest: canApplyOnTop ? onTop?.planDigest : nil)
        case let .unreadable(refusal):
            return UploadReading(state: .refused, rowsRead: 0, added: 0, removed: 0, problems: 1, outcome: refusal.outcome)
        }
    }
}

extension StoredBytesWriter {
    /// A checked upload's result, its outcomes written by `outcome`.
    mutating func checked<Outcome>(_ result: CheckedUpload<Outcome>, _ outcome: (inout StoredBytesWriter, Outcome) -> Void) {
        switch result {
        case let .checked(checked, onTop):
            byte(0)
            outcome(&self, checked)
            bool(onTop != nil)
            if let onTop { outcome(&self, onTop) }
        case let .unreadable(refusal):
            byte(1)
            self.refusal(refusal)
        }
    }
}

extension StoredBytesReader {
    mutating func checked<Outcome>(_ outcome: (inout StoredBytesReader) throws(StoredBytesError) -> Outcome) throws(StoredBytesError) -> CheckedUpload<Outcome> {
        switch try byte() {
        case 0:
            let checked = try outcome(&self)
            return .checked(checked, onTop: try bool() ? try outcome(&self) : nil)
        case 1:
            return .unreadable(try refusal())
        case let other:
            throw .unexpected("preview result \(other)")
        }
    }
}
