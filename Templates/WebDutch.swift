extension WebWords {
    public static let dutch = WebWords(
        appName: "slotsheet",
        skipToContent: "Naar de inhoud",
        navHome: "Start",
        navTemplate: "Sjabloon downloaden",
        navUpload: "Uploaden",
        navUploads: "Uploads",
        navHistory: "Geschiedenis",
        signOut: "Afmelden",
        signedInAs: { name, role in "Aangemeld als \(name) (\(role))" },
        roleOffice: "kantoor",
        roleAdmin: "beheerder",
        otherLanguageName: "English",
        otherLanguageLabel: "These pages in English",

        signInTitle: "Aanmelden",
        signInIntro: "Meld u aan met de naam en het wachtwoord die u van uw beheerder kreeg.",
        nameLabel: "Naam",
        passwordLabel: "Wachtwoord",
        signInButton: "Aanmelden",
        signInFailed: "De naam of het wachtwoord klopt niet. Controleer beide en probeer het opnieuw.",
        signInThrottled: { seconds in
            "Te vaak een verkeerde aanmelding. Wacht \(seconds) \(seconds == 1 ? "seconde" : "seconden") voordat u het opnieuw probeert."
        },
        signInBusy: "Er worden nu veel aanmeldingen gecontroleerd. Probeer het over een paar seconden opnieuw.",
        requestBroken: "Het verzoek brak af of was niet te lezen; er is niets gewijzigd. Stuur het opnieuw.",
        previewBeingRead: "Deze upload wordt opnieuw gelezen; het voorbeeld verschijnt hier zodra dat klaar is.",
        signedOut: "U bent afgemeld.",

        homeTitle: "De komende 4 weken",
        homeIntro: { from, to in
            "Capaciteit (beschikbare medewerkers), geboekte bezoeken en vrije plaatsen per dagdeel, van \(from) tot en met \(to)."
        },
        dateColumn: "Datum",
        daypartColumn: "Dagdeel",
        shortBy: { missing in "\(missing) te weinig" },
        shortLegend: "Een dagdeel met ▲ heeft minder beschikbare medewerkers dan geboekte bezoeken: er moet iemand bij.",
        cellLegend: "Elke cel: de vrije plaatsen, dan de geboekte bezoeken van het aantal beschikbare medewerkers (de capaciteit).",
        freeOf: { free in "\(free) vrij" },
        bookedOf: { booked, capacity in "\(booked) van \(capacity) geboekt" },
        noDayparts: "Er staan nog geen actieve dagdelen in de database.",
        downloadAction: "Sjabloon downloaden",
        uploadAction: "Ingevuld sjabloon uploaden",
        weekdays: ["ma", "di", "wo", "do", "vr", "za", "zo"],
        months: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],

        templateTitle: "Sjabloon downloaden",
        templateIntro: "Kies de datums en de medewerkers. Het werkboek wordt gevuld uit de database; zet een x waar iemand beschikbaar is, sla het op en upload het hier.",
        fromLabel: "Van",
        toLabel: "Tot en met",
        nextFourWeeks: "Komende 4 weken",
        nextMonth: "Volgende maand",
        staffLegend: "Medewerkers",
        allStaff: "Alle actieve medewerkers",
        chosenStaff: "Alleen de medewerkers die hieronder zijn aangevinkt",
        inactiveStaff: "niet actief",
        languageLabel: "Taal van het werkboek",
        languageNames: ("Engels", "Nederlands"),
        downloadButton: "Sjabloon downloaden",
        noStaffChosen: "Vink minstens één medewerker aan, of kies alle actieve medewerkers.",

        uploadTitle: "Bestand uploaden",
        uploadIntro: "Upload een ingevuld sjabloon (.xlsx, .xlsm of .ods) of een CSV-bestand. Het wordt eerst gelezen en gecontroleerd; er verandert niets tot u het doorvoert.",
        dropHere: "Sleep het bestand hierheen, of kies het:",
        fileLabel: "Bestand (.xlsx, .xlsm, .ods of .csv)",
        uploadButton: "Uploaden",
        uploadLimit: { megabytes in "Hoogstens \(megabytes) MB." },
        noFileChosen: "Kies eerst een bestand.",
        fileTooLarge: { megabytes in "Het bestand is groter dan \(megabytes) MB en is daarom niet aangenomen. Verdeel het over kleinere periodes." },
        notAnUploadForm: "De upload kwam niet binnen als bestandsformulier. Gebruik het formulier op deze pagina.",
        emptyFile: "Het bestand is leeg.",
        malformedUpload: "De upload was niet te lezen als bestandsformulier: de delen ervan zijn beschadigd. Stuur het bestand opnieuw met het formulier op deze pagina, of als multipart/form-data met het veld 'file'.",

        uploadsTitle: "Uw uploads",
        allUploadsTitle: "Alle uploads",
        uploadsIntro: { hours, refusedHours in
            "Uploads die niet zijn doorgevoerd, worden na \(hours) uur verwijderd; geweigerde na \(refusedHours) uur."
        },
        noUploads: "Nog geen uploads.",
        fileColumn: "Bestand",
        uploadedColumn: "Geüpload",
        byColumn: "Door",
        stateColumn: "Status",
        resultColumn: "Resultaat",
        stateReading: "wordt gelezen",
        stateReady: "klaar om te bekijken",
        stateRefused: "geweigerd",
        stateApplied: "doorgevoerd",
        stateDiscarded: "weggegooid",
        stateExpired: "verlopen",
        rowsRead: { rows in "\(rows) \(rows == 1 ? "rij" : "rijen") gelezen" },
        readingNote: "Het bestand wordt gelezen. U kunt deze pagina verlaten en later terugkomen.",
        changesSummary: { added, removed in "\(added) erbij, \(removed) eraf" },
        unchangedSummary: { unchanged in "\(unchanged) ongewijzigd" },
        problemsSummary: { problems in "\(problems) \(problems == 1 ? "probleem" : "problemen")" },
        unreadableFile: "Het bestand kan niet worden gelezen",
        nothingToChange: "Niets te wijzigen: het bestand komt overeen met de database.",
        staleSummary: { changes in "De database is gewijzigd sinds dit sjabloon is gemaakt (\(changes) \(changes == 1 ? "wijziging" : "wijzigingen"))." },
        appliedAsBatch: { batch in "Doorgevoerd als batch \(batch)." },
        uploadTitleFor: { file in "Upload: \(file)" },
        perDateTitle: "Wijzigingen per datum",
        perStaffTitle: "Wijzigingen per medewerker",
        problemsTitle: "Problemen",
        placeColumn: "Waar",
        problemColumn: "Wat er mis is",
        fixColumn: "Hoe u het oplost",
        staleTitle: "Gewijzigd in de database sinds het sjabloon is gemaakt",
        applyNote: "Doorvoeren schrijft al deze wijzigingen in één keer weg en legt ze in de geschiedenis vast als één batch, die een beheerder kan terugdraaien.",
        applyButton: "Deze wijzigingen doorvoeren",
        planChangedTitle: "Het plan is gewijzigd",
        planChangedCells: { newly, noLonger in
            let parts = (newly > 0 ? [newly == 1 ? "wijzigt 1 cel die eerst niet wijzigde" : "wijzigen \(newly) cellen die eerst niet wijzigden"] : [])
                + (noLonger > 0 ? [noLonger == 1 ? "wijzigt 1 cel niet meer" : "wijzigen \(noLonger) cellen niet meer"] : [])
            return parts.isEmpty ? "" : "Sinds het voorbeeld " + parts.joined(separator: " en ") + "."
        },
        planChangedNowRefused: "Het bestand kan zo niet meer worden doorgevoerd: hieronder staat waarom.",
        alreadyApplied: { batch in "Deze upload is al doorgevoerd, als batch \(batch); er is niets twee keer doorgevoerd." },
        cannotApply: { state in "Deze upload kan niet worden doorgevoerd: hij is \(state)." },
        tooManyUploadsWaiting: { limit in
            "U hebt \(limit) uploads die wachten om doorgevoerd of weggegooid te worden. Voer er eerst een paar door of gooi ze weg op de pagina Uploads."
        },
        tooManyRefusedApplies: { seconds in
            "Te veel pogingen tot doorvoeren zijn kort na elkaar geweigerd. Wacht \(seconds) \(seconds == 1 ? "seconde" : "seconden"), open de upload opnieuw en probeer het nog eens."
        },
        historyLink: "Bekijk de geschiedenis",
        noPlanGiven: "Het formulier zei niet welk plan moet worden doorgevoerd. Laad de pagina van de upload opnieuw en voer het opnieuw door.",
        discardButton: "Deze upload weggooien",
        gridTitle: "De wijzigingen als raster",
        gridLegend: "+ : wordt beschikbaar. − : niet meer beschikbaar. Een lege cel wijzigt niet.",
        gridLimited: { shown, total in "Het raster toont de eerste \(shown) van \(total) dagdelen met wijzigingen; de tabellen hierboven tellen ze allemaal." },
        errorWorkbookNote: "De foutenwerkmap is een kopie van uw bestand waarin elke cel met een probleem rood is gemaakt, met een opmerking hoe u het oplost. Verbeter die cellen en upload het bestand opnieuw.",
        errorWorkbookButton: "Foutenwerkmap downloaden",
        errorWorkbookUnavailable: "Voor deze upload is er geen foutenwerkmap: er zijn geen problemen in de cellen, of het bestand is er niet meer.",
        onTopTitle: "Uw wijzigingen eroverheen doorvoeren",
        onTopNote: "Alleen de cellen die u in het sjabloon hebt gewijzigd worden doorgevoerd, bovenop de database zoals die nu is; de wijzigingen hierboven blijven staan.",
        onTopButton: "Mijn wijzigingen eroverheen doorvoeren",
        onTopNothing: "Uw wijzigingen staan al in de database: eroverheen doorvoeren wijzigt niets.",
        onTopRefused: "Ook eroverheen kunnen uw wijzigingen niet worden doorgevoerd: het bestand heeft problemen, die hieronder staan.",
        discarded: "De upload is weggegooid.",
        backToUploads: "Terug naar de uploads",

        historyTitle: "Geschiedenis",
        historyIntro: "Alle importbatches, de nieuwste eerst.",
        allOutcomes: "alle uitkomsten",
        anyone: "iedereen",
        showButton: "Tonen",
        newerBatches: "Nieuwer",
        olderBatches: "Ouder",
        noBatches: "Nog geen imports.",
        batchColumn: "Batch",
        whenColumn: "Wanneer",
        operatorColumn: "Door",
        addedColumn: "Erbij",
        removedColumn: "Eraf",
        unchangedColumn: "Ongewijzigd",
        outcomeColumn: "Uitkomst",
        undoOf: { batch in "terugdraaiing van batch \(batch)" },
        outcomeNames: { outcome in
            switch outcome {
            case "applied": return "doorgevoerd"
            case "unchanged": return "niets te wijzigen"
            case "rejected": return "geweigerd"
            case "stale": return "verouderd sjabloon"
            case "dry_run": return "proefrun"
            case "plan_changed": return "plan gewijzigd sinds het voorbeeld"
            default: return outcome
            }
        },
        undoButton: "Terugdraaien",
        undoneMark: { by in "teruggedraaid door batch \(by)" },
        undoneAs: { batch, undo in "Batch \(batch) is teruggedraaid als batch \(undo)." },
        undoNotFound: { batch in "Er is geen batch \(batch)." },
        undoNotApplied: { batch, outcome in "Batch \(batch) heeft niets gewijzigd (\(outcome)), dus er valt niets terug te draaien." },
        undoAlreadyUndone: { batch, by in "Batch \(batch) is al teruggedraaid door batch \(by)." },
        undoLaterBatches: { batch, later in
            let list = later.map(String.init).joined(separator: ", ")
            return later.count == 1
                ? "Batch \(batch) kan niet worden teruggedraaid: de latere batch \(list) heeft een deel van dezelfde cellen gewijzigd. Draai die eerst terug."
                : "Batch \(batch) kan niet worden teruggedraaid: de latere batches \(list) hebben een deel van dezelfde cellen gewijzigd. Draai die eerst terug, de nieuwste eerst."
        },
        undoBreaksRules: { batch, problems in
            "Batch \(batch) kan niet worden teruggedraaid: \(problems == 1 ? "1 wijziging zou" : "\(problems) wijzigingen zouden") de planningsregels breken (een datum in het verleden, een tijdvak met te weinig mensen of een geboekt bezoek). Er is niets gewijzigd."
        },

        forbiddenTitle: "Geen toegang",
        forbiddenNeedsRole: { needed, name, role in
            "Deze pagina is voor de rol \(needed). U bent aangemeld als \(name), met de rol \(role). Vraag een beheerder als u deze nodig hebt."
        },
        csrfTitle: "Het formulier kon niet worden aangenomen",
        csrfMessage: "Het formulier is verlopen of kwam niet van deze site, dus er is niets gedaan. Ga terug, laad de pagina opnieuw en verstuur het nogmaals.",
        notFoundTitle: "Pagina niet gevonden",
        notFoundMessage: "Op dit adres staat niets.",
        badRequestTitle: "Het verzoek is niet te begrijpen",
        serverErrorTitle: "Er ging iets mis",
        serverErrorMessage: { reference in
            "De server kon dit verzoek niet afmaken. Er is niets gewijzigd. Geef uw beheerder het kenmerk \(reference); de details staan in het logboek van de server."
        },
        unavailableTitle: "De database is niet bereikbaar",
        unavailableMessage: "slotsheet kan zijn database nu niet bereiken. Probeer het over een minuut opnieuw; blijft het zo, meld het dan aan uw beheerder.",
        goHome: "Naar de startpagina",

        navUsers: "Gebruikers",
        usersTitle: "Gebruikers",
        usersIntro: "Wie zich aanmeldt, met welke rol. Gebruikers worden op de server toegevoegd en uitgeschakeld met slotsheet user.",
        roleColumn: "Rol",
        activeColumn: "Actief",
        tokenColumn: "API-token",
        yes: "ja",
        no: "nee",

        userNameInvalid: { name in
            "'\(name)' kan geen gebruikersnaam zijn: gebruik 1 tot 64 letters, cijfers, punten, streepjes, lage streepjes of @."
        },
        passwordTooShort: { minimum in "Het wachtwoord is te kort: gebruik minstens \(minimum) tekens." },
        userExists: { name in "Er is al een gebruiker met de naam '\(name)'." },
        noSuchUser: { name in "Er is geen gebruiker met de naam '\(name)'; 'slotsheet user list' toont ze." },
        passwordsDiffer: "De twee wachtwoorden verschillen; er is niets gewijzigd.",
        noPasswordGiven: "Geen wachtwoord opgegeven: typ het als erom gevraagd wordt, of geef het via standaardinvoer met --password-stdin.",

        apiUnauthorized: "Stuur een geldig API-token als 'Authorization: Bearer TOKEN' ('slotsheet user token NAAM' maakt er een).",
        apiForbidden: { needed in "Hiervoor is de rol \(needed) nodig." },
        apiNotFound: "Dit bestaat niet.",
        apiBadRequest: "De server begrijpt dit verzoek niet; er is niets gewijzigd.",
        apiBodyNotJSON: "De inhoud is geen JSON-object. Stuur {\"planDigest\": \"...\"} met de planDigest van GET /api/imports/{id}.",
        apiPlanDigestMissing: "De inhoud heeft geen planDigest. Stuur de planDigest van GET /api/imports/{id} als tekst.",
        apiOnTopNotBoolean: "onTop moet true of false zijn, of worden weggelaten.",
        requestTooLarge: { kilobytes in "Het verzoek is groter dan \(kilobytes) kB en is daarom niet gelezen; er is niets gewijzigd." },
        apiBadNumber: { parameter, value, minimum, maximum in
            "\(parameter): '\(value)' is niet toegestaan; geef een geheel getal van \(minimum) tot en met \(maximum), of laat \(parameter) weg."
        },
        apiBadChoice: { parameter, value, choices in
            "\(parameter): '\(value)' is niet toegestaan; geef een van \(choices), of laat \(parameter) weg."
        },
        apiBadLanguage: { value in "lang: '\(value)' is geen taal van slotsheet; gebruik en of nl, of laat lang weg." },
        methodNotAllowedTitle: "Niet mogelijk op dit adres",
        methodNotAllowed: { method, allowed in "Dit adres neemt geen \(method)-verzoeken aan; wel \(allowed)." },
        apiServerError: { reference in "De server kon dit verzoek niet afmaken; er is niets gewijzigd. Kenmerk \(reference)." },
        concurrentChange: "Iemand anders wijzigde op hetzelfde moment dezelfde beschikbaarheid; er is niets gewijzigd. Probeer het opnieuw.",
        navLists: "Lijsten",
        listsTitle: "Lijsten",
        listsIntro: "De eigen lijsten van het kantoor: de medewerkers, de dagdelen en de gebrekencatalogus. Download een lijst als werkmap, bewerk hem in Excel of LibreOffice en upload hem hier: u ziet wat er zou veranderen voordat er iets wordt weggeschreven, en hij gaat er helemaal in of helemaal niet.",
        listsReadOnly: "U kunt de lijsten downloaden; alleen een beheerder kan ze wijzigen.",
        listRowCount: { rows, active in "\(rows) \(rows == 1 ? "regel" : "regels"), \(active) actief" },
        downloadListButton: "Downloaden (.xlsx)",
        checkListButton: "Dit bestand controleren",
        listPreviewTitle: { title, file in "Lijst \(title): \(file)" },
        listRefused: "Het bestand is niet geaccepteerd en er is niets gewijzigd. Los de problemen hieronder op en upload het opnieuw.",
        addedRowsTitle: "Toegevoegd",
        changedRowsTitle: "Gewijzigd",
        deactivatedRowsTitle: "Op inactief gezet",
        columnColumn: "Kolom",
        beforeColumn: "Voor",
        afterColumn: "Na",
        backToLists: "Terug naar de lijsten",
        listRowsCut: { shown, total in "De eerste \(shown) van \(total) regels staan hier; doorvoeren voert ze alle \(total) door." },
        listBatchMark: { title in "lijst \(title)" })
}
