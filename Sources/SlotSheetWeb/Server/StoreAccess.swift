import NIOConcurrencyHelpers
import NIOPosix
import SlotSheetCore

/// The database as the web front uses it: blocking store calls run on a pool of worker threads,
/// never on the server's event loops, each with a store of its own where the backend needs one.
///
/// A SQLite store is one pool of connections and is shared; a PostgreSQL store is one connection,
/// so each worker takes one from `idle` (opening a new one when none is free) and gives it back.
/// A store whose connection failed is dropped rather than given back, so the next call reconnects.
public final class StoreAccess: Sendable {
    private let open: @Sendable () throws -> any RepairStore
    private let shareOneStore: Bool
    private let idle = NIOLockedValueBox<[any RepairStore]>([])
    private let threads: NIOThreadPool

    /// `open` opens the database (checking its schema); `shareOneStore` is true for a backend whose
    /// store is safe to use from several threads at once (SQLite).
    public init(threads: Int, shareOneStore: Bool, open: @escaping @Sendable () throws -> any RepairStore) {
        self.open = open
        self.shareOneStore = shareOneStore
        self.threads = NIOThreadPool(numberOfThreads: max(1, threads))
        self.threads.start()
    }

    /// Another access to the same database with threads of its own (the health checks'), so what
    /// runs there never waits behind the work queued here.
    public func separate(threads: Int = 1) -> StoreAccess {
        StoreAccess(threads: threads, shareOneStore: shareOneStore, open: open)
    }

    /// Stops the worker threads once their work is done.
    public func shutdown() async throws {
        try await threads.shutdownGracefully()
    }

    /// Runs `work` on a worker thread with a store.
    public func run<T: Sendable>(_ work: @escaping @Sendable (any RepairStore) throws -> T) async throws -> T {
        try await threads.runIfActive { [self] in
            let store = try checkOut()
            do {
                let result = try work(store)
                checkIn(store)
                return result
            } catch let error as StoreError {
                // A connection that failed is not given back (unless it is the shared one).
                if shareOneStore { checkIn(store) }
                throw error
            } catch {
                checkIn(store)
                throw error
            }
        }
    }

    /// Runs blocking work that needs no store (reading an uploaded file) on a worker thread.
    public func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await threads.runIfActive(work)
    }

    /// One snapshot.
    public func read<T: Sendable>(_ work: @escaping @Sendable (any StoreSession) throws -> T) async throws -> T {
        try await run { try $0.read(work) }
    }

    /// One transaction.
    public func write<T: Sendable>(_ work: @escaping @Sendable (any StoreSession) throws -> T) async throws -> T {
        try await run { try $0.write(work) }
    }

    private func checkOut() throws -> any RepairStore {
        if let store = idle.withLockedValue({ shareOneStore ? $0.first : $0.popLast() }) { return store }
        let store = try open()
        if shareOneStore { idle.withLockedValue { if $0.isEmpty { $0.append(store) } } }
        return store
    }

    private func checkIn(_ store: any RepairStore) {
        guard !shareOneStore else { return }
        idle.withLockedValue { $0.append(store) }
    }
}
