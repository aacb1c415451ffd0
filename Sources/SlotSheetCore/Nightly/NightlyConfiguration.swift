import Foundation
import SlotSheetTemplates

/// What the nightly export writes: a list of exports, each a file in the day's folder. Read from a
/// JSON file (`nightly --exports`); without one, `NightlyConfiguration.standard`.
///
///     { "exports": [
///         { "name": "availability-template", "kind": "template", "from": "+1", "to": "+14", "language": "nl" },
///         { "name": "requests-changed", "kind": "requests", "changed_within_hours": 24 } ] }
public struct NightlyConfiguration: Sendable {
    public var exports: [NightlyExport]

    /// The default: the template and utilisation for the next 14 days, the requests changed
    /// in the last day, and yesterday's imports.
    public static let standard = NightlyConfiguration(exports: [
        NightlyExport(name: "availability-template", kind: .template, from: RelativeDate("+1"), to: RelativeDate("+14")),
        NightlyExport(name: "utilization", kind: .utilization, from: RelativeDate("+1"), to: RelativeDate("+14")),
        NightlyExport(name: "requests-changed", kind: .requests, changedWithinHours: 24),
        NightlyExport(name: "imports-yesterday", kind: .imports, from: RelativeDate("-1"), to: RelativeDate("-1")),
    ])

    public init(exports: [NightlyExport]) {
        self.exports = exports
    }

    /// Reads and checks a configuration file; every mistake is named with the export it is in.
    public init(file path: String) throws(NightlyError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .configuration("\(path) cannot be read.") }
        let entries: [NightlyExport.Entry]
        do {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            entries = try decoder.decode(NightlyExport.File.self, from: data).exports
        } catch {
            throw .configuration("\(path) is not a valid configuration: \(NightlyConfiguration.explain(error)).")
        }
        var exports: [NightlyExport] = []
        for entry in entries { exports.append(try NightlyExport(entry)) }
        let names = exports.map(\.name)
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw .configuration("Two exports are named '\(duplicate)'; each needs a file name of its own.")
        }
        guard !exports.isEmpty else { throw .configuration("\(path) lists no exports.") }
        self.exports = exports
    }

    private static func explain(_ error: any Error) -> String {
        switch error {
        case let DecodingError.keyNotFound(key, context):
            return "'\(key.stringValue)' is missing at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.dataCorrupted(context):
            return "\(context.debugDescription) (at \(context.codingPath.map(\.stringValue).joined(separator: ".")))"
        default:
            return String(describing: error)
        }
    }
}

/// One file of the nightly export.
public struct NightlyExport: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case template
        case availabilityCSV = "availability-csv"
        case requests, utilization, staff, imports
    }

    /// The file's name without extension.
    public var name: String
    public var kind: Kind
    public var from: RelativeDate?
    public var to: RelativeDate?
    public var format: ReportFormat = .xlsx
    public var language: Language = .en
    /// Requests report: those changed in the last this many hours.
    public var changedWithinHours: Int?
    public var statuses: Set<RequestStatus>?
    public var staff: StaffSelection = .allActive

    public init(name: String, kind: Kind, from: RelativeDate? = nil, to: RelativeDate? = nil, format: ReportFormat = .xlsx,
                language: Language = .en, changedWithinHours: Int? = nil, statuses: Set<RequestStatus>? = nil,
                staff: StaffSelection = .allActive) {
        self.name = name
        self.kind = kind
        self.from = from
        self.to = to
        self.format = kind == .template ? .xlsx : (kind == .availabilityCSV ? .csv : format)
        self.language = language
        self.changedWithinHours = changedWithinHours
        self.statuses = statuses
        self.staff = staff
    }

    /// The file name in the day's folder.
    public var fileName: String { "\(name).\(format.rawValue)" }

    /// The dates, resolved; nil for a requests report that selects by change time.
    func range(_ clock: OfficeClock) throws(NightlyError) -> DateRange? {
        guard let from, let to else { return nil }
        guard let range = DateRange(from: from.resolve(clock), to: to.resolve(clock)) else {
            throw .configuration("Export '\(name)': 'to' (\(to)) is before 'from' (\(from)).")
        }
        return range
    }

    struct File: Decodable {
        let exports: [Entry]
    }

    /// An export as written in the file, before it is checked.
    struct Entry: Decodable {
        let name: String
        let kind: String
        let from: String?
        let to: String?
        let format: String?
        let language: String?
        let changedWithinHours: Int?
        let statuses: [String]?
        let staff: [String]?
    }

    init(_ entry: Entry) throws(NightlyError) {
        let place = "Export '\(entry.name)'"
        guard !entry.name.isEmpty, !entry.name.hasPrefix("."), !entry.name.contains("/"), entry.name != "manifest" else {
            throw .configuration("\(place): a name must be a plain file name (no '/', not starting with '.', not 'manifest').")
        }
        guard let kind = Kind(rawValue: entry.kind) else {
            throw .configuration("\(place): kind '\(entry.kind)' is unknown; use \(Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        func date(_ text: String?, _ key: String) throws(NightlyError) -> RelativeDate? {
            guard let text else { return nil }
            guard let date = RelativeDate(text) else {
                throw .configuration("\(place): \(key) '\(text)' is not a date; use YYYY-MM-DD, today, +N or -N.")
            }
            return date
        }
        let from = try date(entry.from, "from"), to = try date(entry.to, "to")
        let needsRange = kind != .requests || entry.changedWithinHours == nil
        guard !needsRange || (from != nil && to != nil) else { throw .configuration("\(place): needs 'from' and 'to'.") }
        var format = ReportFormat.xlsx
        if let text = entry.format {
            guard let chosen = ReportFormat(rawValue: text) else { throw .configuration("\(place): format '\(text)' is not xlsx or csv.") }
            format = chosen
        }
        var language = Language.en
        if let text = entry.language {
            guard let chosen = Language(rawValue: text) else { throw .configuration("\(place): language '\(text)' is not en or nl.") }
            language = chosen
        }
        var statuses: Set<RequestStatus>?
        if let list = entry.statuses {
            statuses = []
            for text in list {
                guard let status = RequestStatus(rawValue: text) else { throw .configuration("\(place): status '\(text)' is unknown.") }
                statuses?.insert(status)
            }
        }
        self.init(name: entry.name, kind: kind, from: from, to: to, format: format, language: language,
                  changedWithinHours: entry.changedWithinHours, statuses: statuses,
                  staff: entry.staff.map { .codes($0) } ?? .allActive)
    }
}

/// Why the nightly export stopped. Each case has its exit code in the command line.
public enum NightlyError: Error, Equatable, CustomStringConvertible {
    case configuration(String)
    /// Another run holds the folder's lock.
    case alreadyRunning(folder: String)
    case output(String)

    public var description: String {
        switch self {
        case let .configuration(message): return message
        case let .alreadyRunning(folder): return "Another nightly export is running in \(folder); this one stops without writing."
        case let .output(message): return message
        }
    }
}
