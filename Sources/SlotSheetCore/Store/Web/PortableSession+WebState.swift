/// The web front's shared state on every backend (see `WebStateSession`).
extension PortableSession: WebStateSession {
    func insertWebSession(_ s: StoredWebSession) throws {
        try connection.execute(WebStateSQL.insertSession, [
            s.idSHA256.sqlValue, s.userID.sqlValue, s.csrfSHA256.sqlValue, s.createdAt.sqlValue, s.expiresAt.sqlValue,
        ])
    }

    func webSession(idSHA256: String, validAt now: String) throws -> StoredWebSession? {
        try connection.firstRow(WebStateSQL.sessionByID, [idSHA256.sqlValue, now.sqlValue]) { row in
            StoredWebSession(idSHA256: try row.text(0), userID: try row.integer(1), csrfSHA256: try row.text(2),
                             createdAt: try row.text(3), expiresAt: try row.text(4))
        }
    }

    func deleteWebSession(idSHA256: String) throws {
        try connection.execute(WebStateSQL.deleteSession, [idSHA256.sqlValue])
    }

    func deleteWebSessions(ofUser userID: RowID) throws -> Int {
        try connection.rows(WebStateSQL.deleteSessionsOfUser, [userID.sqlValue]) { try $0.integer(0) }.count
    }

    func deleteWebSessions(endedBy now: String) throws -> Int {
        try connection.rows(WebStateSQL.deleteEndedSessions, [now.sqlValue]) { try $0.integer(0) }.count
    }

    func webSessionCount(validAt now: String) throws -> Int {
        try connection.firstRow(WebStateSQL.countSessions, [now.sqlValue]) { try $0.int(0) } ?? 0
    }

    func signInRecords(_ keys: [SignInKey]) throws -> [SignInRecord] {
        guard !keys.isEmpty else { return [] }
        return try connection.rows(WebStateSQL.signInRecords(keys: keys.count), keys.flatMap(\.sqlValues)) { row in
            let counter = try row.text(0)
            guard let known = SignInCounter(rawValue: counter) else { throw StoreError.failed("unknown sign-in counter '\(counter)'") }
            return SignInRecord(key: SignInKey(known, try row.text(1)), failures: try row.int(2), waitUntilMS: try row.optionalInteger(3),
                                lastSeenMS: try row.integer(4))
        }
    }

    func countSignInFailure(_ key: SignInKey, at nowMS: Int64) throws -> Int {
        try connection.firstRow(WebStateSQL.countFailure, key.sqlValues + [nowMS.sqlValue]) { try $0.int(0) } ?? 0
    }

    func setSignInWait(_ key: SignInKey, until waitUntilMS: Int64) throws {
        try connection.execute(WebStateSQL.setWait, [waitUntilMS.sqlValue] + key.sqlValues)
    }

    func clearSignInRecords(_ keys: [SignInKey]) throws {
        for key in keys { try connection.execute(WebStateSQL.clearRecord, key.sqlValues) }
    }

    func pruneSignInRecords(_ counter: SignInCounter, keeping: Int) throws {
        try connection.execute(WebStateSQL.pruneRecords, [counter.rawValue.sqlValue, counter.rawValue.sqlValue, max(0, keeping - 1).sqlValue])
    }
}

extension SignInKey {
    /// The values of `(counter, subject)`, in that order.
    var sqlValues: [SQLValue] { [counter.rawValue.sqlValue, subject.sqlValue] }
}
