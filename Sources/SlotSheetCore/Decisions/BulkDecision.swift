import Crypto
import Foundation

/// What the office asks of several requests at once on the Requests page or through the API: a
/// decision about their status, or a move, or an assignment, with one note for the log.
public enum BulkAction: Hashable, Sendable {
    /// A step of the status machine (approve, cancel, complete, archive, restore, reopen).
    case decide(RequestDecision)
    /// To another slot: a date and a daypart's code.
    case move(date: LocalDate, daypartCode: String)
    /// A staff member by code; nil takes the assignment away.
    case assign(staffCode: String?)
    /// A subcontractor by name; nil takes the request back.
    case subcontract(subcontractor: String?)

    /// The word the form and the API send for it (`approve`, ..., `move`, `assign`, `subcontract`).
    public var word: String {
        switch self {
        case let .decide(decision): return decision.rawValue
        case .move: return "move"
        case .assign: return "assign"
        case .subcontract: return "subcontract"
        }
    }

    /// Every word `BulkDecisionOrder.decision` may be.
    public static let words = RequestDecision.allCases.map(\.rawValue) + ["move", "assign", "subcontract"]
}

/// A checked bulk decision: the requests (each once, ascending), what is asked of them, and the
/// office's note. Made from what a person sent by `BulkDecisionOrder.checked()`; the job turns it
/// into a `DecisionSheet` of the requests as they are now (`BulkDecisionJob`).
public struct BulkDecision: Hashable, Sendable {
    public let requestIDs: [RowID]
    public let action: BulkAction
    public let note: String?

    /// The most requests one bulk decision names: five pages of the Requests page; a script
    /// with more sends several.
    public static let maxRequests = 1_000

    /// Refuses what no bulk decision may be: no requests or too many, a cancel without a reason
    /// (the tenant is told why), a note too long or with a control character.
    public init(requestIDs: [RowID], action: BulkAction, note: String?) throws(BulkDecisionError) {
        guard !requestIDs.isEmpty else { throw BulkDecisionError.noRequests }
        guard requestIDs.count <= BulkDecision.maxRequests else {
            throw BulkDecisionError.tooManyRequests(requestIDs.count, limit: BulkDecision.maxRequests)
        }
        let ids = Array(Set(requestIDs)).sorted()
        if let note, note.count > DecisionEvaluation.noteLimit {
            throw BulkDecisionError.noteTooLong(length: note.count, limit: DecisionEvaluation.noteLimit)
        }
        let trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        let given = trimmed?.isEmpty == false ? trimmed : nil
        if action == .decide(.cancel) && given == nil { throw BulkDecisionError.reasonRequired }
        if let given, EchoedText.holdsControlCharacter(given) { throw BulkDecisionError.noteControlCharacter }
        self.requestIDs = ids
        self.action = action
        self.note = given
    }

