import Foundation
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import SlotSheetCore
import SlotSheetTemplates

/// Reads uploads in the background, so the page can show progress and the person may leave and
/// come back. The queue is the database's: an upload `reading` is a job that one instance claims
/// with a lease (`claimUpload`: `FOR UPDATE SKIP LOCKED` on PostgreSQL, the one writer on SQLite),
/// renews every `renewEvery` while it reads, and ends when it records the result. A lease that
/// runs out (the instance was killed) is claimed by the next instance that asks, within
/// `leaseLength` and a `pollEvery` (25 s by default; both are settings, `web.read_lease_seconds`
/// and `web.read_poll_seconds`). Every instance asks at its start, at once when it
/// received an upload itself, when a read of its own ends, when another instance announces an
/// upload waiting or a lease given back (PostgreSQL's `LISTEN`/`NOTIFY`, `PostgresWakeups`), and
/// otherwise every `pollEvery`, so an idle server costs the database a claim every 10 s rather
/// than every second. Each reads at most `concurrentReads` at a time.
///
/// Every kind of upload (availability, the office's lists) is read here alike; its kind chooses
/// only the reader and checker (`UploadKind.pipeline`). Reading parses the stored bytes and checks
/// them against the database in one read snapshot: it never writes availability or a list, only
/// the upload's own state and what reading found, stored once with it (`UploadRead.record`, in
/// the transaction that records the reading: the stored preview and error workbooks), from which every
/// instance shows and applies the upload without reading its file again. An instance keeps the
/// previews it used last in memory, within `web.preview_cache_mb` (`PreviewCache`). Only an
/// upload read by a slotsheet from before stored previews has none: an instance asked for it
/// reads it again for the preview only, and records nothing (`readAgain`, counted in `/metrics`).
///
/// A read that fails for a reason of the server's own is counted and handed back to the queue
/// after a pause that grows with each failure; the last attempt refuses the upload
/// (`UploadReadRetry`). On graceful shutdown (SIGTERM) it stops claiming, and finishes the reads
/// it holds.
final class UploadReaders: Service, Sendable {
    /// An upload to read: under a lease (its reading is recorded), or only for its preview.
    struct Job: Sendable {
        let uploadID: RowID
        /// Which reader and checker read it (`UploadKind.pipeline`).
        let kind: UploadKind
        let clientName: String
        let userName: String
        /// The lease it is read under; nil when it is read again only for its preview.
        var lease: UploadLease?
    }

    private enum Event: Sendable {
        /// Ask the queue (a tick, an upload received here, shutdown).
        case nudge
        case again(Job)
        case finished(claimed: Bool)
    }

    static let concurrentReads = 2
    /// How long a lease lasts unless renewed, and how often its holder renews it (a third of it).
    let leaseLength: Duration
    let renewEvery: Duration
    /// How often an idle instance asks the queue for work unprompted: for a lease that ran out
    /// (which nobody announces), and for uploads announced while not listening. `leaseLength` plus
    /// this is the time in which a dead instance's reading is taken over.
    let pollEvery: Duration

    /// This instance's name in the leases it holds.
    let instance = RandomToken.make(bytes: 12)
    private let logger: Logger
    private let events: AsyncStream<Event>
    private let eventInput: AsyncStream<Event>.Continuation
    private let stopping = NIOLockedValueBox(false)
    private let progress = NIOLockedValueBox<[RowID: (rows: Int, total: Int)]>([:])
    private let previews: PreviewCache
    /// Stored previews being read from the database, by upload.
    private let loading = NIOLockedValueBox<[RowID: Task<UploadPreview?, any Error>]>([:])
    private let context = NIOLockedValueBox<WebServices?>(nil)

    init(logger: Logger, settings: WebSettings) {
        self.logger = logger
        leaseLength = settings.readLease
        renewEvery = settings.readLease / 3
        pollEvery = settings.readPoll
        previews = PreviewCache(limitBytes: settings.previewCacheBytes)
        (events, eventInput) = AsyncStream.makeStream(of: Event.self)
    }

    /// Set once the services exist (they hold this reader).
    func attach(_ services: WebServices) {
        context.withLockedValue { $0 = services }
    }

    /// An upload was received here: ask the queue now rather than at the next tick.
    func nudge() {
        eventInput.yield(.nudge)
    }

    /// Queues a read, for its preview only, of an upload that has no stored preview (it was read by
    /// a slotsheet from before them), unless one is under way or has just kept its preview. A
    /// request never reads a file itself; nothing is recorded.
    ///
    /// A caller looked for the preview before an await (the stored preview's read), and a read
    /// again may have kept it and ended meanwhile: the cache is asked again here, under the
    /// progress lock, which `readAgain` lets go of only after keeping the preview, so such a
    /// request does not queue the same file a second time (seen on a loaded machine: two reads).
    func rereadSoon(_ upload: WebUpload) {
        guard let id = upload.id, !stopping.withLockedValue({ $0 }) else { return }
        let queued = progress.withLockedValue { list -> Bool in
            guard list[id] == nil, previews.preview(of: id) == nil else { return false }
            list[id] = (0, 0)
            return true
        }
        guard queued else { return }
        eventInput.yield(.again(Job(uploadID: id, kind: upload.kind, clientName: upload.fileName, userName: upload.userName ?? "-")))
    }

