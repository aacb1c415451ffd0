import Foundation
import SMTPMail
import SlotSheetTemplates

/// Who the office is to its tenants' mail: what a notice is composed with, as plain values.
public struct NoticeOffice: Sendable {
    public var timeZone: TimeZone
    /// The tenants' language: the resident table has none of its own, so the office's.
    public var language: Language
    /// The domain of Message-IDs (`notice-<id>@domain`) and calendar UIDs (`request-<id>@domain`).
    public var domain: String
    /// The sender's address: the From of every notice and the organizer of its event.
    public var from: String

    public init(timeZone: TimeZone, language: Language, domain: String, from: String) {
        self.timeZone = timeZone
        self.language = language
        self.domain = domain
        self.from = from
    }

    public init(settings: Settings) {
        self.init(timeZone: settings.office.timeZone, language: settings.office.language, domain: settings.mail.domain,
                  from: settings.mail.from)
    }
}

/// A notice's subject, text and calendar part, made from the request's facts in the tenant's
/// language and the office's time. Pure: it reads nothing and writes nothing.
struct NoticeComposer {
    let office: NoticeOffice
    let dayparts: [RowID: Daypart]

    struct Composed {
        var subject: String
        var text: String
        var calendar: VisitCalendar.Part?
    }

    /// "Tuesday 8 December 2026, 09:00-10:00" in `language`; nil for a daypart that does not exist.
    func slotText(_ slot: NoticeSlot, _ language: Language) -> String? {
        guard let daypart = dayparts[slot.daypartID] else { return nil }
        let words = language.noticeWords
        let (year, month, day) = slot.date.parts
        return words.slot(words.weekdays[slot.date.weekday.rawValue - 1], day, words.months[month - 1], year, daypart.startsAt, daypart.endsAt)
    }

    /// The notice of `kind` for a change of the request.
    func compose(_ kind: NoticeKind, facts: NoticeRequestFacts, before: NoticeSlot?, after: NoticeSlot?, note: String?, sequence: Int,
                 stamp: Date) -> Composed {
        let words = office.language.noticeWords, number = String(facts.requestID)
        let lang = office.language
        switch kind {
        case .approved, .moved:
            let slot = after ?? before
            let shown = slot.flatMap { slotText($0, lang) } ?? ""
            let subject = kind == .approved ? words.approvedSubject(number, shown) : words.movedSubject(number, shown)
            let opening = kind == .approved ? words.approved(number, shown) : words.moved(number, before.flatMap { slotText($0, lang) }, shown)
            return Composed(subject: subject, text: body(opening, note: note, facts: facts),
                            calendar: slot.flatMap { event(.request, slot: $0, facts: facts, sequence: sequence, stamp: stamp) })
        case .cancelled:
            let slot = before ?? after
            return Composed(subject: words.cancelledSubject(number),
                            text: body(words.cancelled(number, slot.flatMap { slotText($0, lang) }), note: note, facts: facts),
                            calendar: slot.flatMap { event(.cancel, slot: $0, facts: facts, sequence: sequence, stamp: stamp) })
        case .completed:
            return Composed(subject: words.completedSubject(number), text: body(words.completed(number), note: note, facts: facts), calendar: nil)
        case .correction:
            return Composed(subject: words.correctionSubject(number), text: body("", note: note, facts: facts), calendar: nil)
        }
    }

    /// The correction of a notice that was sent for a decision since undone: an approved or moved
    /// visit is not confirmed after all (and its event is removed), a cancellation or completion
    /// did not happen.
    func correction(of sent: ResidentNotice, facts: NoticeRequestFacts, slot: NoticeSlot?, sequence: Int, stamp: Date) -> Composed {
        let words = office.language.noticeWords, number = String(facts.requestID)
        let opening: String
        var calendar: VisitCalendar.Part?
        switch sent.kind {
        case .approved, .moved:
            opening = words.visitNotConfirmed(number, slot.flatMap { slotText($0, office.language) } ?? "")
            calendar = slot.flatMap { event(.cancel, slot: $0, facts: facts, sequence: sequence, stamp: stamp) }
        case .cancelled: opening = words.cancellationWithdrawn(number)
        case .completed, .correction: opening = words.completionWithdrawn(number)
        }
        return Composed(subject: words.correctionSubject(number), text: body(opening, note: nil, facts: facts), calendar: calendar)
    }

    /// Greeting, what happened, the office's note, the address, the defects, the closing.
    private func body(_ opening: String, note: String?, facts: NoticeRequestFacts) -> String {
        let words = office.language.noticeWords
        var parts = [words.greeting(oneLine(facts.residentName)), opening]
        if let note = note?.trimmingCharacters(in: .whitespacesAndNewlines), !note.isEmpty {
            parts.append("\(words.noteHeading)\n\(note)")
        }
        parts.append("\(words.addressHeading)\n\(address(facts))")
        if !facts.defects.isEmpty {
            parts.append(([words.defectsHeading] + facts.defects.map { "- \($0.description)" }).joined(separator: "\n"))
        }
        parts.append(words.closing)
        return parts.filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
    }

    private func address(_ facts: NoticeRequestFacts) -> String {
        oneLine("\(facts.street) \(facts.houseNumber), \(facts.postcode) \(facts.city)")
    }

    /// A value from the database that belongs on one line (a name, an address): its line breaks
    /// and other controls become spaces.
    private func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    private func event(_ method: VisitCalendar.Method, slot: NoticeSlot, facts: NoticeRequestFacts, sequence: Int, stamp: Date) -> VisitCalendar.Part? {
        guard let daypart = dayparts[slot.daypartID], let start = ClockTime(daypart.startsAt), let end = ClockTime(daypart.endsAt) else { return nil }
        let words = office.language.noticeWords, number = String(facts.requestID)
        let defects = facts.defects.map(\.description).joined(separator: "\n")
        return VisitCalendar.part(VisitCalendar.Event(
            method: method, uid: "request-\(facts.requestID)@\(office.domain)", sequence: sequence, date: slot.date, start: start, end: end,
            timeZone: office.timeZone, title: words.eventTitle(number), description: defects, location: address(facts),
            organizer: (office.from, nil), attendee: (facts.email, facts.residentName), stamp: stamp))
    }
}
