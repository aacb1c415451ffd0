/// The words of the e-mails that tell tenants of the office's decisions (docs/notices.md): subject
/// and text of each kind of notice, the slot as a person reads it, and the calendar event's title.
/// The texts are plain (no HTML); `request` is the request's number as shown.
public struct NoticeWords: Sendable {
    /// Monday first.
    public var weekdays: [String]
    /// January first.
    public var months: [String]
    /// "Tuesday 8 December 2026, 09:00-10:00" from its parts.
    public var slot: @Sendable (_ weekday: String, _ day: Int, _ month: String, _ year: Int, _ start: String, _ end: String) -> String

    public var greeting: @Sendable (_ name: String) -> String
    public var approvedSubject: @Sendable (_ request: String, _ slot: String) -> String
    public var approved: @Sendable (_ request: String, _ slot: String) -> String
    public var movedSubject: @Sendable (_ request: String, _ slot: String) -> String
    public var moved: @Sendable (_ request: String, _ from: String?, _ to: String) -> String
    public var cancelledSubject: @Sendable (_ request: String) -> String
    /// With the slot it held, when it held one.
    public var cancelled: @Sendable (_ request: String, _ slot: String?) -> String
    public var completedSubject: @Sendable (_ request: String) -> String
    public var completed: @Sendable (_ request: String) -> String
    public var correctionSubject: @Sendable (_ request: String) -> String
    /// An approved or moved visit that is not confirmed after all.
    public var visitNotConfirmed: @Sendable (_ request: String, _ slot: String) -> String
    public var cancellationWithdrawn: @Sendable (_ request: String) -> String
    public var completionWithdrawn: @Sendable (_ request: String) -> String
    /// Before the office's own words (a cancellation's note).
    public var noteHeading: String
    public var addressHeading: String
    public var defectsHeading: String
    public var closing: String
    /// The calendar event's title and its cancellation's.
    public var eventTitle: @Sendable (_ request: String) -> String
}

extension NoticeWords {
    public static let english = NoticeWords(
        weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        slot: { weekday, day, month, year, start, end in "\(weekday) \(day) \(month) \(year), \(start)-\(end)" },
        greeting: { name in "Dear \(name)," },
        approvedSubject: { request, slot in "Your repair visit on \(slot) (request \(request))" },
        approved: { request, slot in
            "We have approved your repair request \(request). We will visit you on \(slot). The visit is in the calendar file attached."
        },
        movedSubject: { request, slot in "Your repair visit has moved to \(slot) (request \(request))" },
        moved: { request, from, to in
            (from.map { "The visit for your repair request \(request) has moved from \($0) to \(to)." }
                ?? "The visit for your repair request \(request) has moved to \(to).") + " The calendar file attached moves it in your calendar."
        },
        cancelledSubject: { request in "Your repair request \(request) is cancelled" },
        cancelled: { request, slot in
            slot.map { "We have cancelled your repair request \(request) and its visit on \($0)." } ?? "We have cancelled your repair request \(request)."
        },
        completedSubject: { request in "Your repair request \(request) is completed" },
        completed: { request in "The repair of your request \(request) is completed. Thank you for your patience." },
        correctionSubject: { request in "Correction: your repair request \(request)" },
        visitNotConfirmed: { request, slot in
            "Our earlier message about your repair request \(request) was sent in error: the visit of \(slot) is not confirmed after all. "
                + "We will write to you again as soon as the visit is planned."
        },
        cancellationWithdrawn: { request in
            "Our earlier message that your repair request \(request) was cancelled was sent in error: the request is not cancelled. "
                + "We will write to you again about its visit."
        },
        completionWithdrawn: { request in
            "Our earlier message that your repair request \(request) was completed was sent in error: the repair is not finished yet. "
                + "We will write to you again about its visit."
        },
        noteHeading: "From the office:",
        addressHeading: "Address:",
        defectsHeading: "Defects:",
        closing: "Kind regards,\nThe repair office\n\nYou may reply to this e-mail to reach the office.",
        eventTitle: { request in "Repair visit (request \(request))" })

    public static let dutch = NoticeWords(
        weekdays: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
        months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
        slot: { weekday, day, month, year, start, end in "\(weekday) \(day) \(month) \(year), \(start)-\(end)" },
        greeting: { name in "Beste \(name)," },
        approvedSubject: { request, slot in "Uw reparatiebezoek op \(slot) (verzoek \(request))" },
        approved: { request, slot in
            "Wij hebben uw reparatieverzoek \(request) goedgekeurd. Wij komen bij u op \(slot). Het bezoek staat in het bijgevoegde agendabestand."
        },
        movedSubject: { request, slot in "Uw reparatiebezoek is verplaatst naar \(slot) (verzoek \(request))" },
        moved: { request, from, to in
            (from.map { "Het bezoek voor uw reparatieverzoek \(request) is verplaatst van \($0) naar \(to)." }
                ?? "Het bezoek voor uw reparatieverzoek \(request) is verplaatst naar \(to).")
                + " Het bijgevoegde agendabestand verplaatst het in uw agenda."
        },
        cancelledSubject: { request in "Uw reparatieverzoek \(request) is geannuleerd" },
        cancelled: { request, slot in
            slot.map { "Wij hebben uw reparatieverzoek \(request) en het bezoek op \($0) geannuleerd." }
                ?? "Wij hebben uw reparatieverzoek \(request) geannuleerd."
        },
        completedSubject: { request in "Uw reparatieverzoek \(request) is afgerond" },
        completed: { request in "De reparatie van uw verzoek \(request) is afgerond. Dank voor uw geduld." },
        correctionSubject: { request in "Correctie: uw reparatieverzoek \(request)" },
        visitNotConfirmed: { request, slot in
            "Ons eerdere bericht over uw reparatieverzoek \(request) was een vergissing: het bezoek van \(slot) is toch niet bevestigd. "
                + "Wij schrijven u opnieuw zodra het bezoek gepland is."
        },
        cancellationWithdrawn: { request in
            "Ons eerdere bericht dat uw reparatieverzoek \(request) was geannuleerd, was een vergissing: het verzoek is niet geannuleerd. "
                + "Wij schrijven u opnieuw over het bezoek."
        },
        completionWithdrawn: { request in
            "Ons eerdere bericht dat uw reparatieverzoek \(request) was afgerond, was een vergissing: de reparatie is nog niet klaar. "
                + "Wij schrijven u opnieuw over het bezoek."
        },
        noteHeading: "Van het kantoor:",
        addressHeading: "Adres:",
        defectsHeading: "Gebreken:",
        closing: "Met vriendelijke groet,\nHet reparatiekantoor\n\nU kunt op deze e-mail antwoorden om het kantoor te bereiken.",
        eventTitle: { request in "Reparatiebezoek (verzoek \(request))" })
}

extension Language {
    /// The words of the tenants' notices in this language.
    public var noticeWords: NoticeWords {
        switch self {
        case .en: return .english
        case .nl: return .dutch
        }
    }
}