    /// (rows read, rows in the file; 0 while unknown) of an upload being read here.
    func progress(of uploadID: RowID) -> (rows: Int, total: Int)? {
        progress.withLockedValue { $0[uploadID] }
    }

    /// (rows read, rows in the file; 0 while unknown) of an upload being read: this instance's own
    /// count when it reads it, else what the instance reading it last recorded with its lease.
    func progress(of upload: WebUpload) -> (rows: Int, total: Int)? {
        if let id = upload.id, let here = progress(of: id) { return here }
        return upload.state == .reading ? (upload.rowsRead, upload.rowsTotal) : nil
    }

    /// The upload's preview when this instance keeps it in memory.
    func preview(of uploadID: RowID) -> UploadPreview? {
        previews.preview(of: uploadID)
    }

    func forget(_ uploadID: RowID) {
        previews.forget(uploadID)
    }

    /// Keeps `preview` as the upload's in memory (within `web.preview_cache_mb`).
    func keep(_ preview: UploadPreview, for id: RowID) {
        previews.keep(preview, for: id)
    }

    /// The upload's preview: kept in memory here, else the one stored with the upload (read on a
    /// worker thread, and kept). Only an upload read by a slotsheet from before stored previews
    /// has none: it is queued to be read again for its preview only (nothing is written), and nil
    /// says it is being read. Nil too while it is `reading`, or once it left `ready` and `refused`.
    func currentPreview(of upload: WebUpload) async throws -> UploadPreview? {
        guard let id = upload.id, upload.kind == .availability, upload.state == .ready || upload.state == .refused || preview(of: id) != nil else { return nil }
        if let kept = preview(of: id) { return kept }
        guard let services else { return nil }
        let stored: UploadPreview?
        do {
            stored = try await storedPreview(id, services: services)
        } catch let damaged as StoredBytesError {
            logger.error("upload \(id): its stored preview cannot be read back (\(damaged)); reading the upload again")
            stored = nil
        }
        if let stored {
            keep(stored, for: id)
            return stored
        }
        rereadSoon(upload)
        return nil
    }

    /// The upload's preview as its page and API state show it, with `changes` of its plan: of an
    /// upload `ready` or `refused`, the stored preview's summary and those changes only
    /// (`StoredPreview.readSummary`: a plan of a million changes is neither decoded nor counted for
    /// a GET), else the one kept in memory here. Only an upload read by a slotsheet from before
    /// stored previews has none: it is summed up from memory once read again, and until then nil
    /// (queued to be read again), as `currentPreview` says.
    func currentSummary(of upload: WebUpload, changes page: PreviewSummary.ChangesPage) async throws -> PreviewSummary? {
        guard let id = upload.id, upload.kind == .availability else { return nil }
        guard upload.state == .ready || upload.state == .refused, let services else {
            return preview(of: id).map { PreviewSummary($0, changes: page) }
        }
        do {
            if let stored = try await services.database.read({ try StoredPreview.readSummary(uploadID: id, changes: page, from: $0) }) {
                return stored
            }
        } catch let damaged as StoredBytesError {
            logger.error("upload \(id): its stored preview cannot be read back (\(damaged)); reading the upload again")
        }
        if let kept = preview(of: id) { return PreviewSummary(kept, changes: page) }
        rereadSoon(upload)
        return nil
    }

    /// The stored preview of `id`, read once however many requests ask for it at the same time
    /// (a preview too large to keep in memory is not read eight times over by eight requests).
    private func storedPreview(_ id: RowID, services: WebServices) async throws -> UploadPreview? {
        let load = loading.withLockedValue { inFlight in
            if let load = inFlight[id] { return load }
            let load = Task { try await services.database.read { try StoredPreview.read(uploadID: id, from: $0) } }
            inFlight[id] = load
            return load
        }
        defer { loading.withLockedValue { if $0[id] == load { $0[id] = nil } } }
        return try await load.value
    }

