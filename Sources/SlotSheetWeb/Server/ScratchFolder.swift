import Foundation
import Hummingbird

/// A folder of one download's own (mode 0700 in the system's temporary folder), for a file the
/// core writes to a path and the server then streams to the client: removed once the file is
/// sent, or when the download fails.
struct ScratchFolder: Sendable {
    let url: URL
    /// The size of the pieces the file is sent in.
    static let chunkSize = 64 * 1024

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "slotsheet-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    }

    func path(_ name: String) -> String { url.appending(path: name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// A 200 that sends the file at `path` as an attachment named `name`, piece by piece (a year's
    /// report is never held whole in memory), and removes this folder when done.
    func streamed(_ path: String, name: String, contentType: String) throws -> Response {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let size = Int(try handle.seekToEnd())
        try handle.seek(toOffset: 0)
        let folder = self
        let body = ResponseBody(contentLength: size) { writer in
            defer {
                try? handle.close()
                folder.remove()
            }
            // A local file the core just wrote: reading a piece takes microseconds.
            while let piece = try handle.read(upToCount: Self.chunkSize), !piece.isEmpty {
                try await writer.write(ByteBuffer(bytes: piece))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: contentType, .contentDisposition: "attachment; filename=\"\(name)\"",
                                               .cacheControl: "no-store"], body: body)
    }
}
