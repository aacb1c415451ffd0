import Crypto
import Foundation
import XLSXWriter

/// A value in a report, typed so that each format writes it as what it is: a date cell in a
/// workbook, ISO text in a CSV; text is always text, never a formula.
public enum ReportValue: Hashable, Sendable {
    case text(String)
    case integer(Int)
    /// A share, 0.25 for 25%.
    case percent(Double)
    case date(LocalDate)
    /// An ISO 8601 UTC instant, shown in the office's time zone.
    case timestamp(String)
    case empty
}

/// A column of a report table: its title, its width in characters, and whether long text wraps.
struct ReportColumn {
    let title: String
    let width: Double
    var wraps = false
}

/// One table of a report: a sheet in a workbook; in a CSV only the primary table is written.
protocol ReportTable: AnyObject {
    func add(_ row: [ReportValue]) throws
    /// The sheet, when the report is a workbook: for what only a workbook shows (heat maps, charts).
    var sheet: SheetHandle? { get }
}

/// Where a report's tables go. Every row of every table also goes into the content digest.
protocol ReportSink: AnyObject {
    func table(_ name: String, columns: [ReportColumn], primary: Bool) throws -> any ReportTable
    /// A chart on a sheet of its own, after the tables added so far, which prints alone on a
    /// landscape page; a CSV has no charts.
    func chartSheet(_ name: String, chart: LineChart) throws
    /// Rows of the primary table.
    var rows: Int { get }
    /// SHA-256 of what the report says, independent of when the file was made.
    var contentDigest: String { get }
    func finish() throws
    func discard()
}

/// What a workbook sink exposes of a sheet to the reports that decorate it.
struct SheetHandle {
    let writer: SheetWriter
    let name: String
    /// Rows written so far below the header.
    let rowsWritten: () -> Int
}

/// A running SHA-256 of report rows; each value is written with its type so that "1" and 1 differ.
struct ContentDigest {
    private var hasher = SHA256()

    mutating func add(table: String) {
        hasher.update(data: Array("table \(table)\n".utf8))
    }

    mutating func add(_ row: [ReportValue]) {
        var line = ""
        for value in row {
            switch value {
            case let .text(text): line += "s\(text.utf8.count):\(text)"
            case let .integer(number): line += "i\(number)"
            case let .percent(share): line += "p\(share)"
            case let .date(date): line += "d\(date.iso)"
            case let .timestamp(instant): line += "t\(instant)"
            case .empty: line += "e"
            }
            line += "\u{1F}"
        }
        hasher.update(data: Array((line + "\n").utf8))
    }

    var hexDigest: String {
        hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
