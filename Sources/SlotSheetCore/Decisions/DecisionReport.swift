import SlotSheetTemplates

/// The lines of a decisions import's summary that are its own (the rest are `ImportReportLine`'s),
/// in each language.
public enum DecisionReportLine: Hashable, Sendable, OfficeMessage {
    /// How many requests each decision touches: "3 approved, 2 cancelled, 1 moved, 4 assigned; 7 unchanged."
    case counts(DecisionCounts, unchanged: Int)
    /// One request changed: "Request 1043: new -> approved, moved to Tue 8 Dec 2026 09:00-10:00, staff ANB."
    case change(request: RowID, from: RequestStatus, to: RequestStatus, movedTo: SlotName?, staff: String??, subcontractor: String??)
    case staleHeadline(requests: Int)
    case skipped(request: RowID, column: RequestColumn)
    case undone(batch: RowID, asBatch: RowID, requests: Int)
    /// What an apply told the tenants: "3 notices to tenants queued; 1 tenant has no e-mail address."
    case noticesQueued(queued: Int, withoutAddress: Int)
    /// What an undo did to its batch's notices: "2 notices withdrawn before sending; 1 correction queued."
    case noticesWithdrawn(withdrawn: Int, corrections: Int)

    public var english: String { text(in: .en) }
    public var dutch: String { text(in: .nl) }

    private func text(in language: Language) -> String {
        let nl = language == .nl
        switch self {
        case let .counts(counts, unchanged):
            var parts = RequestDecision.allCases.filter { counts[$0] > 0 }.map { "\(counts[$0]) \($0.participle(language))" }
            if counts.moved > 0 { parts.append("\(counts.moved) \(nl ? "verplaatst" : "moved")") }
            if counts.assigned > 0 { parts.append("\(counts.assigned) \(nl ? "toegewezen" : "assigned")") }
            let changed = parts.isEmpty ? (nl ? "Niets beslist" : "Nothing decided") : parts.joined(separator: ", ")
            return "\(changed); \(unchanged) \(nl ? "ongewijzigd" : "unchanged")."
        case let .change(request, from, to, movedTo, staff, subcontractor):
            var parts = from == to ? [] : ["\(from.word(language)) -> \(to.word(language))"]
            if let movedTo { parts.append((nl ? "verplaatst naar " : "moved to ") + movedTo.text(language)) }
            if let staff { parts.append((nl ? "medewerker " : "staff ") + (staff ?? (nl ? "geen" : "none"))) }
            if let subcontractor { parts.append((nl ? "onderaannemer " : "subcontractor ") + (subcontractor ?? (nl ? "geen" : "none"))) }
            return "  \(nl ? "Verzoek" : "Request") \(request): \(parts.joined(separator: ", "))."
        case let .staleHeadline(requests):
            return nl
                ? "\(counted(requests, "verzoek dat u wijzigde is", "verzoeken die u wijzigde zijn")) na de export door een ander gewijzigd; er is niets gewijzigd."
                : "\(counted(requests, "request you changed was", "requests you changed were")) changed by someone else after the export; nothing was changed."
        case let .skipped(request, column):
            return nl
                ? "  Verzoek \(request): uw wijziging van \(column.dutch) is overgeslagen; die is vanuit de status van nu niet meer toegestaan."
                : "  Request \(request): your edit of \(column.english) was left out; it is no longer allowed from the status now."
        case let .undone(batch, asBatch, requests):
            return nl
                ? "Batch \(batch) teruggedraaid als batch \(asBatch): \(counted(requests, "verzoek", "verzoeken")) teruggezet."
                : "Batch \(batch) undone as batch \(asBatch): \(counted(requests, "request", "requests")) put back."
        case let .noticesQueued(queued, withoutAddress):
            let without = withoutAddress == 0 ? "" : nl
                ? "; \(counted(withoutAddress, "huurder heeft", "huurders hebben")) geen e-mailadres en \(withoutAddress == 1 ? "hoort" : "horen") het niet"
                : "; \(counted(withoutAddress, "tenant has", "tenants have")) no e-mail address and will not hear of it"
            return nl
                ? "\(counted(queued, "bericht", "berichten")) aan huurders klaargezet\(without)."
                : "\(counted(queued, "notice", "notices")) to tenants queued\(without)."
        case let .noticesWithdrawn(withdrawn, corrections):
            return nl
                ? "\(counted(withdrawn, "bericht aan huurders", "berichten aan huurders")) ingetrokken voor verzending; \(counted(corrections, "rectificatie", "rectificaties")) klaargezet voor wat al verstuurd was."
                : "\(counted(withdrawn, "notice to tenants", "notices to tenants")) withdrawn before sending; \(counted(corrections, "correction", "corrections")) queued for those already sent."
        }
    }

