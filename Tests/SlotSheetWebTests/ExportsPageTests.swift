import Foundation
import HummingbirdTesting
import InteropSupport
import Logging
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// The admins' Exports page: the nightly's day folders with their manifest, each file downloaded
/// as it lies on disk; an office user is refused, and no path reaches outside the day folders.
@Suite struct ExportsPageTests {
    @Test func anAdminListsTheNightlyRunsAndDownloadsEachFile() async throws {
        let fixture = try WebFixture()
        let exports = fixture.services.settings.exportsFolder
        let summary = try NightlyJob(store: fixture.store, rules: OfficeRules(booking: .standard, clock: fixture.clock), logger: Logger(label: "test"))
            .run(outputFolder: exports, keepDays: 30, configuration: .standard)
        let day = "2026-12-01"
        // What must never be served: a hidden file, a link out of the folder, a file beside the day folders.
        try "secret".write(toFile: exports + "/\(day)/.hidden", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: exports + "/\(day)/passwd", withDestinationPath: "/etc/passwd")
        try "BESIDE-CONTENT".write(toFile: exports + "/beside.txt", atomically: true, encoding: .utf8)
        try await fixture.application.test(.router) { client in
            var olga = Browser(), adam = Browser()
            _ = try await olga.signIn(client, as: "olga")
            _ = try await adam.signIn(client, as: "adam")
            #expect(try await client.execute(uri: "/exports", method: .get, headers: olga.headers()).status == .forbidden, "admins only")
            #expect(try await client.execute(uri: "/exports/\(day)/manifest.json", method: .get, headers: olga.headers()).status == .forbidden)

            let page = try await client.execute(uri: "/exports", method: .get, headers: adam.headers())
            #expect(page.status == .ok)
            #expect(page.text.contains("Tuesday 1 December 2026") || page.text.contains(day), "the day is shown: \(page.text)")
            #expect(page.text.contains("href=\"/exports/\(day)/manifest.json\""))
            for name in summary.files.map(\.name) {
                #expect(page.text.contains("href=\"/exports/\(day)/\(name)\""), "\(name) is listed")
                let file = try await client.execute(uri: "/exports/\(day)/\(name)", method: .get, headers: adam.headers())
                #expect(file.status == .ok, "\(name)")
                #expect(Data(buffer: file.body) == (try Data(contentsOf: URL(fileURLWithPath: "\(exports)/\(day)/\(name)"))), "\(name) as on disk")
                #expect(file.headers[.contentDisposition] == "attachment; filename=\"\(name)\"")
            }
            #expect(FileManager.default.fileExists(atPath: "\(exports)/\(day)/manifest.json"), "a download leaves the file")
            #expect(!page.text.contains(".hidden") && !page.text.contains("passwd") && !page.text.contains("beside.txt"))
            for path in ["/exports/\(day)/.hidden", "/exports/\(day)/passwd", "/exports/\(day)/..%2Fbeside.txt", "/exports/..%2F..%2Fetc/passwd",
                         "/exports/..%2F/beside.txt", "/exports/2026-12-32/manifest.json", "/exports/\(day)/%2E%2E", "/exports/\(day)/nothing.csv"] {
                let refused = try await client.execute(uri: path, method: .get, headers: adam.headers())
                #expect(refused.status == .notFound, "\(path): \(refused.status)")
                #expect(!refused.text.contains("root:") && !refused.text.contains("secret") && !refused.text.contains("BESIDE-CONTENT"), "\(path)")
            }
        }
    }

    @Test func noRunYetIsSaid() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var adam = Browser()
            _ = try await adam.signIn(client, as: "adam")
            let page = try await client.execute(uri: "/exports", method: .get, headers: adam.headers())
            #expect(page.status == .ok && page.text.contains("The nightly export has written no day folder yet."))
        }
    }
}
