import XLSXWriter

/// A report's primary table as CSV: UTF-8, CRLF, in a `CSVDialect` (separator, byte-order mark,
/// dates, decimal comma); times ISO 8601 in the office's zone with their offset, shares as decimals. Text that a spreadsheet would run as a
/// formula (starting with =, +, -, @, tab, CR or NUL) gets a leading apostrophe (`FormulaGuard`); numbers stay numbers.
final class CSVReportSink: ReportSink {
    private let file: TextFileWriter
    private let clock: OfficeClock
    private let dialect: CSVDialect
    private var digest = ContentDigest()
    private var buffer = ""
    private var hasPrimary = false
    private(set) var rows = 0

    init(path: String, clock: OfficeClock, dialect: CSVDialect = .rfc4180) throws {
        file = try TextFileWriter(path: path)
        self.clock = clock
        self.dialect = dialect
        buffer = dialect.preamble
    }

    func table(_ name: String, columns: [ReportColumn], primary: Bool) throws -> any ReportTable {
        digest.add(table: name)
        guard primary else { return CSVDigestOnlyTable { [unowned self] in digest.add($0) } }
        precondition(!hasPrimary, "a CSV report has one primary table")
        hasPrimary = true
        buffer += columns.map { CSVWriter.encode($0.title) }.joined(separator: dialect.delimiter) + "\r\n"
        return CSVPrimaryTable { [unowned self] row in try add(row) }
    }

    func chartSheet(_ name: String, chart: LineChart) throws {}

    private func add(_ row: [ReportValue]) throws {
        digest.add(row)
        rows += 1
        buffer += row.map(field).joined(separator: dialect.delimiter) + "\r\n"
        if buffer.utf8.count > 1 << 16 {
            try file.append(buffer)
            buffer = ""
        }
    }

    private func field(_ value: ReportValue) -> String {
        switch value {
        case let .text(text): return CSVWriter.encode(text, neutralizeFormulas: true)
        case let .integer(number): return String(number)
        case let .percent(share): return dialect.decimal(String(format: "%.4f", share))
        case let .date(date): return dialect.date(date)
        case let .timestamp(instant): return clock.localTime(ofTimestamp: instant)?.iso ?? CSVWriter.encode(instant, neutralizeFormulas: true)
        case .empty: return ""
        }
    }

    var contentDigest: String { digest.hexDigest }

    func finish() throws {
        try file.append(buffer)
        buffer = ""
        try file.close()
    }

    func discard() {
        try? file.close()
    }
}

private final class CSVPrimaryTable: ReportTable {
    private let write: ([ReportValue]) throws -> Void
    init(_ write: @escaping ([ReportValue]) throws -> Void) { self.write = write }
    func add(_ row: [ReportValue]) throws { try write(row) }
    var sheet: SheetHandle? { nil }
}

/// A table a CSV does not show; its rows still count in the content digest.
private final class CSVDigestOnlyTable: ReportTable {
    private let digest: ([ReportValue]) -> Void
    init(_ digest: @escaping ([ReportValue]) -> Void) { self.digest = digest }
    func add(_ row: [ReportValue]) throws { digest(row) }
    var sheet: SheetHandle? { nil }
}
