import Foundation

/// What applying an upload whose job reads its stored bytes again (a list, a requests workbook)
/// did; `Preview` is its kind's stored preview.
public enum UploadApplied<Preview: Sendable>: Sendable {
    case applied(batchID: RowID)
    /// Nothing to change: recorded as such, and the upload marked applied with that batch.
    case nothingToChange(batchID: RowID)
    /// Nothing applied: the plan is no longer the one with the digest given, or the file is
    /// refused as the database is now. The preview is the new one, stored with the upload.
    case notApplied(Preview)
    /// The upload was applied already (as this batch).
    case alreadyApplied(batchID: RowID?)
    /// The upload is in a state that cannot be applied (reading, refused, discarded, expired).
    case notReady(UploadState)
    /// Too many of the person's applies were refused lately: nothing tried.
    case tooManyRefused(wait: Duration)

    /// An upload that cannot be applied as it is (`UploadApplyJob.settled`).
    init(_ settled: UploadApplyJob.Result) {
        switch settled {
        case let .alreadyApplied(batch): self = .alreadyApplied(batchID: batch)
        case let .notReady(state): self = .notReady(state)
        case let .tooManyRefused(wait): self = .tooManyRefused(wait: wait)
        case .applied, .notApplied: self = .notReady(.ready)
        }
    }
}

/// The frame of an apply that reads the upload's stored bytes again (`ListUploadJob`,
/// `RequestUploadJob`), on the pipeline's rules: only an upload `ready` is tried, after the
/// person's refused-apply limit; its bytes are written to a private file for the kind's job, which
/// moves the upload to `applied` in its own transaction (`moveToApplied`: two clicks, two tabs or
/// two instances apply it once); a refused apply records the new reading (preview and error
/// files) with the upload, so every instance shows it.
struct UploadReapply {
    let store: any RepairStore
    let rules: OfficeRules
    let scratch: UploadScratch

    /// Runs `apply(upload id, the bytes' file)` unless the upload is settled, the person must wait,
    /// or its bytes are gone; an upload found no longer `ready` inside the transaction is answered
    /// as its row says.
    func run<Preview>(_ upload: WebUpload, operatorName: String,
                      apply: (RowID, String) throws -> UploadApplied<Preview>) throws -> UploadApplied<Preview> {
        guard let id = upload.id else { return .notReady(upload.state) }
        if let settled = UploadApplyJob.settled(upload) { return UploadApplied(settled) }
        if let wait = try UploadApplyJob(store: store, rules: rules).waitBeforeApplying(operatorName: operatorName) { return .tooManyRefused(wait: wait) }
        let source = scratch.path("upload")
        defer { try? FileManager.default.removeItem(atPath: source) }
        guard try store.read({ try UploadChunks.write(uploadID: id, from: $0, to: source) }) else { return try settled(id) }
        do {
            return try apply(id, source)
        } catch is UploadNotReady {
            return try settled(id)
        }
    }

    /// Moves the upload to `applied` with its batch inside the kind's job's transaction, or rolls
    /// it back when another request applied it first.
    static func moveToApplied(_ id: RowID, batchID: RowID?, in session: some WebAccountSession) throws {
        guard try session.moveUpload(id, from: [.ready], to: .applied, batchID: batchID) else { throw UploadNotReady() }
    }

    /// After an apply that applied nothing: the other tab's apply, when one applied it meanwhile;
    /// else the new reading (`read`, checked against the database as it is now) recorded with the
    /// upload in place of the earlier one, and its preview.
    func refused<Preview>(_ id: RowID, read: () throws -> UploadRead,
                          decode: ([UInt8]) throws -> Preview) throws -> UploadApplied<Preview> {
        let now: UploadApplied<Preview> = try settled(id)
        if case .alreadyApplied = now { return now }
        let read = try read()
        defer { for path in read.workbooks.values { try? FileManager.default.removeItem(atPath: path) } }
        _ = try store.write { try read.record(uploadID: id, lease: nil, in: $0) }
        return .notApplied(try decode(read.stored))
    }

    /// The answer to a kind's job that ran with the digest: applied, nothing to change (both with
    /// their batch), or, for any attempt that applied nothing, `refused`'s new reading. Two applies
    /// at once land here too: the one that waited finds the rows written by the other, so its plan
    /// changed.
    func answer<Preview>(_ status: BatchAttemptStatus, auditBatchID: RowID?, id: RowID, read: () throws -> UploadRead,
                         decode: ([UInt8]) throws -> Preview) throws -> UploadApplied<Preview> {
        switch status {
        case let .applied(batch): return .applied(batchID: batch)
        case .nothingToChange: return .nothingToChange(batchID: auditBatchID ?? 0)
        case .planChanged, .rejected, .stale, .dryRun: return try refused(id, read: read, decode: decode)
        }
    }

    /// What the upload's row says now that it could not be applied.
    private func settled<Preview>(_ id: RowID) throws -> UploadApplied<Preview> {
        guard let upload = try store.read({ try $0.upload(id: id) }) else { return .notReady(.discarded) }
        return UploadApplyJob.settled(upload).map(UploadApplied.init) ?? .notReady(upload.state)
    }

    /// Thrown inside the apply's transaction when the upload is no longer `ready`.
    private struct UploadNotReady: Error {}
}
