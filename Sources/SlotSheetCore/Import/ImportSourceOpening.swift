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
    public final class Opening: @unchecked Sendable {
        private let condition = NSCondition()
        private var opened: Result<ImportSource, any Error>?

        fileprivate init(path: String) {
            Thread.detachNewThread { [self] in
                let result = Result { try ImportSource.open(path: path) }
                let source = try? result.get()
                source?.ahead.begin()
                condition.lock()
                opened = result
                condition.broadcast()
                condition.unlock()
                if let source {
                    source.ahead.finish(Result { try source.parseCells(progress: source.ahead.report) })
                }
            }
        }

        /// Waits for the opening and returns the source, or throws what `open(path:)` threw.
        public func join() throws -> ImportSource {
            condition.lock()
            defer { condition.unlock() }
            while opened == nil { condition.wait() }
            return try opened!.get()
        }
    }
}

/// The cells of an `ImportSource` parsed ahead, on the thread that opened it: `parse` waits for them,
/// and the progress it is given from then on is reported (rows read before that are not).
final class ParseAhead: @unchecked Sendable {
    private let condition = NSCondition()
    private var began = false
    private var cells: Result<ParsedSheet, any Error>?
    private var progress: ((Int, Int) -> Void)?

    /// Marks the parse begun, before the source is handed out.
    func begin() {
        condition.lock()
        began = true
        condition.unlock()
    }

    /// Called by the parse as rows stream by: passed on to the progress `result` was given, if any yet.
    func report(_ done: Int, _ total: Int) {
        condition.lock()
        let progress = progress
        condition.unlock()
        progress?(done, total)
    }

    func finish(_ outcome: Result<ParsedSheet, any Error>) {
        condition.lock()
        cells = outcome
        condition.broadcast()
        condition.unlock()
    }

    /// The cells parsed ahead, once parsed (throws what the parse threw); nil when no parse was begun.
    func result(progress: ((Int, Int) -> Void)?) throws -> ParsedSheet? {
        condition.lock()
        defer { condition.unlock() }
        guard began else { return nil }
        self.progress = progress
        while cells == nil { condition.wait() }
        return try cells!.get()
    }
}