    /// A SHA-256 of exactly what is asked (the action, the requests, the note): the "file" of
    /// the batch, so the same decision of the same requests has the same plan digest while the
    /// requests are as they were.
    var sha256: String {
        var lines = ["slotsheet-bulk-decision-v1", "action \(action)", "note \(String(reflecting: note))"]
        lines += requestIDs.map { "request \($0)" }
        let digest = SHA256.hash(data: Array(lines.joined(separator: "\n").utf8))
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    /// The batch's name in the history: "web: approve 3 requests".
    func batchName(_ channel: RequestChannel) -> String {
        "\(channel.rawValue): \(action.word) \(counted(requestIDs.count, "request", "requests"))"
    }

    /// The decisions sheet of these requests as they are now (`stored`): one row a request, at
    /// `line` its position (1 for the first; a request refused here has no row, only its problem),
    /// saying what the office wants it to be, so it goes
    /// through the evaluation, the state machine, the invariant, the log and the notices as a
    /// file's row does. A decision the state machine does not allow from a request's status is
    /// refused here, naming the decision (a status alone could be reached by another one: cancel
    /// an archived request that was cancelled would restore it); a request already where the
    /// decision leads changes nothing. Each request as it is now is the sheet's `recorded`.
    func sheet(stored: [RowID: StoredRequest], references: DecisionReferences, channel: RequestChannel) -> DecisionSheet {
        var rows: [DecisionRow] = []
        var problems: [DecisionProblem] = []
        var recorded: [RowID: RecordedRequest] = [:]
        for (index, id) in requestIDs.enumerated() {
            let place = ImportProblem.Location.line(index + 1)
            var row = DecisionRow(place: place)
            row.cells.set(.request, String(id))
            guard let request = stored[id] else {
                rows.append(row)
                continue
            }
            let current = references.recorded(request.state)
            recorded[id] = current
            var wanted = current
            switch action {
            case let .decide(decision):
                if let target = RequestStateMachine.target(of: decision, from: current.status, statusBeforeArchiving: request.statusBeforeArchiving) {
                    wanted.status = target
                } else if decision.leadsTo != current.status {
                    let kind: DecisionProblem.Kind = decision == .restore && current.status == .archived
                        ? .statusBeforeArchivingUnknown(request: id)
                        : .decisionRefused(request: id, status: current.status, decision: decision,
                                           open: RequestStateMachine.decisions(from: current.status))
                    problems.append(DecisionProblem(kind, at: place, column: .status))
                    continue
                }
            case let .move(date, daypartCode):
                wanted.date = date
                wanted.daypartCode = daypartCode
            case let .assign(staffCode): wanted.staffCode = staffCode
            case let .subcontract(subcontractor): wanted.subcontractor = subcontractor
            }
            for column in [RequestColumn.status, .date, .daypart, .staff, .subcontractor] {
                row.cells.set(column, wanted.text(column, .en))
            }
            if let note { row.cells.set(.note, note) }
            rows.append(row)
        }
        return DecisionSheet(fileName: batchName(channel), sha256: sha256, rows: rows, problems: problems, recorded: recorded)
    }
}

extension RequestDecision {
    /// The status this decision gives a request wherever it is taken from; nil for a restore,
    /// whose status depends on the request's log.
    var leadsTo: RequestStatus? {
        switch self {
        case .approve: return .approved
        case .cancel: return .cancelled
        case .complete: return .completed
        case .archive: return .archived
        case .reopen: return .new
        case .restore: return nil
        }
    }
}

/// A bulk decision as a person sent it (the Requests page's form, the API's JSON): texts, checked
/// once here for both fronts.
public struct BulkDecisionOrder: Sendable {
    public var requests: [String]
    public var decision: String
    public var note: String?
    /// For `move`: the date (YYYY-MM-DD) and the daypart's code.
    public var date: String?
    public var daypart: String?
    /// For `assign`: a staff code, empty to take it away; for `subcontract`: a name, empty likewise.
    public var staff: String?
    public var subcontractor: String?

    public init(requests: [String], decision: String, note: String? = nil, date: String? = nil, daypart: String? = nil,
                staff: String? = nil, subcontractor: String? = nil) {
        self.requests = requests
        self.decision = decision
        self.note = note
        self.date = date
        self.daypart = daypart
        self.staff = staff
        self.subcontractor = subcontractor
    }

