import Foundation
import Logging
import XLSXWriter

/// What one nightly run did.
public struct NightlySummary: Sendable {
    public struct File: Sendable, Codable, Hashable {
        public enum Status: String, Sendable, Codable { case written, unchanged }
        public var name: String
        public var kind: String
        public var status: Status
        public var rows: Int
        public var sha256: String
        public var contentSha256: String
    }

    public var day: LocalDate
    public var folder: String
    public var files: [File]
    /// Day folders removed because they were older than `keep` days.
    public var pruned: [String]
}

/// `slotsheet nightly`: the unattended export. Writes the configured files for today into
/// `OUT/YYYY-MM-DD/` with a `manifest.json`, and never lets a half-written folder look complete:
/// every file is written and flushed in a hidden staging folder, which takes the day folder's place
/// in one step (`DayFolderPublisher`) only when all of it is there, after the transaction that
/// records its files has committed. A file whose content is the same as the previous run's is not
/// written again but linked, and reported "unchanged". A lock on the output folder keeps a second
/// run out; day folders older than `keep` days are removed.
///
///     let summary = try NightlyJob(store: store, rules: rules, logger: logger)
///         .run(outputFolder: "/srv/exports", keepDays: 30, configuration: .standard)
public struct NightlyJob {
    public let store: any RepairStore
    public let rules: OfficeRules
    public var clock: OfficeClock { rules.clock }
    public let logger: Logger
    /// The paper the workbooks print on (the office's `paper_size`).
    public let paper: PaperSize
    /// The form of its CSV files (the office's `csv_dialect`).
    public let csvDialect: CSVDialect
    /// How the finished folder is put in place (tests take the exchange away).
    var publisher = DayFolderPublisher.system

    public init(store: any RepairStore, rules: OfficeRules, logger: Logger, paper: PaperSize = .a4, csvDialect: CSVDialect = .rfc4180) {
        self.store = store
        self.rules = rules
        self.logger = logger
        self.paper = paper
        self.csvDialect = csvDialect
    }

    public func run(outputFolder: String, keepDays: Int, configuration: NightlyConfiguration) throws -> NightlySummary {
        let folder = URL(fileURLWithPath: outputFolder).standardizedFileURL.path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw NightlyError.output("\(folder) cannot be created: \(error.localizedDescription)")
        }
        let lock = try FolderLock(folder: folder)
        defer { withExtendedLifetime(lock) {} }
        removeAbandonedStaging(in: folder)

