import Foundation
import SlotSheetTemplates
import XLSXWriter

/// `slotsheet requests export -o FILE.xlsx`: the queue as a `RequestWorkbook`, from one read
/// snapshot, under a temporary name, recorded in `export_run` and then renamed, as the CSV is.
extension RequestQueueExporter {
    /// The queue as the file `path` names: an .xlsx workbook, else the CSV in `csvDialect`
    /// (`exportCSV`, which refuses an .ods: slotsheet reads those, it does not write them).
    public func export(_ filter: RequestFilter, to path: String, language: Language, paper: PaperSize,
                       csvDialect: CSVDialect = .rfc4180) throws -> ExportResult {
        guard URL(fileURLWithPath: path).pathExtension.lowercased() == "xlsx" else {
            return try exportCSV(filter, to: path, language: language, dialect: csvDialect)
        }
        let output = try AtomicOutput(path: path)
        do {
            let written = try store.read { session in
                try writeWorkbook(filter, session: session, to: output.temporaryPath, language: language, paper: paper)
            }
            let sha256 = try FileDigest.sha256(ofFileAt: output.temporaryPath)
            let run = ExportRun(kind: "requests", parameters: RequestQueueExporter.parameters(filter, format: "xlsx"), path: output.finalPath,
                                sha256: sha256, rows: written.rows, createdAt: rules.clock.timestamp(), contentSHA256: written.digest)
            try output.publish(recordedAs: run, in: store)
            return ExportResult(path: output.finalPath, rows: written.rows, staffCount: 0, sha256: sha256, fingerprint: nil,
                                contentSHA256: written.digest)
        } catch {
            throw output.failed(error)
        }
    }

    /// Writes the workbook from `session`: the choices (active staff and dayparts, the
    /// subcontractors), then the queue row by row, each with the statuses it may go to.
    private func writeWorkbook(_ filter: RequestFilter, session: some ScheduleSession & DecisionSession & ReportSession, to path: String, language: Language,
                               paper: PaperSize) throws -> (rows: Int, digest: String) {
        let words = language.words
        let generatedAt = rules.clock.timestamp()
        let heading = PrintedHeading(
            title: RequestSheetText.documentTitle.text(language),
            period: filter.slotDates.map { PrintedHeading.period($0, words: words.template) } ?? language.printWords.allDates,
            made: PrintedHeading.made(generatedAt, timeZone: rules.clock.timeZone, words: words.template, print: language.printWords),
            words: language.printWords)
        let choices = RequestWorkbook.Choices(
            staff: try session.staff().map(\.value).filter(\.active).map { (code: $0.code, name: $0.name) },
            dayparts: try session.dayparts().map(\.value).filter(\.active).map { (code: $0.code, label: $0.label) },
            subcontractors: try session.subcontractors().map(\.value.name).sorted())
        let beforeArchiving = try statusesBeforeArchiving(filter, session: session)
        let book = try RequestWorkbook(path: path, language: language, heading: heading, paper: paper, generatedAt: generatedAt,
                                       clock: rules.clock, choices: choices)
        do {
            try RequestQueue.forEach(matching: filter, session: session) { row in
                let status = row.recorded.status
                try book.add(row, statuses: RequestStateMachine.reachableStatuses(from: status, statusBeforeArchiving: beforeArchiving[row.id]))
            }
            try book.finish()
            return (book.rows, book.contentDigest)
        } catch {
            book.discard()
            throw error
        }
    }

    /// What each archived request of the queue was before it was archived (from its log): the
    /// one status its row may be restored to. Read only when the filter takes archived requests,
    /// ids first, then the requests in one statement.
    private func statusesBeforeArchiving(_ filter: RequestFilter, session: some ReportSession & DecisionSession) throws -> [RowID: RequestStatus] {
        guard filter.statuses?.contains(.archived) ?? true else { return [:] }
        var archived: [RowID] = []
        var onlyArchived = filter
        onlyArchived.statuses = [.archived]
        try session.forEachRequest(matching: onlyArchived) { archived.append($0.id) }
        guard !archived.isEmpty else { return [:] }
        return try session.storedRequests(archived).compactMapValues(\.statusBeforeArchiving)
    }
}
