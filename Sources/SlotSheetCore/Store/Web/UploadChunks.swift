import Foundation

/// An upload's bytes in the database (`upload_chunk`), so every instance on it can read the upload
/// and a restart loses nothing; and the files kept with it the same way (its error workbooks,
/// `upload_errors_chunk`). A file goes in and comes out a chunk at a time: memory holds one chunk,
/// never the file.
public enum UploadChunks {
    /// The most bytes one chunk row holds (1 MiB).
    public static let size = 1_048_576

    /// Stores the file at `path` as `uploadID`'s chunks, inside the caller's transaction (which may
    /// run again: the file is only read). Returns the chunks stored.
    @discardableResult
    public static func store(fileAt path: String, uploadID: RowID, in session: some WebAccountSession) throws -> Int {
        try store(fileAt: path) { try session.insertUploadChunk(uploadID: uploadID, seq: $0, bytes: $1) }
    }

    /// Writes `uploadID`'s bytes to a new file at `path` (mode 0600); false, and no file, when the
    /// upload has none (it was applied, discarded or expired meanwhile).
    public static func write(uploadID: RowID, from session: some WebAccountSession, to path: String) throws -> Bool {
        try write(to: path) { try session.uploadChunk(uploadID: uploadID, seq: $0) }
    }

    /// Hands the file at `path` to `insert` a chunk at a time, numbered from 0; the chunks handed.
    static func store(fileAt path: String, insert: (Int, [UInt8]) throws -> Void) throws -> Int {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
        defer { try? handle.close() }
        var seq = 0
        while let data = try handle.read(upToCount: size), !data.isEmpty {
            try insert(seq, [UInt8](data))
            seq += 1
        }
        return seq
    }

    /// Writes the chunks `chunk` gives (numbered from 0, nil past the last) to a new file at `path`
    /// (mode 0600); false, and no file, when there is not even a first one.
    static func write(to path: String, chunk: (Int) throws -> [UInt8]?) throws -> Bool {
        guard let first = try chunk(0) else { return false }
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? handle.close() }
        try handle.write(contentsOf: first)
        var seq = 1
        while let next = try chunk(seq) {
            try handle.write(contentsOf: next)
            seq += 1
        }
        return true
    }
}
