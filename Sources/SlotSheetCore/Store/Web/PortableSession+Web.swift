import SlotSheetTemplates

/// The web front's queries on every backend (see `WebAccountSession`).
extension PortableSession: WebAccountSession {
    func insertUser(_ user: AppUser) throws -> RowID {
        try connection.returningID(WebSQL.insertUser, [
            user.name.sqlValue, user.role.rawValue.sqlValue, user.passwordHash.sqlValue, user.tokenSHA256.sqlValue,
            user.active.sqlValue, user.createdAt.sqlValue,
        ])
    }

    func user(named name: String) throws -> AppUser? {
        try connection.firstRow(WebSQL.userByName, [name.sqlValue], PortableSession.appUser)
    }

    func user(id: RowID) throws -> AppUser? {
        try connection.firstRow(WebSQL.userByID, [id.sqlValue], PortableSession.appUser)
    }

    func activeUser(tokenSHA256: String) throws -> AppUser? {
        try connection.firstRow(WebSQL.userByToken, [tokenSHA256.sqlValue, true.sqlValue], PortableSession.appUser)
    }

    func users() throws -> [AppUser] {
        try connection.rows(WebSQL.users, [], PortableSession.appUser)
    }

    func setUserActive(_ name: String, active: Bool) throws -> Bool {
        try connection.firstRow(WebSQL.setActive, [active.sqlValue, name.sqlValue]) { try $0.integer(0) } != nil
    }

    func setUserToken(_ name: String, sha256: String?) throws -> Bool {
        try connection.firstRow(WebSQL.setToken, [sha256.sqlValue, name.sqlValue]) { try $0.integer(0) } != nil
    }

    func setUserPassword(_ name: String, hash: String) throws -> Bool {
        try connection.firstRow(WebSQL.setPassword, [hash.sqlValue, name.sqlValue]) { try $0.integer(0) } != nil
    }

    /// A row of `WebSQL.userColumns` as a user; a role this build does not know is an error.
    private static func appUser(_ row: Connection.Row) throws -> AppUser {
        let role = try row.text(2)
        guard let known = AppUser.Role(rawValue: role) else { throw StoreError.failed("unknown role '\(role)' in app_user") }
        return AppUser(id: try row.integer(0), name: try row.text(1), role: known, passwordHash: try row.optionalText(3),
                       tokenSHA256: try row.optionalText(4), active: try row.boolean(5), createdAt: try row.text(6))
    }

    func insertUpload(_ u: WebUpload) throws -> RowID {
        let id = try connection.returningID(WebSQL.insertUpload, [
            u.userID.sqlValue, u.fileName.sqlValue, u.storedName.sqlValue, u.size.sqlValue, u.state.rawValue.sqlValue,
            u.createdAt.sqlValue, u.expiresAt.sqlValue, u.kind.rawValue.sqlValue,
        ])
        if u.state == .reading { try announceUploadWaiting() }
        return id
    }

    /// Wakes the instances listening for the reading queue (`PostgresWakeups`) when this
    /// transaction commits; SQLite has no other instance to wake that would not poll anyway.
    private func announceUploadWaiting() throws {
        guard connection.dialect == .postgres else { return }
        try connection.execute("NOTIFY \(PostgresWakeups.uploadQueue)", [])
    }

    func upload(id: RowID) throws -> WebUpload? {
        try connection.firstRow(WebSQL.uploadByID, [id.sqlValue], PortableSession.webUpload)
    }

    func uploads(of userID: RowID?, limit: Int) throws -> [WebUpload] {
        guard let userID else { return try connection.rows(WebSQL.allUploads, [limit.sqlValue], PortableSession.webUpload) }
        return try connection.rows(WebSQL.uploadsOfUser, [userID.sqlValue, limit.sqlValue], PortableSession.webUpload)
    }

    func uploads(in state: UploadState) throws -> [WebUpload] {
        try connection.rows(WebSQL.uploadsInState, [state.rawValue.sqlValue], PortableSession.webUpload)
    }

    func finishReading(uploadID: RowID, _ r: UploadReading) throws -> Bool {
        try connection.firstRow(WebSQL.finishReading, [
            r.state.rawValue.sqlValue, r.rowsRead.sqlValue, r.added.sqlValue, r.removed.sqlValue, r.problems.sqlValue,
            r.outcome.rawValue.sqlValue, r.planDigest.sqlValue, r.onTopDigest.sqlValue, uploadID.sqlValue,
        ]) { try $0.integer(0) } != nil
    }

    func finishReading(uploadID: RowID, _ r: UploadReading, lease: UploadLease) throws -> Bool {
        try connection.firstRow(WebSQL.finishLeasedReading, [
            r.state.rawValue.sqlValue, r.rowsRead.sqlValue, r.added.sqlValue, r.removed.sqlValue, r.problems.sqlValue,
            r.outcome.rawValue.sqlValue, r.planDigest.sqlValue, r.onTopDigest.sqlValue, r.rowsRead.sqlValue, uploadID.sqlValue, lease.owner.sqlValue,
        ]) { try $0.integer(0) } != nil
    }

    func insertUploadChunk(uploadID: RowID, seq: Int, bytes: [UInt8]) throws {
        try connection.execute(WebSQL.fileChunks.insert, [uploadID.sqlValue, seq.sqlValue, .bytes(bytes)])
    }