    /// The line of one change, its codes and names resolved.
    static func change(_ change: RequestChange, references: DecisionReferences) -> DecisionReportLine {
        .change(request: change.requestID, from: change.before.status, to: change.after.status,
                movedTo: change.isMove ? references.slotName(change.after.slot) : nil,
                staff: change.before.staffID == change.after.staffID ? nil : .some(change.after.staffID.flatMap { references.staffByID[$0]?.code }),
                subcontractor: change.before.subcontractorID == change.after.subcontractorID ? nil
                    : .some(change.after.subcontractorID.flatMap { references.subcontractorsByID[$0]?.name }))
    }
}

/// A decisions import as one JSON object (`--json`, later the API): the status, the counts per
/// decision, every change, and every problem with its place.
public struct DecisionOutcomeJSON: Encodable, Sendable {
    public struct Change: Encodable, Sendable {
        let request: RowID
        let decision: String?
        let from: String
        let to: String
        let date: String
        let daypart: RowID
        let moved: Bool
        let assigned: Bool
    }

    public struct Problem: Encodable, Sendable {
        let place: String
        let sheet: String?
        let cell: String?
        let line: Int?
        let column: String?
        let message: String
        let hint: String
    }

    public let status: String
    public let file: String
    public let sha256: String
    public let planDigest: String
    public let batch: RowID?
    public let recordedAs: RowID?
    public let rows: Int
    public let counts: DecisionCounts
    public let unchanged: Int
    /// Every change (a writer may encode them apart: `slotsheet requests import --json`).
    public var changes: [Change]
    public let skipped: Int
    public let problems: [Problem]
    /// The tenants' notices an apply queued; absent when nothing was applied.
    public let notices: Notices?

    /// What an apply told the tenants: the notices queued, and the tenants without an address.
    public struct Notices: Encodable, Sendable {
        let queued: Int
        let withoutAddress: Int

        public init(_ report: NoticeQueueReport) {
            queued = report.queued.count
            withoutAddress = report.withoutAddress.count
        }
    }

    public init(_ outcome: DecisionOutcome, _ language: Language) {
        status = outcome.status.jsonWord
        file = outcome.fileName
        sha256 = outcome.fileSHA256
        planDigest = outcome.planDigest
        if case let .applied(id) = outcome.status { batch = id } else { batch = nil }
        recordedAs = outcome.auditBatchID
        notices = outcome.notices.map(Notices.init)
        rows = outcome.rows
        counts = outcome.plan.counts
        unchanged = outcome.plan.unchanged
        changes = outcome.plan.changes.map { change in
            Change(request: change.requestID, decision: change.decision?.rawValue, from: change.before.status.rawValue, to: change.after.status.rawValue,
                   date: change.after.slot.date.iso, daypart: change.after.slot.daypartID, moved: change.isMove, assigned: change.isAssignment)
        }
        skipped = outcome.plan.skipped.count
        problems = outcome.problems.map { problem in
            var sheet: String?, cell: String?, line: Int?
            switch problem.place {
            case let .cell(name, reference): (sheet, cell) = (name, reference)
            case let .line(number): line = number
            case let .sheet(name): sheet = name
            case .batch: break
            }
            return Problem(place: problem.placeText(language), sheet: sheet, cell: cell, line: line, column: problem.column?.rawValue,
                           message: problem.message(language), hint: problem.hint(language))
        }
    }
}
