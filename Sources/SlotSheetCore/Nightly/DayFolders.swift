import Foundation
import SlotSheetTemplates

/// The nightly output folder: one folder a day (`2026-12-01/`), published whole, pruned by age,
/// and guarded by a lock so two runs never write at once.
enum DayFolders {
    /// Names of day folders: `YYYY-MM-DD`.
    static func date(ofFolder name: String) -> LocalDate? {
        LocalDate(iso: name)
    }

    /// Hidden staging folders start with this; a run killed half-way leaves one, which the next run removes.
    static let stagingPrefix = ".staging-"

    /// Flushes a folder's entries (a rename is durable once its folder is).
    static func sync(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// How a finished staging folder takes the place of the day's folder, so that a reader of the
/// output folder finds the previous complete output or the new one at every instant, never
/// neither and never a mix.
///
/// A new day is a plain rename. A day that ran before is swapped in one step with Linux
/// `renameat2(RENAME_EXCHANGE)`. Where that is not available (a kernel before 3.15, glibc before
/// 2.28, a file system that does not support it, such as NFS), a non-empty folder cannot be
/// replaced atomically at all: moving the old one away first would leave the day missing between
/// two renames, and a kill there would lose it. So the publish is refused (exit code 7) and the
/// previous output stays as it is; the message says how to publish again.
struct DayFolderPublisher: Sendable {
    /// Exchanges two paths in one step; 0, or the `errno` of the failure.
    var exchange: @Sendable (_ first: String, _ second: String) -> Int32

    /// Linux's `renameat2(RENAME_EXCHANGE)`, found at run time.
    static let system = DayFolderPublisher { first, second in
        guard let exchange = DayFolderPublisher.renameExchange else { return ENOSYS }
        return exchange(AT_FDCWD, first, AT_FDCWD, second, DayFolderPublisher.renameExchangeFlag) == 0 ? 0 : errno
    }

    /// A system without the exchange (for tests of that path).
    static let withoutExchange = DayFolderPublisher { _, _ in ENOSYS }

    /// Puts `staging` in place of `day`. Returns where the replaced folder went (to remove), or nil
    /// for a new day.
    func publish(_ staging: String, as day: String) throws(NightlyError) -> String? {
        guard FileManager.default.fileExists(atPath: day) else {
            guard rename(staging, day) == 0 else { throw .output("\(day) could not be published: \(String(cString: strerror(errno))).") }
            return nil
        }
        let failure = exchange(staging, day)
        guard failure == 0 else {
            throw .output("""
                \(day) exists and cannot be replaced in one step on this system (renameat2 RENAME_EXCHANGE: \
                \(String(cString: strerror(failure)))); it is kept as it was and nothing new was published. \
                Remove \(day) and run again to publish today's files.
                """)
        }
        return staging
    }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameExchangeFlag: UInt32 = 1 << 1
    /// glibc 2.28 and later have `renameat2`, but Swift's Glibc module does not declare it.
    private static let renameExchange: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
}

/// An exclusive lock on the output folder (`.slotsheet-nightly.lock`, `flock`), held for the run
/// and released by the kernel even when the process is killed.
final class FolderLock {
    private let descriptor: Int32
    static let fileName = ".slotsheet-nightly.lock"

    init(folder: String) throws(NightlyError) {
        let path = (folder as NSString).appendingPathComponent(FolderLock.fileName)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .output("\(path) cannot be created: \(OutputReason(errno: errno).english).") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            close(descriptor)
            if reason == EWOULDBLOCK { throw .alreadyRunning(folder: folder) }
            throw .output("\(path) cannot be locked: \(String(cString: strerror(reason))).")
        }
        // For people looking: which process holds it.
        ftruncate(descriptor, 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
