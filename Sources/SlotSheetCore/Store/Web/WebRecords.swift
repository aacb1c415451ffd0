import SlotSheetTemplates

/// A person who signs in to the web front (`app_user`). The password is kept only as a bcrypt
/// hash and the API token only as its SHA-256, so the table holds no usable secret.
public struct AppUser: Hashable, Sendable {
    /// What a person may do in the web front.
    public enum Role: String, CaseIterable, Sendable, Codable {
        /// Templates, their own uploads (availability and requests workbooks), previews and applies,
        /// deciding repair requests, the lists read-only, and the history.
        case office
        /// Everything an office user may, plus changing the lists, undo, everyone's uploads,
        /// reports, the nightly's exports, the tenants' notices and users.
        case admin
    }

    public var id: RowID?
    public var name: String
    public var role: Role
    public var passwordHash: String?
    public var tokenSHA256: String?
    public var active: Bool
    public var createdAt: String

    public init(id: RowID? = nil, name: String, role: Role, passwordHash: String?, tokenSHA256: String? = nil,
                active: Bool = true, createdAt: String) {
        self.id = id
        self.name = name
        self.role = role
        self.passwordHash = passwordHash
        self.tokenSHA256 = tokenSHA256
        self.active = active
        self.createdAt = createdAt
    }
}

/// Where an upload is on its way from the browser to the database.
public enum UploadState: String, CaseIterable, Sendable, Codable {
    /// Received; its cells are being read in the background.
    case reading
    /// Read and checked: the preview waits for the person to apply or discard it.
    case ready
    /// The file cannot be read or has problems: nothing can be applied.
    case refused
    /// Applied as an import batch (`batchID`).
    case applied
    /// Thrown away by the person who uploaded it.
    case discarded
    /// Not applied within the upload expiry; the file is gone.
    case expired

    /// An upload in this state still has its bytes in the database (`upload_chunk`).
    public var keepsFile: Bool { self == .reading || self == .ready || self == .refused }
}

/// One file uploaded through the web front (`web_upload`), of any kind. Its bytes are in the database
/// (`upload_chunk`) while it may still be read or applied, so every instance on the database can
/// read, show and apply it. `fileName` is what the browser called it, only ever shown (escaped),
/// never used on disk; `storedName` the random name it had in the receiving instance's private
/// folder before its bytes went into the database (recorded, read by nothing since).
public struct WebUpload: Hashable, Sendable {
    public var id: RowID?
    /// What the file is: which reader, checker and apply job the pipeline runs for it.
    public var kind: UploadKind
    public var userID: RowID
    public var fileName: String
    public var storedName: String
    public var size: Int
    public var state: UploadState
    public var createdAt: String
    public var expiresAt: String
    public var rowsRead: Int
    public var added: Int
    public var removed: Int
    public var problems: Int
    /// How reading ended, once it has.
    public var outcome: UploadOutcome?
    public var batchID: RowID?
    /// The uploader's name, read with the upload (the upload list's owner column, the reading's log line).
    public var userName: String?
    /// Rows the file has, once the reader knows (for the progress of a reading on another instance).
    public var rowsTotal: Int = 0
    /// The digest of the plan the preview showed (and of applying a stale template's edits on top),
    /// once read: the same on every instance that reads the same bytes against the same database.
    public var planDigest: String?
    public var onTopDigest: String?
    /// The reading queue's lease: the instance reading it and until when (`UploadLease.millis`).
    public var leaseOwner: String?
    public var leaseUntil: Int64?

    public init(id: RowID? = nil, kind: UploadKind = .availability, userID: RowID, fileName: String, storedName: String, size: Int,
                state: UploadState = .reading, createdAt: String, expiresAt: String, rowsRead: Int = 0, added: Int = 0, removed: Int = 0,
                problems: Int = 0, outcome: UploadOutcome? = nil, batchID: RowID? = nil, userName: String? = nil) {
        self.id = id
        self.kind = kind
        self.userID = userID
        self.fileName = fileName
        self.storedName = storedName
        self.size = size
        self.state = state
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.rowsRead = rowsRead
        self.added = added
        self.removed = removed
        self.problems = problems
        self.outcome = outcome
        self.batchID = batchID
        self.userName = userName
    }
}

/// How reading an upload ended, as its row records it (`web_upload.outcome`) and the upload list
/// shows it: decoded once where the row is read, and matched as a closed type everywhere else.
public enum UploadOutcome: String, CaseIterable, Sendable {
    /// Valid, with changes to apply.
    case ready
    /// Valid, and the database already says everything the file says.
    case nothingToChange = "nothing_to_change"
    /// The file has problems.
    case rejected
    /// A template the database changed in since its export.
    case stale
    /// A file refused whole: not one slotsheet reads (`ImportFileError`).
    case unreadable
    /// A template whose hidden sheet was changed by hand.
    case templateEdited = "template_edited"
    /// The server failed to read it, for a reason of its own, every time it tried (`UploadReadFailure`).
    case readFailed = "read_failed"

    /// The outcome of checks that ended with `verdict`.
    public init(_ verdict: ImportVerdict) {
        switch verdict {
        case .changes: self = .ready
        case .nothingToChange: self = .nothingToChange
        case .rejected: self = .rejected
        case .stale: self = .stale
        }
    }
}

/// The result of reading an upload, as the upload list shows it.
public struct UploadReading: Hashable, Sendable {
    public var state: UploadState
    public var rowsRead: Int
    public var added: Int
    public var removed: Int
    public var problems: Int
    public var outcome: UploadOutcome
    /// The preview's plan digest, and that of applying a stale template's edits on top.
    public var planDigest: String?
    public var onTopDigest: String?

