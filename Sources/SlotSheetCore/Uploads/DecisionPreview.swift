import SlotSheetTemplates

/// A batch of decisions about repair requests as a preview shows it, in both languages: the
/// counts per decision, the first `shownRows` changes as lines, the first `ProblemTally.kept`
/// problems with their places, and how many of each there are, with the plan's digest. Made from
/// a `DecisionOutcome` once; what the Requests page's bulk decisions show and what a requests
/// workbook's upload stores (`StoredDecisionPreview`), so a preview of 10,000 decisions is kept
/// bounded and every instance shows it without reading the file again.
public struct DecisionPreview: CheckedOutcome {
    /// Change lines a preview keeps and shows.
    public static let shownRows = 1_000

    /// One line of the preview (a change, or a problem's place, message and fix) in every language.
    public struct Words: Hashable, Sendable {
        let texts: [String]

        init(_ texts: [String]) { self.texts = texts }

        init(_ text: (Language) -> String) { texts = Language.allCases.map(text) }

        public func text(_ language: Language) -> String { texts[Language.allCases.firstIndex(of: language) ?? 0] }
    }

    /// A request that changes: its number and what changes ("new -> approved, staff ANB.").
    public struct Change: Hashable, Sendable {
        public let request: RowID?
        public let words: Words
    }

    /// A problem: where it is, what is wrong and the fix.
    public struct Problem: Hashable, Sendable {
        public let place: Words
        public let message: Words
        public let hint: Words
    }

    public var status: BatchAttemptStatus
    public var counts: DecisionCounts
    public var unchanged: Int
    /// Data rows read.
    public var rows: Int
    public var changes: [Change]
    public var changeTotal: Int
    /// Edits a forced (on top) run left out.
    public var skipped: Int
    public var problems: [Problem]
    public var problemTotal: Int
    public var planDigest: String

    /// Nothing would change.
    public var isEmpty: Bool { changeTotal == 0 }

    /// The requests that change, as the upload's row counts them (a decision removes nothing).
    public var addedAndRemoved: (added: Int, removed: Int) { (changeTotal, 0) }

    /// Its edits on top go in while they have no problem and change something.
    public var appliesOnTop: Bool { problemTotal == 0 && !isEmpty }

    /// `place` names where a problem is as the page does (a request's number for the page's own
    /// decisions; a sheet's cell or a CSV line for a file).
    public init(_ outcome: DecisionOutcome, place: (DecisionProblem, Language) -> String = { $0.placeText($1) }) {
        status = outcome.status
        counts = outcome.plan.counts
        unchanged = outcome.plan.unchanged
        rows = outcome.rows
        changes = outcome.changeLines.prefix(Self.shownRows).map { line in
            Change(request: line.request, words: Words { Self.afterRequest(line.text($0)) })
        }
        changeTotal = outcome.plan.changes.count
        skipped = outcome.plan.skipped.count
        problems = outcome.problems.prefix(ProblemTally.kept).map { problem in
            Problem(place: Words { place(problem, $0) }, message: Words(problem.message), hint: Words(problem.hint))
        }
        problemTotal = outcome.problems.count
        planDigest = outcome.planDigest
    }

    init(status: BatchAttemptStatus, counts: DecisionCounts, unchanged: Int, rows: Int, changes: [Change], changeTotal: Int, skipped: Int,
         problems: [Problem], problemTotal: Int, planDigest: String) {
        self.status = status
        self.counts = counts
        self.unchanged = unchanged
        self.rows = rows
        self.changes = changes
        self.changeTotal = changeTotal
        self.skipped = skipped
        self.problems = problems
        self.problemTotal = problemTotal
        self.planDigest = planDigest
    }

    /// What a change line says after its request ("new -> approved, staff ANB."): the request is
    /// the table's own column.
    private static func afterRequest(_ line: String) -> String {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard let colon = text.range(of: ": ") else { return text }
        return String(text[colon.upperBound...])
    }
}

extension DecisionReportLine {
    /// The request a change line is about.
    var request: RowID? {
        if case let .change(request, _, _, _, _, _) = self { return request }
        return nil
    }
}

