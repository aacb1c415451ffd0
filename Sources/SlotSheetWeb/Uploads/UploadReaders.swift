import Foundation
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import SlotSheetCore
import SlotSheetTemplates

/// What reading an upload found, kept in memory for its page and its apply: the file as read (so
/// an apply never reads it again) with the preview of what applying would do, or why the file
/// could not be read. Its memory is bounded whatever the file: only the first
/// `ProblemTally.kept` problems are kept (with the tally of all), and of a refused CSV, which is
/// never applied, not its rows.
struct UploadPreview: Sendable {
    enum Result: Sendable {
        case checked(PreparedImport, ImportOutcome)
        case unreadable(ImportFileError)
    }

    let result: Result
    /// For a stale template, what applying the office's edits on top of the database as it is now
    /// would do (the command line's `--force`): the plan the "apply on top" button carries.
    var onTop: ImportOutcome? = nil
    /// The rows the file has.
    var rowsRead = 0

    init(result: Result, onTop: ImportOutcome? = nil) {
        self.onTop = onTop.map { $0.bounded() }
        switch result {
        case let .checked(prepared, outcome):
            rowsRead = prepared.parsed.slots.count
            let outcome = outcome.bounded()
            // The rows are kept while the upload may still be applied, and for a refused template's
            // error workbook (a template's rows are bounded by its layout); not of a refused CSV
            // or of an upload applied (or recorded as unchanged) already.
            let settled = outcome.auditBatchID != nil
            let kept = settled || (outcome.verdict == .rejected && prepared.parsed.template == nil) ? prepared.withoutRows() : prepared
            self.result = .checked(kept, outcome)
        case .unreadable:
            self.result = result
        }
    }

    /// Previews a prepared file; a stale template's preview also holds the one on top.
    static func checking(_ prepared: PreparedImport, job: ImportJob, operatorName: String) throws -> UploadPreview {
        let outcome = try job.preview(prepared, ImportRequest(operatorName: operatorName))
        guard outcome.verdict == .stale else { return UploadPreview(result: .checked(prepared, outcome)) }
        return UploadPreview(result: .checked(prepared, outcome),
                             onTop: try job.preview(prepared, ImportRequest(force: true, operatorName: operatorName)))
    }

    /// Whether applying on top would write (or record that nothing changes): a stale template whose edits are valid.
    var canApplyOnTop: Bool { onTop.map { $0.verdict == .changes || $0.verdict == .nothingToChange } ?? false }

    /// How the upload's row records it: ready to apply (changes, nothing to change, or a stale
    /// template whose edits can go on top) or refused.
    var reading: UploadReading {
        switch result {
        case let .checked(_, outcome):
            let applicable = outcome.verdict == .changes || outcome.verdict == .nothingToChange || canApplyOnTop
            let name = outcome.verdict == .changes ? "ready" : outcome.verdict == .nothingToChange ? "nothing_to_change" : outcome.verdict.rawValue
            return UploadReading(state: applicable ? .ready : .refused, rowsRead: rowsRead, added: outcome.plan.added,
                                 removed: outcome.plan.removed, problems: outcome.problemTotal + outcome.staleChanges.count, outcome: name)
        case let .unreadable(error):
            // Named as `slotsheet import --json` names it: `template_edited` or `unreadable`.
            return UploadReading(state: .refused, rowsRead: 0, added: 0, removed: 0, problems: 1, outcome: error.jsonStatus)
        }
    }
}

/// Reads uploads in the background, at most `concurrentReads` at a time, so the page can show
/// progress and the person may leave and come back. Reading parses the file and checks it against
/// the database in one read snapshot (today's dry run; the core's `prepare`/`preview` will take its
/// place): it never writes availability, only the upload's own state.
///
/// On graceful shutdown (SIGTERM) the reads under way finish; queued ones stay `reading` and are
/// read again at the next start (`UploadJanitor`).
final class UploadReaders: Service, Sendable {
    struct Job: Sendable {
        let uploadID: RowID
        let storedName: String
        let clientName: String
        let userName: String
        /// Read again (its state is recorded already): the preview is only kept.
        var again = false
    }

    static let concurrentReads = 2
    static let previewsKept = 64

