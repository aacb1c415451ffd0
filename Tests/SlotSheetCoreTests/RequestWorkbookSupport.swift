import Foundation
import InteropSupport
import SlotSheetTemplates
import XLSXWriter
@testable import SlotSheetCore

/// Requests workbooks made for the tests: written from rows given here, converted by LibreOffice
/// as an office saving them again would, and edited with openpyxl.
struct RequestWorkbookFixture {
    let folder: URL
    let clock = OfficeClock.testDay

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "slotsheet-requests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appending(path: name).path }

    /// A description a spreadsheet would run, with an escape and a right-to-left override in it.
    static let hostileDescription = "=HYPERLINK(\"http://evil.example\",\"klik\")\u{1B}[31m \u{202E}txt.exe"

    static let choices = RequestWorkbook.Choices(
        staff: [(code: "ANB", name: "Anouk Bakker"), (code: "JDV", name: "Jan de Vries"), (code: "S0003", name: "Sem Jansen")],
        dayparts: [(code: "AM", label: "08:00-12:00"), (code: "PM", label: "13:00-17:00")],
        subcontractors: ["Loodgieters & Zn", "Dakwerk Oost"])

    /// A request of the queue with the statuses its row's drop-down offers.
    typealias Row = (request: RequestQueueRow, statuses: [RequestStatus])

    /// Five requests, one in each status, with the statuses the state machine lets each go to.
    static func rows() -> [Row] {
        let day = LocalDate(iso: "2026-12-08")!
        let porch = DefectPath(location: "Porch", space: "Light", element: "Fitting", defect: "Broken")
        let tap = DefectPath(location: "Kitchen", space: "Tap", element: "Washer", defect: "Leaks")
        let row = { (id: RowID, status: RequestStatus, before: RequestStatus?, staff: String?, subcontractor: String?, description: String) -> Row in
            let recorded = RecordedRequest(status: status, date: day.adding(days: Int(id) % 3), daypartCode: id % 2 == 0 ? "AM" : "PM",
                                           staffCode: staff, subcontractor: subcontractor)
            let request = RequestQueueRow(id: id, createdAt: "2026-11-25T20:05:24Z", resident: "Resident \(id)", address: "Dorpsstraat \(id), 1234 AB Ede",
                                          corporation: "Woonstede", defects: [porch, tap], description: description, recorded: recorded)
            return (request, RequestStateMachine.reachableStatuses(from: status, statusBeforeArchiving: before))
        }
        return [
            row(1041, .new, nil, nil, nil, hostileDescription),
            row(1042, .new, nil, "ANB", nil, "The tap in the kitchen drips."),
            row(1043, .approved, nil, "JDV", "Dakwerk Oost", "Roof leaks\nabove the bedroom."),
            row(1044, .cancelled, nil, nil, nil, "Door sticks."),
            row(1045, .archived, .completed, nil, "Loodgieters & Zn", "=1+1"),
        ]
    }

    /// Writes `rows` as a requests workbook in `language`.
    @discardableResult
    func write(_ name: String, rows: [Row] = RequestWorkbookFixture.rows(), language: Language = .en,
               paper: PaperSize = .a4) throws -> String {
        let words = language.words
        let generatedAt = clock.timestamp()
        let heading = PrintedHeading(title: RequestSheetText.documentTitle.text(language),
                                     period: PrintedHeading.date(clock.today, words: words.template),
                                     made: PrintedHeading.made(generatedAt, timeZone: clock.timeZone, words: words.template,
                                                               print: language.printWords),
                                     words: language.printWords)
        let book = try RequestWorkbook(path: path(name), language: language, heading: heading, paper: paper, generatedAt: generatedAt,
                                       clock: clock, choices: RequestWorkbookFixture.choices)
        for row in rows { try book.add(row.request, statuses: row.statuses) }
        try book.finish()
        return path(name)
    }

    /// Each row's cells as text, in the columns' order (the kept ones: the request and the decisions).
    static func texts(_ sheet: DecisionSheet) -> [[String]] {
        sheet.rows.map { row in DecisionCells.kept.map { row.cells[$0]?.text ?? "" } }
    }

    /// A copy of the workbook `source` saved by LibreOffice (headless) as `format` (xlsx, ods), in a
    /// folder of its own; its own profile, so tests convert at the same time.
    func resaved(_ source: String, as format: String) throws -> String {
        let outdir = folder.appending(path: "lo-\(format)-\(UUID().uuidString)")
        let profile = folder.appending(path: "lo-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outdir, withIntermediateDirectories: true)
        try Interop.run("soffice", ["-env:UserInstallation=file://\(profile.path)", "--headless", "--convert-to", format,
                                    "--outdir", outdir.path, source])
        let name = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent + "." + format
        return outdir.appending(path: name).path
    }

    /// A copy of `source` as `target` with Python run on it by openpyxl (`wb`, the workbook; `ws`, the requests sheet).
    @discardableResult
    func edit(_ source: String, to target: String, sheet: String = "Requests", _ python: String) throws -> String {
        let script = """
            import sys, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            ws = wb[sys.argv[3]]
            \(python)
            wb.save(sys.argv[2])
            """
        try Interop.runPython(script, arguments: [source, path(target), sheet])
        return path(target)
    }

    /// What openpyxl reads in a workbook: the result of `python` (run with `wb` loaded), as JSON.
    func peek(_ source: String, _ python: String) throws -> [String: Any] {
        let script = """
            import sys, json, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            out = {}
            \(python)
            print(json.dumps(out, default=str))
            """
        let output = try Interop.runPython(script, arguments: [source])
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
    }
}
