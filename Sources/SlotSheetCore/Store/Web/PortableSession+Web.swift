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
        typealias C = AppUserColumn
        let role = try row.text(C.role)
        guard let known = AppUser.Role(rawValue: role) else { throw StoreError.failed("unknown role '\(role)' in app_user") }
        return AppUser(id: try row.integer(C.id), name: try row.text(C.name), role: known, passwordHash: try row.optionalText(C.passwordHash),
                       tokenSHA256: try row.optionalText(C.tokenSHA256), active: try row.boolean(C.active), createdAt: try row.text(C.createdAt))
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

    /// A row of `WebSQL.uploadColumns` as an upload: its state, outcome and kind decoded here, once;
    /// one this build does not know is an error.
    private static func webUpload(_ row: Connection.Row) throws -> WebUpload {
        typealias C = WebUploadColumn
        let id = try row.integer(C.id)
        func known<Value: RawRepresentable<String>>(_ column: C, _ name: String, as type: Value.Type) throws -> Value {
            let text = try row.text(column)
            guard let value = Value(rawValue: text) else { throw StoreError.failed("unknown upload \(name) '\(text)' (upload \(id))") }
            return value
        }
        let outcome = try row.optionalText(C.outcome) == nil ? nil : try known(C.outcome, "outcome", as: UploadOutcome.self)
        var upload = WebUpload(
            id: id, kind: try known(C.kind, "kind", as: UploadKind.self), userID: try row.integer(C.userID), fileName: try row.text(C.fileName),
            storedName: try row.text(C.storedName), size: try row.int(C.size), state: try known(C.state, "state", as: UploadState.self),
            createdAt: try row.text(C.createdAt), expiresAt: try row.text(C.expiresAt), rowsRead: try row.int(C.rowsRead),
            added: try row.int(C.added), removed: try row.int(C.removed), problems: try row.int(C.problems), outcome: outcome,
            batchID: try row.optionalInteger(C.batchID), userName: try row.text(C.userName))
        upload.rowsTotal = try row.int(C.rowsTotal)
        upload.planDigest = try row.optionalText(C.planDigest)
        upload.onTopDigest = try row.optionalText(C.onTopDigest)
        upload.leaseOwner = try row.optionalText(C.leaseOwner)
        upload.leaseUntil = try row.optionalInteger(C.leaseUntil)
        return upload
    }
}
