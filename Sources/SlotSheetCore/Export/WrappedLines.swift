/// How many lines a wrapping text takes in a column, so a workbook sets its rows' heights itself:
/// no spreadsheet program sizes the rows of a file on opening, so without this the lines print
/// over the next row. Shared by the reports and the requests workbook.
enum WrappedLines {
    /// Each line of `text`, wrapped at a column `width` digits wide (text averages 1/1.15 of the
    /// digit a width counts).
    static func count(_ text: String, width: Double) -> Int {
        let perLine = max(1, Int(width * 1.15))
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { max(1, ($0.count + perLine - 1) / perLine) }.reduce(0, +)
    }
}
