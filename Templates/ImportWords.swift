/// The fixed words of an import: the error workbook's sheet and column titles and the titles of
/// the command's summary. The sentences of an import (each problem, its fix, the summaries) take
/// values, so they are written in the core beside the cases that name those values
/// (`ImportProblem`, `StaleChange`, `ImportReportLine`).
public struct ImportWords: Sendable {
    public var errorsSheet: String
    public var errorsHeaders: (place: String, key: String, problem: String, fix: String)
    public var perDateTitle: String
    public var perStaffTitle: String
    /// In a list of the staff with a visit, when there is none.
    public var nobody: String
}

extension ImportWords {
    public static let english = ImportWords(
        errorsSheet: "Errors",
        errorsHeaders: ("Where", "Slot", "Problem", "How to fix it"),
        perDateTitle: "Per date",
        perStaffTitle: "Per staff member",
        nobody: "nobody")

    public static let dutch = ImportWords(
        errorsSheet: "Fouten",
        errorsHeaders: ("Waar", "Tijdvak", "Probleem", "Zo lost u het op"),
        perDateTitle: "Per datum",
        perStaffTitle: "Per medewerker",
        nobody: "niemand")
}
