import ArgumentParser
import Foundation
import SlotSheetCore
import SlotSheetTemplates

extension AppUser.Role: ExpressibleByArgument {}

/// `slotsheet user add|list|disable|token`: the people who sign in to the web front.
struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Manage the web front's users and their API tokens.",
        discussion: """
            Examples:
              slotsheet user add maria --role office
              printf '%s\\n' "$PASSWORD" | slotsheet user add ops --role admin --password-stdin
              slotsheet user list
              slotsheet user token maria
              slotsheet user disable maria
            """,
        subcommands: [AddUser.self, ListUsers.self, DisableUser.self, UserToken.self])
}

/// Runs a user job and reports its refusals in the chosen language (exit 2: the name or password given).
private func reportingUserErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as UserError {
        throw CommandFailure(.usage, .userRefused(error))
    }
}

/// The options of a command about one user who exists: the database, the settings and the name.
struct ExistingUserOptions: ParsableArguments {
    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Argument(help: "The user's name.")
    var name: String

    /// Loads the settings, opens the database (migrated) and runs `job` on its users with the name,
    /// reporting their refusals; the job's result and the command's context for what it says.
    func run<T>(_ job: (UserDirectory, String) throws -> T) throws -> (T, CommandContext) {
        let context = try settings.load()
        let users = UserDirectory(store: try store.openMigrated(), clock: context.clock)
        return (try reportingUserErrors { try job(users, name) }, context)
    }
}

struct AddUser: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a user who signs in with a password (asked twice, or one line on standard input).",
        discussion: """
            Example:
              slotsheet user add maria --role office
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Argument(help: "The name to sign in with: letters, digits, '.', '-', '_' or '@'.")
    var name: String

    @Option(help: "office (templates, uploads, history) or admin (also undo, everyone's uploads, users).")
    var role: AppUser.Role

    @Flag(help: "Read the password from the first line of standard input (for scripts).")
    var passwordStdin = false

    func run() throws {
        let context = try settings.load()
        let password = try PasswordInput.read(fromStandardInput: passwordStdin)
        let users = UserDirectory(store: try store.openMigrated(), clock: context.clock)
        let user = try reportingUserErrors { try users.add(name: name, role: role, password: password) }
        context.say(.userAdded(name: user.name, role: user.role.rawValue))
    }
}

struct ListUsers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the users: name, role, active, API token set.",
        discussion: """
            Example:
              slotsheet user list
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    func run() throws {
        let context = try settings.load()
        let users = try UserDirectory(store: try store.openMigrated(forReading: true), clock: context.clock).list()
        guard !users.isEmpty else {
            context.say(.noUsers)
            return
        }
        context.say(.usersHeader)
        for user in users {
            context.say(.userRow(name: user.name, role: user.role.rawValue, active: user.active, hasToken: user.tokenSHA256 != nil, created: context.clock.moment(user.createdAt)))
        }
    }
}

struct DisableUser: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Stop a user signing in; their sessions and token stop working at once.",
        discussion: """
            Example:
              slotsheet user disable maria
            """)

    @OptionGroup var user: ExistingUserOptions

    func run() throws {
        let (_, context) = try user.run { users, name in try users.disable(name: name) }
        context.say(.userDisabled(name: user.name))
    }
}

struct UserToken: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Make a new API token for a user (replacing any earlier one) and print it once.",
        discussion: """
            Only the token's SHA-256 is stored: keep the printed token, it cannot be shown again.
            Scripts send it as 'Authorization: Bearer TOKEN'.

            Example:
              slotsheet user token maria
            """)

    @OptionGroup var user: ExistingUserOptions

    func run() throws {
        let (token, _) = try user.run { users, name in try users.newToken(for: name) }
        print(token)
    }
}

/// A password from standard input (`--password-stdin`: its first line) or typed twice at a terminal, unseen.
enum PasswordInput {
    static func read(fromStandardInput: Bool) throws -> String {
        if fromStandardInput {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw CommandFailure(.usage, .noPasswordGiven)
            }
            return line
        }
        guard isatty(STDIN_FILENO) == 1, let first = getpass("Password: ").map({ String(cString: $0) }),
              let second = getpass("Password again: ").map({ String(cString: $0) }) else {
            throw CommandFailure(.usage, .noPasswordGiven)
        }
        guard first == second else { throw CommandFailure(.usage, .passwordsDiffer) }
        return first
    }
}
