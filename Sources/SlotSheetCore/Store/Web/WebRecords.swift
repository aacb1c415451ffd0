/// A person who signs in to the web front (`app_user`). The password is kept only as a bcrypt
/// hash and the API token only as its SHA-256, so the table holds no usable secret.
public struct AppUser: Hashable, Sendable {
    /// What a person may do in the web front.
    public enum Role: String, CaseIterable, Sendable, Codable {
        /// Templates, uploads, previews, apply, their own uploads and the history.
        case office
        /// Everything an office user may, plus undo, everyone's uploads, reports and users.
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

    /// An upload in this state still has its file on disk.
    public var keepsFile: Bool { self == .reading || self == .ready || self == .refused }
}

/// One file uploaded through the web front (`web_upload`). The file lives in the server's private
/// upload folder under `storedName`, a random name; `fileName` is what the browser called it and is
/// only ever shown (escaped), never used on disk.
public struct WebUpload: Hashable, Sendable {
    public var id: RowID?
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
    /// How reading ended (`ImportOutcome`'s status, or `unreadable`), once it has.
    public var outcome: String?
    public var batchID: RowID?
    /// The uploader's name (read with the upload, for lists).
    public var userName: String?

    public init(id: RowID? = nil, userID: RowID, fileName: String, storedName: String, size: Int, state: UploadState = .reading,
                createdAt: String, expiresAt: String, rowsRead: Int = 0, added: Int = 0, removed: Int = 0, problems: Int = 0,
                outcome: String? = nil, batchID: RowID? = nil, userName: String? = nil) {
        self.id = id
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

/// The result of reading an upload, as the upload list shows it.
public struct UploadReading: Hashable, Sendable {
    public var state: UploadState
    public var rowsRead: Int
    public var added: Int
    public var removed: Int
    public var problems: Int
    public var outcome: String

    public init(state: UploadState, rowsRead: Int, added: Int, removed: Int, problems: Int, outcome: String) {
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
    func moveUpload(_ uploadID: RowID, from: Set<UploadState>, to: UploadState, batchID: RowID?) throws -> Bool
}
