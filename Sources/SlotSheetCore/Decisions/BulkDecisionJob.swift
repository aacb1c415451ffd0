/// A bulk decision of the Requests page or the API, on the decisions' one job: the requests are
/// read as they are now and made into a `DecisionSheet` (`BulkDecision.sheet`), which
/// `RequestDecisionJob` previews or applies exactly as it does a file's: the same evaluation, state
/// machine, invariant, status log (channel `web` or `api`), notices and history.
///
///     let job = BulkDecisionJob(store: store, rules: rules, notices: notices)
///     let preview = try job.preview(decision, operatorName: "olga", channel: .web)
///     let applied = try job.apply(decision, planDigest: preview.outcome.planDigest, operatorName: "olga", channel: .web)
///
/// The apply reads the requests again and applies only while the plan still has the digest of the
/// preview the person saw: a request another user decided meanwhile makes the plan another one,
/// and nothing is applied (`planChanged`; the outcome is the new preview).
public struct BulkDecisionJob {
    public let store: any RepairStore
    public let rules: OfficeRules
    public let notices: NoticeOffice

    public init(store: any RepairStore, rules: OfficeRules, notices: NoticeOffice) {
        self.store = store
        self.rules = rules
        self.notices = notices
    }

    /// What the decision would do now (a dry run: one read snapshot to build the sheet, one to
    /// evaluate it; nothing written).
    public func preview(_ decision: BulkDecision, operatorName: String, channel: RequestChannel) throws -> BulkDecisionOutcome {
        let (sheet, names) = try sheet(decision, channel: channel)
        let outcome = try job.run(sheet, DecisionRequest(dryRun: true, operatorName: operatorName, channel: channel))
        return BulkDecisionOutcome(outcome: outcome, requestIDs: decision.requestIDs, names: names)
    }

    /// Applies the decision if its plan is still the one previewed (`planDigest`); the attempt is
    /// recorded in the history whatever it comes to, as a file's is.
    public func apply(_ decision: BulkDecision, planDigest: String, operatorName: String, channel: RequestChannel) throws -> BulkDecisionOutcome {
        let (sheet, names) = try sheet(decision, channel: channel)
        let outcome = try job.run(sheet, DecisionRequest(dryRun: false, operatorName: operatorName, channel: channel, expectedPlanDigest: planDigest))
        return BulkDecisionOutcome(outcome: outcome, requestIDs: decision.requestIDs, names: names)
    }

    /// The preview without a digest, the apply with one.
    public func run(_ decision: BulkDecision, planDigest: String?, operatorName: String, channel: RequestChannel) throws -> BulkDecisionOutcome {
        guard let planDigest else { return try preview(decision, operatorName: operatorName, channel: channel) }
        return try apply(decision, planDigest: planDigest, operatorName: operatorName, channel: channel)
    }

    private var job: RequestDecisionJob { RequestDecisionJob(store: store, rules: rules, notices: notices) }

    /// The sheet of the requests as they are now, and the names of what it refers to (for the answer).
    private func sheet(_ decision: BulkDecision, channel: RequestChannel) throws -> (DecisionSheet, BulkDecisionOutcome.Names) {
        try store.read { session in
            let references = try DecisionReferences(session: session)
            return (decision.sheet(stored: try session.storedRequests(decision.requestIDs), references: references, channel: channel),
                    BulkDecisionOutcome.Names(dayparts: references.daypartsByID.mapValues(\.code), staff: references.staffByID.mapValues(\.code),
                                              subcontractors: references.subcontractorsByID.mapValues(\.name)))
        }
    }
}

/// What a bulk decision did or would do: the decisions job's outcome, and which request each of
/// its problems is about (a bulk decision has no file lines to name).
public struct BulkDecisionOutcome: Sendable {
    public var outcome: DecisionOutcome
    /// The requests in the sheet's order: the row at line N is `requestIDs[N - 1]`.
    public let requestIDs: [RowID]
    /// How a script is told the changes' slots and people: codes and names by id.
    public struct Names: Sendable {
        public let dayparts: [RowID: String]
        public let staff: [RowID: String]
        public let subcontractors: [RowID: String]
    }

    public let names: Names

    /// The request a problem is about; nil for one about several (a slot that would be too full
    /// names them itself).
    public func request(of problem: DecisionProblem) -> RowID? {
        if case .slotFull = problem.kind { return nil }
        guard case let .line(line) = problem.place, requestIDs.indices.contains(line - 1) else { return nil }
        return requestIDs[line - 1]
    }
}