    func uploadChunk(uploadID: RowID, seq: Int) throws -> [UInt8]? {
        try connection.firstRow(WebSQL.fileChunks.select, [uploadID.sqlValue, seq.sqlValue]) { try $0.bytes(0) }
    }

    func insertUploadResultChunk(uploadID: RowID, seq: Int, bytes: [UInt8]) throws {
        try connection.execute(WebSQL.resultChunks.insert, [uploadID.sqlValue, seq.sqlValue, .bytes(bytes)])
    }

    func uploadResultChunk(uploadID: RowID, seq: Int) throws -> [UInt8]? {
        try connection.firstRow(WebSQL.resultChunks.select, [uploadID.sqlValue, seq.sqlValue]) { try $0.bytes(0) }
    }

    func deleteUploadResult(uploadID: RowID) throws {
        try connection.execute(WebSQL.resultChunks.delete, [uploadID.sqlValue])
    }

    func insertUploadErrorWorkbookChunk(uploadID: RowID, language: Language, seq: Int, bytes: [UInt8]) throws {
        try connection.execute(WebSQL.insertErrorsChunk, [uploadID.sqlValue, language.rawValue.sqlValue, seq.sqlValue, .bytes(bytes)])
    }

    func uploadErrorWorkbookChunk(uploadID: RowID, language: Language, seq: Int) throws -> [UInt8]? {
        try connection.firstRow(WebSQL.errorsChunk, [uploadID.sqlValue, language.rawValue.sqlValue, seq.sqlValue]) { try $0.bytes(0) }
    }

    func deleteUploadErrorWorkbooks(uploadID: RowID) throws {
        try connection.execute(WebSQL.deleteErrorsChunks, [uploadID.sqlValue])
    }

    func claimUpload(_ lease: UploadLease) throws -> WebUpload? {
        guard let id = try connection.firstRow(WebSQL.claim(connection.dialect), [lease.owner.sqlValue, lease.until.sqlValue, lease.now.sqlValue],
                                               { try $0.integer(0) }) else { return nil }
        return try upload(id: id)
    }

    func renewUploadLease(_ uploadID: RowID, _ lease: UploadLease, rows: Int, total: Int) throws -> Bool {
        try connection.firstRow(WebSQL.renewLease, [lease.until.sqlValue, rows.sqlValue, total.sqlValue, uploadID.sqlValue, lease.owner.sqlValue]) {
            try $0.integer(0)
        } != nil
    }

    func releaseUploadLease(_ uploadID: RowID, _ lease: UploadLease) throws {
        try connection.execute(WebSQL.releaseLease, [lease.now.sqlValue, uploadID.sqlValue, lease.owner.sqlValue])
        try announceUploadWaiting()
    }

    func countReadFailure(_ uploadID: RowID, _ lease: UploadLease) throws -> Int? {
        try connection.firstRow(WebSQL.countReadFailure, [uploadID.sqlValue, lease.owner.sqlValue]) { try $0.int(0) }
    }

    func moveUpload(_ uploadID: RowID, from: Set<UploadState>, to: UploadState, batchID: RowID?) throws -> Bool {
        let states = from.map(\.rawValue).sorted()
        let moved = try connection.firstRow(WebSQL.moveUpload(fromStates: states.count),
                                            [to.rawValue.sqlValue, batchID.sqlValue, uploadID.sqlValue] + states.map(\.sqlValue)) {
            try $0.integer(0)
        } != nil
        if moved && !to.keepsFile {
            try connection.execute(WebSQL.fileChunks.delete, [uploadID.sqlValue])
            try deleteUploadResult(uploadID: uploadID)
            try deleteUploadErrorWorkbooks(uploadID: uploadID)
        }
        return moved
    }

    /// A row of `WebSQL.uploadColumns` as an upload; a state, an outcome or a kind this build does not know is an error.
    private static func webUpload(_ row: Connection.Row) throws -> WebUpload {
        let state = try row.text(5)
        guard let known = UploadState(rawValue: state) else { throw StoreError.failed("unknown upload state '\(state)'") }
        let outcome = try row.optionalText(12).map { text in
            guard let outcome = UploadOutcome(rawValue: text) else { throw StoreError.failed("unknown upload outcome '\(text)'") }
            return outcome
        }
        var upload = WebUpload(
            id: try row.integer(0), userID: try row.integer(1), fileName: try row.text(2), storedName: try row.text(3),
            size: try row.int(4), state: known, createdAt: try row.text(6), expiresAt: try row.text(7), rowsRead: try row.int(8),
            added: try row.int(9), removed: try row.int(10), problems: try row.int(11), outcome: outcome,
            batchID: try row.optionalInteger(13), userName: try row.text(14))
        upload.rowsTotal = try row.int(15)
        upload.planDigest = try row.optionalText(16)
        upload.onTopDigest = try row.optionalText(17)
        upload.leaseOwner = try row.optionalText(18)
        upload.leaseUntil = try row.optionalInteger(19)
        let kind = try row.text(20)
        guard let knownKind = UploadKind(rawValue: kind) else { throw StoreError.failed("upload \(upload.id ?? 0) is of the kind '\(kind)', which this slotsheet does not know") }
        upload.kind = knownKind
        return upload
    }
}