        let day = clock.today
        let dayPath = (folder as NSString).appendingPathComponent(day.iso)
        let staging = (folder as NSString).appendingPathComponent("\(DayFolders.stagingPrefix)\(day.iso)-\(getpid())")
        logger.info("nightly export for \(day.iso) into \(dayPath), \(configuration.exports.count) files")
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
            var files: [NightlySummary.File] = []
            var runs: [ExportRun] = []
            for export in configuration.exports {
                let (file, run) = try stage(export, in: staging, dayPath: dayPath)
                files.append(file)
                runs.append(run)
                logger.info("\(file.status == .written ? "wrote" : "unchanged") \(file.name): \(file.rows) rows, sha256 \(file.sha256.prefix(12))")
            }
            try writeManifest(day: day, files: files, into: staging)
            DayFolders.sync(staging)
            // The rows commit first, then the folder is published (as every export does,
            // `recordExports`): a database locked past the busy timeout fails the run before anything
            // is published, and a failed publish takes its rows back out.
            var replaced: String?
            try store.recordExports(runs, thenPublish: { [publisher] in replaced = try publisher.publish(staging, as: dayPath) })
            DayFolders.sync(folder)
            if let replaced { try? FileManager.default.removeItem(atPath: replaced) }
            logger.info("published \(dayPath)")
            let pruned = prune(folder, keepDays: keepDays, today: day)
            return NightlySummary(day: day, folder: dayPath, files: files, pruned: pruned)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            logger.error("nightly export failed, nothing published: \(error)")
            throw error
        }
    }

    /// Writes one export into the staging folder, or links the previous run's file when what it
    /// says has not changed.
    private func stage(_ export: NightlyExport, in staging: String, dayPath: String) throws -> (NightlySummary.File, ExportRun) {
        let target = (staging as NSString).appendingPathComponent(export.fileName)
        let kind = "nightly-\(export.kind.rawValue)"
        let parameters = try self.parameters(of: export, outputFolder: (dayPath as NSString).deletingLastPathComponent)
        let rows: Int, content: String
        do {
            (rows, content) = try write(export, to: target)
        } catch {
            throw OutputError.writing((dayPath as NSString).appendingPathComponent(export.fileName), failedWith: error)
        }
        var status = NightlySummary.File.Status.written
        var sha256 = try FileDigest.sha256(ofFileAt: target)
        if let previous = try store.read({ try $0.lastExportRun(kind: kind, parameters: parameters) }),
           previous.contentSHA256 == content, let kept = try? FileDigest.sha256(ofFileAt: previous.path), kept == previous.sha256 {
            try FileManager.default.removeItem(atPath: target)
            if link(previous.path, target) != 0 {
                try FileManager.default.copyItem(atPath: previous.path, toPath: target)
            }
            status = .unchanged
            sha256 = kept
        } else {
            try AtomicOutput.flush(file: target)
        }
        let file = NightlySummary.File(name: export.fileName, kind: export.kind.rawValue, status: status, rows: rows,
                                       sha256: sha256, contentSha256: content)
        let run = ExportRun(kind: kind, parameters: parameters, path: (dayPath as NSString).appendingPathComponent(export.fileName),
                            sha256: sha256, rows: rows, createdAt: clock.timestamp(), contentSHA256: content)
        return (file, run)
    }

    private func write(_ export: NightlyExport, to path: String) throws -> (rows: Int, contentDigest: String) {
        let range = try export.range(clock)
        switch export.kind {
        case .template:
            guard let range else { throw NightlyError.configuration("Export '\(export.name)': needs 'from' and 'to'.") }
            return try TemplateExporter(store: store, rules: rules).writeStaged(
                TemplateExportRequest(range: range, staff: export.staff, language: export.language, paper: paper, path: path),
                to: path)
        case .availabilityCSV:
            guard let range else { throw NightlyError.configuration("Export '\(export.name)': needs 'from' and 'to'.") }
            return try AvailabilityCSVExporter(store: store, clock: clock).writeStaged(range: range, staff: export.staff, to: path,
                                                                                        dialect: csvDialect)
        case .requests, .utilization, .staff, .imports:
            let since = export.changedWithinHours.map { Timestamp.iso(clock.now.addingTimeInterval(-Double($0) * 3600)) }
            let request = ReportRequest(
                kind: ReportKind(rawValue: export.kind.rawValue)!, range: range, format: export.format, language: export.language,
                statuses: export.statuses, updatedSince: since, paper: paper, path: path, csvDialect: csvDialect)
            return try ReportExporter(store: store, rules: rules).write(request, to: path)
        }
    }

    /// What makes two runs the same export: its output folder, name and settings with the dates
    /// resolved. The moment "changed within 24 hours" counts from is left out, so two runs a minute
    /// apart compare; the folder is in, so a run into a new folder writes files of its own.
    private func parameters(of export: NightlyExport, outputFolder: String) throws -> String {
        var fields = ["name": export.name, "format": export.format.rawValue, "language": export.language.rawValue,
                      "staff": export.staff.summary, "out": outputFolder]
        if let range = try export.range(clock) {
            fields["from"] = range.from.iso
            fields["to"] = range.to.iso
        }
        if export.format == .xlsx { fields["paper"] = paper.settingName }  // the same cells on other paper are another file
        if export.format == .csv { fields["csv_dialect"] = csvDialect.rawValue }  // and the same rows in another dialect
        if let hours = export.changedWithinHours { fields["changed_within_hours"] = String(hours) }
        if let statuses = export.statuses { fields["status"] = statuses.map(\.rawValue).sorted().joined(separator: ",") }
        return ExportParameters.json(fields)
    }

    private func writeManifest(day: LocalDate, files: [NightlySummary.File], into staging: String) throws {
        struct Manifest: Encodable {
            let date: String
            let generatedAt: String
            let files: [NightlySummary.File]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let path = (staging as NSString).appendingPathComponent("manifest.json")
        try encoder.encode(Manifest(date: day.iso, generatedAt: clock.timestamp(), files: files)).write(to: URL(fileURLWithPath: path))
        try AtomicOutput.flush(file: path)
    }

    /// A run killed half-way leaves its hidden staging folder; the lock says no run is using it now.
    private func removeAbandonedStaging(in folder: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(DayFolders.stagingPrefix) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
            logger.warning("removed \(name), left by a run that did not finish")
        }
    }

    /// Removes day folders older than `keepDays` days; other folders and files are never touched.
    private func prune(_ folder: String, keepDays: Int, today: LocalDate) -> [String] {
        let oldest = today.adding(days: -keepDays)
        var removed: [String] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            guard let date = DayFolders.date(ofFolder: name), date < oldest else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            do {
                try FileManager.default.removeItem(atPath: path)
                removed.append(name)
                logger.info("pruned \(name) (older than \(keepDays) days)")
            } catch {
                logger.warning("could not prune \(name): \(error.localizedDescription)")
            }
        }
        return removed
    }
}
