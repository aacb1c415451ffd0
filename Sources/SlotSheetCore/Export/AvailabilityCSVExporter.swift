import Foundation
import SlotSheetTemplates

/// The CSV twin of the template: the long format `date,daypart,staff,available`, one row per
/// date, daypart and staff member, `x` where the person is available and empty where not (the
/// marks of the template). UTF-8, RFC 4180 quoting, streamed a day at a time; in the dialect
/// `excel-nl`, what Dutch Excel opens by a double-click (`CSVDialect`). A code that a
/// spreadsheet would run as a formula (`=cmd|x`, `-A1`) is written with a leading apostrophe, as
/// the reports do (`FormulaGuard`); the CSV import takes it off, so the file reads back unchanged.
///
///     try AvailabilityCSVExporter(store: store, clock: clock).export(range: december, staff: .allActive, path: "dec.csv")
public struct AvailabilityCSVExporter {
    public static let header = ["date", "daypart", "staff", "available"]

    public let store: any RepairStore
    public let clock: OfficeClock

    public init(store: any RepairStore, clock: OfficeClock) {
        self.store = store
        self.clock = clock
    }

    public func export(range: DateRange, staff selection: StaffSelection, path: String, dialect: CSVDialect = .rfc4180) throws -> ExportResult {
        let output = try AtomicOutput(path: path)
        do {
            let (rows, staffCount) = try store.read { session in
                try write(range: range, selection: selection, dialect: dialect, to: output.temporaryPath, session: session)
            }
            let sha256 = try FileDigest.sha256(ofFileAt: output.temporaryPath)
            let run = ExportRun(kind: "availability-csv", parameters: ExportParameters.json(range, selection, nil),
                                path: output.finalPath, sha256: sha256, rows: rows, createdAt: clock.timestamp())
            try output.publish(recordedAs: run, in: store)
            return ExportResult(path: output.finalPath, rows: rows, staffCount: staffCount, sha256: sha256, fingerprint: nil)
        } catch {
            throw output.failed(error)
        }
    }

    /// Writes the CSV to `path` (no rename, no record), for the nightly export's staging. A CSV
    /// holds no creation time, so its bytes are its content.
    func writeStaged(range: DateRange, staff selection: StaffSelection, to path: String,
                     dialect: CSVDialect = .rfc4180) throws -> (rows: Int, contentDigest: String) {
        let (rows, _) = try store.read { session in try write(range: range, selection: selection, dialect: dialect, to: path, session: session) }
        return (rows, try FileDigest.sha256(ofFileAt: path))
    }

    private func write(range: DateRange, selection: StaffSelection, dialect: CSVDialect, to path: String, session: some ScheduleSession) throws -> (Int, Int) {
        let dayparts = try session.dayparts().filter(\.active)
        guard !dayparts.isEmpty else { throw TemplateError.noActiveDayparts }
        let staff = try selection.resolve(try session.staff())
        let file = try TextFileWriter(path: path)
        var csv = CSVWriter(neutralizeFormulas: true, dialect: dialect)
        csv.write(AvailabilityCSVExporter.header)
        let columns = StaffColumns(Dictionary(uniqueKeysWithValues: staff.enumerated().map { ($0.element.id, $0.offset) }))
        var rows = 0
        try session.walkSchedule(range) { day in
            let date = dialect.date(day.date)
            for daypart in dayparts {
                let (flags, _) = day.availability(daypartID: daypart.id, columns: columns, count: staff.count)
                for (member, isAvailable) in zip(staff, flags) {
                    csv.write([date, daypart.code, member.code, isAvailable ? "x" : ""])
                    rows += 1
                }
            }
            try file.append(csv.drain())
        }
        try file.close()
        return (rows, staff.count)
    }
}
