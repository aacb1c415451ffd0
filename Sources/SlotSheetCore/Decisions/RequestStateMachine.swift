import Foundation
import SlotSheetTemplates

/// What the office may decide about a repair request's status. Each decision is one row of
/// `RequestStateMachine.table`; moving a visit and assigning it are not decisions about the
/// status, and go with any of these or alone (`RequestChange`).
public enum RequestDecision: String, CaseIterable, Sendable, Codable {
    case approve, cancel, complete, archive, restore, reopen
}

/// The one place that says which status may follow which (docs/design.md, "Repair requests").
///
///     RequestStateMachine.decision(from: .new, to: .approved, statusBeforeArchiving: nil)      // .approve
///     RequestStateMachine.decisions(from: .cancelled)                                          // [.archive, .reopen]
///     RequestStateMachine.target(of: .restore, from: .archived, statusBeforeArchiving: .completed) // .completed
public enum RequestStateMachine {
    /// Where a decision leads: a status, or back to the one the request had before it was archived.
    public enum Target: Hashable, Sendable {
        case status(RequestStatus)
        case statusBeforeArchiving
    }

    /// One allowed step.
    public struct Transition: Hashable, Sendable {
        public let from: RequestStatus
        public let decision: RequestDecision
        public let to: Target
    }

    /// Every allowed step; anything else is refused.
    public static let table: [Transition] = [
        Transition(from: .new, decision: .approve, to: .status(.approved)),
        Transition(from: .new, decision: .cancel, to: .status(.cancelled)),
        Transition(from: .approved, decision: .complete, to: .status(.completed)),
        Transition(from: .approved, decision: .cancel, to: .status(.cancelled)),
        Transition(from: .completed, decision: .archive, to: .status(.archived)),
        Transition(from: .cancelled, decision: .archive, to: .status(.archived)),
        Transition(from: .cancelled, decision: .reopen, to: .status(.new)),
        Transition(from: .archived, decision: .restore, to: .statusBeforeArchiving),
    ]

    /// The decisions open to a request in `status`, in the table's order.
    public static func decisions(from status: RequestStatus) -> [RequestDecision] {
        table.filter { $0.from == status }.map(\.decision)
    }

    /// The status `decision` leads to from `status`; nil when the table does not allow it (or, for
    /// a restore, when the status before archiving is not known).
    public static func target(of decision: RequestDecision, from status: RequestStatus, statusBeforeArchiving: RequestStatus?) -> RequestStatus? {
        guard let step = table.first(where: { $0.from == status && $0.decision == decision }) else { return nil }
        switch step.to {
        case let .status(to): return to
        case .statusBeforeArchiving: return statusBeforeArchiving
        }
    }

    /// The decision that takes a request from `from` to `to`: what the office meant by changing a
    /// status cell. Nil when no decision does (the change is refused).
    public static func decision(from: RequestStatus, to: RequestStatus, statusBeforeArchiving: RequestStatus?) -> RequestDecision? {
        decisions(from: from).first { target(of: $0, from: from, statusBeforeArchiving: statusBeforeArchiving) == to }
    }

    /// The statuses a row in `status` may be given: its own first, then those a decision reaches
    /// (a workbook's drop-down for that row).
    public static func reachableStatuses(from status: RequestStatus, statusBeforeArchiving: RequestStatus?) -> [RequestStatus] {
        [status] + decisions(from: status).compactMap { target(of: $0, from: status, statusBeforeArchiving: statusBeforeArchiving) }
    }
}

extension RequestStatus {
    /// The word for the status in the office's files, messages and reports ("approved",
    /// "goedgekeurd"): the one catalogue of them is the reports' words (`ReportWords.statuses`).
    public func word(_ language: Language) -> String {
        RequestStatus.words[language]?[self] ?? rawValue
    }

    /// The catalogue's words by language and status, looked up once (a file of 10,000 rows reads
    /// a status word a row).
    private static let words: [Language: [RequestStatus: String]] = Dictionary(uniqueKeysWithValues: Language.allCases.map { language in
        let reports = language.words.reports
        return (language, Dictionary(uniqueKeysWithValues: RequestStatus.allCases.map { ($0, reports.status($0.rawValue)) }))
    })

    /// A status word as the office may type it, in English or Dutch, forgiving of case and of
    /// spaces anywhere (" Goed gekeurd " is approved); nil when it is not one.
    public init?(word text: String) {
        let squeezed = String(text.lowercased().unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) && $0 != "\u{200B}" })
        guard let status = RequestStatus.allCases.first(where: { status in
            Language.allCases.contains { status.word($0) == squeezed }
        }) else { return nil }
        self = status
    }
}

extension RequestDecision {
    /// The decision as a participle in a sentence ("it can be archived or reopened").
    public func participle(_ language: Language) -> String {
        switch (self, language) {
        case (.approve, .en): return "approved"
        case (.cancel, .en): return "cancelled"
        case (.complete, .en): return "completed"
        case (.archive, .en): return "archived"
        case (.restore, .en): return "restored"
        case (.reopen, .en): return "reopened"
        case (.approve, .nl): return "goedgekeurd"
        case (.cancel, .nl): return "geannuleerd"
        case (.complete, .nl): return "afgerond"
        case (.archive, .nl): return "gearchiveerd"
        case (.restore, .nl): return "teruggezet"
        case (.reopen, .nl): return "heropend"
        }
    }
}
