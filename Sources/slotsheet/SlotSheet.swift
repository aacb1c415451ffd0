import ArgumentParser
import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// The command-line interface: parses arguments, calls SlotSheetCore, prints. No domain logic here.
@main
struct SlotSheet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slotsheet",
        abstract: "Staff-availability spreadsheets in and out of the repair-request database.",
        discussion: """
            Examples:
              slotsheet db init
              slotsheet db seed --sample
              slotsheet db status
              slotsheet template export --from today --to +27 --all-staff -o avail.xlsx

              slotsheet config show

            The database is --db sqlite:PATH (default ./slotsheet.sqlite) or $SLOTSHEET_DB.
            The office's settings (booking window, time zone, language...) are read from
            --config FILE, $SLOTSHEET_CONFIG or /etc/slotsheet/config.toml; 'slotsheet
            config show' prints them. SLOTSHEET_TODAY=YYYY-MM-DD fixes "today".
            """,
        // This build's version, the schema it creates and the C libraries it runs with.
        version: VersionReport.current.text,
        subcommands: [DatabaseCommand.self, TemplateCommand.self, ExportCommand.self, ImportCommand.self, StaffCommand.self, DaypartsCommand.self, CatalogueCommand.self, RequestsCommand.self, HistoryCommand.self, ReportCommand.self, NightlyCommand.self, InspectCommand.self, ConfigCommand.self, ServeCommand.self, UserCommand.self, NoticesCommand.self])

    /// Runs the command and exits with the code of `ExitStatus` that fits the outcome. `serve` runs
    /// asynchronously (`AsyncParsableCommand`); every other command on the main thread as it is.
    static func main() async {
        // `slotsheet --version` alone is answered before the parser builds its command tree: that
        // walk reflects over every option, and each type's first conformance check scans every
        // conformance record of the binary, most of a start (Benchmarks/startup/). Same text.
        if CommandLine.arguments.dropFirst().elementsEqual(["--version"]) {
            print(VersionReport.current.text)
            Foundation.exit(ExitStatus.success.rawValue)
        }
        if let help = ImportCommand.groupHelp(for: Array(CommandLine.arguments.dropFirst())) {
            print(help)
            Foundation.exit(ExitStatus.success.rawValue)
        }
        let status: ExitStatus
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            status = .success
        } catch let error as ReportableError {
            Terminal.error(error.message(Terminal.language))
            status = error.exitStatus
        } catch {
            status = report(error)
        }
        Foundation.exit(status.rawValue)
    }

    /// Help, version and argument errors from the parser; anything else is a bug worth its message.
    private static func report(_ error: any Error) -> ExitStatus {
        let code = exitCode(for: error)
        let text = fullMessage(for: error)
        if code == .success {
            if !text.isEmpty { print(text) }
            return .success
        }
        if code == .validationFailure {
            Terminal.error(text)
            return .usage
        }
        if let status = ExitStatus(rawValue: code.rawValue) {
            return status
        }
        Terminal.error(text.isEmpty ? String(describing: error) : text)
        return .database
    }
}

/// Where messages go: results to standard output, problems to standard error.
enum Terminal {
    /// The language messages are in: the locale's until a command has read its settings
    /// (`SettingsOptions.load`), then the settings'. Set once, on the main thread, before any work.
    nonisolated(unsafe) static var language: Language =
        SettingsLoader.localeLanguage(ProcessInfo.processInfo.environment)?.language ?? .en

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("slotsheet: \(message)\n".utf8))
    }
}
