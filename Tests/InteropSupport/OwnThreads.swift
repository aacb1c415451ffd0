import Dispatch
import Testing

/// Runs a suite's tests on threads of their own instead of Swift concurrency's shared pool.
///
/// The shared pool has one thread a core (two on the CI machine), and every test of the process
/// runs on it, the web tests' in-process servers among them. A test that waits synchronously for
/// a child process (the command line under test, LibreOffice, Python) holds a pool thread for the
/// whole wait; two such tests hold the pool, and nothing else in the process moves until one ends.
/// On a loaded machine that was long enough for a web test's client to give up on a request its
/// server had not yet been let to answer (HummingbirdTesting's fixed 20 s; seen in MetricsTests).
/// A suite whose tests block so carries `.ownThreads`: its tests' code runs on threads dispatch
/// adds as they block, and the shared pool stays free for the tests that need it.
public struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// A scope for each test case, not one around the suite.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(OwnThreadExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// The suite's tests wait synchronously (for a child process): run them off the shared pool.
    public static var ownThreads: Self { Self() }
}

/// Runs each job on a serial queue of its own: dispatch serves such queues from its
/// overcommitting pool, which adds a thread when one blocks (the shared pool never does). A
/// task's jobs run one after the other as ever; a test's child tasks may run side by side.
final class OwnThreadExecutor: TaskExecutor {
    static let shared = OwnThreadExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue(label: "slotsheet.tests.own-thread").async { job.runSynchronously(on: executor) }
    }
}
