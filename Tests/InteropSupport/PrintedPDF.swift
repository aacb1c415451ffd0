import Foundation

extension Interop {
    /// Set by `make test`: a test whose peer program (LibreOffice, poppler) is missing fails with
    /// the reason instead of being skipped.
    public static var toolsRequired: Bool {
        ProcessInfo.processInfo.environment["SLOTSHEET_REQUIRE_TOOLS"] == "1"
    }

    /// Whether a test needing `programs` should run: when they are all installed, or when
    /// `make test` requires them (the test then fails in `requirePrograms`).
    public static func shouldRun(needing programs: [String]) -> Bool {
        toolsRequired || programs.allSatisfy { program(named: $0) != nil }
    }

    /// Throws, naming what is missing and how to install it, unless every program is on PATH.
    public static func requirePrograms(_ programs: [String]) throws {
        let missing = programs.filter { program(named: $0) == nil }
        guard missing.isEmpty else {
            throw Failure(description: "\(missing.joined(separator: ", ")) not installed; run 'bash scripts/install-deps.sh --test'")
        }
    }

    /// Runs `program` (found on PATH) with `arguments` and returns its standard output; throws
    /// with its standard error when it fails, and stops it after `timeout` seconds.
    @discardableResult
    public static func run(_ program: String, _ arguments: [String], timeout: TimeInterval? = 180,
                           environment: [String: String] = [:]) throws -> String {
        guard let executable = Interop.program(named: program) else {
            throw Failure(description: "\(program) is not installed; run 'bash scripts/install-deps.sh --test'")
        }
        return try run(executable: executable, arguments, timeout: timeout, environment: environment)
    }

    /// The same with the program's path.
    @discardableResult
    public static func run(executable: URL, _ arguments: [String], timeout: TimeInterval? = nil,
                           environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog) }
        let errorData = ErrorDrain(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable.lastPathComponent) failed (\(process.terminationStatus)): \(errorData.text())")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A workbook as LibreOffice prints it: converted to PDF headless (`soffice --convert-to pdf`,
/// every visible sheet, as File > Print would), then read back with poppler (`pdfinfo`,
/// `pdftotext -layout`, `pdftoppm`).
///
///     let pdf = try PrintedPDF(workbook: "/tmp/t.xlsx")
///     pdf.pageCount                      // 7
///     try pdf.text(ofPage: 2)            // the page's text, laid out as printed
public struct PrintedPDF {
    public static let programs = ["soffice", "pdfinfo", "pdftotext", "pdftoppm"]

    public let path: String
    public let pageCount: Int

    /// The fonts LibreOffice prints with.
    public enum Fonts: Sendable {
        /// The machine's fonts (Carlito, Calibri's metric twin, among them when installed).
        case system
        /// The machine's fonts without Calibri and Carlito, as on a machine that has neither: a
        /// private fontconfig file for the soffice process only (`FontsWithoutCalibri`).
        case withoutCalibri
    }

    /// Prints `workbook` to a PDF beside it (same name, `.pdf`). Each conversion has its own
    /// LibreOffice profile, so tests can print at the same time.
    public init(workbook: String, fonts: Fonts = .system) throws {
        try Interop.requirePrograms(PrintedPDF.programs)
        let source = URL(fileURLWithPath: workbook)
        let folder = source.deletingLastPathComponent()
        let profile = FileManager.default.temporaryDirectory.appending(path: "slotsheet-lo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        var environment: [String: String] = [:]
        var fontConfiguration: FontsWithoutCalibri?
        if fonts == .withoutCalibri {
            fontConfiguration = try FontsWithoutCalibri()
            environment = fontConfiguration!.environment
        }
        defer { fontConfiguration?.remove() }
        try Interop.run("soffice", ["-env:UserInstallation=file://\(profile.path)", "--headless", "--convert-to", "pdf",
                                    "--outdir", folder.path, source.path], environment: environment)
        path = folder.appending(path: source.deletingPathExtension().lastPathComponent + ".pdf").path
        guard FileManager.default.fileExists(atPath: path) else { throw Interop.Failure(description: "soffice wrote no PDF for \(workbook)") }
        let info = try Interop.run("pdfinfo", [path])
        guard let line = info.split(separator: "\n").first(where: { $0.hasPrefix("Pages:") }),
              let pages = Int(line.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)) else {
            throw Interop.Failure(description: "pdfinfo gave no page count for \(path): \(info)")
        }
        pageCount = pages
    }

    /// The text of page `page` (1-based), laid out as printed: a line of the page is a line here.
    public func text(ofPage page: Int) throws -> String {
        try Interop.run("pdftotext", ["-layout", "-f", "\(page)", "-l", "\(page)", path, "-"])
    }

    /// The text of every page, in order.
    public func pages() throws -> [String] {
        try (1...max(pageCount, 1)).map { try text(ofPage: $0) }
    }

    /// Width and height of page `page` in points.
    public func size(ofPage page: Int) throws -> (width: Double, height: Double) {
        let info = try Interop.run("pdfinfo", ["-f", "\(page)", "-l", "\(page)", path])
        guard let line = info.split(separator: "\n").first(where: { $0.hasPrefix("Page") && $0.contains("size:") }) else {
            throw Interop.Failure(description: "pdfinfo gave no size for page \(page) of \(path)")
        }
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        guard numbers.count >= 3 else { throw Interop.Failure(description: "cannot read the page size in '\(line)'") }
        return (numbers[1], numbers[2])
    }

    /// Page `page` as a PNG at `resolution` dots per inch, written to `png`.
    public func picture(ofPage page: Int, resolution: Int, to png: String) throws {
        let prefix = String(png.dropLast(".png".count))
        try Interop.run("pdftoppm", ["-png", "-r", "\(resolution)", "-f", "\(page)", "-l", "\(page)", "-singlefile", path, prefix])
    }
}

/// A private fontconfig file that takes the machine's configuration and rejects Calibri and Carlito
/// (its metric twin, which LibreOffice puts in Calibri's place), for one process through
/// `FONTCONFIG_FILE`: what a machine without either would print with. Nothing is uninstalled.
/// It checks itself with `fc-match` and `fc-list`: Calibri must come out another font, and no
/// Carlito may be listed, or it throws.
public struct FontsWithoutCalibri {
    public let folder: URL
    public var environment: [String: String] { ["FONTCONFIG_FILE": folder.appending(path: "fonts.conf").path] }

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "slotsheet-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
              <cachedir>\(folder.appending(path: "cache").path)</cachedir>
              <selectfont>
                <rejectfont>
                  <glob>*/[Cc]arlito*</glob>
                  <glob>*/[Cc]alibri*</glob>
                  <pattern><patelt name="family"><string>Carlito</string></patelt></pattern>
                  <pattern><patelt name="family"><string>Calibri</string></patelt></pattern>
                </rejectfont>
              </selectfont>
            </fontconfig>

            """
        try configuration.write(to: folder.appending(path: "fonts.conf"), atomically: true, encoding: .utf8)
        let matched = try Interop.run("fc-match", ["Calibri"], environment: environment)
        let listed = try Interop.run("fc-list", [], environment: environment)
        guard !matched.lowercased().contains("carlito"), !matched.lowercased().contains("calibri"),
              !listed.lowercased().contains("carlito"), !listed.lowercased().contains("calibri") else {
            throw Interop.Failure(description: "the private fontconfig still offers Calibri or Carlito: fc-match Calibri says \(matched)")
        }
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }
}
