import Foundation
import Hummingbird
import SlotSheetCore

/// A file the core wrote into the server's private folder (`UploadFolder.scratchPath`), sent to
/// the client piece by piece and removed once sent (or when sending fails); the folder's janitor
/// removes what a killed server left behind.
enum StreamedFile {
    /// The size of the pieces the file is sent in.
    static let chunkSize = 64 * 1024

    /// A 200 that sends the file at `path` as an attachment named `name` (a year's report is never
    /// held whole in memory), and removes it when done.
    /// `remove: false` for a file that stays (a nightly export's).
    static func response(_ path: String, name: String, contentType: String, remove: Bool = true) throws -> Response {
        let handle: FileHandle
        let size: Int
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            size = Int(try handle.seekToEnd())
            try handle.seek(toOffset: 0)
        } catch {
            if remove { try? FileManager.default.removeItem(atPath: path) }
            throw error
        }
        let body = ResponseBody(contentLength: size) { writer in
            defer {
                try? handle.close()
                if remove { try? FileManager.default.removeItem(atPath: path) }
            }
            // A local file the core just wrote: reading a piece takes microseconds.
            while let piece = try handle.read(upToCount: chunkSize), !piece.isEmpty {
                try await writer.write(ByteBuffer(bytes: piece))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: contentType, .contentDisposition: "attachment; filename=\"\(name)\"",
                                               .cacheControl: "no-store"], body: body)
    }
}

extension StreamedFile {
    /// A download the core's exporter writes at `path` (a scratch file of the private folder) on
    /// one of the database's threads: sent as `name` and removed once sent; removed at once when
    /// the export fails, whose error is thrown.
    static func exported(to path: String, name: String, contentType: String, database: StoreAccess,
                         _ export: @escaping @Sendable (any RepairStore) throws -> Void) async throws -> Response {
        do {
            try await database.run(export)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return try response(path, name: name, contentType: contentType)
    }
}
