import SlotSheetTemplates

/// One repair request as the requests workbook and its CSV twin show it: who and what (locked in
/// the workbook), and the decision fields the office edits, with the statuses it may choose.
///
///     let row = RequestSheetRow(id: 1043, createdAt: "2026-11-25T20:05:24Z", resident: "Anna de Vries", ...)
///     row.values(.nl, clock: clock)   // [.integer(1043), .text("25 nov 2026 21:05 +01:00"), ...]
public struct RequestSheetRow: Hashable, Sendable {
    public var id: RowID
    /// When the request was made, as stored (UTC); shown on the office's clock.
    public var createdAt: String
    public var resident: String
    public var address: String
    public var corporation: String
    /// Each defect by its catalogue path ("Porch > Light > Fitting > Broken").
    public var defects: [String]
    public var description: String
    /// What the office decides in: the status, the slot, who makes the visit, the note.
    public var decision: RequestSheetDecision
    /// The statuses the state machine lets the office choose from `decision.status` (the status
    /// itself not among them): the row's drop-down.
    public var reachable: [RequestStatus]

    public init(id: RowID, createdAt: String, resident: String, address: String, corporation: String, defects: [String],
                description: String, decision: RequestSheetDecision, reachable: [RequestStatus]) {
        self.id = id
        self.createdAt = createdAt
        self.resident = resident
        self.address = address
        self.corporation = corporation
        self.defects = defects
        self.description = description
        self.decision = decision
        self.reachable = reachable
    }

    /// The row as `RequestSheetColumn.allCases` show it in `language`; the workbook and a CSV sink
    /// write these, so both have the same content digest. `defectSeparator`: a line a defect in a
    /// workbook cell, "; " in a CSV field.
    public func values(_ language: Language, clock: OfficeClock, defectSeparator: String = "\n") -> [ReportValue] {
        let text = { (value: String?) -> ReportValue in value.map { $0.isEmpty ? .empty : .text($0) } ?? .empty }
        return [
            .integer(Int(id)), .text(clock.moment(createdAt).text(language)), text(resident), text(address), text(corporation),
            text(defects.joined(separator: defectSeparator)), text(description), .date(decision.date), .text(decision.daypartCode),
            .text(RequestSheetDecision.word(decision.status, language)), text(decision.staffCode), text(decision.subcontractor),
            text(decision.note),
        ]
    }
}

/// The fields of a request the office decides in, as exported (the workbook's snapshot keeps
/// them) or as a file says them.
public struct RequestSheetDecision: Hashable, Sendable {
    public var status: RequestStatus
    public var date: LocalDate
    public var daypartCode: String
    public var staffCode: String?
    public var subcontractor: String?
    /// The office's note; empty on export (a note goes into the status log).
    public var note: String

    public init(status: RequestStatus, date: LocalDate, daypartCode: String, staffCode: String?, subcontractor: String?, note: String = "") {
        self.status = status
        self.date = date
        self.daypartCode = daypartCode
        self.staffCode = staffCode
        self.subcontractor = subcontractor
        self.note = note
    }

    /// A status in the office's words: "approved", Dutch "goedgekeurd".
    public static func word(_ status: RequestStatus, _ language: Language) -> String {
        language.words.reports.status(status.rawValue)
    }
}
