import Foundation

/// A result still to come: given once, by the thread that works it out, and waited for by any other.
/// The import overlaps its work on two cores through these: the file's digest and the cells' parse on
/// threads of their own (`onThreadOfItsOwn`), a template's hidden sheet read beside its cells
/// (`TemplateMetadataReading`), the parse begun on opening (`ImportSource.beginOpening`).
final class PendingResult<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<Value, any Error>?

    init() {}

    /// Runs `work` on a thread of its own; its value, or what it threw, is the result.
    static func onThreadOfItsOwn(_ work: @escaping () throws -> Value) -> PendingResult {
        let pending = PendingResult()
        let box = UncheckedBox(work)
        Thread.detachNewThread { pending.give(Result { try box.value() }) }
        return pending
    }

    /// Gives the result and wakes who waits for it, unless one was given before: the first stands.
    func give(_ result: Result<Value, any Error>) {
        condition.lock()
        defer { condition.unlock() }
        guard self.result == nil else { return }
        self.result = result
        condition.broadcast()
    }

    /// Whether the result has been given.
    var isGiven: Bool {
        condition.lock()
        defer { condition.unlock() }
        return result != nil
    }

    /// Waits for the result: returns its value or throws its error.
    func wait() throws -> Value {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return try result!.get()
    }
}

/// Moves a value to another thread where the caller guarantees it is used by one thread at a time.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
