/// The statements of the web front's shared state (`web_session`, `sign_in_record`), portable like
/// `StoreSQL`.
enum WebStateSQL {
    static let insertSession = """
        INSERT INTO web_session (id_sha256, user_id, csrf_sha256, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
        """
    static let sessionByID = """
        SELECT id_sha256, user_id, csrf_sha256, created_at, expires_at FROM web_session WHERE id_sha256 = ? AND expires_at > ?
        """
    static let deleteSession = "DELETE FROM web_session WHERE id_sha256 = ?"
    static let deleteSessionsOfUser = "DELETE FROM web_session WHERE user_id = ? RETURNING id"
    static let deleteEndedSessions = "DELETE FROM web_session WHERE expires_at <= ? RETURNING id"
    static let countSessions = "SELECT COUNT(*) FROM web_session WHERE expires_at > ?"

    /// The records of `count` keys, each bound as (counter, subject).
    static func signInRecords(keys count: Int) -> String {
        let matches = Array(repeating: "(counter = ? AND subject = ?)", count: count).joined(separator: " OR ")
        return "SELECT counter, subject, failures, wait_until_ms, last_seen_ms FROM sign_in_record WHERE \(matches)"
    }

    static let countFailure = """
        INSERT INTO sign_in_record (counter, subject, failures, last_seen_ms) VALUES (?, ?, 1, ?) \
        ON CONFLICT (counter, subject) DO UPDATE SET failures = sign_in_record.failures + 1, last_seen_ms = excluded.last_seen_ms \
        RETURNING failures
        """
    static let setWait = "UPDATE sign_in_record SET wait_until_ms = ? WHERE counter = ? AND subject = ?"
    static let clearRecord = "DELETE FROM sign_in_record WHERE counter = ? AND subject = ?"
    /// Removes a counter's records seen before its `?`-th most recent one (bound: counter, counter, offset).
    static let pruneRecords = """
        DELETE FROM sign_in_record WHERE counter = ? AND last_seen_ms < \
        (SELECT last_seen_ms FROM sign_in_record WHERE counter = ? ORDER BY last_seen_ms DESC LIMIT 1 OFFSET ?)
        """
}
