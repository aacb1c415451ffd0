/// The columns of `app_user` its rows are read by (`PortableSession.appUser`).
enum AppUserColumn: Int, SelectColumn {
    case id, name, role, passwordHash, tokenSHA256, active, createdAt

    var expression: String {
        switch self {
        case .id: "id"
        case .name: "name"
        case .role: "role"
        case .passwordHash: "password_hash"
        case .tokenSHA256: "token_sha256"
        case .active: "active"
        case .createdAt: "created_at"
        }
    }
}

/// The columns of `web_upload` (`u`, with its user `a`) its rows are read by (`PortableSession.webUpload`).
enum WebUploadColumn: Int, SelectColumn {
    case id, userID, fileName, storedName, size, state, createdAt, expiresAt, rowsRead, added, removed, problems, outcome, batchID,
         userName, rowsTotal, planDigest, onTopDigest, leaseOwner, leaseUntil, kind

    var expression: String {
        switch self {
        case .id: "u.id"
        case .userID: "u.user_id"
        case .fileName: "u.file_name"
        case .storedName: "u.stored_name"
        case .size: "u.size"
        case .state: "u.state"
        case .createdAt: "u.created_at"
        case .expiresAt: "u.expires_at"
        case .rowsRead: "u.rows_read"
        case .added: "u.added"
        case .removed: "u.removed"
        case .problems: "u.problems"
        case .outcome: "u.outcome"
        case .batchID: "u.batch_id"
        case .userName: "a.name"
        case .rowsTotal: "u.rows_total"
        case .planDigest: "u.plan_digest"
        case .onTopDigest: "u.on_top_digest"
        case .leaseOwner: "u.lease_owner"
        case .leaseUntil: "u.lease_until"
        case .kind: "u.kind"
        }
    }
}

/// The statements of the web front's tables (`app_user`, `web_upload`), portable like `StoreSQL`.
enum WebSQL {
    static let userColumns = AppUserColumn.selectList
    static let insertUser = """
        INSERT INTO app_user (name, role, password_hash, token_sha256, active, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id
        """
    static let userByName = "SELECT \(userColumns) FROM app_user WHERE name = ?"
    static let userByID = "SELECT \(userColumns) FROM app_user WHERE id = ?"
    static let userByToken = "SELECT \(userColumns) FROM app_user WHERE token_sha256 = ? AND active = ?"
    static let users = "SELECT \(userColumns) FROM app_user ORDER BY name"
    static let setActive = "UPDATE app_user SET active = ? WHERE name = ? RETURNING id"
    static let setToken = "UPDATE app_user SET token_sha256 = ? WHERE name = ? RETURNING id"
    static let setPassword = "UPDATE app_user SET password_hash = ? WHERE name = ? RETURNING id"

    static let uploadColumns = WebUploadColumn.selectList
    static let uploadFrom = "FROM web_upload u JOIN app_user a ON a.id = u.user_id"
    static let insertUpload = """
        INSERT INTO web_upload (user_id, file_name, stored_name, size, state, created_at, expires_at, kind) \
        VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
        """
    static let uploadByID = "SELECT \(uploadColumns) \(uploadFrom) WHERE u.id = ?"
    static let allUploads = "SELECT \(uploadColumns) \(uploadFrom) ORDER BY u.id DESC LIMIT ?"
    static let uploadsOfUser = "SELECT \(uploadColumns) \(uploadFrom) WHERE u.user_id = ? ORDER BY u.id DESC LIMIT ?"
    static let uploadsInState = "SELECT \(uploadColumns) \(uploadFrom) WHERE u.state = ? ORDER BY u.id"
    static let finishReading = """
        UPDATE web_upload SET state = ?, rows_read = ?, added = ?, removed = ?, problems = ?, outcome = ?, plan_digest = ?, \
        on_top_digest = ? WHERE id = ? AND state IN ('reading', 'ready') RETURNING id
        """
    /// The reader's own end of a reading: only under its lease, which it ends.
    static let finishLeasedReading = """
        UPDATE web_upload SET state = ?, rows_read = ?, added = ?, removed = ?, problems = ?, outcome = ?, plan_digest = ?, \
        on_top_digest = ?, rows_total = ?, lease_owner = NULL, lease_until = NULL \
        WHERE id = ? AND state = 'reading' AND lease_owner = ? RETURNING id
        """

    /// The statements of a table of an upload's bytes in numbered chunks.
    struct ChunkStatements {
        let insert: String
        let select: String
        let delete: String

        init(table: String) {
            insert = "INSERT INTO \(table) (upload_id, seq, bytes) VALUES (?, ?, ?)"
            select = "SELECT bytes FROM \(table) WHERE upload_id = ? AND seq = ?"
            delete = "DELETE FROM \(table) WHERE upload_id = ?"
        }
    }

    /// The upload's file, and its stored preview.
    static let fileChunks = ChunkStatements(table: "upload_chunk")
    static let resultChunks = ChunkStatements(table: "upload_result_chunk")
    static let insertErrorsChunk = "INSERT INTO upload_errors_chunk (upload_id, language, seq, bytes) VALUES (?, ?, ?, ?)"
    static let errorsChunk = "SELECT bytes FROM upload_errors_chunk WHERE upload_id = ? AND language = ? AND seq = ?"
    static let deleteErrorsChunks = "DELETE FROM upload_errors_chunk WHERE upload_id = ?"

    /// Claims the oldest upload waiting to be read whose lease is free or ran out.
    static func claim(_ d: SQLDialect) -> String {
        let skipLocked = d == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        return """
            UPDATE web_upload SET lease_owner = ?, lease_until = ? WHERE id = (\
            SELECT id FROM web_upload WHERE state = 'reading' AND (lease_until IS NULL OR lease_until < ?) \
            ORDER BY id LIMIT 1\(skipLocked)) RETURNING id
            """
    }
    static let renewLease = """
        UPDATE web_upload SET lease_until = ?, rows_read = ?, rows_total = ? \
        WHERE id = ? AND state = 'reading' AND lease_owner = ? RETURNING id
        """
    static let releaseLease = "UPDATE web_upload SET lease_until = ? WHERE id = ? AND state = 'reading' AND lease_owner = ?"
    static let countReadFailure = """
        UPDATE web_upload SET read_failures = read_failures + 1 WHERE id = ? AND state = 'reading' AND lease_owner = ? RETURNING read_failures
        """

    /// Moves an upload to `to` when it is in one of `count` states.
    static func moveUpload(fromStates count: Int) -> String {
        let states = Array(repeating: "?", count: count).joined(separator: ", ")
        return "UPDATE web_upload SET state = ?, batch_id = COALESCE(?, batch_id) WHERE id = ? AND state IN (\(states)) RETURNING id"
    }
}