    /// The decision it asks for; throws `BulkDecisionError` for what is not one.
    public func checked() throws(BulkDecisionError) -> BulkDecision {
        var ids: [RowID] = []
        for text in requests {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let id = RowID(trimmed), id > 0 else { throw BulkDecisionError.notARequestNumber(trimmed) }
            ids.append(id)
        }
        let word = decision.trimmingCharacters(in: .whitespaces).lowercased()
        // A date is read whatever the decision, so one that is none is never quietly ignored.
        var day: LocalDate?
        if let text = given(date) {
            guard let date = LocalDate(iso: text) else { throw BulkDecisionError.invalidDate(text) }
            day = date
        }
        let action: BulkAction
        if let decision = RequestDecision(rawValue: word) {
            action = .decide(decision)
        } else {
            switch word {
            case "move":
                guard let day else { throw BulkDecisionError.moveNeedsDate }
                guard let code = given(daypart) else { throw BulkDecisionError.moveNeedsDaypart }
                action = .move(date: day, daypartCode: code)
            case "assign": action = .assign(staffCode: given(staff))
            case "subcontract": action = .subcontract(subcontractor: given(subcontractor))
            default: throw BulkDecisionError.unknownDecision(decision)
            }
        }
        return try BulkDecision(requestIDs: ids, action: action, note: note)
    }

    /// A field's text without the spaces around it; nil when nothing is left.
    private func given(_ text: String?) -> String? {
        let trimmed = text?.trimmingCharacters(in: .whitespaces) ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// Why a bulk decision cannot be taken at all (before any request is looked at).
public enum BulkDecisionError: Error, Equatable, Sendable {
    case noRequests
    case tooManyRequests(Int, limit: Int)
    case notARequestNumber(String)
    case unknownDecision(String)
    /// A cancel tells the tenant why: it needs a reason.
    case reasonRequired
    case noteTooLong(length: Int, limit: Int)
    case noteControlCharacter
    case moveNeedsDate
    case moveNeedsDaypart
    case invalidDate(String)
}

extension BulkDecisionError: OfficeMessage {
    public var english: String {
        switch self {
        case .noRequests: return "No request is chosen: tick the requests to decide on."
        case let .tooManyRequests(count, limit): return "\(count) requests are chosen; at most \(limit) can be decided at once."
        case let .notARequestNumber(text): return "\(EchoedText.shown(text, .en)) is not a request number."
        case let .unknownDecision(text):
            return "\(EchoedText.shown(text, .en)) is not a decision; use \(listed(BulkAction.words, and: "or"))."
        case .reasonRequired: return "A cancellation needs a reason: the tenant is told it. Write the reason."
        case let .noteTooLong(length, limit): return "The note is \(length) characters long; at most \(limit) fit."
        case .noteControlCharacter: return "The note holds a control character or a direction override; write it on one line, without special characters."
        case .moveNeedsDate: return "A move needs the date to move the requests to."
        case .moveNeedsDaypart: return "A move needs the daypart to move the requests to."
        case let .invalidDate(text): return "\(EchoedText.shown(text, .en)) is not a date; write it as YYYY-MM-DD."
        }
    }

    public var dutch: String {
        switch self {
        case .noRequests: return "Er is geen verzoek gekozen: vink de verzoeken aan waarover u beslist."
        case let .tooManyRequests(count, limit): return "Er zijn \(count) verzoeken gekozen; er kunnen er hoogstens \(limit) tegelijk worden beslist."
        case let .notARequestNumber(text): return "\(EchoedText.shown(text, .nl)) is geen verzoeknummer."
        case let .unknownDecision(text):
            return "\(EchoedText.shown(text, .nl)) is geen beslissing; gebruik \(listed(BulkAction.words, and: "of"))."
        case .reasonRequired: return "Een annulering heeft een reden nodig: de huurder krijgt die te horen. Schrijf de reden op."
        case let .noteTooLong(length, limit): return "De notitie is \(length) tekens lang; er passen er hoogstens \(limit)."
        case .noteControlCharacter: return "De notitie bevat een stuurteken of een richtingsteken; schrijf haar op één regel, zonder bijzondere tekens."
        case .moveNeedsDate: return "Een verplaatsing heeft de datum nodig waarheen de verzoeken gaan."
        case .moveNeedsDaypart: return "Een verplaatsing heeft het dagdeel nodig waarheen de verzoeken gaan."
        case let .invalidDate(text): return "\(EchoedText.shown(text, .nl)) is geen datum; schrijf hem als JJJJ-MM-DD."
        }
    }
}
