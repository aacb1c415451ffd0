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
    /// After a text cut to fit a cell (Excel holds 32,767 characters): how long it was.
    public var textCut: @Sendable (_ characters: Int) -> String
    /// The last row of a copy cut to fit a sheet (1,048,576 rows): how many lines are shown.
    public var linesCut: @Sendable (_ shown: Int) -> String
    /// Below a problem list that shows only the first ones.
    public var problemsCut: @Sendable (_ shown: Int, _ total: Int) -> String
}

/// A count with thousands grouped as each language writes it: "1,048,575" / "1.048.575".
public func groupedNumber(_ number: Int, separator: Character) -> String {
    let digits = String(number.magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(separator) }
        grouped.append(digit)
    }
    return (number < 0 ? "-" : "") + grouped
}

extension ImportWords {
    public static let english = ImportWords(
        errorsSheet: "Errors",
        errorsHeaders: ("Where", "Slot", "Problem", "How to fix it"),
        perDateTitle: "Per date",
        perStaffTitle: "Per staff member",
        nobody: "nobody",
        textCut: { "[cut here: the text has \(groupedNumber($0, separator: ",")) characters, more than a cell holds]" },
        linesCut: { "The file has more lines than a sheet holds: the first \(groupedNumber($0, separator: ",")) are shown." },
        problemsCut: { "The first \(groupedNumber($0, separator: ",")) of \(groupedNumber($1, separator: ",")) problems are listed; fix these and upload the file again to see the rest." })

    public static let dutch = ImportWords(
        errorsSheet: "Fouten",
        errorsHeaders: ("Waar", "Tijdvak", "Probleem", "Zo lost u het op"),
        perDateTitle: "Per datum",
        perStaffTitle: "Per medewerker",
        nobody: "niemand",
        textCut: { "[hier ingekort: de tekst telt \(groupedNumber($0, separator: ".")) tekens, meer dan een cel bevat]" },
        linesCut: { "Het bestand heeft meer regels dan een blad bevat: de eerste \(groupedNumber($0, separator: ".")) staan hier." },
        problemsCut: { "De eerste \(groupedNumber($0, separator: ".")) van \(groupedNumber($1, separator: ".")) problemen staan hier; los deze op en upload het bestand opnieuw om de rest te zien." })
}
