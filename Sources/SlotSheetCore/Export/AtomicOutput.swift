import Crypto
import Foundation
import SlotSheetTemplates
import XLSXWriter

/// A file that appears complete or not at all: written under a temporary name in the same folder,
/// flushed to disk, then renamed over the final name. A reader (or the nightly's next run) never
/// sees half a file, and a failed job leaves nothing.
///
///     let output = try AtomicOutput(path: "december.xlsx")
///     try write(to: output.temporaryPath)
///     try output.publish(recordedAs: run, in: store)   // or output.commit(), or output.abandon()
public struct AtomicOutput: Sendable {
    public let finalPath: String
    public let temporaryPath: String
    /// What the file's `export_run` row records: `finalPath`, or what a file written to be sent
    /// and removed was sent as (`ExportRun.sent(as:)`).
    public let recordedPath: String

    /// Checks the folder exists and can be written (a read-only mount is refused here, even for
    /// root), and picks a temporary name beside `path`.
    public init(path: String, recordedAs recorded: String? = nil) throws(OutputError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            // A folder that exists but lies behind one this user may not enter is not "missing".
            if let closed = Self.folderNotEnterable(on: folder) { throw .cannotEnter(closed, user: Self.userName) }
            throw .folderMissing(folder)
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .isAFolder(path)
        }
        guard access(folder, W_OK) == 0 else {
            let failure = errno
            if failure == EACCES { throw .folderNotWritable(folder, user: Self.userName) }
            throw .cannotWrite(url.path, OutputReason(errno: failure))
        }
        finalPath = url.path
        recordedPath = recorded ?? url.path
        temporaryPath = url.deletingLastPathComponent()
            .appending(path: ".\(url.lastPathComponent).partial-\(UUID().uuidString.prefix(8))").path
    }

    /// Flushes a finished file to disk, or throws.
    public static func flush(file path: String) throws(OutputError) {
        guard flush(path) else { throw .cannotWrite(path, OutputReason(errno: errno)) }
    }

    /// Flushes the temporary file to disk and renames it to the final name.
    public func commit() throws(OutputError) {
        try flushTemporaryFile()
        try rename()
    }

    /// Flushes the finished temporary file to disk: before its `export_run` row is committed, so
    /// that only the rename is left for after COMMIT.
    func flushTemporaryFile() throws(OutputError) {
        guard AtomicOutput.flush(temporaryPath) else {
            let failure = OutputReason(errno: errno)
            abandon()
            throw .cannotWrite(finalPath, failure)
        }
    }

    /// Renames the (flushed) temporary file to the final name and flushes the folder, so the rename
    /// is durable.
    func rename() throws(OutputError) {
        guard Foundation.rename(temporaryPath, finalPath) == 0 else {
            let failure = OutputReason(errno: errno)
            abandon()
            throw .cannotWrite(finalPath, failure)
        }
        _ = AtomicOutput.flush(URL(fileURLWithPath: finalPath).deletingLastPathComponent().path)
    }

    /// Publishes the finished file with its `export_run` row, in the one order every export uses
    /// (`RepairStore.recordExports`): flushed, recorded, renamed into place after COMMIT; a file that
    /// cannot be renamed has its row removed again.
    public func publish(recordedAs run: ExportRun, in store: any RepairStore) throws {
        try flushTemporaryFile()
        try store.recordExports([run], thenPublish: { try rename() })
    }

    /// Removes the temporary file, if any.
    public func abandon() {
        try? FileManager.default.removeItem(atPath: temporaryPath)
    }

    /// For the `catch` of a job writing this file: removes the temporary file and gives the error
    /// to throw. A failure to write (from the file system, libxlsxwriter or a text writer) becomes
    /// `OutputError.cannotWrite` naming the final file and why, the reason found on the device when
    /// the writer could not say (libxlsxwriter only says "error writing"); any other error (the
    /// database, a rule) is kept as it is.
    ///
    ///     } catch {
    ///         throw output.failed(error)
    ///     }
    public func failed(_ error: any Error) -> any Error {
        defer { abandon() }
        return OutputError.writing(finalPath, failedWith: error)
    }

    /// The first folder on the way to `folder` (itself included) that this process may not enter
    /// (no search permission), or nil when every one can be entered.
    static func folderNotEnterable(on folder: String) -> String? {
        var walked = ""
        for part in URL(fileURLWithPath: folder).standardizedFileURL.pathComponents.dropFirst() {
            walked += "/" + part
            var facts = stat()
            guard stat(walked, &facts) == 0 else { return errno == EACCES ? walked : nil }
            guard (facts.st_mode & S_IFMT) == S_IFDIR else { return nil }
            if access(walked, X_OK) != 0 { return walked }
        }
        return nil
    }

    /// The name of the user this process writes as (what `sudo -u` chose), or its number.
    static var userName: String {
        let uid = geteuid()
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return String(cString: name)
    }

    private static func flush(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }
}

