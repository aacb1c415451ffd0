import Foundation
import SlotSheetTemplates
import XLSXWriter

/// What to export: a range, the staff, the language, the paper it prints on and the file.
public struct TemplateExportRequest: Sendable {
    public var range: DateRange
    public var staff: StaffSelection
    public var language: Language
    /// The paper the template prints on (landscape); the office's settings choose it.
    public var paper: PaperSize
    public var path: String
    /// How the filled-in file comes back (the instructions sheet's words): the web front's download says the web front's.
    public var returned: TemplateReturn
    /// What `export_run` records instead of `path`: a download's name (`ExportRun.sent(as:)`).
    public var recordedAs: String?

    public init(range: DateRange, staff: StaffSelection, language: Language, paper: PaperSize = .a4, path: String,
                returned: TemplateReturn = .commandLine) {
        self.returned = returned
        self.range = range
        self.staff = staff
        self.language = language
        self.paper = paper
        self.path = path
    }
}

/// What an export wrote.
public struct ExportResult: Hashable, Sendable {
    public var path: String
    /// Data rows (template: one per date and daypart; CSV: one per date, daypart and staff).
    public var rows: Int
    public var staffCount: Int
    public var sha256: String
    /// The template's database fingerprint (nil for CSV).
    public var fingerprint: String?
    /// The digest of what the file says (see `ExportRun.contentSHA256`).
    public var contentSHA256: String?
}

/// The template export job: reads one consistent snapshot of the database, writes the workbook
/// a day at a time through `TemplateWorkbook`, then records an `export_run` and, once that has
/// committed, renames the file into place (`AtomicOutput.publish(recordedAs:in:)`), so the file
/// appears whole or not at all, and never without its record.
///
///     let result = try TemplateExporter(store: store, rules: settings.officeRules(clock: clock)).export(
///         TemplateExportRequest(range: december, staff: .allActive, language: .nl, path: "dec.xlsx"))
public struct TemplateExporter {
    public let store: any RepairStore
    /// What is past (grey, locked) and bookable (green), on the office's clock.
    public let rules: OfficeRules
    public var clock: OfficeClock { rules.clock }

    public init(store: any RepairStore, rules: OfficeRules) {
        self.store = store
        self.rules = rules
    }

    public func export(_ request: TemplateExportRequest) throws -> ExportResult {
        let output = try AtomicOutput(path: request.path, recordedAs: request.recordedAs)
        let generatedAt = clock.timestamp()
        do {
            let (layout, fingerprint) = try store.read { session in
                try write(request, to: output.temporaryPath, generatedAt: generatedAt, day: rules.now(), session: session)
            }
            let sha256 = try FileDigest.sha256(ofFileAt: output.temporaryPath)
            let run = ExportRun(
                kind: "template", parameters: ExportParameters.json(request.range, request.staff, request.language),
                path: output.recordedPath, sha256: sha256, rows: layout.rowCount, createdAt: generatedAt)
            try output.publish(recordedAs: run, in: store)
            return ExportResult(path: output.finalPath, rows: layout.rowCount, staffCount: layout.staff.count,
                                sha256: sha256, fingerprint: fingerprint)
        } catch {
            throw output.failed(error)
        }
    }

    /// Writes the template to `path` (no rename, no record), for the nightly export's staging; the
    /// content digest covers what the file shows: its database state, language and today.
    func writeStaged(_ request: TemplateExportRequest, to path: String) throws -> (rows: Int, contentDigest: String) {
        let day = rules.now()
        let (layout, fingerprint) = try store.read { session in
            try write(request, to: path, generatedAt: clock.timestamp(), day: day, session: session)
        }
        var digest = ContentDigest()
        digest.add([.text("template"), .text(fingerprint), .text(request.language.rawValue), .date(day.today),
                    .date(day.firstOpenDay), .date(day.bookingWindow.from), .date(day.bookingWindow.to)])
        return (layout.rowCount, digest.hexDigest)
    }

    private func write(_ request: TemplateExportRequest, to path: String, generatedAt: String, day: OfficeDay,
                       session: some ScheduleSession) throws -> (TemplateLayout, String) {
        let dayparts = try session.dayparts().filter(\.active)
        guard !dayparts.isEmpty else { throw TemplateError.noActiveDayparts }
        let allStaff = try session.staff()
        let staff = try request.staff.resolve(allStaff)
        let layout = TemplateLayout(
            range: request.range,
            dayparts: dayparts.map { .init(code: $0.code, label: $0.label) },
            staff: staff.map { .init(code: $0.code, name: $0.name) })
        guard layout.rowCount <= TemplateLayout.maxRows else {
            throw TemplateError.tooManyRows(rows: layout.rowCount, limit: TemplateLayout.maxRows)
        }
        guard staff.count <= TemplateLayout.maxStaff else {
            throw TemplateError.tooManyStaff(count: staff.count, limit: TemplateLayout.maxStaff)
        }
        let workbook = try TemplateWorkbook(path: path, context: .init(
            layout: layout, words: request.language.words.template, language: request.language,
            day: day, generatedAt: generatedAt,
            staffDetails: staff.map(\.value), daypartDetails: dayparts.map(\.value),
            printing: .init(paper: request.paper, timeZone: clock.timeZone, returned: request.returned)))
        // This thread reads the days from the database and records them in the metadata sheet
        // while another writes the grid's rows.
        let pipeline = TemplateRowPipeline(workbook: workbook)
        do {
            var fingerprint = TemplateFingerprint(layout: layout)
            var day: [TemplateRowPipeline.Row] = []
            day.reserveCapacity(layout.dayparts.count)
            try TemplateRowReader(layout: layout, references: References(session: session))
                .forEachRow(session: session) { state, daypartIndex, others in
                    fingerprint.add(state)
                    try workbook.recordRow(state, daypartIndex: daypartIndex)
                    day.append(.init(content: .init(state: state, held: state.held, othersAvailable: others), daypartIndex: daypartIndex))
                    if daypartIndex == layout.dayparts.count - 1 {
                        try pipeline.submit(day)
                        day.removeAll(keepingCapacity: true)
                    }
                }
            try pipeline.finish()
            let digest = fingerprint.hexDigest
            try workbook.finish(fingerprint: digest)
            return (layout, digest)
        } catch {
            pipeline.cancel()
            workbook.discard()
            throw error
        }
    }
}

/// The parameters of an export as JSON, stored with its `export_run`.
enum ExportParameters {
    static func json(_ range: DateRange, _ staff: StaffSelection, _ language: Language?) -> String {
        var fields = ["from": range.from.iso, "to": range.to.iso, "staff": staff.summary]
        if let language { fields["language"] = language.rawValue }
        return json(fields)
    }

    /// Keys sorted, so equal parameters give equal text.
    static func json(_ fields: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
