/// The words of the web front's Requests page (office and admin users): the queue with its
/// filters and check boxes, the preview of a bulk decision and its result, and a request's own
/// page with its status log. Statuses are the core's words (`RequestStatus.word`); refusals are
/// the core's messages.
public struct RequestPageWords: Sendable {
    public var nav: String
    public var title: String
    public var intro: String
    public var filterLegend: String
    public var statusLabel: String
    public var anyStatus: String
    public var fromLabel: String
    public var toLabel: String
    public var corporationLabel: String
    public var anyCorporation: String
    public var showButton: String
    public var shown: @Sendable (_ first: Int, _ last: Int, _ total: Int) -> String
    public var empty: String
    public var tableCaption: String
    public var columns: (request: String, slot: String, status: String, resident: String, corporation: String, defects: String,
                         staff: String, subcontractor: String)
    public var selectAll: String
    public var selectRow: @Sendable (_ request: Int64) -> String
    public var decideLegend: String
    public var noteLabel: String
    public var noteHint: String
    /// The buttons, by decision (`approve`, `cancel`, `archive`).
    public var decisionButtons: [String: String]
    public var previousPage: String
    public var nextPage: String
    public var pageOf: @Sendable (_ page: Int, _ pages: Int) -> String
    public var pagesLabel: String
    public var download: String
    public var previewTitle: String
    /// "Approve 3 requests": the decision asked for, by its word.
    public var previewIntro: @Sendable (_ decision: String, _ requests: Int) -> String
    public var decisionNames: [String: String]
    public var applyButton: String
    public var backToQueue: String
    public var refusedNotice: String
    public var nothingToChange: String
    public var changedTitle: String
    public var changeColumns: (request: String, change: String)
    public var problemsTitle: String
    public var problemColumns: (request: String, problem: String, fix: String)
    public var allRequests: String
    public var resultTitle: String
    public var appliedAs: @Sendable (_ batch: Int64) -> String
    public var seeHistory: String
    public var requestTitle: @Sendable (_ request: Int64) -> String
    public var fields: (created: String, resident: String, address: String, corporation: String, defects: String, description: String,
                        slot: String, status: String, staff: String, subcontractor: String)
    public var none: String
    public var logTitle: String
    public var logColumns: (time: String, status: String, slot: String, staff: String, subcontractor: String, note: String, by: String,
                            channel: String, batch: String)
    public var channels: [String: String]
    /// The upload of an edited requests workbook (the one upload pipeline, kind `requests`).
    public var uploadLegend: String
    public var uploadHint: String
    public var uploadButton: String
    /// The upload's page: "Decisions in requests.xlsx".
    public var uploadTitle: @Sendable (_ fileName: String) -> String
    /// The Uploads page's result of a requests upload ready: "3 requests change".
    public var uploadChanges: @Sendable (_ requests: Int) -> String
    public var uploadReadyNotice: String
    public var uploadRefusedNotice: String
    /// A stale workbook: what applying the office's own edits on top would do.
    public var onTopNote: String
    /// `POST /api/requests/decisions` with a body that is no decision.
    public var apiBodyNotDecision: String
    /// A `planDigest` that is no digest.
    public var apiPlanDigestMalformed: String

