import ArgumentParser
import Foundation
import XLSXReader
import SlotSheetTemplates

/// `slotsheet inspect FILE`: what a workbook (.xlsx or .ods) holds, read the way an import reads it.
/// Without `--cells` a summary (reading every cell, so a damaged sheet is found); with `--cells` every
/// non-empty cell as a JSON line in the format of the test corpus.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show the sheets of an .xlsx or .ods file, or every cell as JSON lines.",
        discussion: """
            Reads every cell either way, so a damaged or hostile file is refused here as
            an import would refuse it (exit codes 10 to 16, see the README).

            Examples:
              slotsheet inspect availability.xlsx
              slotsheet inspect availability.ods --sheet "Week 12" --cells > cells.jsonl
            """)

    @OptionGroup var settings: SettingsOptions

    @Argument(help: "The workbook: .xlsx or .ods (told apart by content, whatever its name).")
    var file: String

    @Option(help: "Only this sheet (by name).")
    var sheet: String?

    @Flag(help: """
        Print every non-empty cell as a JSON line: {"sheet": ..., "cell": "B3", "type": "n", "value": 4.5}. \
        A refused file prints one line, {"error": "corrupt"} or {"error": "encrypted"}.
        """)
    var cells = false

    func run() throws {
        let context = try settings.load()
        do {
            let book = try Workbook(path: file)
            let chosen = try selectedSheets(of: book)
            if cells {
                // Read everything once before printing, so a file refused half-way prints only its verdict.
                _ = try chosen.map { (sheet) throws(XLSXError) in try SheetStatistics(of: sheet, in: book) }
                try printCells(of: chosen, in: book)
            } else {
                printSummary(of: book, language: context.language, sheets: try chosen.map { (sheet) throws(XLSXError) in try SheetStatistics(of: sheet, in: book) })
            }
        } catch let error as XLSXError {
            if cells, let line = CellJSONLines.refusal(error) { print(line) }
            throw CommandFailure(error.exitStatus, .aboutFile(file: file, message: error.text(context.language)))
        }
    }

    private func selectedSheets(of book: Workbook) throws -> [SheetInfo] {
        guard let name = sheet else { return book.sheets }
        guard let found = book.sheet(named: name) else {
            throw CommandFailure(.usage, .noSuchSheet(file: file, sheet: name, sheets: book.sheets.map(\.name)))
        }
        return [found]
    }

    private func printCells(of sheets: [SheetInfo], in book: Workbook) throws(XLSXError) {
        var output: [UInt8] = []
        output.reserveCapacity(1 << 17)
        for sheet in sheets {
            var rows = try book.rows(of: sheet)
            while let row = try rows.next() {
                for cell in row.cells { CellJSONLines.append(sheet: sheet.name, cell: cell, to: &output) }
                if output.count >= 1 << 16 {
                    FileHandle.standardOutput.write(Data(output))
                    output.removeAll(keepingCapacity: true)
                }
            }
        }
        FileHandle.standardOutput.write(Data(output))
    }

    private func printSummary(of book: Workbook, language: Language, sheets: [SheetStatistics]) {
        let say = { (message: CommandMessage) in print(message.text(language)) }
        print(file)
        say(.summaryFormat(ods: book.format == .ods))
        let writer = [book.application, book.applicationVersion].compactMap { $0 }.joined(separator: " ")
        say(.summaryWriter(writer.isEmpty ? nil : writer))
        say(.summaryDateSystem(year: book.uses1904DateSystem ? 1904 : 1900))
        if !book.definedNames.isEmpty { say(.summaryDefinedNames(book.definedNames.map(\.name))) }
        for (name, value) in book.customProperties.sorted(by: { $0.key < $1.key }) {
            say(.summaryProperty(name: name, value: "\(value)"))
        }
        say(.summarySheetCount(book.sheets.count))
        let width = sheets.map(\.sheet.name.count).max() ?? 0
        for statistics in sheets {
            let info = statistics.sheet
            var line = "    \(info.position + 1). \(info.name.padding(toLength: width, withPad: " ", startingAt: 0))"
            line += "  \(info.state.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))"
            if info.kind != .worksheet {
                line += "  " + CommandMessage.summaryNoCells(kind: info.kind.rawValue).text(language)
            } else {
                line += "  " + CommandMessage.summaryCounts(cells: grouped(statistics.cells), rows: grouped(statistics.rows)).text(language)
                if let range = statistics.usedRange { line += "  \(range.a1)" }
                let extras = CommandMessage.summaryHidden(rows: statistics.hiddenRows, columns: statistics.hiddenColumns,
                                                          mergedRanges: statistics.mergedRanges).text(language)
                if !extras.isEmpty { line += " (\(extras))" }
            }
            print(line)
        }
    }

    private func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

/// What the summary says about one sheet, gathered by reading every cell.
private struct SheetStatistics {
    let sheet: SheetInfo
    var cells = 0
    var rows = 0
    var hiddenRows = 0
    var hiddenColumns = 0
    var mergedRanges = 0
    var usedRange: CellRange?

    init(of sheet: SheetInfo, in book: Workbook) throws(XLSXError) {
        self.sheet = sheet
        var reader = try book.rows(of: sheet)
        var first = CellReference(row: Int.max, column: Int.max), last = CellReference(row: 0, column: 0)
        while let row = try reader.next() {
            if row.isHidden { hiddenRows += 1 }
            guard let leftmost = row.cells.first, let rightmost = row.cells.last else { continue }
            rows += 1
            cells += row.cells.count
            first.row = min(first.row, row.index)
            last.row = max(last.row, row.index)
            first.column = min(first.column, leftmost.column, rightmost.column)
            last.column = max(last.column, leftmost.column, rightmost.column)
        }
        hiddenColumns = reader.hiddenColumns.reduce(0) { $0 + $1.count }
        mergedRanges = reader.mergedRanges.count
        if cells > 0 { usedRange = CellRange(first: first, last: last) }
    }
}
