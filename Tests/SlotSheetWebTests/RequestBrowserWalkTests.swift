import Foundation
import InteropSupport
import Testing

/// The Requests page in a real browser: the built `slotsheet` serves the sample data, Debian's
/// Chromium (Playwright and axe-core, from `.venv-web`) decides requests with the keyboard and the
/// check boxes (`scripts/web_walk_requests.py`: preview, apply, 409 for the second of two deciders,
/// a request's log, Dutch, the workbook downloaded, edited and uploaded back: its preview, apply
/// and log, and a refused one's error workbook), and axe-core checks every page against WCAG 2.2 A and AA: no
/// violation. Screenshots in `.build/test-output/requests-walk/`. On SQLite only: the page is the
/// same on both backends, whose decisions the other suites test. Under `make test` a missing
/// browser or venv fails the test with the reason; plain `swift test` skips it.
@Suite(.ownThreads, .serialized) struct RequestBrowserWalkTests {
    static let python = BrowserWalkTests.root.appending(path: ".venv-web/bin/python")

    /// Where the walk finds axe-core while `.venv-web` lacks it: a checkout set up before
    /// `scripts/install-deps.sh --test` put it there kept it in a venv of its own, `.venv-a11y`
    /// (the same Playwright), whose packages the walk then borrows. Nil when `.venv-web` has it.
    static var olderAxe: String? {
        let hasAxe = { (venv: String) in sitePackages(venv).first { FileManager.default.fileExists(atPath: "\($0)/axe_playwright_python") } }
        return hasAxe(".venv-web") == nil ? hasAxe(".venv-a11y") : nil
    }

    private static func sitePackages(_ venv: String) -> [String] {
        let lib = BrowserWalkTests.root.appending(path: "\(venv)/lib").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []).map { "\(lib)/\($0)/site-packages" }
    }

    static var missingTool: String? {
        if BrowserWalkTests.chromium == nil { return "Chromium is not installed (bash scripts/install-deps.sh --test installs Debian's chromium)" }
        if !FileManager.default.isExecutableFile(atPath: python.path) { return ".venv-web is missing (bash scripts/install-deps.sh --test)" }
        return nil
    }

    @Test func theOfficeDecidesRequestsInARealBrowserWithNoWCAGViolation() async throws {
        if let missing = Self.missingTool {
            if PostgresTestServer.isRequired { Issue.record("the requests walk cannot run: \(missing)") }
            return
        }
        let server = try await offThread { try ServedDatabase(.sqlite) }
        defer { server.stop() }
        let out = BrowserWalkTests.root.appending(path: ".build/test-output/requests-walk")
        try? FileManager.default.removeItem(at: out)
        var environment = ["SLOTSHEET_WALK_OFFICE": "olga", "SLOTSHEET_WALK_ADMIN": "adam", "SLOTSHEET_WALK_PASSWORD": ServedDatabase.password,
                           "SLOTSHEET_CHROMIUM": BrowserWalkTests.chromium!]
        if let olderAxe = Self.olderAxe { environment["PYTHONPATH"] = olderAxe }
        let walk = try ServedDatabase.run(Self.python, [BrowserWalkTests.root.appending(path: "scripts/web_walk_requests.py").path, server.url, out.path],
                                          environment: environment)
        #expect(walk.status == 0, "\(walk.output)")
        #expect(walk.output.contains("axe found no WCAG 2.2 A/AA violation on 13 pages"), "\(walk.output)")
        print(walk.output.split(separator: "\n").last ?? "")
    }
}
