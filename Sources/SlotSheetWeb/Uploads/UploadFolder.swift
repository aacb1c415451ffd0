import Foundation
import SlotSheetCore

/// The server's private folder for uploads and for templates on their way to a browser: mode
/// 0700, files 0600, every name random. No name from a client is ever used on disk.
struct UploadFolder: Sendable {
    let path: String

    init(path: String) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    }

    /// A new random name for an upload (letters, digits, `-`, `_`).
    func newStoredName() -> String { RandomToken.make(bytes: 24) + ".upload" }

    /// Where an upload with this stored name lives; nil for a name that is not one of ours.
    func file(_ storedName: String) -> String? {
        guard storedName.hasSuffix(".upload"), storedName.count < 80,
              storedName.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
              !storedName.hasPrefix(".") else { return nil }
        return path + "/" + storedName
    }

    /// A path for a file that lives only during one request (a template being downloaded).
    func scratchPath(extension ext: String) -> String {
        path + "/scratch-" + RandomToken.make(bytes: 18) + "." + ext
    }

    func remove(_ storedName: String) {
        if let file = file(storedName) { try? FileManager.default.removeItem(atPath: file) }
    }
}

extension WebServices {
    /// Where the core's upload jobs make their files: this instance's private folder, and the
    /// office's paper for error workbooks.
    var uploadScratch: UploadScratch {
        UploadScratch(paper: office.paperSize) { [uploads] in uploads.scratchPath(extension: $0) }
    }
}
