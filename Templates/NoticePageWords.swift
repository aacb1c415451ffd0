/// The words of the web front's Notices page (admins): the tenants' outbox, the failed notices
/// with the mail server's answer, and their retry. States and kinds are named by their raw values
/// (`queued`, `approved`), as `slotsheet notices list` names them.
public struct NoticePageWords: Sendable {
    public var nav: String
    public var title: String
    public var intro: String
    public var summary: @Sendable (_ waiting: Int, _ failed: Int) -> String
    public var empty: String
    public var columns: (id: String, state: String, kind: String, request: String, recipient: String, attempts: String, created: String,
                         answer: String)
    public var states: [String: String]
    public var kinds: [String: String]
    public var retryButton: String
    public var retried: @Sendable (_ notice: Int64) -> String

    static let english = NoticePageWords(
        nav: "Notices",
        title: "Notices to tenants",
        intro: "The e-mails that tell tenants of the office's decisions, newest first. slotsheet notices send delivers them; "
            + "a failed one shows the mail server's answer and can be tried again once its cause is mended.",
        summary: { waiting, failed in "\(waiting) waiting to be sent, \(failed) failed." },
        empty: "No notices yet.",
        columns: ("No.", "State", "Kind", "Request", "Recipient", "Attempts", "Created", "Mail server's last answer"),
        states: ["queued": "queued", "sending": "being sent", "sent": "sent", "failed": "failed", "withdrawn": "withdrawn"],
        kinds: ["approved": "approved", "moved": "moved", "cancelled": "cancelled", "completed": "completed", "correction": "correction"],
        retryButton: "Try again",
        retried: { notice in "Notice \(notice) is queued again; the next run of slotsheet notices send sends it." })

    static let dutch = NoticePageWords(
        nav: "Berichten",
        title: "Berichten aan huurders",
        intro: "De e-mails die huurders over de beslissingen van het kantoor vertellen, nieuwste eerst. slotsheet notices send "
            + "verzendt ze; bij een mislukt bericht staat het antwoord van de mailserver, en het kan opnieuw zodra de oorzaak verholpen is.",
        summary: { waiting, failed in "\(waiting) wachten op verzending, \(failed) mislukt." },
        empty: "Nog geen berichten.",
        columns: ("Nr.", "Stand", "Soort", "Verzoek", "Ontvanger", "Pogingen", "Aangemaakt", "Laatste antwoord van de mailserver"),
        states: ["queued": "in de wachtrij", "sending": "wordt verzonden", "sent": "verzonden", "failed": "mislukt", "withdrawn": "ingetrokken"],
        kinds: ["approved": "goedgekeurd", "moved": "verplaatst", "cancelled": "geannuleerd", "completed": "afgerond", "correction": "correctie"],
        retryButton: "Opnieuw proberen",
        retried: { notice in "Bericht \(notice) staat weer in de wachtrij; de volgende slotsheet notices send verzendt het." })
}

extension Language {
    /// The words of the web front's Notices page in this language.
    public var noticePage: NoticePageWords {
        switch self {
        case .en: return .english
        case .nl: return .dutch
        }
    }
}