/// Why an output file could not be written. Nothing partial is left behind in any case.
public enum OutputError: Error, Equatable, CustomStringConvertible {
    case folderMissing(String)
    /// The user (by name) may not enter this folder, on the way to the output's folder.
    case cannotEnter(String, user: String)
    /// The user (by name) may not write in the output's folder.
    case folderNotWritable(String, user: String)
    case isAFolder(String)
    /// The file (its final name) could not be written, and why.
    case cannotWrite(String, OutputReason)

    /// In English; `text(_:)` says it in the office's language.
    public var description: String { english }

    /// `error`, met while writing `path` (under any name), as the error to report: a failure to
    /// write names `path` and the reason; other errors are returned as they are.
    public static func writing(_ path: String, failedWith error: any Error) -> any Error {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let device = OutputReason(folder: folder)
        switch error {
        case let OutputError.cannotWrite(_, failure):
            return OutputError.cannotWrite(path, device ?? failure)
        case let error as XLSXWriteError:
            return OutputError.cannotWrite(path, device ?? .other(error.description))
        default:
            return error
        }
    }
}

extension OutputReason {
    /// From the `errno` of a failed call.
    public init(errno code: Int32) {
        switch code {
        case ENOSPC, EDQUOT: self = .noSpace
        case EROFS: self = .readOnly
        case EACCES, EPERM: self = .noPermission
        default: self = .other(String(cString: strerror(code)))
        }
    }

    /// From an error of Foundation's file manager (creating a folder, setting its mode): its POSIX
    /// code when it carries one; the system's words otherwise.
    public init(fileError error: any Error) {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(error.code))
        } else if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(underlying.code))
        } else {
            switch CocoaError.Code(rawValue: error.code) {
            case .fileWriteNoPermission where error.domain == NSCocoaErrorDomain: self = .noPermission
            case .fileWriteVolumeReadOnly where error.domain == NSCocoaErrorDomain: self = .readOnly
            case .fileWriteOutOfSpace where error.domain == NSCocoaErrorDomain: self = .noSpace
            default: self = .other(error.localizedDescription)
            }
        }
    }

    /// What the device of `folder` shows after a write failed there: read-only, or (nearly) full;
    /// nil when neither (the failure had another cause). A folder not made yet is judged by the
    /// nearest one that exists. Asked before the temporary file is removed,
    /// while the space it took is still taken.
    public init?(folder: String) {
        var info = statvfs()
        var existing = URL(fileURLWithPath: folder)
        while statvfs(existing.path, &info) != 0 {
            guard errno == ENOENT, existing.path != "/" else { return nil }
            existing.deleteLastPathComponent()
        }
        if info.f_flag & UInt(ST_RDONLY) != 0 {
            self = .readOnly
        } else if UInt64(info.f_bavail) * UInt64(info.f_frsize) < OutputReason.nearlyFull {
            self = .noSpace
        } else {
            return nil
        }
    }

    /// Free space under which a failed write is taken for a full device.
    static let nearlyFull: UInt64 = 1 << 20
}

/// Writes a new file through its descriptor, so a failure says why (`errno`); for exports that stream.
final class TextFileWriter {
    private var descriptor: Int32
    private let path: String

    init(path: String) throws(OutputError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path, OutputReason(errno: errno)) }
        self.path = path
    }

    deinit { if descriptor >= 0 { Foundation.close(descriptor) } }

    func append(_ text: String) throws(OutputError) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw .cannotWrite(path, OutputReason(errno: written < 0 ? errno : ENOSPC)) }
            offset += written
        }
    }

    func close() throws(OutputError) {
        let result = Foundation.close(descriptor)
        descriptor = -1
        guard result == 0 else { throw .cannotWrite(path, OutputReason(errno: errno)) }
    }
}

/// SHA-256 of files, streamed in chunks.
public enum FileDigest {
    /// Throws `FileReadError` when the file cannot be opened or read: a read failure, said as one.
    public static func sha256(ofFileAt path: String) throws(FileReadError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: OutputReason(errno: errno)) }
        defer { close(descriptor) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw FileReadError(path: path, reason: OutputReason(errno: errno)) }
            if count == 0 { break }
            hasher.update(data: buffer[0..<count])
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
