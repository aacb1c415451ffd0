import ArgumentParser
import Foundation
import Logging
import SlotSheetCore

struct NightlyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nightly",
        abstract: "The unattended nightly export: today's files into OUT/YYYY-MM-DD/, with a manifest.",
        discussion: """
            Without --exports: the availability template and utilisation for the next 14 days, the
            requests changed in the last 24 hours, and yesterday's imports (all .xlsx). A file whose
            content has not changed since the previous run is linked, not written, and logged as
            "unchanged". The day's folder appears complete or not at all. A second run while one is
            going exits at once with code 6. One log line per event on standard output.

            Examples:
              slotsheet nightly --out /srv/slotsheet/exports --keep 30
              slotsheet nightly --out exports --exports Samples/nightly.json
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Option(help: ArgumentHelp("The folder that holds one folder per day (made if missing).", valueName: "DIR"))
    var out: String

    @Option(help: "Remove day folders older than this many days.")
    var keep = 30

    @Option(help: ArgumentHelp("A JSON file listing the exports (see Samples/nightly.json).", valueName: "FILE"))
    var exports: String?

    func run() throws {
        let context = try settings.load()
        guard keep >= 0 else { throw CommandFailure(.usage, .keepNegative) }
        let clock = context.clock
        LoggingSystem.bootstrap { LineLogHandler(label: $0, clock: clock) }
        let logger = Logger(label: "nightly")
        let configuration = try exports.map { try NightlyConfiguration(file: $0) } ?? .standard
        do {
            let summary = try NightlyJob(store: try store.openMigrated(), rules: context.rules, logger: logger,
                                       paper: context.settings.office.paperSize, csvDialect: context.settings.office.effectiveCSVDialect)
                .run(outputFolder: out, keepDays: keep, configuration: configuration)
            let written = summary.files.filter { $0.status == .written }.count
            logger.info("done: \(written) written, \(summary.files.count - written) unchanged, \(summary.pruned.count) pruned")
        } catch let error as NightlyError {
            throw error
        } catch let error as ReportableError {
            logger.error("\(error.message(context.language))")
            throw error
        }
    }
}
