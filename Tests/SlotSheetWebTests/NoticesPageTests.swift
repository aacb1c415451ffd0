import Foundation
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// The Notices page (admins): the outbox with the mail server's answers, and a failed notice
/// queued again with its button; office users get 403, GET changes nothing.
@Suite struct NoticesPageTests {
    @Test(arguments: TestBackend.available) func anAdminSeesTheFailedNoticeWithTheServersAnswerAndRetriesIt(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        var changes: [RequestStatusChange] = []
        let dayparts = Dictionary(uniqueKeysWithValues: try fixture.store.read { try $0.dayparts() }.map { ($0.label, $0.id) })
        try fixture.store.read { session in
            try session.forEachRequest(matching: RequestFilter(statuses: [.new])) { row in
                guard changes.count < 2, let daypart = dayparts[row.daypartLabel] else { return }
                let slot = NoticeSlot(date: row.slotDate, daypartID: daypart)
                changes.append(RequestStatusChange(requestID: row.id, from: .new, to: .approved, slotBefore: slot, slotAfter: slot, batchID: 1,
                                                   operatorName: "adam"))
            }
        }
        let office = NoticeOffice(timeZone: fixture.clock.timeZone, language: .en, domain: "repairs.example", from: "office@repairs.example")
        let (failed, waiting) = try fixture.store.write { session in
            let report = try NoticeOutbox.queue(changes, in: session, office: office, now: fixture.clock.now)
            let owner = "test sender"
            let claimed = try #require(try session.claimNotice(owner: owner, untilMS: Int64.max, nowMS: Int64.max / 2))
            #expect(try session.finishNotice(claimed.id, owner: owner, outcome: NoticeAttemptOutcome(
                state: .failed, nextAttemptMS: 0, answer: "550 5.1.1 <x@example.nl>: mailbox <unknown>", sentAt: nil)))
            return (claimed.id, report.queued.first { $0 != claimed.id }!)
        }
        try await fixture.application.test(.router) { client in
            var olga = Browser()
            _ = try await olga.signIn(client, as: "olga")
            #expect(try await client.execute(uri: "/notices", method: .get, headers: olga.headers()).status == .forbidden)
            var adam = Browser()
            _ = try await adam.signIn(client, as: "adam")
            let page = try await client.execute(uri: "/notices", method: .get, headers: adam.headers())
            #expect(page.status == .ok)
            #expect(page.text.contains("1 waiting to be sent, 1 failed."))
            #expect(page.text.contains("550 5.1.1 &lt;x@example.nl&gt;: mailbox &lt;unknown&gt;"), "the server's words, escaped")
            #expect(page.text.contains("/notices/\(failed)/retry") && !page.text.contains("/notices/\(waiting)/retry"))
            #expect(page.text.contains("href=\"/notices\""), "in the admin's navigation")

            let notWaiting = try await client.execute(uri: "/notices/\(waiting)/retry", method: .post, headers: adam.headers(Browser.formType),
                                                      body: Browser.form([("csrf", adam.csrf)]))
            #expect(notWaiting.status == .conflict && notWaiting.text.contains("only a failed notice can be tried again"))
            let retry = try await client.execute(uri: "/notices/\(failed)/retry", method: .post, headers: adam.headers(Browser.formType),
                                                 body: Browser.form([("csrf", adam.csrf)]))
            #expect(retry.status == .seeOther)
            let after = try await client.execute(uri: try #require(retry.headers[.location]), method: .get, headers: adam.headers())
            #expect(after.text.contains("Notice \(failed) is queued again") && after.text.contains("2 waiting to be sent, 0 failed."))
            #expect(try await client.execute(uri: "/notices/999999/retry", method: .post, headers: adam.headers(Browser.formType),
                                             body: Browser.form([("csrf", adam.csrf)])).status == .notFound)
        }
        #expect(try fixture.store.read { try $0.notice(id: failed) }?.state == .queued)
    }
}
