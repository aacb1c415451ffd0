import Logging
import PostgresNIO

/// Wakes the instances of a shared PostgreSQL database when there is work for them, with
/// `LISTEN`/`NOTIFY`, so an idle instance need not ask the database every second. A writer sends
/// the notification inside its transaction (an upload stored to be read, a lease given back:
/// `PortableSession.insertUpload`, `releaseUploadLease`); the server
/// delivers it at COMMIT only, to every instance listening on the channel, on a connection of its
/// own. A notification is a hint, never the work itself: listeners still claim from the queue, and
/// still ask it now and then (a lease that ran out sends no notification).
public enum PostgresWakeups {
    /// The channel of the upload-reading queue (`UploadReaders`).
    public static let uploadQueue = "slotsheet_upload_queue"

    /// Listens on `channel` of the database at `url` and calls `wake` for each notification, until
    /// the task is cancelled. A lost or refused connection is tried again after `retryAfter`;
    /// `failed` is told of each failure (to log it).
    public static func listen(url: String, channel: String, retryAfter: Duration,
                              failed: @Sendable (any Error) -> Void, wake: @Sendable () -> Void) async {
        var logger = Logger(label: "slotsheet.postgres.listen")
        logger.logLevel = .error
        while !Task.isCancelled {
            do {
                let target = try PostgresLocation(url: url)
                let connection = try await PostgresConnection.connect(configuration: target.configuration, id: 2, logger: logger)
                do {
                    try await connection.listen(on: channel) { notifications in
                        wake()   // anything sent while not listening
                        for try await _ in notifications { wake() }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if Task.isCancelled { return }
                failed(error)
            }
            do { try await Task.sleep(for: retryAfter) } catch { return }
        }
    }
}
