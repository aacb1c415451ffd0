import Foundation
import SlotSheetCore

/// A nightly output folder checked the way its reader checks it: a day folder is complete when its
/// `manifest.json` lists exactly the files beside it and every file has the SHA-256 listed.
struct NightlyOutput {
    struct Manifest: Decodable, Equatable {
        struct File: Decodable, Equatable {
            let name: String
            let status: String
            let rows: Int
            let sha256: String
            let contentSha256: String
        }
        let date: String
        let generatedAt: String
        let files: [File]

        /// What the files say, without when and how they were written: equal for two complete
        /// runs on the same database.
        var content: [String: String] {
            Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contentSha256) })
        }
    }

    struct Incomplete: Error, CustomStringConvertible {
        let description: String
    }

    /// The output folder (`--out`).
    let folder: String

    /// The manifest of the day folder, once every file is checked; throws what is wrong otherwise.
    func completeDay(_ day: String = "2026-12-01") throws -> Manifest {
        let path = "\(folder)/\(day)"
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        guard let data = FileManager.default.contents(atPath: "\(path)/manifest.json"),
              let manifest = try? decoder.decode(Manifest.self, from: data) else {
            throw Incomplete(description: "\(path) has no readable manifest.json")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        guard names == (manifest.files.map(\.name) + ["manifest.json"]).sorted() else {
            throw Incomplete(description: "\(path) holds \(names), its manifest lists \(manifest.files.map(\.name))")
        }
        for file in manifest.files where try FileDigest.sha256(ofFileAt: "\(path)/\(file.name)") != file.sha256 {
            throw Incomplete(description: "\(path)/\(file.name) does not have the manifest's SHA-256")
        }
        return manifest
    }

    /// Entries of the output folder that are neither a day folder, the run lock, nor a hidden
    /// staging folder: whatever a killed or failed run must never leave in sight.
    func strayEntries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { name in
            !(name.wholeMatch(of: /\d{4}-\d\d-\d\d/) != nil || name == ".slotsheet-nightly.lock" || name.hasPrefix(".staging-"))
        }
    }

    /// Hidden staging folders left in the output folder.
    func stagingFolders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".staging-") }
    }
}
