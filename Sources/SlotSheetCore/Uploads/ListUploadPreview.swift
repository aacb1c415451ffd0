import SlotSheetTemplates

/// What reading a list upload found, as it is stored once with the upload
/// (`StoredListPreview`) for its page on every instance: the plan's counts with its first rows
/// (a page shows at most `shownRows` a table; a catalogue of 200,000 new defects is counted, not
/// kept), the availability that goes with it, the first `ProblemTally.kept` problems in both
/// languages with the count of all, and the plan's digest as the reader worked it out; for a
/// stale list workbook also the office's edits on top. Or why the file could not be read.
public struct ListUploadPreview: CheckedPreview {
    /// Rows of each table a preview keeps and shows.
    public static let shownRows = 1_000

    /// A list outcome as the preview shows it.
    public struct Outcome: CheckedOutcome {
        public var status: BatchAttemptStatus
        public var added: ListRows
        public var changed: ListRows
        public var deactivated: ListRows
        public var unchanged: Int
        /// The availability removed (or restored) with the rows.
        public var availability: [AvailabilityChange]
        /// The first `ProblemTally.kept` problems, and how many there are.
        public var problems: [ShownListProblem]
        public var problemTotal: Int
        public var planDigest: String

        /// Nothing would change: no row and no availability.
        public var isEmpty: Bool { added.total + changed.total + deactivated.total == 0 && availability.isEmpty }

        public init(_ outcome: ListOutcome) {
            status = outcome.status
            added = ListRows(outcome.plan.added)
            changed = ListRows(outcome.plan.changed)
            deactivated = ListRows(outcome.plan.deactivated)
            unchanged = outcome.plan.unchanged
            availability = outcome.plan.availability
            problems = outcome.problems.prefix(ProblemTally.kept).map(ShownListProblem.init)
            problemTotal = outcome.problems.count
            planDigest = outcome.planDigest
        }

        init(status: BatchAttemptStatus, added: ListRows, changed: ListRows, deactivated: ListRows, unchanged: Int,
             availability: [AvailabilityChange], problems: [ShownListProblem], problemTotal: Int, planDigest: String) {
            self.status = status
            self.added = added
            self.changed = changed
            self.deactivated = deactivated
            self.unchanged = unchanged
            self.availability = availability
            self.problems = problems
            self.problemTotal = problemTotal
            self.planDigest = planDigest
        }

        /// The rows added and made inactive, as the upload's row counts them.
        public var addedAndRemoved: (added: Int, removed: Int) { (added.total, deactivated.total) }

        /// Its edits on top go in while they have no problem (even with nothing to change).
        public var appliesOnTop: Bool { problemTotal == 0 }

        /// The plan's availability as a plan (what `ListReportLine.lines` words).
        public var availabilityPlan: ListPlan {
            var plan = ListPlan()
            plan.availability = availability
            return plan
        }
    }

    /// The dry run, and for a stale list workbook also the dry run of the office's edits on top;
    /// or the file refused whole.
    public typealias Result = CheckedUpload<Outcome>

    public let kind: ListKind
    public let rowsRead: Int
    public let result: Result

    public init(kind: ListKind, rowsRead: Int, result: Result) {
        self.kind = kind
        self.rowsRead = rowsRead
        self.result = result
    }

    public static func stored(uploadID: RowID, from session: any StoreSession) throws -> Self? {
        try StoredListPreview.read(uploadID: uploadID, from: session)
    }

    /// How the upload's row records it (`CheckedUpload.reading`).
    public var reading: UploadReading { result.reading(rowsRead: { _ in rowsRead }) }
}

/// Rows of one table of a list preview: the first `ListUploadPreview.shownRows` and how many in all.
public struct ListRows: Sendable {
    public var shown: [ListRowChange]
    public var total: Int

    init(_ all: [ListRowChange]) {
        shown = Array(all.prefix(ListUploadPreview.shownRows))
        total = all.count
    }

    init(shown: [ListRowChange], total: Int) {
        self.shown = shown
        self.total = total
    }
}

/// A list problem as a preview keeps it: its place, and its message and fix in both languages as
/// they were when the file was read.
public struct ShownListProblem: Hashable, Sendable {
    public let location: ImportProblem.Location
    let messages: [String]
    let hints: [String]

    public init(_ problem: ListProblem) {
        location = problem.location
        messages = Language.allCases.map(problem.message)
        hints = Language.allCases.map(problem.hint)
    }

    init(location: ImportProblem.Location, messages: [String], hints: [String]) {
        self.location = location
        self.messages = messages
        self.hints = hints
    }

