import Foundation
import XLSXReader

/// A template's hidden sheet being read on a thread of its own (`TemplateMetadataReader.read`): what
/// opening waits for is only its head (the layout, the range, the data sheet), which a template exported
/// since 0.10.0 gives before its row records, so the cells' parse and a dry run's database read start
/// while the rows are still being read; the rows (`RecordedRowsCheck`) are waited for by whoever needs
/// them. For an older template the head is known only once every record has been read.
final class TemplateMetadataReading: Sendable {
    private let head = PendingResult<TemplateFile>()
    private let whole = PendingResult<(file: TemplateFile, rows: RecordedRowsCheck)>()

    /// Starts reading `book`'s hidden sheet; `book` is this reading's alone until it is `finished`.
    /// `describe` turns what the reader threw into the error opening reports.
    init(_ book: Workbook, describe: @escaping @Sendable (any Error) -> any Error) {
        let box = UncheckedBox(book)
        Thread.detachNewThread { [head, whole] in
            let result = Result { () throws -> (file: TemplateFile, rows: RecordedRowsCheck) in
                do {
                    let (file, rows) = try TemplateMetadataReader.read(box.value) { known in head.give(.success(known)) }
                    return (file, RecordedRowsCheck(rows))
                } catch {
                    throw describe(error)
                }
            }
            whole.give(result)
            // An older template's head, known only now, or what the reading threw before its head;
            // nothing when the head was given before the rows.
            head.give(result.map(\.file))
        }
    }

    /// The template as known before its rows (its fingerprint empty), or what the reading threw before
    /// it got that far.
    func knownHead() throws -> TemplateFile {
        try head.wait()
    }

    /// Whether the reading has ended (and let go of its workbook).
    var isFinished: Bool { whole.isGiven }

    /// Waits for the whole sheet: the template (with its fingerprint, its rows' snapshot still empty)
    /// and its rows to check, or what the reading threw.
    func finished() throws -> (file: TemplateFile, rows: RecordedRowsCheck) {
        try whole.wait()
    }
}
