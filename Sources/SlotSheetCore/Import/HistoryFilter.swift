/// Which batches of the import history a person asks for: outcomes, an operator, a page. The
/// database finds them (newest first, the operator compared without regard to ASCII case, the page
/// by offset and limit), so no front holds more of the history than the page it shows: the command
/// line's `history`, the web's History page and `GET /api/batches` read it the same way.
///
///     let page = try store.history(HistoryFilter(outcomes: [.planChanged], operatorName: "OLGA", offset: 8, limit: 4))
public struct HistoryFilter: Hashable, Sendable {
    /// How deep a page may start: the newest this many batches of the filter are reachable.
    public static let deepestOffset = 1_000
    /// The batches a page may hold.
    public static let pageSizes = 1...1_000

    /// Only batches that ended so; nil for every outcome.
    public var outcomes: Set<ImportBatch.Outcome>?
    /// Only this operator's batches; nil for everyone's.
    public var operatorName: String?
    public var offset: Int
    public var limit: Int

    public init(outcomes: Set<ImportBatch.Outcome>? = nil, operatorName: String? = nil, offset: Int = 0, limit: Int) {
        self.outcomes = outcomes
        self.operatorName = operatorName
        self.offset = offset
        self.limit = limit
    }
}

extension ImportHistorySession {
    /// The newest `limit` batches; with `outcomes`, only those that ended so.
    public func importBatches(limit: Int, outcomes: Set<ImportBatch.Outcome>?) throws -> [ImportBatch] {
        try importBatches(HistoryFilter(outcomes: outcomes, limit: limit))
    }
}

extension RepairStore {
    /// The page of the history `filter` asks for, newest first, and whether more follow it.
    public func history(_ filter: HistoryFilter) throws -> (batches: [ImportBatch], more: Bool) {
        var oneMore = filter
        oneMore.limit += 1
        let found = try read { try $0.importBatches(oneMore) }
        return (Array(found.prefix(filter.limit)), found.count > filter.limit)
    }
}
