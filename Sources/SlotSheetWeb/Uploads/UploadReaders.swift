import Foundation
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import SlotSheetCore
import SlotSheetTemplates

/// What reading an upload found, kept in memory for its page: the outcome of the check, or why
/// the file could not be read.
struct UploadPreview: Sendable {
    enum Result: Sendable {
        case checked(ImportOutcome)
        case unreadable(ImportFileError)
    }

    let result: Result
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
    func read(_ job: Job) async -> UploadPreview? {
        guard let services = context.withLockedValue({ $0 }), let path = services.uploads.file(job.storedName) else { return nil }
        let id = job.uploadID
        let preview: UploadPreview
        var reading: UploadReading
        do {
            let parsed = try await services.database.offload { [progress] in
                let source = try ImportSource.open(path: path)
                var parsed = try source.parse { rows, total in progress.withLockedValue { $0[id] = (rows, total) } }
                parsed.fileName = job.clientName
                return parsed
            }
            let request = ImportRequest(dryRun: true, operatorName: job.userName)
            var outcome = try await services.database.run { [clock = services.clock] store in
                try ImportJob(store: store, clock: clock).run(parsed, request)
            }
            // A dry run says "dry run" even when nothing would change; the preview says what applying would.
            if outcome.status == .dryRun && outcome.plan.isEmpty { outcome.status = .nothingToChange }
            preview = UploadPreview(result: .checked(outcome))
            let refused = outcome.status == .rejected
            reading = UploadReading(state: refused ? .refused : .ready, rowsRead: parsed.slots.count, added: outcome.plan.added,
                                    removed: outcome.plan.removed, problems: outcome.problems.count, outcome: Self.outcomeName(outcome.status))
        } catch let error as ImportFileError {
            preview = UploadPreview(result: .unreadable(error))
            reading = UploadReading(state: .refused, rowsRead: 0, added: 0, removed: 0, problems: 1, outcome: "unreadable")
        } catch {
            logger.error("upload \(id): reading failed: \(String(reflecting: error))")
            progress.withLockedValue { $0[id] = nil }
            return nil
        }
        previews.withLockedValue { list in
            list.removeAll { $0.0 == id }
            list.append((id, preview))
            if list.count > Self.previewsKept { list.removeFirst(list.count - Self.previewsKept) }
        }
        let finished = reading
        do {
            _ = try await services.database.write { try $0.finishReading(uploadID: id, finished) }
        } catch {
            logger.error("upload \(id): recording the reading failed: \(error)")
        }
        progress.withLockedValue { $0[id] = nil }
        logger.info("upload \(id): read \(reading.rowsRead) rows: \(reading.outcome)")
        return preview
    }

    static func outcomeName(_ status: ImportOutcome.Status) -> String {
        switch status {
        case .applied: return "applied"
        case .nothingToChange: return "nothing_to_change"
        case .dryRun: return "ready"
        case .rejected: return "rejected"
        case .stale: return "stale"
        case .planChanged: return "plan_changed"
        }
    }
}