    public init(state: UploadState, rowsRead: Int, added: Int, removed: Int, problems: Int, outcome: UploadOutcome,
                planDigest: String? = nil, onTopDigest: String? = nil) {
        self.planDigest = planDigest
        self.onTopDigest = onTopDigest
        self.state = state
        self.rowsRead = rowsRead
        self.added = added
        self.removed = removed
        self.problems = problems
        self.outcome = outcome
    }
}

/// The web front's queries: users and uploads. Every session of every backend has them
/// (`StoreSession` refines this protocol); they are kept apart from the jobs' queries.
public protocol WebAccountSession {
    /// Adds a user; throws `StoreError.constraintViolated` when the name is taken.
    func insertUser(_ user: AppUser) throws -> RowID
    func user(named name: String) throws -> AppUser?
    func user(id: RowID) throws -> AppUser?
    /// The active user whose API token has this SHA-256, if any.
    func activeUser(tokenSHA256: String) throws -> AppUser?
    /// Every user, by name.
    func users() throws -> [AppUser]
    /// Returns false when there is no such user.
    func setUserActive(_ name: String, active: Bool) throws -> Bool
    /// Replaces the user's token hash (nil removes it); false when there is no such user.
    func setUserToken(_ name: String, sha256: String?) throws -> Bool
    func setUserPassword(_ name: String, hash: String) throws -> Bool

    func insertUpload(_ upload: WebUpload) throws -> RowID
    func upload(id: RowID) throws -> WebUpload?
    /// The newest uploads first; only `userID`'s when given.
    func uploads(of userID: RowID?, limit: Int) throws -> [WebUpload]
    /// Uploads in `state`, oldest first (reading ones to resume, ready ones to expire).
    func uploads(in state: UploadState) throws -> [WebUpload]
    /// Records how reading ended, or how the check at apply ended when the plan had changed since
    /// the preview; only an upload `reading` or `ready` changes. False when it was neither.
    func finishReading(uploadID: RowID, _ reading: UploadReading) throws -> Bool
    /// Moves an upload from one state to another; false (and nothing changed) when it was not in `from`.
    /// An upload moved to a state that keeps no file loses its bytes, its stored preview and its
    /// error workbooks in the same transaction.
    func moveUpload(_ uploadID: RowID, from: Set<UploadState>, to: UploadState, batchID: RowID?) throws -> Bool

    /// Stores chunk `seq` (from 0) of an upload's bytes.
    func insertUploadChunk(uploadID: RowID, seq: Int, bytes: [UInt8]) throws
    /// Chunk `seq` of an upload's bytes; nil past the last one (or when they are gone).
    func uploadChunk(uploadID: RowID, seq: Int) throws -> [UInt8]?
    /// Stores chunk `seq` (from 0) of what reading the upload found (`StoredPreview`).
    func insertUploadResultChunk(uploadID: RowID, seq: Int, bytes: [UInt8]) throws
    /// Chunk `seq` of what reading the upload found; nil past the last one (or when there is none).
    func uploadResultChunk(uploadID: RowID, seq: Int) throws -> [UInt8]?
    /// Removes what reading the upload found (to store it anew, or with its bytes).
    func deleteUploadResult(uploadID: RowID) throws
    /// Stores chunk `seq` (from 0) of the upload's error workbook in `language`.
    func insertUploadErrorWorkbookChunk(uploadID: RowID, language: Language, seq: Int, bytes: [UInt8]) throws
    /// Chunk `seq` of the upload's error workbook in `language`; nil past the last one (or when there is none).
    func uploadErrorWorkbookChunk(uploadID: RowID, language: Language, seq: Int) throws -> [UInt8]?
    /// Removes the upload's error workbooks (to store them anew, or with its bytes).
    func deleteUploadErrorWorkbooks(uploadID: RowID) throws
    /// Claims the oldest upload `reading` whose lease is free or ran out (before `lease.now`) for
    /// `lease.owner` until `lease.until`; nil when none waits. On PostgreSQL an upload another
    /// transaction is claiming is skipped (`FOR UPDATE SKIP LOCKED`); SQLite has one writer.
    func claimUpload(_ lease: UploadLease) throws -> WebUpload?
    /// Extends `lease.owner`'s lease to `lease.until` and records the progress; false when the
    /// lease is no longer theirs or the upload is no longer `reading`.
    func renewUploadLease(_ uploadID: RowID, _ lease: UploadLease, rows: Int, total: Int) throws -> Bool
    /// Ends `lease.owner`'s lease at `lease.now` (its expiry set to it: now, or later for a pause), so
    /// another instance claims it from then on.
    func releaseUploadLease(_ uploadID: RowID, _ lease: UploadLease) throws
    /// Counts a read of `lease.owner`'s that failed for a reason of the server's own; the failures
    /// counted so far, or nil when the upload is no longer `reading` under that lease.
    func countReadFailure(_ uploadID: RowID, _ lease: UploadLease) throws -> Int?
    /// Records how `lease.owner`'s reading ended and ends its lease; false when the upload is no
    /// longer `reading` under that lease (another instance read it meanwhile).
    func finishReading(uploadID: RowID, _ reading: UploadReading, lease: UploadLease) throws -> Bool
}

/// A lease of the reading queue: who holds it, the time now and until when, in milliseconds
/// since 1970 on the holder's clock (the instances' clocks agree to well within a lease).
public struct UploadLease: Hashable, Sendable {
    public var owner: String
    public var now: Int64
    public var until: Int64

    public init(owner: String, now: Int64, until: Int64) {
        self.owner = owner
        self.now = now
        self.until = until
    }
}
