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

    /// Which staff; checked here rather than in `validate()`, so the message is in the office's language.
    func selection() throws -> StaffSelection {
        guard allStaff != (staff != nil) else { throw CommandFailure(.usage, .staffChoice) }
        return .chosen(all: allStaff, list: staff ?? "")
    }
}
