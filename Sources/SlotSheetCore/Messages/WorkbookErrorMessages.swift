import XLSXReader

/// The workbook reader's refusals in the office's languages. The reader knows nothing of offices
/// and speaks only its own plain English (`description`); the Dutch is written here, case by case,
/// without the libraries' English details (libxml2's and libzip's messages are left out of it).
extension XLSXError: OfficeMessage {
    public var english: String { description }

    public var dutch: String {
        switch self {
        case let .unreadable(path, _):
            return "\(path) kan niet worden gelezen: het bestaat niet, is een map, of er is geen toestemming om het te lezen."
        case .notAZip:
            return "Het bestand is geen Excel-werkmap (.xlsx): het is geen zip-archief. Open het in Excel en sla het op als Excel-werkmap (.xlsx)."
        case let .notASpreadsheet(mediaType):
            return "Het bestand is geen rekenblad: het zegt dat het \"\(mediaType)\" is. Open het in Excel of LibreOffice Calc en sla het op als .xlsx of .ods."
        case .encrypted:
            return "De werkmap is met een wachtwoord beveiligd (versleuteld). Open hem in Excel, haal het wachtwoord weg (Bestand > Info > Werkmap beveiligen) en sla hem opnieuw op."
        case .legacyOfficeDocument:
            return "Het bestand is een ouder Office-document (zoals een .xls van Excel 97-2003), geen .xlsx. Open het in Excel en sla het op als Excel-werkmap (.xlsx)."
        case let .corruptZip(detail):
            return "De werkmap is beschadigd: de zip-structuur is kapot (\(detail.dutch)). Sla hem opnieuw op vanuit Excel, of stuur het oorspronkelijke bestand."
        case let .missingPart(name):
            return "De werkmap is onvolledig: \(name) ontbreekt. Het bestand is misschien beschadigd of geen spreadsheet; sla het opnieuw op vanuit Excel."
        case let .sheetsShareAPart(part, sheet, otherSheet):
            return "De werkmap is beschadigd: de bladen \"\(otherSheet)\" en \"\(sheet)\" verwijzen allebei naar \(part); elk blad hoort een eigen onderdeel te hebben. Sla hem opnieuw op vanuit Excel."
        case let .malformedXML(part, line, _):
            return "De werkmap is beschadigd: \(part) is op regel \(line) geen geldige XML. Sla hem opnieuw op vanuit Excel."
        case let .dtdRefused(part):
            return "De werkmap is geweigerd: \(part) declareert een documenttype (DOCTYPE), dat spreadsheetprogramma's nooit schrijven en dat een aanval kan verbergen."
        case let .limitExceeded(limit, part, maximum):
            return "De werkmap is geweigerd: in \(part) gaat \(limit.dutch) over de grens van \(maximum). Het bestand is misschien beschadigd of gemaakt om aan te vallen; is het echt, dan is het te groot om te lezen."
        case let .invalidCellReference(part, reference, .outsideSheet):
            return "De werkmap is beschadigd: \(part) noemt een cel \"\(reference)\" buiten het blad (de laatste cel is XFD1048576)."
        case let .invalidCellReference(part, reference, .outOfOrder(after)):
            return "De werkmap is beschadigd: \(part) noemt \(reference) na \(after). Rijen, en de cellen van een rij, horen op volgorde en elk één keer te staan, anders is de waarde van de cel dubbelzinnig. Sla hem opnieuw op vanuit Excel."
        case let .invalidCellReference(part, reference, .outsideItsRow(row)):
            return "De werkmap is beschadigd: \(part) noemt cel \(reference) binnen rij \(row). Sla hem opnieuw op vanuit Excel."
        case let .sharedStringOutOfRange(part, cell, index, count):
            return "De werkmap is beschadigd: cel \(cell) in \(part) verwijst naar tekst nummer \(index), maar de werkmap bevat maar \(count) teksten."
        case let .invalidCellValue(part, cell, type, text):
            return "De werkmap is beschadigd: cel \(cell) in \(part) bevat \"\(text)\", geen geldige waarde van het type \"\(type)\"."
        }
    }
}

extension ZipDamage: OfficeMessage {
    public var english: String { description }

    public var dutch: String {
        switch self {
        case .truncated: return "er staat geen zip-inhoudsopgave aan het eind van het bestand; het is misschien afgekapt"
        case .inconsistentDirectory: return "de lijst van bestanden klopt niet met wat het bestand bevat; het is misschien afgekapt of veranderd"
        case let .checksumMismatch(entry): return "de inhoud van \(entry) klopt niet met de controlesom"
        case let .duplicateEntry(name): return "het bevat twee bestanden met de naam \(name), dus wat de werkmap zegt is dubbelzinnig"
        case let .unsafeEntryName(name): return "het bevat een bestand met de naam \"\(name)\", een pad buiten het archief"
        case let .other(entry, _): return entry.map { "\($0) kan niet worden uitgepakt" } ?? "het zip-archief kan niet worden gelezen"
        }
    }
}

extension XLSXLimits.Name: OfficeMessage {
    public var english: String { "the \(rawValue)" }

    public var dutch: String {
        switch self {
        case .partSize: return "de uitgepakte grootte van één onderdeel"
        case .structurePartSize: return "de uitgepakte grootte van een werkmap-, opmaak-, eigenschappen- of relatieonderdeel"
        case .compressionRatio: return "de compressieverhouding"
        case .zipEntries: return "het aantal bestanden in het archief"
        case .sharedStrings: return "het aantal gedeelde teksten"
        case .sharedStringBytes: return "de totale lengte van de gedeelde teksten"
        case .cells: return "het aantal cellen met een waarde"
        case .rows: return "het rijnummer"
        case .columns: return "het kolomnummer"
        case .stringLength: return "de lengte van één tekst"
        case .nestingDepth: return "de nestdiepte van de XML"
        case .mergedRanges: return "het aantal samengevoegde bereiken"
        case .sheets: return "het aantal bladen"
        case .attributes: return "het aantal attributen van één element"
        case .relationships: return "het aantal relaties"
        case .definedNames: return "het aantal gedefinieerde namen"
        case .customProperties: return "het aantal aangepaste eigenschappen"
        }
    }
}
