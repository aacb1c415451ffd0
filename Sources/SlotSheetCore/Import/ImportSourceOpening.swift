import Foundation

extension ImportSource {
    /// Begins `open(path:)` on another core and returns at once; that thread then goes on to parse the
    /// cells, ahead of `parse`, which waits for them. A command opens its settings and its database
    /// meanwhile, then takes the source with `Opening.join()`, which throws what `open` would (so the
    /// settings' and the database's errors still come first). On a dry run the cells' parse is the
    /// longer of its two threads: begun here it starts as soon as the file is open, not once the
    /// command has its database too.
    public static func beginOpening(path: String) -> Opening {
        Opening(path: path)
    }

    /// A file being opened, and then parsed, on a thread of its own (`beginOpening`).
    public final class Opening: Sendable {
        private let opened = PendingResult<ImportSource>()

        fileprivate init(path: String) {
            Thread.detachNewThread { [opened] in
                let result = Result { try ImportSource.open(path: path) }
                let source = try? result.get()
                source?.ahead.begin()
                opened.give(result)
                if let source {
                    source.ahead.finish(Result { try source.parseCells(progress: source.ahead.report) })
                }
            }
        }

        /// Waits for the opening and returns the source, or throws what `open(path:)` threw.
        public func join() throws -> ImportSource {
            try opened.wait()
        }
    }
}

/// The cells of an `ImportSource` parsed ahead, on the thread that opened it: who follows the parse
/// waits for them, and the progress it gives is passed the rows read from then on (not those before).
final class ParseAhead: @unchecked Sendable {
    private let lock = NSLock()
    private var began = false
    private var progress: ((Int, Int) -> Void)?
    private let cells = PendingResult<ParsedSheet>()

    /// Marks the parse begun, before the source is handed out.
    func begin() {
        lock.lock()
        defer { lock.unlock() }
        began = true
    }

    /// Called by the parse as rows stream by: passed on to the progress its follower gave, if any yet.
    func report(_ done: Int, _ total: Int) {
        lock.lock()
        let progress = progress
        lock.unlock()
        progress?(done, total)
    }

    func finish(_ outcome: Result<ParsedSheet, any Error>) {
        cells.give(outcome)
    }

    /// The cells being parsed ahead, `progress` passed the rows read from now on; nil when no parse
    /// was begun.
    func follow(progress: ((Int, Int) -> Void)?) -> PendingResult<ParsedSheet>? {
        lock.lock()
        defer { lock.unlock() }
        guard began else { return nil }
        self.progress = progress
        return cells
    }
}
