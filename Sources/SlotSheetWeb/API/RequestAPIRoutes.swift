import Foundation
import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// The repair requests in the JSON API (`docs/openapi.yaml`), behind the API's bearer token
/// (`APIRoutes`): the queue a page at a time, a request with its log, and bulk decisions previewed
/// and applied through the same `BulkDecisionJob` as the Requests page (channel `api` in the log).
/// Office and admin users decide alike.
struct RequestAPIRoutes {
    let services: WebServices

    func add(to api: RouterGroup<WebContext>) {
        api.get("/requests", use: list)
        api.get("/requests/:id", use: request)
        api.post("/requests/decisions", use: decide)
    }

    /// `GET /api/requests?status=new,approved&from=&to=&corporation=&offset=0&limit=200`: a page of
    /// the queue, by slot, and how many match in all.
    @Sendable func list(_ request: Request, context: WebContext) async throws -> Response {
        let query = request.uri.queryParameters
        let order = RequestQueueOrder(statuses: query["status"].map(String.init), from: query["from"].map(String.init),
                                      to: query["to"].map(String.init), corporation: query["corporation"].map(String.init))
        let filter: RequestFilter
        do {
            filter = try order.filter(services.clock)
        } catch let error as DateRangeError {
            throw WebError.badParameter(name: error.bound?.rawValue ?? "from", message: error.text(context.language))
        } catch let error as ReportOrderError {
            throw WebError.badParameter(name: "status", message: error.text(context.language))
        }
        let offset = try APIRoutes.number("offset", in: request, context: context, range: 0...Int(Int32.max), default: 0)
        let limit = try APIRoutes.number("limit", in: request, context: context, range: 1...RequestQueuePage.maxLimit, default: RequestQueuePage.maxLimit)
        let page = try await services.database.run { store in try RequestQueuePage.read(filter, offset: offset, limit: limit, store: store) }
        return try JSONBody.response(RequestPageJSON(total: page.total, offset: page.offset, limit: page.limit,
                                                     requests: page.rows.map { RequestJSON($0, clock: services.clock) }))
    }

    /// `GET /api/requests/{id}`: the request and its status log, oldest row first.
    @Sendable func request(_ request: Request, context: WebContext) async throws -> Response {
        // The router takes `GET /api/requests/decisions` for a request's number: that address takes POST alone.
        if context.parameters.get("id") == "decisions" { throw WebError.methodNotAllowed(method: request.method.rawValue, allowed: ["POST"]) }
        guard let id = context.parameters.get("id").flatMap({ RowID($0) }), id > 0 else { throw WebError.notFound }
        guard let detail = try await services.database.run({ store in try RequestDetail.read(id, store: store) }) else { throw WebError.notFound }
        return try JSONBody.response(RequestDetailJSON(request: RequestJSON(detail.request, clock: services.clock),
                                                       log: detail.log.map { RequestLogJSON($0, clock: services.clock) }))
    }

    /// `POST /api/requests/decisions` with `{"requests": [...], "decision": "approve", "note": ...}`:
    /// the preview (200: the plan, its problems, its `planDigest`; nothing changes). With the
    /// preview's `planDigest` in the same body: the apply (200 applied or nothing to change; 409
    /// with the new preview when the requests changed since; 422 when it is refused).
    @Sendable func decide(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        let body = try await request.formBody(context: context)
        let sent: DecisionBody
        do {
            sent = try JSONDecoder().decode(DecisionBody.self, from: body)
        } catch {
            throw WebError.badRequest(context.language.requestPage.apiBodyNotDecision)
        }
        let decision: BulkDecision
        do {
            decision = try BulkDecisionOrder(requests: sent.requests.map(String.init), decision: sent.decision, note: sent.note, date: sent.date,
                                             daypart: sent.daypart, staff: sent.staff, subcontractor: sent.subcontractor).checked()
        } catch {
            throw WebError.badRequest(error.text(context.language))
        }
        let digest = sent.planDigest
        if let digest, digest.count != 64 || !digest.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
            throw WebError.badRequest(context.language.requestPage.apiPlanDigestMalformed)
        }
        let outcome = try await services.decide(decision, planDigest: digest, user: user, channel: .api)
        let answer = BulkDecisionJSON(outcome, context.language)
        switch outcome.outcome.status {
        case .dryRun, .nothingToChange: return try JSONBody.response(answer)
        case let .applied(batch):
            services.logger.info("requests: \(decision.action.word) of \(decision.requestIDs.count) applied through the API by \(user.name) as batch \(batch)")
            return try JSONBody.response(answer)
        case .rejected: return try JSONBody.response(answer, status: digest == nil ? .ok : .unprocessableContent)
        case .planChanged, .stale: return try JSONBody.response(answer, status: .conflict)
        }
    }
}

/// The body of `POST /api/requests/decisions`. A field may be left out, but not sent as null:
/// the schema has no null, and a null that meant "none" would be taken for a preview.
struct DecisionBody: Decodable {
    let requests: [Int64]
    let decision: String
    let note: String?
    let date: String?
    let daypart: String?
    let staff: String?
    let subcontractor: String?
    let planDigest: String?

