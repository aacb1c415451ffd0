import ArgumentParser
import Foundation
import SlotSheetCore

struct DatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Create, fill and inspect the repair-request database.",
        discussion: """
            Examples:
              slotsheet db init --db sqlite:/var/lib/slotsheet/repairs.sqlite
              slotsheet db seed --sample
              slotsheet db status
            """,
        subcommands: [InitDatabase.self, SeedDatabase.self, DatabaseStatus.self])
}

struct InitDatabase: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the database or migrate it to this version's schema (safe to run again).",
        discussion: """
            Example:
              slotsheet db init --db sqlite:/var/lib/slotsheet/repairs.sqlite
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    func run() throws {
        let context = try settings.load()
        let database = try store.open(create: true)
        let version = try database.migrate()
        context.say(.schemaVersion(location: "\(database.location)", version: version))
    }
}

struct SeedDatabase: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Load the built-in sample data, or a large synthetic dataset for benchmarks.",
        discussion: """
            Both upsert on natural keys, so running them twice leaves the same database.
            Sample dates are relative to today (SLOTSHEET_TODAY fixes it).

            Examples:
              slotsheet db seed --sample
              slotsheet db seed --synthetic --staff 250 --from today --to +365 --seed 7
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Flag(help: "Load the sample repair-request database built into slotsheet.")
    var sample = false

    @Flag(help: "Generate a large, reproducible dataset (needs --staff, --from, --to).")
    var synthetic = false

    @Option(help: "Synthetic: number of staff members.")
    var staff: Int?

    @Option(parsing: .unconditional, help: "Synthetic: first date (YYYY-MM-DD, today or +N/-N).")
    var from: String?

    @Option(parsing: .unconditional, help: "Synthetic: last date, included.")
    var to: String?

    @Option(help: "Synthetic: random seed; the same seed gives the same data.")
    var seed: UInt64 = 1

    @Option(help: "Synthetic: mean share of each slot's capacity that is booked (0 to 0.95).")
    var fill: Double = 0.4

    /// The choices, checked here rather than in `validate()`, so the message is in the office's language.
    private func check() throws {
        guard sample != synthetic else { throw CommandFailure(.usage, .seedChoice) }
        if synthetic {
            guard let staff, staff > 0, from != nil, to != nil else { throw CommandFailure(.usage, .syntheticNeeds) }
            guard (0...0.95).contains(fill) else { throw CommandFailure(.usage, .fillOutOfRange) }
        }
    }

    func run() throws {
        let context = try settings.load()
        try check()
        let clock = context.clock
        let database = try store.openMigrated()
        let started = Date()
        let summary: SeedSummary
        if synthetic, let staff, let from, let to {
            let range = try DateRangeText(from: from, to: to).resolve(clock)
            let dataset = try SyntheticDataset(staffCount: staff, range: range, seed: seed, fill: fill, clock: clock)
            summary = try Seeder.load(dataset, into: database)
        } else {
            summary = try Seeder.load(try SampleDataset(clock: clock), into: database)
        }
        context.say(.seeded(synthetic: synthetic, seconds: Date().timeIntervalSince(started),
                            availability: summary.availability, requests: summary.requests))
    }
}

struct DatabaseStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the schema version, the database system and its settings, and the rows of every table.",
        discussion: """
            Example:
              slotsheet db status --db sqlite:demo/slotsheet.sqlite
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    func run() throws {
        let context = try settings.load()
        let database = try store.open(forReading: true)
        let version = try database.schemaVersion()
        context.say(.status(location: "\(database.location)", version: version, current: Schema.version))
        context.say(.engine(try database.engine()))
        guard version > 0 else {
            context.say(.noTables)
            return
        }
        let counts = try database.read { try $0.tableCounts() }
        let width = counts.map(\.table.count).max() ?? 0
        for (table, rows) in counts {
            print("  \(table.padding(toLength: width, withPad: " ", startingAt: 0))  \(String(rows).leftPadded(to: 9))")
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
