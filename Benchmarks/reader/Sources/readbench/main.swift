// Reads every cell of every worksheet of FILE (.xlsx or .ods) and prints the rows and cells read.
//   readbench FILE
import XLSXReader

let book = try Workbook(path: CommandLine.arguments[1])
var cells = 0, rowsRead = 0
for sheet in book.sheets where sheet.kind == .worksheet {
    var rows = try book.rows(of: sheet)
    while let row = try rows.next() {
        cells += row.cells.count
        rowsRead += 1
    }
}
print(rowsRead, cells)