    func run() async throws {
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                // Wake-ups from other instances, on PostgreSQL; ended with the group.
                group.addTask { [self] in await listenForAnnouncements() }
                // The tick; it ends with shutdown or cancellation (the server failed to start).
                group.addTask { [self] in
                    eventInput.yield(.nudge)
                    while !stopping.withLockedValue({ $0 }) {
                        do { try await Task.sleep(for: pollEvery) } catch { return }
                        eventInput.yield(.nudge)
                    }
                }
                await dispatch(&group)
                // Cancelled rather than shut down: the stream ended, and the tick must too.
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.stopping.withLockedValue { $0 = true }
            self.eventInput.yield(.nudge)
        }
    }

    /// Starts reads as events come, at most `concurrentReads` claimed and as many read again at a
    /// time, until shutdown and the reads under way have finished.
    private func dispatch(_ group: inout TaskGroup<Void>) async {
        var claimed = 0, again = 0
        var waiting: [Job] = []
        var claimFailing = false
        for await event in events {
            switch event {
            case .nudge: break
            case let .again(job): waiting.append(job)
            case let .finished(wasClaimed): if wasClaimed { claimed -= 1 } else { again -= 1 }
            }
            if stopping.withLockedValue({ $0 }) {
                for job in waiting { progress.withLockedValue { $0[job.uploadID] = nil } }
                waiting = []
                if claimed == 0 && again == 0 { return }
                continue
            }
            while again < Self.concurrentReads, !waiting.isEmpty {
                let job = waiting.removeFirst()
                again += 1
                group.addTask { [self] in
                    await readAgain(job)
                    eventInput.yield(.finished(claimed: false))
                }
            }
            while claimed < Self.concurrentReads {
                let job: Job?
                do {
                    job = try await claim()
                    claimFailing = false
                } catch StoreError.busy {
                    // Another program (an apply on another instance, on SQLite) holds the lock
                    // longer than the busy timeout: the queue is asked again at the next tick.
                    logger.notice("uploads: the reading queue waits for a lock another program holds; asked again in \(pollEvery)")
                    break
                } catch {
                    if !claimFailing { logger.error("uploads: cannot ask the reading queue: \(error)") }
                    claimFailing = true
                    break
                }
                guard let job else { break }
                claimed += 1
                group.addTask { [self] in
                    await readClaimed(job)
                    eventInput.yield(.finished(claimed: true))
                }
            }
        }
    }

    private var services: WebServices? { context.withLockedValue { $0 } }

    /// On PostgreSQL, asks the queue whenever another instance announces work, until cancelled;
    /// a connection that fails is tried again every `pollEvery` (the tick covers the gap).
    private func listenForAnnouncements() async {
        guard let services, case let .postgres(url)? = try? await services.database.run({ $0.location }) else { return }
        let failing = NIOLockedValueBox(false)
        await PostgresWakeups.listen(url: url, channel: PostgresWakeups.uploadQueue, retryAfter: pollEvery, failed: { [logger] error in
            if !failing.withLockedValue({ $0 }) { logger.warning("uploads: not listening for other instances' uploads: \(error)") }
            failing.withLockedValue { $0 = true }
        }, wake: { [self] in
            failing.withLockedValue { $0 = false }
            eventInput.yield(.nudge)
        })
    }

    /// A lease for this instance from now on.
    private func lease() -> UploadLease {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        return UploadLease(owner: instance, now: now, until: now + leaseLength.nanoseconds / 1_000_000)
    }

    /// The oldest upload waiting to be read, claimed for this instance; nil when none waits.
    private func claim() async throws -> Job? {
        guard let services else { return nil }
        let lease = lease()
        guard let upload = try await services.database.write({ try $0.claimUpload(lease) }), let id = upload.id else { return nil }
        // Which instance reads it: the line an operator looks for when one dies with a lease.
        logger.info("upload \(id): claimed to be read")
        return Job(uploadID: id, kind: upload.kind, clientName: upload.fileName, userName: upload.userName ?? "-", lease: lease)
    }

    /// Reads a claimed upload under its lease, renewed meanwhile, and records the result with its
    /// stored preview and error workbooks (or, when reading failed, counts the failure).
    private func readClaimed(_ job: Job) async {
        guard let services, let lease = job.lease else { return }
        let id = job.uploadID
        progress.withLockedValue { $0[id] = (0, 0) }
        defer { progress.withLockedValue { $0[id] = nil } }
        let renewal = Task { await renew(job) }
        let read = await read(job, services: services)
        renewal.cancel()
        await renewal.value
        guard let read else {
            await recordFailure(job, lease: lease, services: services)
            return
        }
        defer { for file in read.workbooks.values { try? FileManager.default.removeItem(atPath: file) } }
        if let preview = read.availability { keep(preview, for: id) }
        let reading = read.reading
        do {
            let recorded = try await services.database.write { try read.record(uploadID: id, lease: lease, in: $0) }
            if recorded {
                logger.info("upload \(id): read \(reading.rowsRead) rows (\(job.kind.rawValue)): \(reading.outcome.rawValue)")
            } else {
                logger.notice("upload \(id): read \(reading.rowsRead) rows, but its lease had run out and another instance has it")
            }
        } catch {
            logger.error("upload \(id): recording the reading failed: \(error)")
        }
    }

    /// Counts a read that failed for a reason of the server's own (logged already) and hands the
    /// upload back to the queue after a pause that grows with each failure, or after the last
    /// attempt refuses it with a message the office can act on (`UploadReadRetry`).
    private func recordFailure(_ job: Job, lease: UploadLease, services: WebServices) async {
        let id = job.uploadID, poll = pollEvery
        let refusal = job.kind.pipeline.refused(UploadReadRetry.refusalWords(afterFailures: UploadReadRetry.attempts))
        do {
            let failures = try await services.database.write { session -> Int? in
                guard let failures = try session.countReadFailure(id, lease) else { return nil }
                if UploadReadRetry.givesUp(afterFailures: failures) {
                    guard try refusal.record(uploadID: id, lease: lease, in: session) else { return nil }
                } else {
                    let pause = UploadReadRetry.pause(afterFailures: failures, poll: poll)
                    let now = Int64(Date().timeIntervalSince1970 * 1000), retryAt = now + pause.nanoseconds / 1_000_000
                    try session.releaseUploadLease(id, UploadLease(owner: lease.owner, now: retryAt, until: retryAt))
                }
                return failures
            }
            guard let failures else { return }
            if UploadReadRetry.givesUp(afterFailures: failures) {
                logger.error("upload \(id): refused after \(failures) failed reads")
            } else {
                logger.warning("upload \(id): read \(failures) of \(UploadReadRetry.attempts) failed; tried again in \(UploadReadRetry.pause(afterFailures: failures, poll: poll))")
            }
        } catch {
            logger.error("upload \(id): recording the failed read failed: \(error)")
        }
    }

    /// Renews the job's lease every `renewEvery`, with the progress, until cancelled or lost.
    private func renew(_ job: Job) async {
        guard let services else { return }
        while (try? await Task.sleep(for: renewEvery)) != nil {
            let lease = lease()
            let (rows, total) = progress(of: job.uploadID) ?? (0, 0)
            do {
                guard try await services.database.write({ try $0.renewUploadLease(job.uploadID, lease, rows: rows, total: total) }) else {
                    logger.notice("upload \(job.uploadID): lease lost while reading (it ran out, or the upload left `reading`)")
                    return
                }
            } catch {
                logger.warning("upload \(job.uploadID): renewing the lease failed: \(error)")
            }
        }
    }

    /// Reads an upload again for its preview only (its reading is recorded already).
    private func readAgain(_ job: Job) async {
        defer { progress.withLockedValue { $0[job.uploadID] = nil } }
        guard let services, let read = await read(job, services: services) else { return }
        for file in read.workbooks.values { try? FileManager.default.removeItem(atPath: file) }
        guard let preview = read.availability else { return }
        services.metrics.countReread()
        keep(preview, for: job.uploadID)
        logger.info("upload \(job.uploadID): read again for its preview, \(preview.rowsRead) rows")
    }

    /// Reads the upload's stored bytes (through a private file of this instance, removed after)
    /// with its kind's reader and checker; nil when that failed for a reason of the server's own
    /// (logged), not the file's. The error workbooks of a file with problems, in every language,
    /// are private files the caller stores and removes.
    private func read(_ job: Job, services: WebServices) async -> UploadRead? {
        let id = job.uploadID
        let started = ContinuousClock.now
        defer { services.metrics.recordRead(ContinuousClock.now - started) }
        let path = services.uploads.scratchPath(extension: "upload")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            guard try await services.database.read({ try UploadChunks.write(uploadID: id, from: $0, to: path) }) else {
                logger.notice("upload \(id): its bytes are gone (applied, discarded or expired meanwhile); not read")
                return nil
            }
            return try await read(job.kind.pipeline, UploadFile(path: path, fileName: job.clientName, operatorName: job.userName), id: id,
                                  services: services)
        } catch let error as ImportFileError where !error.isOpeningFailure {
            return job.kind.pipeline.refused(FileRefusal(error))
        } catch {
            logger.warning("upload \(id): reading failed: \(String(reflecting: error))")
            return nil
        }
    }

    /// The cells are read without the database; the snapshot and the checks after.
    private func read<Pipeline: UploadKindPipeline>(_ pipeline: Pipeline, _ file: UploadFile, id: RowID, services: WebServices) async throws -> UploadRead {
        let parsed = try await services.database.offload { [progress] in
            try pipeline.parse(file) { rows, total in progress.withLockedValue { $0[id] = (rows, total) } }
        }
        return try await services.database.run { [rules = services.rules, paper = services.office.paperSize, uploads = services.uploads] store in
            try pipeline.check(parsed, file: file, store: store, rules: rules, paper: paper) { _ in uploads.scratchPath(extension: "xlsx") }
        }
    }
}
