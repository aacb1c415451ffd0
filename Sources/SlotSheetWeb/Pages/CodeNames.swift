import SlotSheetCore

/// The names and labels behind staff and daypart codes, so a preview shows "ANB" with "Anouk
/// Bakker" and "D09" with "09:00-10:00", as the template does. Read with the page (a GET reads only).
struct CodeNames: Sendable {
    var staff: [String: String] = [:]
    var dayparts: [String: String] = [:]

    static func read(_ session: some ScheduleSession) throws -> CodeNames {
        CodeNames(staff: Dictionary(try session.staff().map { ($0.value.code, $0.value.name) }, uniquingKeysWith: { first, _ in first }),
                  dayparts: Dictionary(try session.dayparts().map { ($0.value.code, $0.value.label) }, uniquingKeysWith: { first, _ in first }))
    }

    /// "ANB (Anouk Bakker)", or the code alone when it has no name.
    func staffLine(_ code: String) -> String {
        guard let name = staff[code], !name.isEmpty, name != code else { return code }
        return "\(code) (\(name))"
    }
}
