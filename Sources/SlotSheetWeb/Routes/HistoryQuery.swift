import Hummingbird
import SlotSheetCore

/// Which batches the history shows: an outcome, an operator, a page. The page (`/history`) and
/// the API (`GET /api/batches`) read the same parameters and give the same batches.
///
/// The newest `searched` batches of the outcome asked for are searched; a flood of one outcome
/// (refused applies, say) never hides another, which is filtered for in the database.
struct HistoryQuery: Equatable {
    static let searched = 1_000
    static let pageLimits = (range: 1...1000, defaultValue: 50)

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
        offset = try APIRoutes.number("offset", in: request, context: context, range: 0...Self.searched, default: 0)
        limit = try APIRoutes.number("limit", in: request, context: context, range: Self.pageLimits.range, default: defaultLimit)
    }

    /// The batches asked for, newest first, and whether more follow.
    func batches(_ services: WebServices) async throws -> (batches: [ImportBatch], more: Bool) {
        let outcomes = outcome.map { Set([$0]) }
        let found = try await services.database.read { try $0.importBatches(limit: Self.searched, outcomes: outcomes) }
        let matching = user.map { name in found.filter { $0.operatorName.lowercased() == name.lowercased() } } ?? found
        let page = Array(matching.dropFirst(offset).prefix(limit))
        return (page, matching.count > offset + page.count)
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
