extension Words {
    public static let dutch = Words(
        template: TemplateWords(
            availabilitySheet: "Beschikbaarheid",
            instructionsSheet: "Uitleg",
            staffSheet: "Medewerkers",
            daypartsSheet: "Dagdelen",
            dateColumn: "Datum",
            weekdayColumn: "Dag",
            daypartColumn: "Dagdeel",
            bookedColumn: "Geboekt",
            capacityColumn: "Capaciteit",
            weekdays: ["ma", "di", "wo", "do", "vr", "za", "zo"],
            months: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
            dateFormat: "[$-413]d mmm yyyy",
            markInputTitle: "Beschikbaar?",
            markInputMessage: "Typ x als deze medewerker in dit dagdeel beschikbaar is; laat de cel leeg als dat niet zo is.",
            markErrorTitle: "Geen geldige invoer",
            markErrorMessage: "Gebruik x of laat de cel leeg.",
            staffHeaders: ("Code", "Personeelsnummer", "Naam", "Actief"),
            daypartHeaders: ("Code", "Dagdeel", "Begint", "Eindigt"),
            yes: "ja",
            no: "nee",
            documentTitle: "Beschikbaarheid medewerkers",
            instructionsTitle: "Zo vult u dit beschikbaarheidsrooster in",
            instructions: { facts in
                [
                    "Dit rooster loopt van \(facts.from) tot en met \(facts.to). Het is op \(facts.generatedAt) gemaakt uit de database met reparatieverzoeken.",
                    "Op het blad Beschikbaarheid is elke rij één dagdeel op één datum, en elke kolom vanaf \(facts.firstStaffColumn) één medewerker.",
                    "Typ x in een cel als die medewerker in dat dagdeel beschikbaar is. Laat de cel leeg als dat niet zo is. Iets anders wordt niet geaccepteerd.",
                    "Grijze rijen liggen in het verleden. Ze staan er ter informatie en kunnen niet worden gewijzigd."
                        + (facts.dayClosesAt.map { " Het kantoor sluit een dag om \($0): vanaf dan telt ook vandaag als verleden." } ?? ""),
                    "Geboekt is het aantal reparatieverzoeken dat al in het tijdvak is geboekt. Capaciteit telt de beschikbare medewerkers en past zich aan terwijl u typt. Een rij wordt rood als de capaciteit onder het aantal boekingen zakt: de import weigert dat, want voor elk geboekt bezoek moet iemand gaan.",
                    "Wie in een tijdvak een bezoek toegewezen heeft, moet in dat tijdvak beschikbaar blijven.",
                    "Huurders kunnen een tijdvak \(facts.minDaysAhead) tot \(facts.maxDaysAhead) dagen vooruit boeken, zolang er meer medewerkers beschikbaar zijn dan er verzoeken geboekt zijn. De groene datums (\(facts.bookableFrom) tot en met \(facts.bookableTo)) waren boekbaar toen dit rooster werd gemaakt.",
                    "Voeg geen rijen of kolommen toe, verwijder of verplaats ze niet en geef de bladen geen andere naam: de import controleert de indeling.",
                    facts.returned == .web
                        ? "Bent u klaar? Sla het bestand op als Excel-werkmap (.xlsx) en upload het in de webomgeving: Uploaden, kies het bestand, controleer de wijzigingen die getoond worden en kies Deze wijzigingen doorvoeren."
                        : "Bent u klaar? Sla het bestand op als Excel-werkmap (.xlsx) en geef het aan de planner, die het inleest met: slotsheet import BESTAND.xlsx",
                    "Medewerkers toont iedereen in het rooster; Dagdelen toont de dagdelen en hun tijden.",
                ]
            }),
        importing: .dutch,
        reports: .dutch)
}
