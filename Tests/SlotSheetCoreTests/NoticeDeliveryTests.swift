import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// The tenants' notices delivered to a real SMTP server (aiosmtpd, STARTTLS and AUTH on a
/// certificate the test makes) and read back by Python's email package and the `icalendar`
/// parser, on both backends. No mock of SMTP: the sender talks to the server through libcurl.
@Suite(.serialized, .enabled(if: TestMailServer.runs)) struct NoticeDeliveryTests {
    @Test(arguments: Backend.available) func aBatchOfDecisionsDeliversOneMessageANoticeWithItsWordsAndEvent(_ backend: Backend) throws {
        let fixture = try NoticeFixture(backend)
        let requests = try fixture.newRequests(4)
        try #require(requests.count == 4)
        let (a, b, c, d) = (requests[0], requests[1], requests[2], requests[3])
        let report = try fixture.queue([
            RequestStatusChange(requestID: a.id, from: .new, to: .approved, slotBefore: a.slot, slotAfter: a.slot, batchID: 7, operatorName: "maria"),
            RequestStatusChange(requestID: b.id, from: .new, to: .approved, slotBefore: b.slot, slotAfter: b.slot, batchID: 7, operatorName: "maria"),
            RequestStatusChange(requestID: c.id, from: .approved, to: .cancelled, slotBefore: c.slot, slotAfter: nil,
                                note: "The tenant moved out; the landlord, Woonstede, repairs it.", batchID: 7, operatorName: "maria"),
            // Archived: nobody needs to hear of it.
            RequestStatusChange(requestID: d.id, from: .completed, to: .archived, slotBefore: d.slot, slotAfter: d.slot, batchID: 7, operatorName: "maria"),
        ])
        #expect(report.queued.count == 3 && report.notNeeded == 1 && report.withoutAddress.isEmpty)
        // A move of the first request, told in Dutch: the same event (UID), SEQUENCE one higher.
        let later = NoticeSlot(date: a.slot.date.adding(days: 1), daypartID: a.slot.daypartID)
        try fixture.queue([RequestStatusChange(requestID: a.id, from: .approved, to: .approved, slotBefore: a.slot, slotAfter: later,
                                               batchID: 8, operatorName: "maria")], language: .nl)

        let summary = try fixture.sender().run(limit: nil) { _ in }
        #expect(summary.sent == 4 && summary.retried == 0 && summary.failed == 0 && summary.stoppedBy == nil)
        let notices = try fixture.notices()
        #expect(notices.allSatisfy { $0.state == .sent && $0.attempts == 1 && $0.sentAt != nil && ($0.lastAnswer ?? "").hasPrefix("250") })
        let mails = try fixture.server.messages()
        #expect(mails.count == 4)
        #expect(Set(mails.map(\.messageID)) == Set(notices.map { "<\($0.messageID)>" }))
        #expect(notices.map(\.messageID) == notices.map { "notice-\($0.id)@repairs.example" })
        let byID = Dictionary(uniqueKeysWithValues: mails.map { ($0.messageID, $0) })
        func mail(_ index: Int) throws -> ReceivedMail { try #require(byID["<\(notices[index].messageID)>"]) }

        // Approved, in English: words, headers, the event in the office's time and zone.
        let approved = try mail(0)
        let slotText = "\(NoticeFixture.longDate(a.slot.date, "en_GB")), \(a.startsAt)-\(a.endsAt)"
        #expect(approved.subject == "Your repair visit on \(slotText) (request \(a.id))")
        #expect(approved.from == "office@repairs.example" && approved.replyTo == "desk@repairs.example")
        #expect(approved.to.hasSuffix("<\(a.email)>"))
        let text = try #require(approved.text)
        #expect(text.contains("We have approved your repair request \(a.id). We will visit you on \(slotText)."))
        for defect in a.defects { #expect(text.contains(defect)) }
        let calendar = try #require(approved.calendar)
        #expect(calendar.method == "REQUEST" && calendar.contentMethod == "REQUEST" && calendar.crlf)
        #expect(calendar.longestLine <= 75)
        #expect(calendar.timezones == ["Europe/Amsterdam"])
        let event = try #require(calendar.events.first)
        let offset = fixture.offset(on: a.slot.date)
        #expect(event.uid == "request-\(a.id)@repairs.example" && event.sequence == 0 && event.status == "CONFIRMED")
        #expect(event.start == "\(a.slot.date.iso)T\(a.startsAt):00\(offset)" && event.end == "\(a.slot.date.iso)T\(a.endsAt):00\(offset)")
        #expect(event.tzid == "Europe/Amsterdam" && event.attendee == "mailto:\(a.email)")
        for defect in a.defects { #expect(event.description.contains(defect)) }

        // Cancelled, with the office's note (commas and semicolons escaped and read back whole).
        let cancelled = try mail(2)
        #expect(cancelled.subject == "Your repair request \(c.id) is cancelled")
        #expect(cancelled.text?.contains("The tenant moved out; the landlord, Woonstede, repairs it.") == true)
        let cancel = try #require(cancelled.calendar)
        #expect(cancel.method == "CANCEL" && cancel.contentMethod == "CANCEL" && cancel.events.first?.status == "CANCELLED")
        #expect(cancel.events.first?.uid == "request-\(c.id)@repairs.example")

        // Moved, in Dutch: the same UID, the next SEQUENCE, the new slot.
        let moved = try mail(3)
        let newText = "\(NoticeFixture.longDate(later.date, "nl_NL")), \(a.startsAt)-\(a.endsAt)"
        #expect(moved.subject == "Uw reparatiebezoek is verplaatst naar \(newText) (verzoek \(a.id))")
        #expect(moved.text?.contains("verplaatst van \(NoticeFixture.longDate(a.slot.date, "nl_NL")), \(a.startsAt)-\(a.endsAt) naar \(newText)") == true)
        let move = try #require(moved.calendar?.events.first)
        #expect(move.uid == event.uid && move.sequence == 1 && move.start.hasPrefix("\(later.date.iso)T\(a.startsAt)"))

        // Nothing is due any more: a second run sends nothing.
        #expect(try fixture.sender().run(limit: nil) { _ in }.sent == 0)
        #expect(fixture.server.receivedCount == 4)
    }

    @Test(arguments: Backend.available) func nothingIsQueuedForADecisionRolledBackNorForATenantWithoutAnAddress(_ backend: Backend) throws {
        let fixture = try NoticeFixture(backend)
        let request = try #require(try fixture.newRequests(1).first)
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try fixture.store.write { session in
                _ = try NoticeOutbox.queue([RequestStatusChange(requestID: request.id, from: .new, to: .approved, slotBefore: request.slot,
                                                                slotAfter: request.slot, batchID: 1, operatorName: "maria")],
                                           in: session, office: fixture.office(), now: fixture.clock.now)
                throw Refused()
            }
        }
        #expect(try fixture.notices().isEmpty)
        // A tenant whose address is no address.
        let corporation = RowID(try fixture.database.integer("SELECT MIN(id) FROM housing_corporation"))
        let report = try fixture.store.write { session in
            let resident = try session.upsertResident(Resident(name: "Zonder Adres", email: "geen adres", phone: nil, postcode: "1234 AB",
                                                               houseNumber: "1", street: "Dorpsstraat", city: "Ede", corporationID: corporation))
            try session.upsertRequest(RepairRequest(id: 900_001, residentID: resident, description: "lek", photoPath: nil, status: .new,
                                                    slotDate: request.slot.date, daypartID: request.slot.daypartID, staffID: nil, subcontractorID: nil,
                                                    createdAt: "2026-11-30T10:00:00Z", updatedAt: "2026-11-30T10:00:00Z", defectIDs: []))
            return try NoticeOutbox.queue([
                RequestStatusChange(requestID: 900_001, from: .new, to: .approved, slotBefore: request.slot, slotAfter: request.slot, batchID: 2, operatorName: "maria"),
                RequestStatusChange(requestID: request.id, from: .new, to: .approved, slotBefore: request.slot, slotAfter: request.slot, batchID: 2, operatorName: "maria"),
            ], in: session, office: fixture.office(), now: fixture.clock.now)
        }
        #expect(report.withoutAddress == [900_001] && report.queued.count == 1)
    }

    /// A name with a comma, quotes and a line break, and a note that tries to start a header or an
    /// iCalendar property, stay text: one To with that name, no other header, the note whole in the text.
    @Test func hostileTextStaysWhereItBelongs() throws {
        let fixture = try NoticeFixture(.sqlite)
        let request = try #require(try fixture.newRequests(1).first)
        let corporation = RowID(try fixture.database.integer("SELECT MIN(id) FROM housing_corporation"))
        let name = "Jansen, \"P.\"\r\nBcc: thief@evil.example"
        let note = "Call first.\r\nEND:VEVENT\r\nBcc: thief@evil.example"
        try fixture.store.write { session in
            let resident = try session.upsertResident(Resident(name: name, email: "p.jansen@example.nl", phone: nil, postcode: "1234 AB",
                                                               houseNumber: "1", street: "Dorpsstraat", city: "Ede", corporationID: corporation))
            try session.upsertRequest(RepairRequest(id: 900_002, residentID: resident, description: "lek", photoPath: nil, status: .new,
                                                    slotDate: request.slot.date, daypartID: request.slot.daypartID, staffID: nil, subcontractorID: nil,
                                                    createdAt: "2026-11-30T10:00:00Z", updatedAt: "2026-11-30T10:00:00Z", defectIDs: []))
            _ = try NoticeOutbox.queue([RequestStatusChange(requestID: 900_002, from: .approved, to: .cancelled, slotBefore: request.slot, slotAfter: nil,
                                                            note: note, batchID: 3, operatorName: "maria")],
                                       in: session, office: fixture.office(), now: fixture.clock.now)
        }
        #expect(try fixture.sender().run(limit: nil) { _ in }.sent == 1)
        let mail = try #require(try fixture.server.messages().first)
        #expect(mail.to == "\"Jansen, \\\"P.\\\" Bcc: thief@evil.example\" <p.jansen@example.nl>" || mail.to.hasSuffix("<p.jansen@example.nl>"))
        #expect(!mail.to.contains("\n") && mail.to.components(separatedBy: "@").count == 3, "one address with its name: \(mail.to)")
        #expect(mail.text?.contains(note.replacingOccurrences(of: "\r\n", with: "\n")) == true)
        #expect(mail.text?.hasPrefix("Dear Jansen, \"P.\"  Bcc: thief@evil.example,\n") == true, "the name on one line: \(mail.text ?? "")")
        let event = try #require(mail.calendar?.events.first)
        #expect(event.status == "CANCELLED" && mail.calendar?.events.count == 1)
        let raw = try String(contentsOf: fixture.server.folder.appending(path: "messages/000001.eml"), encoding: .utf8)
        let headers = try #require(raw.components(separatedBy: "\r\n\r\n").first)
        #expect(!headers.contains("Bcc:") && headers.components(separatedBy: "\r\n").filter { $0.hasPrefix("To:") }.count == 1,
                "no header of the name's or the note's making: \(headers)")
    }

    /// TLS from the first byte (`security = "tls"`, smtps://), and the certificate checked: without
    /// the private CA the sender refuses the server, stops the run and leaves the notice queued.
    @Test func implicitTLSAndACertificateNobodyVouchesFor() throws {
        let fixture = try NoticeFixture(.sqlite, implicitTLS: true)
        let request = try #require(try fixture.newRequests(1).first)
        try fixture.queue([RequestStatusChange(requestID: request.id, from: .new, to: .completed, slotBefore: request.slot, slotAfter: request.slot,
                                               batchID: 1, operatorName: "maria")])
        var untrusted = fixture.mail()
        untrusted.security = .tls
        untrusted.caFile = ""
        let refused = try fixture.sender(mail: untrusted).run(limit: nil) { _ in }
        guard case .setup = refused.stoppedBy else { Issue.record("not refused as the sender's setup: \(String(describing: refused.stoppedBy))"); return }
        #expect(refused.sent == 0 && fixture.server.receivedCount == 0)
        var notice = try #require(try fixture.notices().first)
        #expect(notice.state == .queued && notice.lastAnswer?.isEmpty == false)
        var trusted = fixture.mail()
        trusted.security = .tls
        try sendUntil(try fixture.sender(mail: trusted)) { try fixture.notices().first?.state == .sent }
        notice = try #require(try fixture.notices().first)
        #expect(notice.state == .sent && fixture.server.receivedCount == 1)
    }

    @Test(arguments: Backend.available) func aTemporaryAnswerIsTriedAgainLaterAndDeliveredOnce(_ backend: Backend) throws {
        let fixture = try NoticeFixture(backend, answers: ["451"])
        let request = try #require(try fixture.newRequests(1).first)
        try fixture.queue([RequestStatusChange(requestID: request.id, from: .new, to: .approved, slotBefore: request.slot, slotAfter: request.slot,
                                               batchID: 1, operatorName: "maria")])
        let sender = try fixture.sender()
        var lines: [NoticeAttempt] = []
        let first = try sender.run(limit: nil) { lines.append($0) }
        #expect(first.retried == 1 && first.sent == 0 && lines.first?.result == .retried)
        var notice = try #require(try fixture.notices().first)
        #expect(notice.state == .queued && notice.attempts == 1 && notice.lastAnswer?.contains("451 4.3.0 mailbox busy") == true)
        #expect(notice.nextAttemptMS > notice.queuedMS)
        #expect(fixture.server.receivedCount == 0)
        try sendUntil(sender) { try fixture.notices().first?.state == .sent }
        notice = try #require(try fixture.notices().first)
        #expect(notice.state == .sent && notice.attempts == 2)
        let mails = try fixture.server.messages()
        #expect(mails.map(\.messageID) == ["<\(notice.messageID)>"])
    }

    @Test(arguments: Backend.available) func aPermanentAnswerFailsAtOnceWithTheServersWordsAndARetryByHandSendsIt(_ backend: Backend) throws {
        let fixture = try NoticeFixture(backend, answers: ["550"])
        let request = try #require(try fixture.newRequests(1).first)
        try fixture.queue([RequestStatusChange(requestID: request.id, from: .new, to: .completed, slotBefore: request.slot, slotAfter: request.slot,
                                               batchID: 1, operatorName: "maria")])
        let summary = try fixture.sender().run(limit: nil) { _ in }
        #expect(summary.failed == 1 && summary.sent == 0 && summary.retried == 0)
        let failed = try #require(try fixture.notices().first)
        #expect(failed.state == .failed && failed.lastAnswer?.contains("550 5.7.1 message refused by policy") == true)
        #expect(try fixture.store.read { try $0.noticeQueueStats() } == NoticeQueueStats(depth: 0, oldestCreatedAt: nil, failed: 1))
        #expect(throws: NoticeMessage.self) { try NoticeOutbox.retry(failed.id + 1000, store: fixture.store, now: Date()) }
        _ = try NoticeOutbox.retry(failed.id, store: fixture.store, now: Date())
        #expect(throws: NoticeMessage.self) { try NoticeOutbox.retry(failed.id, store: fixture.store, now: Date()) }
        #expect(try fixture.sender().run(limit: nil) { _ in }.sent == 1)
        let mails = try fixture.server.messages()
        #expect(mails.count == 1 && mails.first?.subject == "Your repair request \(request.id) is completed" && mails.first?.calendar == nil)
    }

    @Test(arguments: Backend.available) func twoSendersAtOnceSendNothingTwice(_ backend: Backend) throws {
        let fixture = try NoticeFixture(backend, delay: 0.03)
        let requests = try fixture.newRequests(40)
        try fixture.queue(requests.map {
            RequestStatusChange(requestID: $0.id, from: .new, to: .approved, slotBefore: $0.slot, slotAfter: $0.slot, batchID: 1, operatorName: "maria")
        })
        let senders = [try fixture.sender(), try fixture.sender(store: try fixture.secondStore())]
        let results = SendResults()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results.add(Result { try senders[index].run(limit: nil) { _ in } })
        }
        let summaries = try results.all.map { try $0.get() }
        #expect(summaries.map(\.sent).reduce(0, +) == requests.count)
        #expect(summaries.allSatisfy { $0.sent > 0 }, "both senders took part: \(summaries.map(\.sent))")
        let mails = try fixture.server.messages()
        #expect(mails.count == requests.count && Set(mails.map(\.messageID)).count == requests.count)
        #expect(try fixture.notices().allSatisfy { $0.state == .sent && $0.attempts == 1 })
    }

    @Test(arguments: Backend.available) func anUndoWithdrawsWhatWasNotSentAndCorrectsWhatWas(_ backend: Backend) throws {
        let fixture = try NoticeFixture(backend)
        let requests = try fixture.newRequests(3)
        try #require(requests.count == 3)
        let changes = requests.map {
            RequestStatusChange(requestID: $0.id, from: .new, to: .approved, slotBefore: $0.slot, slotAfter: $0.slot, batchID: 5, operatorName: "maria")
        }
        try fixture.queue(changes)
        #expect(try fixture.sender().run(limit: 2) { _ in }.sent == 2)
        let report = try fixture.store.write { session in
            try NoticeOutbox.withdraw(batchID: 5, in: session, office: fixture.office(), now: fixture.clock.now)
        }
        #expect(report.withdrawn.count == 1 && report.corrections.count == 2)
        #expect(try fixture.sender().run(limit: nil) { _ in }.sent == 2)
        let notices = try fixture.notices()
        #expect(notices.filter { $0.state == .withdrawn }.count == 1)
        let mails = try fixture.server.messages()
        #expect(mails.count == 4)
        for correction in notices where correction.kind == .correction {
            let original = try #require(notices.first { $0.id == correction.correctsNoticeID })
            let request = try #require(requests.first { $0.id == original.requestID })
            let mail = try #require(mails.first { $0.messageID == "<\(correction.messageID)>" })
            let slotText = "\(NoticeFixture.longDate(request.slot.date, "en_GB")), \(request.startsAt)-\(request.endsAt)"
            #expect(mail.subject == "Correction: your repair request \(request.id)")
            #expect(mail.text?.contains("the visit of \(slotText) is not confirmed after all") == true)
            let event = try #require(mail.calendar?.events.first)
            #expect(mail.calendar?.method == "CANCEL" && event.uid == "request-\(request.id)@repairs.example" && event.sequence == 1)
        }
    }
}

/// The senders' results, gathered from two threads.
private final class SendResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<NoticeSendSummary, any Error>] = []
    func add(_ result: Result<NoticeSendSummary, any Error>) { lock.withLock { results.append(result) } }
    var all: [Result<NoticeSendSummary, any Error>] { lock.withLock { results } }
}
