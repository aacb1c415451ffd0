/// One .ods sheet's rows as the reading completes them, waiting to be handed out, with the columns and
/// merges found so far. A row that `table:number-rows-repeated` repeats is kept once with its count and
/// handed out once a repeat, so a repeat costs memory for one row whatever its count.
final class ODSTableBuffer {
    /// A row and how many times it stands in a row.
    struct Run {
        var row: XLSXRow
        var repeats: Int
    }

    let position: Int
    private var runs: [Run] = []
    private var head = 0
    private var handedOutOfHead = 0
    /// Rows up to this index were handed out by an earlier reading and are not handed out again.
    var skipThrough = 0
    var hiddenColumns: [ClosedRange<Int>] = []
    var mergedRanges: [CellRange] = []
    /// The first row has begun (the column settings before it are all known), or the sheet has ended.
    var reachedRows = false
    var finished = false

    init(position: Int) { self.position = position }

    var bufferedRowCount: Int { runs.count - head }

    func append(_ row: XLSXRow, repeats: Int) {
        runs.append(Run(row: row, repeats: repeats))
    }

    /// The next row, or nil when none is buffered.
    func popRow() -> XLSXRow? {
        while head < runs.count {
            let run = runs[head]
            if handedOutOfHead >= run.repeats {
                head += 1
                handedOutOfHead = 0
                continue
            }
            let index = run.row.index + handedOutOfHead
            if index <= skipThrough {
                handedOutOfHead += min(run.repeats - handedOutOfHead, skipThrough - index + 1)
                continue
            }
            handedOutOfHead += 1
            if index == run.row.index { return run.row }
            var row = run.row
            row.index = index
            for position in row.cells.indices { row.cells[position].row = index }
            return row
        }
        runs.removeAll(keepingCapacity: true)
        head = 0
        handedOutOfHead = 0
        return nil
    }
}
