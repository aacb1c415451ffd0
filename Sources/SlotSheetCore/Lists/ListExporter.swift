import Foundation
import SlotSheetTemplates
import XLSXWriter

/// `slotsheet staff|dayparts|catalogue export`: the list as the office imports it back, a row per
/// staff member, daypart or defect with the header in the office's language; .xlsx (a
/// `ListWorkbook`: locked header, drop-down, print-ready, with what the export saw) or CSV (text
/// a spreadsheet would run as a formula neutralised). Written under a temporary name and recorded in `export_run`, then renamed.
/// Exported and imported back unchanged, a list changes nothing.
public struct ListExporter {
    public let store: any RepairStore
    public let rules: OfficeRules

    public init(store: any RepairStore, rules: OfficeRules) {
        self.store = store
        self.rules = rules
    }

    /// `csvDialect`: the form of a CSV (a .xlsx has none).
    public func export(_ kind: ListKind, to path: String, language: Language, paper: PaperSize,
                       csvDialect: CSVDialect = .rfc4180) throws -> ExportResult {
        let output = try AtomicOutput(path: path)
        do {
            let xlsx = path.lowercased().hasSuffix(".xlsx")
            let written = try store.read { session in
                let rows = ListExporter.ordered(kind, try kind.rules.current(session).map { (key: $0.key, fields: $0.value.fields) })
                return try write(kind, rows: rows, xlsx: xlsx, to: output.temporaryPath, language: language, paper: paper,
                                 csvDialect: csvDialect)
            }
            let sha256 = try FileDigest.sha256(ofFileAt: output.temporaryPath)
            let run = ExportRun(kind: "list-\(kind.rawValue)", parameters: "{\"format\":\"\(xlsx ? "xlsx" : "csv")\"}", path: output.finalPath,
                                sha256: sha256, rows: written.rows, createdAt: rules.clock.timestamp(), contentSHA256: written.digest)
            try output.publish(recordedAs: run, in: store)
            return ExportResult(path: output.finalPath, rows: written.rows, staffCount: kind == .staff ? written.rows : 0, sha256: sha256,
                                fingerprint: nil, contentSHA256: written.digest)
        } catch {
            throw output.failed(error)
        }
    }

    /// The .xlsx as a `ListWorkbook` (locked header, drop-down, the export's snapshot, print-ready),
    /// the CSV through the reports' CSV sink; both give the same content digest.
    private func write(_ kind: ListKind, rows: [ListExporter.Row], xlsx: Bool, to path: String, language: Language,
                       paper: PaperSize, csvDialect: CSVDialect) throws -> (rows: Int, digest: String) {
        let words = language.words
        let print = language.printWords
        let generatedAt = rules.clock.timestamp()
        let heading = PrintedHeading(title: kind.title(language), period: PrintedHeading.date(rules.now().today, words: words.template),
                                     made: PrintedHeading.made(generatedAt, timeZone: rules.clock.timeZone, words: words.template, print: print),
                                     words: print)
        if xlsx {
            let book = try ListWorkbook(path: path, kind: kind, language: language, heading: heading, paper: paper, generatedAt: generatedAt)
            do {
                for row in rows { try book.add(key: row.key, fields: row.fields) }
                try book.finish(language: language)
                return (book.rows, book.contentDigest)
            } catch {
                book.discard()
                throw error
            }
        }
        let sink = try CSVReportSink(path: path, clock: rules.clock, dialect: csvDialect)
        do {
            let columns = kind.columns.map { ReportColumn(title: $0.name(language), width: 0) }
            let table = try sink.table(kind.title(language), columns: columns, primary: true)
            for row in rows { try table.add(row.fields.map { $0.isEmpty ? .empty : .text($0) }) }
            try sink.finish()
            return (sink.rows, sink.contentDigest)
        } catch {
            sink.discard()
            throw error
        }
    }

    /// How many rows each list has and how many of them are active: what the web front's Lists
    /// page shows beside each list. One snapshot.
    public func counts() throws -> [ListKind: ListCount] {
        try store.read { session in
            var counts: [ListKind: ListCount] = [:]
            for kind in ListKind.allCases {
                let rows = try kind.rules.current(session).values
                counts[kind] = ListCount(rows: rows.count, active: rows.filter { $0.fields.last == "x" }.count)
            }
            return counts
        }
    }

    /// A stored row as an export writes it: its key and its fields.
    typealias Row = (key: String, fields: [String])

    /// Staff by code; dayparts by order, then start.
    static func ordered(_ kind: ListKind, _ rows: [Row]) -> [Row] {
        switch kind {
        case .staff: return rows.sorted { $0.fields[0] < $1.fields[0] }
        case .dayparts:
            return rows.sorted { (Int($0.fields[4]) ?? 0, $0.fields[2], $0.fields[0]) < (Int($1.fields[4]) ?? 0, $1.fields[2], $1.fields[0]) }
        case .catalogue: return rows.sorted { $0.fields.lexicographicallyPrecedes($1.fields) }
        }
    }
}

/// The size of a list: its rows, and how many of them are active.
public struct ListCount: Hashable, Sendable {
    public var rows: Int
    public var active: Int
}
