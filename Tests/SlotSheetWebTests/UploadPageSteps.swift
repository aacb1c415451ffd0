import Foundation
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// What the tests of an upload's page do as a browser and a person would, for every kind of
/// upload: wait until the reading queue has read it, find the digest its apply form carries,
/// and post that form.
enum UploadPageSteps {
    /// Waits (`waitFor`, at most 60 s) until the upload at `location` (its page's path, the id
    /// last) has left `reading`, as its row says; the row.
    @discardableResult
    static func waitUntilRead(_ fixture: WebFixture, _ location: String) async throws -> WebUpload {
        let id = try #require(RowID(location.split(separator: "/").last.map(String.init) ?? ""))
        let read = { try #require(try fixture.store.read { try $0.upload(id: id) }) }
        guard try await waitFor(.seconds(60), { try read().state != .reading }) else {
            throw Interop.Failure(description: "upload \(id) still reading after 60 s")
        }
        return try read()
    }

    /// The plan digest the page carries in its apply form.
    static func shownDigest(_ page: String) throws -> String {
        let match = try #require(page.firstMatch(of: /name="plan" value="([0-9a-f]{64})"/), "the page has an apply form")
        return String(match.1)
    }

    /// Posts the upload's apply form with `digest`, as the page's button does.
    static func apply(_ client: some TestClientProtocol, _ browser: Browser, _ location: String, digest: String) async throws -> TestResponse {
        try await client.execute(uri: "\(location)/apply", method: .post, headers: browser.headers(Browser.formType),
                                 body: Browser.form([("csrf", browser.csrf), ("plan", digest)]))
    }
}
