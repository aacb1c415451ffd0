import XLSXReader
import XLSXWriter

/// What `slotsheet --version` prints: this build's version, the database schema it creates, and
/// the C libraries it runs with.
///
/// The library versions are asked of each library at run time: the package's dependencies allow
/// newer ones than the build saw, and a problem report needs the ones actually loaded.
///
///     print(VersionReport.current.text)
///     // slotsheet 0.9.0
///     // schema 3
///     // libxlsxwriter 1.1.4
///     // ...
public struct VersionReport: Sendable {
    /// This build's version, from the top entry of `packaging/debian/changelog`.
    public var version: String
    /// The number of migrations this build applies (`Schema.version`).
    public var schemaVersion: Int
    /// Each C library's name and its version as it answers at run time, in a fixed order.
    public var libraries: [(name: String, version: String)]

    public static var current: VersionReport {
        VersionReport(
            version: SlotSheetVersion.current,
            schemaVersion: Schema.version,
            libraries: [
                ("libxlsxwriter", XLSXWriterLibrary.libxlsxwriterVersion),
                ("libzip", XLSXReaderLibraries.libzipVersion),
                ("libxml2", XLSXReaderLibraries.libxml2Version),
                ("SQLite", SQLiteLibrary.version),
            ])
    }

    /// One line a component, "name version", the program first.
    public var text: String {
        (["slotsheet \(version)", "schema \(schemaVersion)"] + libraries.map { "\($0.name) \($0.version)" })
            .joined(separator: "\n")
    }
}

/// The version of this build, as written at the top of `packaging/debian/changelog`
/// (`slotsheet (0.9.0) bookworm; urgency=medium`), which the build embeds.
public enum SlotSheetVersion {
    public static let current: String = version(inChangelog: EmbeddedChangelog.files["changelog"] ?? "") ?? "unknown"
    /// The writing application every workbook of ours names in its properties ("slotsheet 0.10.0").
    public static let application = "slotsheet \(current)"

    /// The text between the parentheses of the changelog's first line, or nil when that line
    /// is not a Debian changelog entry.
    static func version(inChangelog text: String) -> String? {
        guard let firstLine = text.split(separator: "\n", maxSplits: 1).first,
              let open = firstLine.firstIndex(of: "("),
              let close = firstLine[open...].firstIndex(of: ")") else { return nil }
        let version = firstLine[firstLine.index(after: open)..<close]
        return version.isEmpty ? nil : String(version)
    }
}
