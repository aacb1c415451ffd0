import Foundation
import InteropSupport
import SlotSheetCore

/// A seeded database on Tuesday 1 December 2026, a template of 30 Nov - 13 Dec exported from it,
/// and the tools to edit that template the way the office's programs do.
struct ImportScenario {
    let cli: CommandRunner
    let layout: TemplateLayout
    let store: any RepairStore
    /// The PostgreSQL database made for this scenario, dropped by `remove()`.
    private let postgresDatabase: String?
    static let range = DateRange(from: LocalDate(iso: "2026-11-30")!, to: LocalDate(iso: "2026-12-13")!)!
    static let today = LocalDate(iso: "2026-12-01")!

    /// On SQLite, the database is `slotsheet.sqlite` in the scratch folder; on PostgreSQL, a new
    /// database on the test server, given to every command through `SLOTSHEET_DB`.
    init(_ backend: TestBackend = .sqlite) throws {
        var cli = try CommandRunner(today: "2026-12-01")
        switch backend {
        case .sqlite:
            postgresDatabase = nil
        case .postgres:
            let database = try PostgresTestServer.createDatabase()
            postgresDatabase = database.name
            cli.environment["SLOTSHEET_DB"] = database.url
        }
        self.cli = cli
        guard try cli.run("db", "init").status == 0, try cli.run("db", "seed", "--sample").status == 0 else {
            throw Interop.Failure(description: "seeding failed")
        }
        let export = try cli.run("template", "export", "--from", "2026-11-30", "--to", "2026-12-13", "--all-staff", "-o", "t.xlsx")
        guard export.status == 0 else { throw Interop.Failure(description: export.errors) }
        store = try cli.environment["SLOTSHEET_DB"].map { try PostgresStore(url: $0) } ?? SQLiteStore(path: cli.path("slotsheet.sqlite"))
        let dayparts = try store.read { try $0.dayparts() }
        let staff = try store.read { try $0.staff() }.filter(\.active)
        layout = TemplateLayout(range: ImportScenario.range, dayparts: dayparts.map { .init(code: $0.code, label: $0.label) },
                                staff: staff.map { .init(code: $0.code, name: $0.name) })
    }

    func remove() {
        cli.remove()
        if let postgresDatabase { PostgresTestServer.dropDatabase(postgresDatabase) }
    }

    /// The A1 name of a staff cell.
    func cell(_ date: LocalDate, daypart: String, staff: String) -> String {
        let daypartIndex = layout.dayparts.firstIndex { $0.code == daypart }!
        let staffIndex = layout.staff.firstIndex { $0.code == staff }!
        return layout.cell(row: layout.row(for: date, daypartIndex: daypartIndex), staffAt: staffIndex).a1
    }

    /// Every availability row as "date daypart staff".
    func availability() throws -> Set<String> {
        let codes = Dictionary(uniqueKeysWithValues: try store.read { try $0.staff() }.map { ($0.id, $0.code) })
        let parts = Dictionary(uniqueKeysWithValues: try store.read { try $0.dayparts() }.map { ($0.id, $0.code) })
        var rows = Set<String>()
        try store.read { session in
            try session.walkSchedule(DateRange(from: LocalDate(iso: "2026-11-01")!, to: LocalDate(iso: "2027-01-31")!)!) { day in
                for (daypart, staff) in day.available { staff.forEach { rows.insert("\(day.date.iso) \(parts[daypart]!) \(codes[$0]!)") } }
            }
        }
        return rows
    }

    /// Saves a copy of `source` with cells changed by openpyxl (nil empties a cell), plus any extra
    /// Python run on the workbook `wb` and the data sheet `ws`.
    @discardableResult
    func edit(_ source: String = "t.xlsx", to target: String, sheet: String = "Availability", cells: [String: String?] = [:],
              python extra: String = "") throws -> String {
        let assignments = cells.map { cell, value in "ws[\"\(cell)\"] = \(value.map { "\"\($0)\"" } ?? "None")" }.joined(separator: "\n")
        let script = """
            import sys, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            ws = wb[sys.argv[3]]
            \(assignments)
            \(extra)
            wb.save(sys.argv[2])
            """
        try Interop.runPython(script, arguments: [cli.path(source), cli.path(target), sheet])
        return target
    }

    /// A future slot with room to spare: someone available there can be marked unavailable
    /// without breaking a rule (capacity stays above held, and they have no visit there).
    func removableCell() throws -> (cell: String, key: String) {
        for date in DateRange(from: ImportScenario.today.adding(days: 1), to: ImportScenario.range.to)! {
            let day = try store.read { try $0.daySchedule(on: date) }
            for daypart in layout.dayparts {
                let id = try store.read { try $0.dayparts() }.first { $0.code == daypart.code }!.id
                let demand = day.demand[id] ?? SlotDemand()
                let available = day.availableStaff(daypartID: id)
                guard available.count >= demand.held + 2 else { continue }
                let staff = try store.read { try $0.staff() }
                if let member = staff.first(where: { $0.active && available.contains($0.id) && !demand.assignedStaffIDs.contains($0.id) }) {
                    return (cell(date, daypart: daypart.code, staff: member.code), "\(date.iso) \(daypart.code) \(member.code)")
                }
            }
        }
        throw Interop.Failure(description: "no removable cell in the sample")
    }

    /// A future cell where someone is not available (marking them is always allowed).
    func addableCells(_ count: Int) throws -> [(cell: String, key: String)] {
        let current = try availability()
        var found: [(String, String)] = []
        for date in DateRange(from: ImportScenario.today.adding(days: 2), to: ImportScenario.range.to)! {
            for daypart in layout.dayparts {
                for member in layout.staff where !current.contains("\(date.iso) \(daypart.code) \(member.code)") {
                    found.append((cell(date, daypart: daypart.code, staff: member.code), "\(date.iso) \(daypart.code) \(member.code)"))
                    if found.count == count { return found }
                    break
                }
            }
        }
        return found
    }

    /// Converts a file with LibreOffice (headless), as an office re-saving it would.
    func convert(_ source: String, to format: String, into folder: String, profile: String? = nil) throws -> String {
        try cli.convert(source, to: format, into: folder, profile: profile)
    }

    /// `slotsheet import FILE --json` as a dictionary, with its exit status.
    func importJSON(_ file: String, _ extra: String...) throws -> (status: Int32, report: [String: Any]) {
        let result = try cli.run(["import", file, "--json"] + extra)
        let report = (try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) as? [String: Any] ?? [:]
        return (result.status, report)
    }
}

extension CommandRunner {
    /// Converts a file in the scratch folder with LibreOffice (headless), as an office re-saving it
    /// would; returns its path relative to the folder.
    func convert(_ source: String, to format: String, into folder: String, profile: String? = nil) throws -> String {
        guard let soffice = Interop.program(named: "soffice") else { throw Interop.Failure(description: "soffice is not installed") }
        let outdir = path(folder)
        try FileManager.default.createDirectory(atPath: outdir, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = soffice
        process.arguments = ["-env:UserInstallation=file://\(profile ?? path("lo-profile-\(folder)"))", "--headless", "--convert-to", format,
                             "--outdir", outdir, path(source)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let name = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent + "." + format
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: "\(outdir)/\(name)") else {
            throw Interop.Failure(description: "soffice could not convert \(source) to \(format)")
        }
        return "\(folder)/\(name)"
    }
}
