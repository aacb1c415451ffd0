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

    /// Puts `staging` in place of `day` in one step: renamed when the day is new, exchanged with the
    /// old folder (Linux `renameat2(RENAME_EXCHANGE)`) when the day ran before, so a reader sees the
    /// old folder or the new one, never neither. Returns the old folder's new path, to remove.
    static func publish(_ staging: String, as day: String) throws(NightlyError) -> String? {
        guard FileManager.default.fileExists(atPath: day) else {
            guard rename(staging, day) == 0 else { throw .output("\(day) could not be published: \(String(cString: strerror(errno))).") }
            return nil
        }
        if let exchange = renameExchange, exchange(AT_FDCWD, staging, AT_FDCWD, day, renameExchangeFlag) == 0 {
            return staging
        }
        // No atomic exchange here (an old kernel or file system): two renames, the gap as short as it gets.
        let old = staging + ".old"
        guard rename(day, old) == 0, rename(staging, day) == 0 else {
            throw .output("\(day) could not be replaced: \(String(cString: strerror(errno))).")
        }
        return old
    }

    /// Flushes a folder's entries (a rename is durable once its folder is).
    static func sync(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
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
