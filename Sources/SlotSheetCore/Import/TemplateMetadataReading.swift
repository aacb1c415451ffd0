import Foundation
import XLSXReader

/// A template's hidden sheet being read on a thread of its own (`TemplateMetadataReader.read`): what
/// opening waits for is only its head (the layout, the range, the data sheet), which a template exported
/// since 0.10.0 gives before its row records, so the cells' parse and a dry run's database read start
/// while the rows are still being read; the rows (`RecordedRowsCheck`) are waited for by whoever needs
/// them. For an older template the head is known only once every record has been read.
final class TemplateMetadataReading: @unchecked Sendable {
    private let condition = NSCondition()
    private var head: Result<TemplateFile, any Error>?
    private var outcome: Result<(file: TemplateFile, rows: RecordedRowsCheck), any Error>?

    /// Starts reading `book`'s hidden sheet; `book` is this reading's alone until it is `finished`.
    /// `describe` turns what the reader threw into the error opening reports.
    init(_ book: Workbook, describe: @escaping @Sendable (any Error) -> any Error) {
        let box = UncheckedBox(book)
        Thread.detachNewThread { [self] in
            let result = Result { () throws -> (file: TemplateFile, rows: RecordedRowsCheck) in
                do {
                    let (file, rows) = try TemplateMetadataReader.read(box.value) { head in self.announce(.success(head)) }
                    return (file, RecordedRowsCheck(rows))
                } catch {
                    throw describe(error)
                }
            }
            condition.lock()
            outcome = result
            if head == nil { head = result.map(\.file) }
            condition.broadcast()
            condition.unlock()
        }
    }

    private func announce(_ known: Result<TemplateFile, any Error>) {
        condition.lock()
        head = known
        condition.broadcast()
        condition.unlock()
    }

    /// The template as known before its rows (its fingerprint empty), or what the reading threw before
    /// it got that far.
    func knownHead() throws -> TemplateFile {
        condition.lock()
        defer { condition.unlock() }
        while head == nil { condition.wait() }
        return try head!.get()
    }

    /// Whether the reading has ended (and let go of its workbook).
    var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return outcome != nil
    }

    /// Waits for the whole sheet: the template (with its fingerprint, its rows' snapshot still empty)
    /// and its rows to check, or what the reading threw.
    func finished() throws -> (file: TemplateFile, rows: RecordedRowsCheck) {
        condition.lock()
        defer { condition.unlock() }
        while outcome == nil { condition.wait() }
        return try outcome!.get()
    }
}