    static let english = RequestPageWords(
        nav: "Requests",
        title: "Repair requests",
        intro: "The tenants' repair requests by slot. Tick the ones to decide on, then approve, cancel or archive them: "
            + "you see what will change before anything does. The workbook is the same queue to decide on in a spreadsheet.",
        filterLegend: "Which requests",
        statusLabel: "Status",
        anyStatus: "any",
        fromLabel: "Slot from (YYYY-MM-DD)",
        toLabel: "Slot until (YYYY-MM-DD)",
        corporationLabel: "Housing corporation",
        anyCorporation: "all",
        showButton: "Show",
        shown: { first, last, total in "Requests \(first) to \(last) of \(total)." },
        empty: "No request matches.",
        tableCaption: "Repair requests, by slot",
        columns: ("Request", "Slot", "Status", "Tenant", "Corporation", "Defects", "Staff", "Subcontractor"),
        selectAll: "Select all on this page",
        selectRow: { request in "Select request \(request)" },
        decideLegend: "Decide on the ticked requests",
        noteLabel: "Reason or note for the log",
        noteHint: "A cancellation needs a reason: the tenant is told it.",
        decisionButtons: ["approve": "Approve", "cancel": "Cancel", "archive": "Archive"],
        previousPage: "Previous page",
        nextPage: "Next page",
        pageOf: { page, pages in "Page \(page) of \(pages)" },
        pagesLabel: "Pages",
        download: "Download these requests as a workbook",
        previewTitle: "Preview of the decision",
        previewIntro: { decision, requests in "\(decision): \(requests) \(requests == 1 ? "request" : "requests") ticked. Nothing has changed yet." },
        decisionNames: ["approve": "Approve", "cancel": "Cancel", "complete": "Complete", "archive": "Archive", "restore": "Restore",
                        "reopen": "Reopen", "move": "Move", "assign": "Assign staff", "subcontract": "Hand to a subcontractor"],
        applyButton: "Apply this decision",
        backToQueue: "Back to the requests",
        refusedNotice: "This decision cannot be applied as it is: each problem below says why. Leave those requests out and decide again.",
        nothingToChange: "Nothing to change: the requests are already so.",
        changedTitle: "What will change",
        changeColumns: ("Request", "Change"),
        problemsTitle: "Problems",
        problemColumns: ("Request", "Problem", "How to fix it"),
        allRequests: "several",
        resultTitle: "Decision applied",
        appliedAs: { batch in "Applied as batch \(batch)." },
        seeHistory: "See it in the history",
        requestTitle: { request in "Request \(request)" },
        fields: ("Created", "Tenant", "Address", "Corporation", "Defects", "Description", "Slot", "Status", "Staff", "Subcontractor"),
        none: "none",
        logTitle: "Status log",
        logColumns: ("Time", "Status", "Slot", "Staff", "Subcontractor", "Note", "By", "How", "Batch"),
        channels: ["file": "file", "web": "Requests page", "api": "API", "undo": "undo", "seed": "sample data", "migration": "upgrade"],
        uploadLegend: "Upload the edited workbook",
        uploadHint: "The requests workbook (or its CSV) with your decisions in it. You see what it would change before anything changes.",
        uploadButton: "Check the workbook",
        uploadTitle: { name in "Decisions in \(name)" },
        uploadChanges: { requests in "\(requests) \(requests == 1 ? "request changes" : "requests change")" },
        uploadReadyNotice: "Nothing has changed yet: apply to make these decisions.",
        uploadRefusedNotice: "These decisions cannot be applied as they are: each problem below says why. Mend the workbook and upload it again.",
        onTopNote: "Requests changed since this workbook was downloaded. You can apply only your own edits that are still allowed, "
            + "on top of the requests as they are now.",
        apiBodyNotDecision: "The body is not a decision. Send {\"requests\": [1043, 1044], \"decision\": \"approve\"}, with a \"note\" (a cancel needs one) "
            + "and, to apply, the \"planDigest\" of the preview.",
        apiPlanDigestMalformed: "planDigest is the 64 hexadecimal characters of a preview's planDigest; leave it out to preview.")

