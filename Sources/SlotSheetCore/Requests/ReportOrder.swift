import Foundation
import SlotSheetTemplates
import XLSXWriter

/// A report as a person asks for it, with the words they typed: the command line's
/// `slotsheet report` and the web front's Reports page both hand these to `request(...)`, which
/// checks them once and makes the `ReportRequest` the exporter runs.
public struct ReportOrder: Sendable {
    public var kind: ReportKind
    public var dates: DateRangeText
    public var format: ReportFormat
    /// Requests report: the statuses, comma-separated (`new,approved`); empty or nil for all.
    public var statuses: String?
    /// Requests report: one housing corporation by name; empty or nil for all.
    public var corporation: String?

    /// The most days one report covers: a report is made while its request (or the command)
    /// waits, and its rows and the heat map's grow with the days. Ten years; a longer range is
    /// refused as the template's are (`DateRangeError.tooLong`), before anything is read.
    public static let daysLimit = 3_660

    public init(kind: ReportKind, dates: DateRangeText, format: ReportFormat, statuses: String? = nil, corporation: String? = nil) {
        self.kind = kind
        self.dates = dates
        self.format = format
        self.statuses = statuses
        self.corporation = corporation
    }

    /// The checked request, written to `path` in `language` on `paper` (a CSV in `csvDialect`).
    public func request(clock: OfficeClock, language: Language, paper: PaperSize, path: String,
                        csvDialect: CSVDialect = .rfc4180) throws -> ReportRequest {
        let statusWords = (statuses ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let corporation = self.corporation?.trimmingCharacters(in: .whitespaces).nilWhenEmpty
        if kind != .requests && (!statusWords.isEmpty || corporation != nil) { throw ReportOrderError.filtersForRequestsOnly }
        var chosen = Set<RequestStatus>()
        for word in statusWords {
            guard let status = RequestStatus(rawValue: word.lowercased()) else { throw ReportOrderError.unknownStatus(word) }
            chosen.insert(status)
        }
        return ReportRequest(kind: kind, range: try dates.resolve(clock, limit: Self.daysLimit), format: format, language: language,
                             statuses: chosen.isEmpty ? nil : chosen, corporation: corporation, paper: paper, path: path,
                             csvDialect: csvDialect)
    }

    /// The file name a download of this report gets (`requests-2026-12-01-2026-12-31.xlsx`).
    public static func fileName(_ request: ReportRequest) -> String {
        let period = request.range.map { "-\($0.from.iso)-\($0.to.iso)" } ?? ""
        return "\(request.kind.rawValue)\(period).\(request.format.rawValue)"
    }
}

/// Why the filters of a report order are not ones it can run.
public enum ReportOrderError: Error, Equatable, Sendable {
    /// A word in the statuses is none of the request statuses.
    case unknownStatus(String)
    /// Statuses or a corporation given for a report other than requests.
    case filtersForRequestsOnly
}

extension String {
    /// nil for an empty string.
    var nilWhenEmpty: String? { isEmpty ? nil : self }
}
