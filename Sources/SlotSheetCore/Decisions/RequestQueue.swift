import Foundation
import SlotSheetTemplates

/// One request as the requests file shows it: what says which request it is, and its state in
/// the office's words (`RecordedRequest`), which is also what a workbook's snapshot records.
public struct RequestQueueRow: Hashable, Sendable {
    public var id: RowID
    /// ISO 8601 UTC; files show it on the office's clock.
    public var createdAt: String
    public var resident: String
    /// "Steenstraat 12, 6811 AB Arnhem".
    public var address: String
    public var corporation: String
    public var defects: [DefectPath]
    public var description: String
    public var recorded: RecordedRequest

    /// The defects as one cell: each catalogue path, separated by "; ".
    public var defectsText: String { defects.map(\.description).joined(separator: "; ") }

    /// The cells of `RequestColumn.allCases` in the order an export writes them (the note empty):
    /// the created time and the date typed, everything else text.
    public func values(_ language: Language) -> [ReportValue] {
        RequestColumn.allCases.map { column in
            switch column {
            case .request: return .integer(Int(id))
            case .created: return .timestamp(createdAt)
            case .resident: return .text(resident)
            case .address: return .text(address)
            case .corporation: return .text(corporation)
            case .defects: return .text(defectsText)
            case .description: return .text(description)
            case .date: return .date(recorded.date)
            case .daypart, .status, .staff, .subcontractor:
                let text = recorded.text(column, language)
                return text.isEmpty ? .empty : .text(text)
            case .note: return .empty
            }
        }
    }
}

/// The requests queue as the office decides on it: the requests a filter selects, ordered by
/// slot (date, daypart order, number), streamed.
public enum RequestQueue {
    public static func forEach(matching filter: RequestFilter, session: some ReportSession, _ visit: (RequestQueueRow) throws -> Void) throws {
        try session.forEachRequest(matching: filter) { try visit(RequestQueueRow($0)) }
    }
}

/// Why a requests export cannot be made.
public enum RequestExportError: Error, Equatable {
    /// An .ods (or another workbook than .xlsx) was asked for: slotsheet reads those, it writes .xlsx.
    case workbookNotAvailable(path: String)
}

extension RequestExportError: OfficeMessage {
    public var english: String {
        switch self {
        case let .workbookNotAvailable(path):
            return "\(path): slotsheet writes the requests workbook as .xlsx (LibreOffice opens it too); write -o requests.xlsx, or a CSV (-o requests.csv)."
        }
    }

    public var dutch: String {
        switch self {
        case let .workbookNotAvailable(path):
            return "\(path): slotsheet schrijft de verzoekenwerkmap als .xlsx (LibreOffice opent die ook); schrijf -o verzoeken.xlsx, of een CSV (-o verzoeken.csv)."
        }
    }
}

/// `slotsheet requests export`: the queue as the office decides on it, one row a request ordered
/// by slot, with the header in the office's language; CSV through the reports' CSV sink in a
/// `CSVDialect` (text a spreadsheet would run as a formula neutralised, the created time on the
/// office's clock), which the decisions import reads back in each dialect. Written
/// under a temporary name, recorded in `export_run`, then renamed.
public struct RequestQueueExporter {
    public let store: any RepairStore
    public let rules: OfficeRules

    public init(store: any RepairStore, rules: OfficeRules) {
        self.store = store
        self.rules = rules
    }

    /// Whether `path` asks for a workbook (by its extension) rather than a CSV.
    public static func wantsWorkbook(_ path: String) -> Bool {
        ["xlsx", "ods"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    public func exportCSV(_ filter: RequestFilter, to path: String, language: Language, dialect: CSVDialect = .rfc4180) throws -> ExportResult {
        if RequestQueueExporter.wantsWorkbook(path) { throw RequestExportError.workbookNotAvailable(path: path) }
        let output = try AtomicOutput(path: path)
        do {
            let sink = try CSVReportSink(path: output.temporaryPath, clock: rules.clock, dialect: dialect)
            do {
                try store.read { session in
                    let columns = RequestColumn.allCases.map { ReportColumn(title: $0.name(language), width: 0) }
                    let table = try sink.table(language == .nl ? "Verzoeken" : "Requests", columns: columns, primary: true)
                    try RequestQueue.forEach(matching: filter, session: session) { try table.add($0.values(language)) }
                }
                try sink.finish()
            } catch {
                sink.discard()
                throw error
            }
            let sha256 = try FileDigest.sha256(ofFileAt: output.temporaryPath)
            let run = ExportRun(kind: "requests", parameters: RequestQueueExporter.parameters(filter, format: "csv"), path: output.finalPath,
                                sha256: sha256, rows: sink.rows, createdAt: rules.clock.timestamp(), contentSHA256: sink.contentDigest)
            try output.publish(recordedAs: run, in: store)
            return ExportResult(path: output.finalPath, rows: sink.rows, staffCount: 0, sha256: sha256, fingerprint: nil, contentSHA256: sink.contentDigest)
        } catch {
            throw output.failed(error)
        }
    }

    /// The filter as the JSON `export_run.parameters` keeps.
    public static func parameters(_ filter: RequestFilter, format: String) -> String {
        var fields = ["\"format\":\"\(format)\""]
        if let statuses = filter.statuses { fields.append("\"statuses\":[" + statuses.map { "\"\($0.rawValue)\"" }.sorted().joined(separator: ",") + "]") }
        if let dates = filter.slotDates { fields.append("\"from\":\"\(dates.from.iso)\",\"to\":\"\(dates.to.iso)\"") }
        if let corporation = filter.corporation {
            let quoted = String(decoding: (try? JSONEncoder().encode(corporation)) ?? Data("\"\"".utf8), as: UTF8.self)
            fields.append("\"corporation\":\(quoted)")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
}

/// The requests an export selects, as a person typed them (the command line's options, later a
/// form): statuses in English or Dutch (`new,approved`, `nieuw`), a first and a last slot date
/// (either may be left out), a housing corporation by name.
public struct RequestQueueOrder: Sendable {
    public var statuses: String?
    public var from: String?
    public var to: String?
    public var corporation: String?

    public init(statuses: String? = nil, from: String? = nil, to: String? = nil, corporation: String? = nil) {
        self.statuses = statuses
        self.from = from
        self.to = to
        self.corporation = corporation
    }

    /// The filter it asks for; throws `ReportOrderError` or `DateRangeError` for what is not one.
    public func filter(_ clock: OfficeClock) throws -> RequestFilter {
        var chosen = Set<RequestStatus>()
        for word in (statuses ?? "").split(separator: ",").map(String.init) where !word.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let status = RequestStatus(word: word) else { throw ReportOrderError.unknownStatus(word.trimmingCharacters(in: .whitespaces)) }
            chosen.insert(status)
        }
        var dates: DateRange?
        if from != nil || to != nil {
            // An open end reaches as far as any slot does.
            dates = try DateRangeText(from: from ?? "2000-01-01", to: to ?? "2999-12-31").resolve(clock)
        }
        let corporation = corporation?.trimmingCharacters(in: .whitespaces)
        return RequestFilter(slotDates: dates, statuses: chosen.isEmpty ? nil : chosen, corporation: corporation?.isEmpty == false ? corporation : nil)
    }
}
