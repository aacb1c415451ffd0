import Crypto
import Foundation

/// A file that appears complete or not at all: written under a temporary name in the same folder,
/// flushed to disk, then renamed over the final name. A reader (or the nightly's next run) never
/// sees half a file, and a failed job leaves nothing.
///
///     let output = try AtomicOutput(path: "december.xlsx")
///     try write(to: output.temporaryPath)
///     try output.commit()      // or output.abandon()
public struct AtomicOutput: Sendable {
    public let finalPath: String
    public let temporaryPath: String

    /// Checks the folder exists and is writable, and picks a temporary name beside `path`.
    public init(path: String) throws(OutputError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw .folderMissing(folder)
        }
        guard FileManager.default.isWritableFile(atPath: folder) else { throw .notWritable(folder) }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .isAFolder(path)
        }
        finalPath = url.path
        temporaryPath = url.deletingLastPathComponent()
            .appending(path: ".\(url.lastPathComponent).partial-\(UUID().uuidString.prefix(8))").path
    }

    /// Flushes a finished file to disk, or throws.
    public static func flush(file path: String) throws(OutputError) {
        guard flush(path) else { throw .writeFailed(path, "could not flush the file to disk") }
    }

    /// Flushes the temporary file to disk and renames it to the final name.
    public func commit() throws(OutputError) {
        guard AtomicOutput.flush(temporaryPath) else {
            abandon()
            throw .writeFailed(finalPath, "could not flush the file to disk")
        }
        guard rename(temporaryPath, finalPath) == 0 else {
            let reason = String(cString: strerror(errno))
            abandon()
            throw .writeFailed(finalPath, reason)
        }
        _ = AtomicOutput.flush(URL(fileURLWithPath: finalPath).deletingLastPathComponent().path)
    }

    /// Removes the temporary file, if any.
    public func abandon() {
        try? FileManager.default.removeItem(atPath: temporaryPath)
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
    case notWritable(String)
    case isAFolder(String)
    case writeFailed(String, String)

    public var description: String {
        switch self {
        case let .folderMissing(folder): return "The folder \(folder) does not exist."
        case let .notWritable(folder): return "The folder \(folder) cannot be written to."
        case let .isAFolder(path): return "\(path) is a folder; give a file name."
        case let .writeFailed(path, reason): return "\(path) could not be written: \(reason). Nothing was left behind."
        }
    }
}

/// SHA-256 of files, streamed in chunks.
public enum FileDigest {
    public static func sha256(ofFileAt path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw OutputError.writeFailed(path, "cannot be read back") }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
