import Foundation

/// Random choices a test can replay: the generator is seeded from `SLOTSHEET_TEST_SEED` when it is
/// set, else from the system, and the seed is printed, so a failing run is replayed exactly with
/// `SLOTSHEET_TEST_SEED=<seed> swift test --filter <test>`. SplitMix64: small, fast, and the same
/// numbers for the same seed on every machine.
public struct SeededGenerator: RandomNumberGenerator {
    public let seed: UInt64
    private var state: UInt64

    /// A generator for the test named `test`; prints its seed.
    public init(test: String) {
        let fixed = ProcessInfo.processInfo.environment["SLOTSHEET_TEST_SEED"].flatMap { UInt64($0) }
        seed = fixed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        state = seed
        print("\(test): random seed \(seed) (SLOTSHEET_TEST_SEED=\(seed) replays this run)")
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Programs and capabilities some tests need (LibreOffice, util-linux `script`, mounting a tmpfs).
/// Under `make test` (`SLOTSHEET_REQUIRE_TOOLS=1`) a missing one fails the test that needs it,
/// with the reason; a plain `swift test` skips that test instead.
public enum RequiredTool {
    /// Set by `make test`: every tool must be there (the same switch as `Interop.toolsRequired`).
    public static var isRequired: Bool { Interop.toolsRequired }

    /// For `.enabled(if:)`: run the test when the tool is there, and also when it is required (then
    /// the test fails in `require`).
    public static func runs(when available: Bool) -> Bool {
        available || isRequired
    }

    /// For `.enabled(if:)` on a program: run when it is on PATH or required.
    public static func runs(program: String) -> Bool {
        Interop.shouldRun(needing: [program])
    }

    /// The program's path; throws, naming it and how to install it, when it is not on PATH.
    public static func program(_ name: String, installedBy hint: String = "bash scripts/install-deps.sh --test") throws -> URL {
        guard let path = Interop.program(named: name) else {
            throw Interop.Failure(description: "'\(name)' is not installed, and this test needs it; install it with '\(hint)'.")
        }
        return path
    }

    /// Throws `reason` unless `available`.
    public static func require(_ available: Bool, _ reason: String) throws {
        guard available else { throw Interop.Failure(description: reason) }
    }
}
