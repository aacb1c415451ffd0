import Foundation

/// Paths and peer tools shared by the test targets: the repository, its test corpus, and the
/// Python venv with openpyxl and XlsxWriter that `make test` creates (`.venv-interop`).
public enum Interop {
    /// The repository root, found from this file's place in `Tests/InteropSupport`.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures/corpus/xlsx`: real files from many spreadsheet programs with their expected cells
    /// (where they come from: `Tests/Fixtures/corpus/README.md`).
    public static let corpus: URL = repositoryRoot.appending(path: "Tests/Fixtures/corpus/xlsx")

    /// `Tests/Fixtures/corpus/ods`: OpenDocument spreadsheets with their expected cells, made by LibreOffice
    /// from the known-value files of `corpus` and by `Tests/Fixtures/corpus/ods/make_ods.py`.
    public static let odsCorpus: URL = repositoryRoot.appending(path: "Tests/Fixtures/corpus/ods")

    /// The venv's Python; `make test` creates it (`bash scripts/install-deps.sh --test`).
    public static let python: URL = repositoryRoot.appending(path: ".venv-interop/bin/python")

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Runs a Python script with the venv's interpreter and returns its standard output.
    /// Throws with the script's standard error when it fails, or when the venv is missing.
    @discardableResult
    public static func runPython(_ script: String, arguments: [String] = []) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw Failure(description: "No \(python.path); run 'make test' (it creates the interop venv).")
        }
        return try run(executable: python, ["-c", script] + arguments)
    }

    /// The path of a program on PATH, or nil (for optional peers such as LibreOffice's soffice).
    public static func program(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appending(path: name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// Reads a pipe to its end on another thread, so neither pipe of a child can fill and stall it.
final class ErrorDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