    enum CodingKeys: String, CodingKey {
        case requests, decision, note, date, daypart, staff, subcontractor, planDigest
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) throws -> String? {
            fields.contains(key) ? try fields.decode(String.self, forKey: key) : nil
        }
        requests = try fields.decode([Int64].self, forKey: .requests)
        decision = try fields.decode(String.self, forKey: .decision)
        note = try text(.note)
        date = try text(.date)
        daypart = try text(.daypart)
        staff = try text(.staff)
        subcontractor = try text(.subcontractor)
        planDigest = try text(.planDigest)
    }
}

/// A page of the queue as the API gives it.
struct RequestPageJSON: Encodable {
    let total: Int
    let offset: Int
    let limit: Int
    let requests: [RequestJSON]
}

/// A request as the API gives it: the requests file's columns, the created time on the office's
/// clock with its offset.
struct RequestJSON: Encodable {
    let id: RowID
    let createdAt: String
    let resident: String
    let address: String
    let corporation: String
    let defects: [String]
    let description: String
    let date: String
    let daypart: String
    let status: String
    let staff: String?
    let subcontractor: String?

    init(_ row: RequestQueueRow, clock: OfficeClock) {
        id = row.id
        createdAt = clock.moment(row.createdAt).iso
        resident = row.resident
        address = row.address
        corporation = row.corporation
        defects = row.defects.map(\.description)
        description = row.description
        date = row.recorded.date.iso
        daypart = row.recorded.daypartCode
        status = row.recorded.status.rawValue
        staff = row.recorded.staffCode
        subcontractor = row.recorded.subcontractor
    }
}

/// A request with its log.
struct RequestDetailJSON: Encodable {
    let request: RequestJSON
    let log: [RequestLogJSON]
}

/// One row of a request's status log.
struct RequestLogJSON: Encodable {
    struct Slot: Encodable {
        let date: String
        let daypart: String
    }

    let id: RowID?
    let from: String?
    let to: String
    let slotBefore: Slot?
    let slotAfter: Slot
    let staffBefore: String?
    let staffAfter: String?
    let subcontractorBefore: String?
    let subcontractorAfter: String?
    let note: String?
    let operatorName: String
    let channel: String
    let batch: RowID?
    let createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, from, to, slotBefore, slotAfter, staffBefore, staffAfter, subcontractorBefore, subcontractorAfter, note
        case operatorName = "operator", channel, batch, createdAt
    }

    init(_ line: RequestLogLine, clock: OfficeClock) {
        let entry = line.entry
        id = entry.id
        from = entry.fromStatus?.rawValue
        to = entry.toStatus.rawValue
        if let before = entry.slotBefore, let daypart = line.daypartBefore {
            slotBefore = Slot(date: before.date.iso, daypart: daypart)
        } else {
            slotBefore = nil
        }
        slotAfter = Slot(date: entry.slotAfter.date.iso, daypart: line.daypartAfter)
        staffBefore = line.staffBefore
        staffAfter = line.staffAfter
        subcontractorBefore = line.subcontractorBefore
        subcontractorAfter = line.subcontractorAfter
        note = entry.note
        operatorName = entry.operatorName
        channel = entry.channel.rawValue
        batch = entry.batchID
        createdAt = clock.moment(entry.createdAt).iso
    }
}

/// A bulk decision's preview or apply as the API gives it: the status, the digest to apply with,
/// the counts, each change and each problem (with the request it is about), in the request's language.
struct BulkDecisionJSON: Encodable {
    struct Change: Encodable {
        let request: RowID
        let decision: String?
        let from: String
        let to: String
        let date: String
        let daypart: String
        let staff: String?
        let subcontractor: String?
        let moved: Bool
        let assigned: Bool
    }

    struct Problem: Encodable {
        let request: RowID?
        let message: String
        let hint: String
    }

    let status: String
    let planDigest: String
    let batch: RowID?
    let recordedAs: RowID?
    let counts: DecisionCounts
    let unchanged: Int
    let changes: [Change]
    let problems: [Problem]
    let notices: DecisionOutcomeJSON.Notices?

    init(_ bulk: BulkDecisionOutcome, _ language: Language) {
        let outcome = bulk.outcome
        status = outcome.status.jsonWord
        planDigest = outcome.planDigest
        if case let .applied(id) = outcome.status { batch = id } else { batch = nil }
        recordedAs = outcome.auditBatchID
        counts = outcome.plan.counts
        unchanged = outcome.plan.unchanged
        let names = bulk.names
        changes = outcome.plan.changes.map { change in
            Change(request: change.requestID, decision: change.decision?.rawValue, from: change.before.status.rawValue, to: change.after.status.rawValue,
                   date: change.after.slot.date.iso, daypart: names.dayparts[change.after.slot.daypartID] ?? String(change.after.slot.daypartID),
                   staff: change.after.staffID.flatMap { names.staff[$0] }, subcontractor: change.after.subcontractorID.flatMap { names.subcontractors[$0] },
                   moved: change.isMove, assigned: change.isAssignment)
        }
        problems = outcome.problems.map { Problem(request: bulk.request(of: $0), message: $0.message(language), hint: $0.hint(language)) }
        notices = outcome.notices.map(DecisionOutcomeJSON.Notices.init)
    }
}
