import Hummingbird
import SlotSheetCore

/// Which batches the history shows: an outcome, an operator, a page, read from the request into
/// the core's `HistoryFilter` (the database finds the page). The page (`/history`) and the API
/// (`GET /api/batches`) read the same parameters and give the same batches.
struct HistoryQuery: Equatable {
    static let pageLimits = (range: HistoryFilter.pageSizes, defaultValue: 50)

    var outcome: ImportBatch.Outcome?
    var user: String?
    var offset = 0
    var limit = HistoryQuery.pageLimits.defaultValue

    /// `outcome`, `user`, `offset` and `limit` from the query; a bad one is refused naming it.
    /// The page's form sends `outcome=` for "all outcomes" (`emptyOutcomeIsAll`); the API has no
    /// such choice and refuses an empty outcome like any other value outside the list.
    init(_ request: Request, context: WebContext, defaultLimit: Int = HistoryQuery.pageLimits.defaultValue,
         emptyOutcomeIsAll: Bool = false) throws {
        let query = request.uri.queryParameters
        if let text = query["outcome"].map(String.init), !(text.isEmpty && emptyOutcomeIsAll) {
            guard let outcome = ImportBatch.Outcome(rawValue: text) else {
                throw WebError.badParameter(name: "outcome", message: context.words.apiBadChoice(
                    "outcome", text, ImportBatch.Outcome.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            self.outcome = outcome
        }
        user = query["user"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        offset = try APIRoutes.number("offset", in: request, context: context, range: 0...HistoryFilter.deepestOffset, default: 0)
        limit = try APIRoutes.number("limit", in: request, context: context, range: Self.pageLimits.range, default: defaultLimit)
    }

    /// The batches asked for, newest first, and whether more follow.
    func batches(_ services: WebServices) async throws -> (batches: [ImportBatch], more: Bool) {
        let filter = HistoryFilter(outcomes: outcome.map { Set([$0]) }, operatorName: user, offset: offset, limit: limit)
        return try await services.database.run { try $0.history(filter) }
    }

    /// This query on another page, as a `/history` link.
    func link(offset: Int) -> String {
        var items = ["offset=\(offset)"]
        if let outcome { items.append("outcome=\(outcome.rawValue)") }
        if let user { items.append("user=\(PageFrame.queryEscaped(user))") }
        if limit != Self.pageLimits.defaultValue { items.append("limit=\(limit)") }
        return "/history?" + items.joined(separator: "&")
    }
}
