import SlotSheetTemplates
import XLSXWriter

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
    /// The paper a workbook's sheets print on (landscape); the office's settings choose it.
    public var paper: PaperSize
    public var path: String
    /// What `export_run` records instead of `path`: a download's name (`ExportRun.sent(as:)`).
    public var recordedAs: String?
    /// The form of a CSV report (separator, byte-order mark, dates, decimals).
    public var csvDialect: CSVDialect

    public init(kind: ReportKind, range: DateRange?, format: ReportFormat = .xlsx, language: Language = .en,
                statuses: Set<RequestStatus>? = nil, corporation: String? = nil, updatedSince: String? = nil,
                paper: PaperSize = .a4, path: String, csvDialect: CSVDialect = .rfc4180) {
        self.csvDialect = csvDialect
        self.kind = kind
        self.range = range
        self.format = format
        self.language = language
        self.statuses = statuses
        self.corporation = corporation
        self.updatedSince = updatedSince
        self.paper = paper
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

    /// What every printed page of the report says: its title (with the corporation it is about),
    /// its period and when it was made.
    var heading: PrintedHeading {
        let print = request.language.printWords
        let period: String
        if let range = request.range {
            period = PrintedHeading.period(range, words: words.template)
        } else if let since = request.updatedSince {
            let (date, time) = PrintedHeading.moment(since, timeZone: clock.timeZone, words: words.template)
            period = print.changedSince("\(date) \(time)")
        } else {
            period = print.allDates
        }
        // The corporation a report is filtered on is text from the database; the header takes it
        // as text whatever it holds (see `HeaderFooter`).
        let title = print.reportTitle(request.kind.rawValue) + (request.corporation.map { " – \($0)" } ?? "")
        return PrintedHeading(
            title: title, period: period,
            made: PrintedHeading.made(clock.timestamp(), timeZone: clock.timeZone, words: words.template, print: print), words: print)
    }
}