    public func message(_ language: Language) -> String { messages[Language.allCases.firstIndex(of: language) ?? 0] }
    public func hint(_ language: Language) -> String { hints[Language.allCases.firstIndex(of: language) ?? 0] }
}

/// A list upload's preview as the database keeps it (`upload_result_chunk`, as an availability
/// upload's `StoredPreview`), in the same compact form.
public enum StoredListPreview {
    static let version: UInt64 = 1

    public static func encode(_ preview: ListUploadPreview) -> [UInt8] {
        var w = StoredBytesWriter()
        w.unsigned(version)
        w.text(preview.kind.rawValue)
        w.int(preview.rowsRead)
        w.checked(preview.result) { $0.listOutcome($1) }
        return w.bytes
    }

    public static func decode(_ bytes: [UInt8]) throws(StoredBytesError) -> ListUploadPreview {
        var r = StoredBytesReader(bytes)
        let found = try r.unsigned()
        guard found == version else { throw .unexpected("stored list preview version \(found)") }
        let name = try r.text()
        guard let kind = ListKind(rawValue: name) else { throw .unexpected("list '\(name)'") }
        let rowsRead = try r.int()
        let result = try r.checked { reader throws(StoredBytesError) in try reader.listOutcome() }
        guard r.isAtEnd else { throw .unexpected("bytes after the list preview") }
        return ListUploadPreview(kind: kind, rowsRead: rowsRead, result: result)
    }

    /// The stored list preview of `uploadID`; nil when none is stored (not read yet, or applied,
    /// discarded or expired). Stored bytes that cannot be read back throw `StoredBytesError`.
    public static func read(uploadID: RowID, from session: any StoreSession) throws -> ListUploadPreview? {
        try StoredPreview.bytes(uploadID: uploadID, from: session).map { try decode($0) }
    }
}

extension StoredBytesWriter {
    /// A batch attempt's status (list and decision previews).
    mutating func attempt(_ status: BatchAttemptStatus) {
        switch status {
        case .dryRun: byte(0)
        case let .applied(batchID): byte(1); integer(batchID)
        case .nothingToChange: byte(2)
        case .rejected: byte(3)
        case .stale: byte(4)
        case .planChanged: byte(5)
        }
    }

    mutating func listOutcome(_ outcome: ListUploadPreview.Outcome) {
        attempt(outcome.status)
        for rows in [outcome.added, outcome.changed, outcome.deactivated] {
            count(rows.total)
            count(rows.shown.count)
            for row in rows.shown {
                text(row.key)
                bool(row.before != nil)
                if let before = row.before { texts(before) }
                texts(row.after)
            }
        }
        int(outcome.unchanged)
        changes(outcome.availability)
        count(outcome.problemTotal)
        count(outcome.problems.count)
        for problem in outcome.problems {
            location(problem.location)
            texts(problem.messages)
            texts(problem.hints)
        }
        text(outcome.planDigest)
    }
}

extension StoredBytesReader {
    mutating func attempt() throws(StoredBytesError) -> BatchAttemptStatus {
        switch try byte() {
        case 0: return .dryRun
        case 1: return .applied(batchID: try integer())
        case 2: return .nothingToChange
        case 3: return .rejected
        case 4: return .stale
        case 5: return .planChanged
        case let other: throw .unexpected("attempt status \(other)")
        }
    }

    mutating func listOutcome() throws(StoredBytesError) -> ListUploadPreview.Outcome {
        let status = try attempt()
        var tables: [ListRows] = []
        for _ in 0..<3 {
            let total = Int(clamping: try unsigned())
            let shownCount = try count(itemBytes: 2)
            var shown: [ListRowChange] = []
            shown.reserveCapacity(shownCount)
            for _ in 0..<shownCount {
                let key = try text()
                let before = try bool() ? try texts() : nil
                shown.append(ListRowChange(key: key, before: before, after: try texts()))
            }
            tables.append(ListRows(shown: shown, total: total))
        }
        let unchanged = try int()
        let availability = try changes()
        let problemTotal = Int(clamping: try unsigned())
        var problems: [ShownListProblem] = []
        for _ in 0..<(try count(itemBytes: 3)) {
            let location = try location()
            problems.append(ShownListProblem(location: location, messages: try texts(), hints: try texts()))
        }
        return ListUploadPreview.Outcome(status: status, added: tables[0], changed: tables[1], deactivated: tables[2], unchanged: unchanged,
                                         availability: availability, problems: problems, problemTotal: problemTotal, planDigest: try text())
    }
}
