import Foundation
import XLSXWriter

/// The report job: reads one snapshot, writes the report a row at a time (constant memory in both
/// formats), records an `export_run` with the digest of its content and, once that has committed,
/// renames the file into place.
///
///     let result = try ReportExporter(store: store, rules: rules).export(
///         ReportRequest(kind: .utilization, range: december, format: .xlsx, language: .nl, path: "bezetting.xlsx"))
public struct ReportExporter {
    public let store: any RepairStore
    /// The office's clock and what is bookable on it (the utilisation report says so per slot).
    public let rules: OfficeRules
    public var clock: OfficeClock { rules.clock }
    /// Data rows a workbook sheet takes before a table goes on in the next (tests lower it).
    var rowsPerSheet = CellReference.maxRows - 1

    public init(store: any RepairStore, rules: OfficeRules) {
        self.store = store
        self.rules = rules
    }

    public func export(_ request: ReportRequest) throws -> ExportResult {
        let output = try AtomicOutput(path: request.path, recordedAs: request.recordedAs)
        do {
            let written = try write(request, to: output.temporaryPath)
            let sha256 = try FileDigest.sha256(ofFileAt: output.temporaryPath)
            let run = ExportRun(kind: "report-\(request.kind.rawValue)", parameters: request.parameters, path: output.recordedPath,
                                sha256: sha256, rows: written.rows, createdAt: clock.timestamp(), contentSHA256: written.contentDigest)
            try output.publish(recordedAs: run, in: store)
            return ExportResult(path: output.finalPath, rows: written.rows, staffCount: 0, sha256: sha256, fingerprint: nil,
                                contentSHA256: written.contentDigest)
        } catch {
            throw output.failed(error)
        }
    }

    /// Writes the report to `path` (no rename, no record): the nightly export stages its files.
    func write(_ request: ReportRequest, to path: String) throws -> (rows: Int, contentDigest: String) {
        let context = ReportContext(request: request, words: request.language.words, clock: clock, day: rules.now())
        return try store.read { session in
            let sink: any ReportSink = request.format == .xlsx
                ? try XLSXReportSink(path: path, words: context.words, clock: clock, heading: context.heading, paper: request.paper,
                                     rowsPerSheet: rowsPerSheet)
                : try CSVReportSink(path: path, clock: clock, dialect: request.csvDialect)
            do {
                switch request.kind {
                case .requests:
                    try RequestsReport.write(into: sink, session: session, context: context)
                case .utilization:
                    try UtilizationReport.write(into: sink, session: session, context: context, range: try requireRange(request))
                case .staff:
                    try StaffReport.write(into: sink, session: session, context: context, range: try requireRange(request))
                case .imports:
                    try ImportsReport.write(into: sink, session: session, context: context, range: try requireRange(request))
                }
                try sink.finish()
                return (sink.rows, sink.contentDigest)
            } catch {
                sink.discard()
                throw error
            }
        }
    }

    private func requireRange(_ request: ReportRequest) throws -> DateRange {
        guard let range = request.range else { throw ReportError.rangeRequired(request.kind) }
        return range
    }
}

/// Why a report cannot be made.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    case rangeRequired(ReportKind)

    public var description: String {
        switch self {
        case let .rangeRequired(kind): return "The \(kind.rawValue) report needs --from and --to."
        }
    }
}
