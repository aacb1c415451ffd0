import SlotSheetTemplates

/// The reports of `slotsheet report NAME`.
public enum ReportKind: String, CaseIterable, Sendable {
    /// The repair-request overview.
    case requests
    /// Capacity, held requests and free places per slot, with a heat map and a chart.
    case utilization
    /// Per staff member: slots available and visits assigned.
    case staff
    /// Import batches and their changes.
    case imports
}

public enum ReportFormat: String, CaseIterable, Sendable {
    case xlsx, csv
}

/// What to report, on what, how, and where to write it.
public struct ReportRequest: Sendable {
    public var kind: ReportKind
    /// Slot dates (requests, utilization, staff) or the days batches were made (imports). A
    /// requests report may leave it out and select by `updatedSince` instead.
    public var range: DateRange?
    public var format: ReportFormat
    public var language: Language
    public var statuses: Set<RequestStatus>?
    public var corporation: String?
    /// Requests changed from this UTC instant on.
    public var updatedSince: String?
    public var path: String

    public init(kind: ReportKind, range: DateRange?, format: ReportFormat = .xlsx, language: Language = .en,
                statuses: Set<RequestStatus>? = nil, corporation: String? = nil, updatedSince: String? = nil, path: String) {
        self.kind = kind
        self.range = range
        self.format = format
        self.language = language
        self.statuses = statuses
        self.corporation = corporation
        self.updatedSince = updatedSince
        self.path = path
    }

    /// The parameters as stored with the export (what makes two exports the same export).
    var parameters: String {
        var fields: [String: String] = ["report": kind.rawValue, "format": format.rawValue, "language": language.rawValue]
        if let range {
            fields["from"] = range.from.iso
            fields["to"] = range.to.iso
        }
        if let statuses { fields["status"] = statuses.map(\.rawValue).sorted().joined(separator: ",") }
        if let corporation { fields["corporation"] = corporation }
        if let updatedSince { fields["updated_since"] = updatedSince }
        return ExportParameters.json(fields)
    }
}

/// Everything a report needs besides the database.
struct ReportContext {
    let request: ReportRequest
    let words: Words
    let clock: OfficeClock
    /// The booking rules at the moment the report is made.
    let day: OfficeDay

    var report: ReportWords { words.reports }

    /// The weekday as the office writes it ("Tue", "di").
    func weekday(_ date: LocalDate) -> String {
        words.template.weekdays[date.weekday.rawValue - 1]
    }
}
