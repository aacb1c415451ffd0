import Foundation
import SlotSheetTemplates
import XLSXWriter

/// `slotsheet staff export` / `dayparts export`: the list as the office imports it back, a row per
/// staff member or daypart with the header in the office's language; .xlsx (a styled, print-ready
/// table through the reports' workbook sink) or CSV (text a spreadsheet would run as a formula
/// neutralised). Written under a temporary name and recorded in `export_run`, then renamed.
/// Exported and imported back unchanged, a list changes nothing.
public struct ListExporter {
    public let store: any RepairStore
    public let rules: OfficeRules

    public init(store: any RepairStore, rules: OfficeRules) {
        self.store = store
        self.rules = rules
    }

    public func export(_ kind: ListKind, to path: String, language: Language, paper: PaperSize) throws -> ExportResult {
        let output = try AtomicOutput(path: path)
        do {
            let xlsx = path.lowercased().hasSuffix(".xlsx")
            let written = try store.read { session in
                try write(kind, rows: try kind.rules.current(session).values.map(\.fields), xlsx: xlsx, to: output.temporaryPath,
                          language: language, paper: paper, session: session)
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

    private func write(_ kind: ListKind, rows: [[String]], xlsx: Bool, to path: String, language: Language, paper: PaperSize,
                       session: any StoreSession) throws -> (rows: Int, digest: String) {
        let words = language.words
        let print = language.printWords
        let today = rules.now().today
        let heading = PrintedHeading(title: kind.title(language), period: PrintedHeading.date(today, words: words.template),
                                     made: PrintedHeading.made(rules.clock.timestamp(), timeZone: rules.clock.timeZone, words: words.template, print: print),
                                     words: print)
        let sink: any ReportSink = xlsx
            ? try XLSXReportSink(path: path, words: words, clock: rules.clock, heading: heading, paper: paper)
            : try CSVReportSink(path: path, clock: rules.clock)
        do {
            // Wide enough for its title; a name or a label, or a catalogue level, wider.
            let columns = kind.columns.map { column in
                ReportColumn(title: column.name(language),
                             width: max(column == kind.columns[1] || kind == .catalogue ? 26 : 12, Double(column.name(language).count) + 4))
            }
            let table = try sink.table(kind.title(language), columns: columns, primary: true)
            for fields in ListExporter.ordered(kind, rows) {
                try table.add(fields.map { $0.isEmpty ? .empty : .text($0) })
            }
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

    /// Staff by code; dayparts by order, then start.
    static func ordered(_ kind: ListKind, _ rows: [[String]]) -> [[String]] {
        switch kind {
        case .staff: return rows.sorted { $0[0] < $1[0] }
        case .dayparts: return rows.sorted { (Int($0[4]) ?? 0, $0[2], $0[0]) < (Int($1[4]) ?? 0, $1[2], $1[0]) }
        case .catalogue: return rows.sorted { $0.lexicographicallyPrecedes($1) }
        }
    }
}

/// The size of a list: its rows, and how many of them are active.
public struct ListCount: Hashable, Sendable {
    public var rows: Int
    public var active: Int
}
