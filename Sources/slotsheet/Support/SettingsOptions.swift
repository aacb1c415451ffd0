import ArgumentParser
import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// `--config`, `--set` and `--lang`, on every command: the settings are read and checked before a
/// command does anything, and a mistake in them stops it with exit code 2.
struct SettingsOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The settings file (TOML; default: $SLOTSHEET_CONFIG, else /etc/slotsheet/config.toml if it exists).",
        valueName: "FILE"))
    var config: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("Override one setting (repeatable).", valueName: "section.key=value"))
    var overrides: [String] = []

    @Option(name: .customLong("lang"), help: "Language of workbooks and messages: en or nl (default: office.language, else the locale).")
    var language: Language?

    /// Loads the settings and the office's clock and rules; from here on, messages are in the
    /// settings' language. `options` are a command's own flags for settings (`serve --listen`).
    func load(options: [(key: SettingKey, option: String, value: String)] = []) throws -> CommandContext {
        var known = language
        defer { Terminal.language = known ?? Terminal.language }
        var loader = SettingsLoader(configFlag: config, overrides: overrides, languageFlag: language)
        loader.commandOptions = options
        let settings = try loader.load(languageSoFar: &known)
        let clock = try settings.clock()
        return CommandContext(settings: settings, clock: clock, rules: settings.officeRules(clock: clock))
    }
}

/// What a command works with once its settings are read.
struct CommandContext {
    let settings: Settings
    let clock: OfficeClock
    let rules: OfficeRules

    var language: Language { settings.office.language }
    var words: Words { language.words }

    /// Prints a result line in the office's language.
    func say(_ message: CommandMessage) {
        print(message.text(language))
    }
}

/// `slotsheet config show`: the settings in effect and where each one came from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the settings in effect.",
        discussion: """
            Example:
              slotsheet config show --config Samples/slotsheet.toml
            """,
        subcommands: [ShowConfig.self])
}

struct ShowConfig: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print every setting, its value and where it came from (default, file:line, environment, flag).",
        discussion: """
            The output is a settings file: copy it to /etc/slotsheet/config.toml to start one.

            Examples:
              slotsheet config show
              slotsheet config show --config /etc/slotsheet/office.toml --set booking.min_days_ahead=2
            """)

    @OptionGroup var settings: SettingsOptions

    func run() throws {
        let context = try settings.load()
        let language = context.language
        context.say(.settingsHeader(file: context.settings.file))
        let rows = context.settings.effective
        let width = rows.map { $0.key.name.count + 3 + $0.value.count }.max() ?? 0
        var section = ""
        for row in rows {
            if row.key.section != section {
                section = row.key.section
                print("\n[\(section)]")
            }
            let assignment = "\(row.key.name) = \(row.value)"
            print("\(assignment.padding(toLength: width, withPad: " ", startingAt: 0))  # \(row.origin.text(language))")
        }
    }
}
