/// What the reading queue does when reading an upload fails for a reason of the server's own (its
/// database, its disk), not the file's: the upload is tried again, after a pause that grows with
/// each failure (so a fault that lasts does not make every instance read the same file again and
/// again, logging an ERROR each time), and after `attempts` failures it is refused with a message
/// the office can act on (`UploadReadFailure`). The failures are counted on the upload's row
/// (`web_upload.read_failures`), so every instance and a restart count the same.
public enum UploadReadRetry {
    /// Reads tried before the upload is refused.
    public static let attempts = 3

    /// How long the queue leaves an upload alone after its `failures`th failed read: `poll`, then
    /// twice as long after each further failure.
    public static func pause(afterFailures failures: Int, poll: Duration) -> Duration {
        poll * (1 << min(max(failures - 1, 0), 10))
    }

    /// Whether the `failures`th failed read is the last: the upload is refused.
    public static func givesUp(afterFailures failures: Int) -> Bool {
        failures >= attempts
    }

    /// The refusal, in the words every kind of upload stores it with (`UploadKindPipeline.refused`).
    public static func refusalWords(afterFailures failures: Int) -> FileRefusal {
        let message = UploadReadFailure.serverFailed(attempts: failures)
        return FileRefusal(outcome: .readFailed, english: message.english, dutch: message.dutch)
    }

    /// An availability upload's row and stored preview after the refusal.
    public static func refusal(afterFailures failures: Int) -> UploadPreview {
        UploadPreview(result: .unreadable(refusalWords(afterFailures: failures)))
    }
}

/// Why an upload was refused without its file being at fault.
public enum UploadReadFailure: Error, Equatable, Sendable {
    /// Reading failed `attempts` times for a reason of the server's own.
    case serverFailed(attempts: Int)
}

extension UploadReadFailure: OfficeMessage {
    public var english: String {
        switch self {
        case let .serverFailed(attempts):
            return "The server could not read this upload (tried \(attempts) times); the fault is the server's, not the file's. Upload the file again later; if that fails too, ask the administrator to look at the server's log."
        }
    }

    public var dutch: String {
        switch self {
        case let .serverFailed(attempts):
            return "De server kon deze upload niet lezen (\(attempts) keer geprobeerd); de fout ligt bij de server, niet bij het bestand. Upload het bestand later opnieuw; lukt dat ook niet, vraag de beheerder dan in het logboek van de server te kijken."
        }
    }
}
