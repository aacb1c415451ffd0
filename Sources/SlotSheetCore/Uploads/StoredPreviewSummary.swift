/// The stored preview's summary (`StoredPreview`'s second form): what a page and an API state
/// show, written before the plan's changes and the file as read, so a reader takes only it and
/// the chunks of the changes it pages (`StoredPreview.readSummary`), never the whole plan.
///
/// A plan's changes are stored as one stream in the body after the summary, and the summary keeps
/// where every `ChangeStream.stride`-th change starts (with the date the one before it had, since
/// each change's date is stored from its predecessor's): a page of changes from anywhere in a
/// plan of a million is read from the one or two chunks that hold it.
struct StoredPreviewSummary {
    enum Result {
        case checked(StoredOutcomeSummary)
        case unreadable(FileRefusal)
    }

    var rowsRead: Int
    var result: Result
    var onTop: StoredOutcomeSummary?
    /// Where the file as read starts in the body (a checked preview's).
    var sheetOffset: Int?
}

/// An outcome in the summary: the outcome without its changes, their counts and grid, and where
/// its changes are in the body.
struct StoredOutcomeSummary {
    var outcome: ImportOutcome
    var plan: PlanSummary
    var grid: PlanGrid
    var stream: ChangeStream

    /// The summary with the changes of `page`, read through `bytes` (of the body).
    func summary(_ page: PreviewSummary.ChangesPage, bytes: (Range<Int>) throws -> [UInt8]) throws -> OutcomeSummary {
        OutcomeSummary(outcome: outcome, plan: plan, grid: grid, changes: try stream.changes(page, bytes: bytes), changesOffset: page.offset)
    }
}

/// Where a plan's changes are in the body: their codes, how many, and a mark every `stride` changes.
struct ChangeStream {
    /// Changes between two marks: a page of 10,000 reads at most 1,024 more than it shows.
    static let stride = 1_024

    struct Mark {
        /// Where the change starts in the body.
        let offset: Int
        /// The date of the change before it (0 for the first).
        let previousDate: Int
    }

    let codes: ChangeCodes
    let total: Int
    let marks: [Mark]
    /// Where the stream ends in the body.
    let end: Int

    /// `page` of the changes, reading from `bytes` only the range of the body that holds them.
    func changes(_ page: PreviewSummary.ChangesPage, bytes: (Range<Int>) throws -> [UInt8]) throws -> [AvailabilityChange] {
        guard page.limit > 0, page.offset < total else { return [] }
        let last = min(page.offset + page.limit, total) - 1
        let firstMark = page.offset / Self.stride, lastMark = last / Self.stride
        let start = marks[firstMark].offset, stop = lastMark + 1 < marks.count ? marks[lastMark + 1].offset : end
        var reader = StoredBytesReader(try bytes(start..<stop))
        var date = marks[firstMark].previousDate
        var changes: [AvailabilityChange] = []
        changes.reserveCapacity(last - page.offset + 1)
        for index in (firstMark * Self.stride)...last {
            let change = try reader.change(date: &date, codes: codes)
            if index >= page.offset { changes.append(change) }
        }
        return changes
    }
}

extension StoredBytesWriter {
    /// `outcome` without its changes, their counts and grid, and the marks of its changes, which go
    /// into `body`.
    mutating func outcomeSummary(_ outcome: ImportOutcome, body: inout StoredBytesWriter) {
        self.outcome(outcome.withoutChanges())
        let plan = PlanSummary(outcome.plan)
        int(plan.added)
        int(plan.removed)
        tallies(plan.perDate) { $0.int($1.dayNumber) }
        tallies(plan.perStaff) { $0.text($1) }
        let grid = PlanGrid(outcome.plan)
        int(grid.slotsTotal)
        changes(grid.changes)
        changeStream(outcome.plan.changes, body: &body)
    }

    /// Each key (as `key` writes it) with its added and removed.
    mutating func tallies<Key>(_ tallies: [PlanSummary.Tally<Key>], key: (inout StoredBytesWriter, Key) -> Void) {
        count(tallies.count)
        for tally in tallies {
            key(&self, tally.key)
            int(tally.added)
            int(tally.removed)
        }
    }

    mutating func changeStream(_ changes: [AvailabilityChange], body: inout StoredBytesWriter) {
        let codes = ChangeCodes(changes)
        codes.write(to: &self)
        count(changes.count)
        var previous = 0
        for (index, change) in changes.enumerated() {
            if index % ChangeStream.stride == 0 {
                count(body.bytes.count)
                int(previous)
            }
            body.change(change, previous: &previous, codes: codes)
        }
        count(body.bytes.count)
    }
}

extension StoredBytesReader {
    /// A place in the stored preview's body (which these bytes do not hold): never so large that
    /// adding it to where the body starts could overflow.
    mutating func offset() throws(StoredBytesError) -> Int {
        let value = try unsigned()
        guard value < 1 << 48 else { throw .unexpected("an offset of \(value) bytes") }
        return Int(value)
    }

    mutating func previewSummary() throws(StoredBytesError) -> StoredPreviewSummary {
        let rowsRead = try int()
        let result: StoredPreviewSummary.Result
        switch try byte() {
        case 0: result = .checked(try outcomeSummary())
        case 1: result = .unreadable(try refusal())
        case let other: throw .unexpected("preview result \(other)")
        }
        let onTop = try bool() ? try outcomeSummary() : nil
        var sheetOffset: Int?
        if case .checked = result { sheetOffset = try offset() }
        guard isAtEnd else { throw .unexpected("bytes after the preview's summary") }
        return StoredPreviewSummary(rowsRead: rowsRead, result: result, onTop: onTop, sheetOffset: sheetOffset)
    }

    mutating func outcomeSummary() throws(StoredBytesError) -> StoredOutcomeSummary {
        let outcome = try self.outcome()
        let added = try int(), removed = try int()
        var perDate: [PlanSummary.Tally<LocalDate>] = []
        for _ in 0..<(try count(itemBytes: 3)) {
            perDate.append(PlanSummary.Tally(key: LocalDate(dayNumber: try int()), added: try int(), removed: try int()))
        }
        var perStaff: [PlanSummary.Tally<String>] = []
        for _ in 0..<(try count(itemBytes: 3)) { perStaff.append(PlanSummary.Tally(key: try text(), added: try int(), removed: try int())) }
        let grid = PlanGrid(slotsTotal: try int(), changes: try changes())
        let codes = try ChangeCodes(from: &self)
        // The changes are in the body, not in these bytes: counted, and checked against the counts.
        let total = try offset()
        guard total == added + removed else { throw .unexpected("a plan of \(total) changes counted as \(added + removed)") }
        var marks: [ChangeStream.Mark] = []
        var previousOffset = 0
        for _ in 0..<((total + ChangeStream.stride - 1) / ChangeStream.stride) {
            let start = try offset(), previousDate = try int()
            guard start >= previousOffset else { throw .unexpected("a change mark before the one before it") }
            marks.append(ChangeStream.Mark(offset: start, previousDate: previousDate))
            previousOffset = start
        }
        let end = try offset()
        guard end >= previousOffset else { throw .unexpected("a change stream that ends before its last mark") }
        return StoredOutcomeSummary(outcome: outcome, plan: PlanSummary(added: added, removed: removed, unchanged: outcome.plan.unchanged,
                                                                         perDate: perDate, perStaff: perStaff),
                                    grid: grid, stream: ChangeStream(codes: codes, total: total, marks: marks, end: end))
    }
}
