import ArgumentParser
import SlotSheetCore
import Foundation
import SlotSheetTemplates

extension Language: ExpressibleByArgument {}

/// `--all-staff` or `--staff CODE,...`: exactly one.
struct StaffOptions: ParsableArguments {
    @Flag(help: "Every active staff member, by code.")
    var allStaff = false

    @Option(help: ArgumentHelp("Only these staff members, in this order.", valueName: "CODE,..."))
    var staff: String?

    func validate() throws {
        guard allStaff != (staff != nil) else {
            throw ValidationError("Give exactly one of --all-staff or --staff CODE,...")
        }
    }

    var selection: StaffSelection {
        guard let staff else { return .allActive }
        return .codes(staff.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
}

/// `--lang en|nl`, the language of everything the office reads.
struct LanguageOption: ParsableArguments {
    @Option(name: .customLong("lang"), help: "Language of the workbook and messages: en or nl.")
    var language: Language = .en
}

extension LanguageOption {
    /// Runs `body`, which writes a file; a failure to write it is said in this language (exit 7).
    func writing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as OutputError {
            throw CommandFailure(exitStatus: .outputFailed, message: language == .nl ? error.problem.dutch : error.problem.english)
        }
    }
}
