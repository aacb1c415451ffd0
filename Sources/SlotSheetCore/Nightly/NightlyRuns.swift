import Foundation

/// One run of the nightly export as its folder shows it: the day and its files (the manifest first).
public struct NightlyRun: Sendable, Equatable {
    public let day: LocalDate
    public let files: [File]

    public struct File: Sendable, Equatable {
        public let name: String
        public let bytes: Int
    }
}

/// The nightly export's output folder, read for the office (the web front's Exports page): the
/// day folders (`2026-12-01/`) newest first, and a file of one of them by day and name. A file is
/// found only by its name in the folder's own listing, and only as a regular file: a name with
/// `/` or `..`, a hidden entry, the staging folder or a symbolic link is never reached.
///
///     let runs = NightlyRuns(folder: "/var/lib/slotsheet/exports")
///     runs.list().first?.files.map(\.name)          // ["manifest.json", "template.xlsx", ...]
///     runs.file(day: "2026-12-01", name: "template.xlsx")   // its path, or nil
public struct NightlyRuns: Sendable {
    public let folder: String
    /// The manifest every complete run holds; listed first.
    public static let manifest = "manifest.json"

    public init(folder: String) {
        self.folder = folder
    }

    /// Every day folder, newest first, with its files.
    public func list() -> [NightlyRun] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name -> NightlyRun? in
            guard let day = DayFolders.date(ofFolder: name), day.iso == name, Self.isFolder(path(name)) else { return nil }
            let files = fileNames(in: path(name)).map { NightlyRun.File(name: $0, bytes: Self.size(path(name, $0))) }
            return NightlyRun(day: day, files: files)
        }
        .sorted { $0.day > $1.day }
    }

    /// The path of the file `name` of the run of `day`, or nil when there is no such regular file.
    public func file(day: String, name: String) -> String? {
        guard let date = LocalDate(iso: day), date.iso == day, Self.isFolder(path(day)),
              fileNames(in: path(day)).contains(name) else { return nil }
        return path(day, name)
    }

    /// The visible regular files of a day folder, the manifest first, then by name.
    private func fileNames(in dayFolder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dayFolder)) ?? []
        return names.filter { !$0.hasPrefix(".") && Self.isRegularFile((dayFolder as NSString).appendingPathComponent($0)) }
            .sorted { ($0 == Self.manifest ? 0 : 1, $0) < ($1 == Self.manifest ? 0 : 1, $1) }
    }

    private func path(_ parts: String...) -> String {
        parts.reduce(folder) { ($0 as NSString).appendingPathComponent($1) }
    }

    /// Not following a symbolic link: a link is neither.
    private static func mode(_ path: String) -> mode_t? {
        var facts = stat()
        guard lstat(path, &facts) == 0 else { return nil }
        return facts.st_mode & S_IFMT
    }

    private static func isFolder(_ path: String) -> Bool { mode(path) == S_IFDIR }
    private static func isRegularFile(_ path: String) -> Bool { mode(path) == S_IFREG }

    private static func size(_ path: String) -> Int {
        var facts = stat()
        return lstat(path, &facts) == 0 ? Int(facts.st_size) : 0
    }
}