    static let dutch = RequestPageWords(
        nav: "Verzoeken",
        title: "Reparatieverzoeken",
        intro: "De reparatieverzoeken van de huurders per tijdvak. Vink aan waarover u beslist en keur ze goed, annuleer of archiveer ze: "
            + "u ziet wat er verandert voordat er iets verandert. De werkmap is dezelfde lijst om in een spreadsheet over te beslissen.",
        filterLegend: "Welke verzoeken",
        statusLabel: "Status",
        anyStatus: "elke",
        fromLabel: "Tijdvak vanaf (JJJJ-MM-DD)",
        toLabel: "Tijdvak tot en met (JJJJ-MM-DD)",
        corporationLabel: "Woningcorporatie",
        anyCorporation: "alle",
        showButton: "Tonen",
        shown: { first, last, total in "Verzoeken \(first) tot en met \(last) van \(total)." },
        empty: "Geen verzoek voldoet.",
        tableCaption: "Reparatieverzoeken, per tijdvak",
        columns: ("Verzoek", "Tijdvak", "Status", "Huurder", "Corporatie", "Gebreken", "Medewerker", "Onderaannemer"),
        selectAll: "Alles op deze pagina kiezen",
        selectRow: { request in "Verzoek \(request) kiezen" },
        decideLegend: "Beslissen over de aangevinkte verzoeken",
        noteLabel: "Reden of notitie voor het logboek",
        noteHint: "Een annulering heeft een reden nodig: de huurder krijgt die te horen.",
        decisionButtons: ["approve": "Goedkeuren", "cancel": "Annuleren", "archive": "Archiveren"],
        previousPage: "Vorige pagina",
        nextPage: "Volgende pagina",
        pageOf: { page, pages in "Pagina \(page) van \(pages)" },
        pagesLabel: "Pagina's",
        download: "Deze verzoeken als werkmap downloaden",
        previewTitle: "Voorbeeld van de beslissing",
        previewIntro: { decision, requests in "\(decision): \(requests) \(requests == 1 ? "verzoek" : "verzoeken") aangevinkt. Er is nog niets veranderd." },
        decisionNames: ["approve": "Goedkeuren", "cancel": "Annuleren", "complete": "Afronden", "archive": "Archiveren", "restore": "Terugzetten",
                        "reopen": "Heropenen", "move": "Verplaatsen", "assign": "Medewerker toewijzen", "subcontract": "Aan een onderaannemer geven"],
        applyButton: "Deze beslissing toepassen",
        backToQueue: "Terug naar de verzoeken",
        refusedNotice: "Deze beslissing kan zo niet worden toegepast: elk probleem hieronder zegt waarom. Laat die verzoeken weg en beslis opnieuw.",
        nothingToChange: "Niets te wijzigen: de verzoeken zijn al zo.",
        changedTitle: "Wat er verandert",
        changeColumns: ("Verzoek", "Wijziging"),
        problemsTitle: "Problemen",
        problemColumns: ("Verzoek", "Probleem", "Zo lost u het op"),
        allRequests: "meerdere",
        resultTitle: "Beslissing toegepast",
        appliedAs: { batch in "Toegepast als batch \(batch)." },
        seeHistory: "Bekijk het in de geschiedenis",
        requestTitle: { request in "Verzoek \(request)" },
        fields: ("Aangemaakt", "Huurder", "Adres", "Corporatie", "Gebreken", "Omschrijving", "Tijdvak", "Status", "Medewerker", "Onderaannemer"),
        none: "geen",
        logTitle: "Statuslogboek",
        logColumns: ("Tijd", "Status", "Tijdvak", "Medewerker", "Onderaannemer", "Notitie", "Door", "Hoe", "Batch"),
        channels: ["file": "bestand", "web": "verzoekenpagina", "api": "API", "undo": "terugdraaien", "seed": "voorbeeldgegevens", "migration": "upgrade"],
        uploadLegend: "De bewerkte werkmap uploaden",
        uploadHint: "De werkmap met verzoeken (of de CSV) met uw beslissingen erin. U ziet wat er zou veranderen voordat er iets verandert.",
        uploadButton: "Werkmap controleren",
        uploadTitle: { name in "Beslissingen in \(name)" },
        uploadChanges: { requests in "\(requests) \(requests == 1 ? "verzoek verandert" : "verzoeken veranderen")" },
        uploadReadyNotice: "Er is nog niets veranderd: pas toe om deze beslissingen te nemen.",
        uploadRefusedNotice: "Deze beslissingen kunnen zo niet worden toegepast: elk probleem hieronder zegt waarom. Verbeter de werkmap en upload hem opnieuw.",
        onTopNote: "Verzoeken zijn veranderd sinds deze werkmap werd gedownload. U kunt alleen uw eigen wijzigingen die nog zijn toegestaan "
            + "toepassen, bovenop de verzoeken zoals ze nu zijn.",
        apiBodyNotDecision: "De inhoud is geen beslissing. Stuur {\"requests\": [1043, 1044], \"decision\": \"approve\"}, met een \"note\" (een annulering "
            + "heeft er een nodig) en, om toe te passen, de \"planDigest\" van het voorbeeld.",
        apiPlanDigestMalformed: "planDigest bestaat uit de 64 hexadecimale tekens van de planDigest van een voorbeeld; laat hem weg voor een voorbeeld.")
}

extension Language {
    /// The words of the web front's Requests page in this language.
    public var requestPage: RequestPageWords {
        switch self {
        case .en: return .english
        case .nl: return .dutch
        }
    }
}