    private let logger: Logger
    private let queue: AsyncStream<Job>
    private let queueInput: AsyncStream<Job>.Continuation
    private let progress = NIOLockedValueBox<[RowID: (rows: Int, total: Int)]>([:])
    private let previews = NIOLockedValueBox<[(RowID, UploadPreview)]>([])
    private let context = NIOLockedValueBox<WebServices?>(nil)

    init(logger: Logger) {
        self.logger = logger
        (queue, queueInput) = AsyncStream.makeStream(of: Job.self)
    }

    /// Set once the services exist (they hold this reader).
    func attach(_ services: WebServices) {
        context.withLockedValue { $0 = services }
    }

    func enqueue(_ job: Job) {
        progress.withLockedValue { $0[job.uploadID] = (0, 0) }
        queueInput.yield(job)
    }

    /// Queues a read of an upload whose preview is no longer in memory (the server restarted, or
    /// it left the memory), unless one is under way: a request never reads a file itself.
    func rereadSoon(_ upload: WebUpload) {
        guard let id = upload.id else { return }
        let queued = progress.withLockedValue { list -> Bool in
            guard list[id] == nil else { return false }
            list[id] = (0, 0)
            return true
        }
        guard queued else { return }
        queueInput.yield(.init(uploadID: id, storedName: upload.storedName, clientName: upload.fileName, userName: upload.userName ?? "-",
                               again: true))
    }

    /// (rows read, rows in the file; 0 while unknown) of an upload being read.
    func progress(of uploadID: RowID) -> (rows: Int, total: Int)? {
        progress.withLockedValue { $0[uploadID] }
    }

    func preview(of uploadID: RowID) -> UploadPreview? {
        previews.withLockedValue { list in list.first { $0.0 == uploadID }?.1 }
    }

    func forget(_ uploadID: RowID) {
        previews.withLockedValue { $0.removeAll { $0.0 == uploadID } }
    }

    func run() async throws {
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                var running = 0
                for await job in queue {
                    if running >= Self.concurrentReads {
                        await group.next()
                        running -= 1
                    }
                    running += 1
                    group.addTask { await self.read(job) }
                }
                await group.waitForAll()
            }
        } onGracefulShutdown: {
            self.queueInput.finish()
        }
    }

    /// Reads one upload now (also used when a preview is asked for and no longer in memory).
    @discardableResult
    func read(_ upload: Job) async -> UploadPreview? {
        guard let services = context.withLockedValue({ $0 }), let path = services.uploads.file(upload.storedName) else { return nil }
        let id = upload.uploadID
        let started = ContinuousClock.now
        defer { services.metrics.recordRead(ContinuousClock.now - started) }
        let preview: UploadPreview
        do {
            // The cells are read without the database; the snapshot and the checks after.
            let parsed = try await services.database.offload { [progress] in
                var parsed = try ImportSource.open(path: path).parse { rows, total in progress.withLockedValue { $0[id] = (rows, total) } }
                parsed.fileName = upload.clientName
                return parsed
            }
            preview = try await services.database.run { [rules = services.rules] store in
                let job = ImportJob(store: store, rules: rules)
                return try UploadPreview.checking(try job.prepare(parsed), job: job, operatorName: upload.userName)
            }
        } catch let error as ImportFileError {
            preview = UploadPreview(result: .unreadable(error))
        } catch {
            logger.error("upload \(id): reading failed: \(String(reflecting: error))")
            progress.withLockedValue { $0[id] = nil }
            return nil
        }
        keep(preview, for: id)
        let reading = preview.reading
        if upload.again {
            progress.withLockedValue { $0[id] = nil }
            logger.info("upload \(id): read again, \(reading.rowsRead) rows: \(reading.outcome)")
            return preview
        }
        do {
            _ = try await services.database.write { try $0.finishReading(uploadID: id, reading) }
        } catch {
            logger.error("upload \(id): recording the reading failed: \(error)")
        }
        progress.withLockedValue { $0[id] = nil }
        logger.info("upload \(id): read \(reading.rowsRead) rows: \(reading.outcome)")
        return preview
    }

    /// Keeps `preview` as the upload's (the newest `previewsKept` are kept).
    func keep(_ preview: UploadPreview, for id: RowID) {
        previews.withLockedValue { list in
            list.removeAll { $0.0 == id }
            list.append((id, preview))
            if list.count > Self.previewsKept { list.removeFirst(list.count - Self.previewsKept) }
        }
    }
}