/// What reading a requests workbook (or its CSV) uploaded found, as it is stored once with the
/// upload: the dry run, and for a stale workbook also the dry run of the office's edits on top
/// (the command line's `--force`); or why the file could not be read.
public struct RequestUploadPreview: CheckedPreview {
    public typealias Result = CheckedUpload<DecisionPreview>

    public let result: Result

    public init(result: Result) {
        self.result = result
    }

    public static func stored(uploadID: RowID, from session: any StoreSession) throws -> Self? {
        try StoredDecisionPreview.read(uploadID: uploadID, from: session)
    }

    /// How the upload's row records it (`CheckedUpload.reading`): its rows are the file's data rows.
    public var reading: UploadReading { result.reading(rowsRead: \.rows) }
}

/// A requests upload's preview as the database keeps it (`upload_result_chunk`, as the other
/// kinds' previews), in the same compact form.
public enum StoredDecisionPreview {
    static let version: UInt64 = 1

    public static func encode(_ preview: RequestUploadPreview) -> [UInt8] {
        var w = StoredBytesWriter()
        w.unsigned(version)
        w.checked(preview.result) { $0.decisions($1) }
        return w.bytes
    }

    public static func decode(_ bytes: [UInt8]) throws(StoredBytesError) -> RequestUploadPreview {
        var r = StoredBytesReader(bytes)
        let found = try r.unsigned()
        guard found == version else { throw .unexpected("stored decision preview version \(found)") }
        let result = try r.checked { reader throws(StoredBytesError) in try reader.decisions() }
        guard r.isAtEnd else { throw .unexpected("bytes after the decision preview") }
        return RequestUploadPreview(result: result)
    }

    /// The stored preview of `uploadID`; nil when none is stored (not read yet, or applied,
    /// discarded or expired). Stored bytes that cannot be read back throw `StoredBytesError`.
    public static func read(uploadID: RowID, from session: any StoreSession) throws -> RequestUploadPreview? {
        try StoredPreview.bytes(uploadID: uploadID, from: session).map { try decode($0) }
    }
}

extension StoredBytesWriter {
    mutating func decisions(_ preview: DecisionPreview) {
        attempt(preview.status)
        let c = preview.counts
        for count in [c.approved, c.cancelled, c.completed, c.archived, c.restored, c.reopened, c.moved, c.assigned] { int(count) }
        int(preview.unchanged)
        int(preview.rows)
        count(preview.changeTotal)
        count(preview.changes.count)
        for change in preview.changes {
            bool(change.request != nil)
            if let request = change.request { integer(request) }
            texts(change.words.texts)
        }
        int(preview.skipped)
        count(preview.problemTotal)
        count(preview.problems.count)
        for problem in preview.problems {
            texts(problem.place.texts)
            texts(problem.message.texts)
            texts(problem.hint.texts)
        }
        text(preview.planDigest)
    }
}

extension StoredBytesReader {
    mutating func decisions() throws(StoredBytesError) -> DecisionPreview {
        let status = try attempt()
        var counts = DecisionCounts()
        counts.approved = try int()
        counts.cancelled = try int()
        counts.completed = try int()
        counts.archived = try int()
        counts.restored = try int()
        counts.reopened = try int()
        counts.moved = try int()
        counts.assigned = try int()
        let unchanged = try int()
        let rows = try int()
        let changeTotal = Int(clamping: try unsigned())
        var changes: [DecisionPreview.Change] = []
        for _ in 0..<(try count(itemBytes: 2)) {
            let request = try bool() ? try integer() : nil
            changes.append(DecisionPreview.Change(request: request, words: DecisionPreview.Words(try texts())))
        }
        let skipped = try int()
        let problemTotal = Int(clamping: try unsigned())
        var problems: [DecisionPreview.Problem] = []
        for _ in 0..<(try count(itemBytes: 3)) {
            let place = DecisionPreview.Words(try texts()), message = DecisionPreview.Words(try texts())
            problems.append(DecisionPreview.Problem(place: place, message: message, hint: DecisionPreview.Words(try texts())))
        }
        return DecisionPreview(status: status, counts: counts, unchanged: unchanged, rows: rows, changes: changes, changeTotal: changeTotal,
                               skipped: skipped, problems: problems, problemTotal: problemTotal, planDigest: try text())
    }
}
