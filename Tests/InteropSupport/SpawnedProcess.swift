import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run to its end with posix_spawn, its standard output and error read whole: what the
/// CLI tests run the binary with instead of Foundation's `Process`, whose `run()` on Linux
/// (swift-corelibs-foundation before PR #5472, as in Swift 6.3) reads past glibc's buffer while it
/// lists /proc/self/fd and now and then crashes the whole test process (once in a run of 586 tests
/// on 2026-11-27). The child gets only its three standard descriptors (the others are closed, as
/// `Process` closes them), its environment and its working directory. Where the C library lacks
/// what this needs (glibc before 2.34), `run` answers nil and the caller uses `Process`.
public struct SpawnedProcess {
    public let status: Int32
    public let output: Data
    public let errors: Data

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's two file actions that Swift's Glibc module does not declare (they are GNU extensions).
    private static let fileActions: (chdir: AddChdir, closeFrom: AddCloseFrom)? = {
        guard let chdir = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np"),
              let closeFrom = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return (unsafeBitCast(chdir, to: AddChdir.self), unsafeBitCast(closeFrom, to: AddCloseFrom.self))
    }()

    /// Runs `executable` with `arguments` in `directory` with exactly `environment`, and waits for it;
    /// nil when this C library cannot spawn it so. Throws when the program cannot be started.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           directory: String) throws -> SpawnedProcess? {
        guard let actionsOf = fileActions else { return nil }
        // Close-on-exec (pipe2 is not in Swift's Glibc): a program another thread starts meanwhile
        // does not keep them open; its own child closes them anyway (every spawner here closes all
        // but the three standard descriptors).
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { throw Interop.Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&errors) == 0 else {
            close(output[0]); close(output[1])
            throw Interop.Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        for descriptor in output + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        _ = actionsOf.closeFrom(&actions, 3)
        _ = directory.withCString { actionsOf.chdir(&actions, $0) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(output[0]); close(errors[0])
            throw Interop.Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        // Standard error drained on another thread, so a chatty program cannot fill a pipe and stall.
        let errorText = DrainedData()
        let drained = DispatchSemaphore(value: 0)
        let errorEnd = errors[0]
        DispatchQueue.global().async {
            errorText.value = SpawnedProcess.readAll(errorEnd)
            drained.signal()
        }
        let outputData = readAll(output[0])
        drained.wait()
        close(output[0])
        close(errorEnd)
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        // As Process gives it: the exit code, or the signal's number for a program a signal ended.
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : status & 0x7f
        return SpawnedProcess(status: code, output: outputData, errors: errorText.value)
    }

    private static func readAll(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(buffer, count: count)
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }
}

/// Bytes handed from the draining thread to the caller once it signalled.
private final class DrainedData: @unchecked Sendable {
    var value = Data()
}
