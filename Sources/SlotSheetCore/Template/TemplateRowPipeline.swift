import Foundation

/// Writes template rows on a thread of its own while the caller reads the next days from the
/// database: on two cores the database read of a year (a tenth of the export's work) happens
/// beside libxlsxwriter's writing instead of before each day of it. Rows go over in days, at
/// most `capacity` days ahead, so memory stays flat however long the range.
///
///     let pipeline = TemplateRowPipeline(workbook: workbook)
///     try pipeline.submit(dayRows)          // repeated; blocks while the writer is behind
///     try pipeline.finish()                 // waits for the last row; rethrows the writer's error
///
/// The workbook belongs to the writer thread from the first `submit` to the end of `finish` or
/// `cancel`; the caller uses it again only after them.
final class TemplateRowPipeline: @unchecked Sendable {
    struct Row {
        let content: TemplateWorkbook.RowContent
        let daypartIndex: Int
    }

    /// Days the reader may be ahead of the writer.
    static let capacity = 8

    private let workbook: TemplateWorkbook
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var days: [[Row]] = []
    private var noMoreDays = false
    private var writerDone = false
    private var failure: (any Error)?
    private var started = false

    init(workbook: TemplateWorkbook) {
        self.workbook = workbook
    }

    /// Hands one day's rows to the writer, starting it on the first call; throws the writer's
    /// error as soon as it has one.
    func submit(_ rows: [Row]) throws {
        condition.lock()
        defer { condition.unlock() }
        if !started {
            started = true
            let thread = Thread { [self] in writeAll() }
            thread.name = "slotsheet template writer"
            thread.start()
        }
        while days.count >= TemplateRowPipeline.capacity, failure == nil {
            condition.wait()
        }
        if let failure { throw failure }
        days.append(rows)
        condition.broadcast()
    }

    /// Waits until every submitted row is written; throws the writer's error if it had one.
    func finish() throws {
        condition.lock()
        defer { condition.unlock() }
        noMoreDays = true
        condition.broadcast()
        while started, !writerDone { condition.wait() }
        if let failure { throw failure }
    }

    /// Stops the writer after the row it is writing (the export failed elsewhere) and waits for it.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        days.removeAll()
        noMoreDays = true
        condition.broadcast()
        while started, !writerDone { condition.wait() }
    }

    private func writeAll() {
        while let day = nextDay() {
            do {
                for row in day { try workbook.writeRow(row.content, daypartIndex: row.daypartIndex) }
            } catch {
                condition.lock()
                failure = error
                days.removeAll()
                condition.unlock()
                break
            }
        }
        condition.lock()
        writerDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next day to write, waiting for one; nil once there are no more (or the writer failed).
    private func nextDay() -> [Row]? {
        condition.lock()
        defer { condition.unlock() }
        while days.isEmpty, !noMoreDays, failure == nil { condition.wait() }
        guard failure == nil, !days.isEmpty else { return nil }
        let day = days.removeFirst()
        condition.broadcast()
        return day
    }
}
