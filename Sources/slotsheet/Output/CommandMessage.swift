import SlotSheetCore
import SlotSheetTemplates
import SlotSheetWeb

/// What the commands themselves say: their results and the mistakes on the command line they
/// find, in each language. (What the jobs say is the jobs' messages; see `OfficeMessage`.)
enum CommandMessage: OfficeMessage {
    // Mistakes on the command line (exit code 2)
    case staffChoice
    case seedChoice
    case syntheticNeeds
    case fillOutOfRange
    case keepNegative
    case limitNotPositive
    case noSuchSheet(file: String, sheet: String, sheets: [String])
    /// A message about a file, said already in the office's language: "FILE: message".
    case aboutFile(file: String, message: String)
    case workbookNotWritten(detail: String)

    // Results
    case schemaVersion(location: String, version: Int)
    case seeded(synthetic: Bool, seconds: Double, availability: Int, requests: Int)
    case status(location: String, version: Int, current: Int)
    case engine(DatabaseEngine)
    case noTables
    case wroteTemplate(path: String, rows: Int, days: Int, staff: Int)
    case wroteAvailability(path: String, rows: Int, staff: Int)
    case wroteReport(path: String, report: String, rows: Int)
    case wroteList(path: String, list: String, rows: Int)
    case wroteRequests(path: String, rows: Int)
    /// A preview lists the first changes; how many more there are.
    case moreChanges(count: Int)
    /// The history's mark of a batch of decisions about requests.
    case requestsBatch
    case undone(batch: RowID, asBatch: RowID, added: Int, removed: Int, unchanged: Int)
    case noImports
    /// `history --outcome` matched no attempt.
    case noImportsWithOutcome
    case unknownOutcome(word: String, outcomes: [String])
    case outcomeNeeded(outcomes: [String])
    case limitTooSmall
    case historyHeader
    case undoOf(batch: RowID?)
    /// The history's mark of a list batch: which list it changed.
    case listBatch(ListKind)
    case reading(file: String)
    case settingsHeader(file: String?)

    // `user` and `serve`
    /// A user job refused the name, role or password (its words are the web front's).
    case userRefused(UserError)
    case noPasswordGiven
    case passwordsDiffer
    case userAdded(name: String, role: String)
    case userDisabled(name: String)
    case noUsers
    case usersHeader
    case userRow(name: String, role: String, active: Bool, hasToken: Bool, created: OfficeMoment)
    case uploadFolderUnusable(path: String, reason: OutputReason)
    case serverStopped(address: String, failure: ListenFailure)

    // The summary of `inspect`
    /// Which of the two workbook formats the file is (told apart by content).
    case summaryFormat(ods: Bool)
    case summaryWriter(String?)
    case summaryDateSystem(year: Int)
    case summaryDefinedNames([String])
    case summaryProperty(name: String, value: String)
    case summarySheetCount(Int)
    case summaryNoCells(kind: String)
    case summaryCounts(cells: String, rows: String)
    /// Hidden rows and columns, merged ranges; empty when there are none.
    case summaryHidden(rows: Int, columns: Int, mergedRanges: Int)

    var english: String {
        switch self {
        case .staffChoice: return "Give exactly one of --all-staff or --staff CODE,..."
        case .seedChoice: return "Give exactly one of --sample or --synthetic."
        case .syntheticNeeds: return "--synthetic needs --staff N (at least 1), --from DATE and --to DATE."
        case .fillOutOfRange: return "--fill must be between 0 and 0.95."
        case .keepNegative: return "--keep must be 0 or more."
        case .limitNotPositive: return "--limit must be 1 or more."
        case let .noSuchSheet(file: file, sheet: sheet, sheets: sheets):
            return "\(file) has no sheet \"\(sheet)\"; its sheets are \(sheets.map { "\"\($0)\"" }.joined(separator: ", "))."
        case let .aboutFile(file: file, message: message): return "\(file): \(message)"
        case let .workbookNotWritten(detail: detail): return "The workbook could not be written: \(detail)."
        case let .schemaVersion(location: location, version: version): return "\(location): schema version \(version)"
        case let .seeded(synthetic: synthetic, seconds: seconds, availability: availability, requests: requests):
            return "Seeded \(synthetic ? "synthetic data" : "sample data") in \(String(format: "%.1f", seconds)) s: \(availability) availability rows, \(requests) repair requests."
        case let .status(location: location, version: version, current: current):
            return "\(location): schema version \(version) (this slotsheet: \(current))"
        case let .engine(engine): return "Database system: \(CommandMessage.describe(engine))"
        case .noTables: return "No tables yet; run 'slotsheet db init'."
        case let .wroteTemplate(path: path, rows: rows, days: days, staff: staff):
            return "Wrote \(path): \(rows) rows (\(days) days) x \(staff) staff."
        case let .wroteAvailability(path: path, rows: rows, staff: staff): return "Wrote \(path): \(rows) rows for \(staff) staff."
        case let .wroteReport(path: path, report: report, rows: rows): return "Wrote \(path): \(report) report, \(rows) rows."
        case let .wroteList(path: path, list: list, rows: rows): return "Wrote \(path): \(list), \(rows) rows."
        case let .wroteRequests(path: path, rows: rows): return "Wrote \(path): \(rows) repair \(rows == 1 ? "request" : "requests")."
        case let .moreChanges(count: count): return "... and \(count) more \(count == 1 ? "change" : "changes") (--json lists every one)."
        case .requestsBatch: return "requests: "
        case let .undone(batch: batch, asBatch: newBatch, added: added, removed: removed, unchanged: unchanged):
            return "Batch \(batch) undone as batch \(newBatch): \(added) added, \(removed) removed back, \(unchanged) already as before."
        case .noImports: return "No imports yet."
        case .noImportsWithOutcome: return "No imports with that outcome."
        case let .unknownOutcome(word: word, outcomes: outcomes): return "'\(word)' is not an outcome; use \(outcomes.joined(separator: ", "))."
        case let .outcomeNeeded(outcomes: outcomes): return "--outcome needs at least one of \(outcomes.joined(separator: ", "))."
        case .limitTooSmall: return "--limit must be 1 or more."
        case .historyHeader: return "batch  when                      operator      outcome             problems   added  removed  unchanged  file"
        case let .undoOf(batch: batch): return "undo of \(batch.map(String.init) ?? "?"): "
        case let .listBatch(kind): return "list \(kind.title(.en)): "
        case let .reading(file: file): return "Reading \(file)"
        case let .settingsHeader(file: file):
            return "# slotsheet settings in effect" + (file.map { ", read from \($0)" } ?? ", no settings file") + "; each line says where its value came from."
        case let .userRefused(error): return error.text(.en)
        case .noPasswordGiven: return Language.en.web.noPasswordGiven
        case .passwordsDiffer: return Language.en.web.passwordsDiffer
        case let .userAdded(name: name, role: role): return "Added \(name) (\(role))."
        case let .userDisabled(name: name): return "Disabled \(name)."
        case .noUsers: return "No users yet; add one with 'slotsheet user add NAME --role office'."
        case .usersHeader: return CommandMessage.userColumns(["name", "role", "active", "token", "created"])
        case let .userRow(name: name, role: role, active: active, hasToken: token, created: created):
            return CommandMessage.userColumns([name, role, active ? "yes" : "no", token ? "yes" : "no", created.text(.en)])
        case let .uploadFolderUnusable(path: path, reason: reason): return "The upload folder \(path) cannot be used: \(reason.english)."
        case let .serverStopped(address: address, failure: failure):
            switch failure {
            case .addressInUse: return "The server cannot listen on \(address): another program uses that address. Stop it, or choose another address with --listen."
            case .noPermission: return "The server may not listen on \(address): a port below 1024 needs privileges. Choose a port from 1024 up with --listen."
            case .addressNotAvailable: return "The server cannot listen on \(address): that address is not one of this machine's. Choose another with --listen."
            case .other: return "The server stopped because of an error of the system; the log says which."
            }
        case let .summaryFormat(ods: ods): return "  format:       \(ods ? "OpenDocument spreadsheet (.ods)" : "Office Open XML (.xlsx)")"
        case let .summaryWriter(writer): return "  written by:   \(writer ?? "(not recorded)")"
        case let .summaryDateSystem(year: year): return "  date system:  \(year)"
        case let .summaryDefinedNames(names): return "  defined names: \(names.joined(separator: ", "))"
        case let .summaryProperty(name: name, value: value): return "  property \(name): \(value)"
        case let .summarySheetCount(count): return "  sheets:       \(count)"
        case let .summaryNoCells(kind: kind): return "(\(kind), no cells)"
        case let .summaryCounts(cells: cells, rows: rows): return "\(cells.leftPadded(to: 9)) cells  \(rows.leftPadded(to: 9)) rows"
        case let .summaryHidden(rows: rows, columns: columns, mergedRanges: merged):
            return [(rows, "hidden rows"), (columns, "hidden columns"), (merged, "merged ranges")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        }
    }

    var dutch: String {
        switch self {
        case .staffChoice: return "Geef precies één van --all-staff of --staff CODE,..."
        case .seedChoice: return "Geef precies één van --sample of --synthetic."
        case .syntheticNeeds: return "--synthetic heeft --staff N (minstens 1), --from DATUM en --to DATUM nodig."
        case .fillOutOfRange: return "--fill moet tussen 0 en 0,95 liggen."
        case .keepNegative: return "--keep moet 0 of meer zijn."
        case .limitNotPositive: return "--limit moet 1 of meer zijn."
        case let .noSuchSheet(file: file, sheet: sheet, sheets: sheets):
            return "\(file) heeft geen blad \"\(sheet)\"; de bladen zijn \(sheets.map { "\"\($0)\"" }.joined(separator: ", "))."
        case let .aboutFile(file: file, message: message): return "\(file): \(message)"
        case .workbookNotWritten: return "De werkmap kon niet worden geschreven."
        case let .schemaVersion(location: location, version: version): return "\(location): schemaversie \(version)"
        case let .seeded(synthetic: synthetic, seconds: seconds, availability: availability, requests: requests):
            return "\(synthetic ? "Synthetische gegevens" : "Voorbeeldgegevens") geladen in \(String(format: "%.1f", seconds).replacingOccurrences(of: ".", with: ",")) s: \(availability) rijen beschikbaarheid, \(requests) reparatieverzoeken."
        case let .status(location: location, version: version, current: current):
            return "\(location): schemaversie \(version) (deze slotsheet: \(current))"
        case let .engine(engine): return "Databasesysteem: \(CommandMessage.describe(engine))"
        case .noTables: return "Nog geen tabellen; voer 'slotsheet db init' uit."
        case let .wroteTemplate(path: path, rows: rows, days: days, staff: staff):
            return "\(path) geschreven: \(rows) rijen (\(days) dagen) x \(staff) medewerkers."
        case let .wroteAvailability(path: path, rows: rows, staff: staff): return "\(path) geschreven: \(rows) rijen voor \(staff) medewerkers."
        case let .wroteReport(path: path, report: report, rows: rows):
            // The report's Dutch name, with the command's word for it (`slotsheet report utilization`) beside it.
            let name = Language.nl.reportPage.kinds[report]?.name.lowercased() ?? report
            return "\(path) geschreven: rapport \(name) (\(report)), \(rows) rijen."
        case let .wroteList(path: path, list: list, rows: rows): return "\(path) geschreven: \(list), \(rows) rijen."
        case let .wroteRequests(path: path, rows: rows): return "\(path) geschreven: \(rows) \(rows == 1 ? "reparatieverzoek" : "reparatieverzoeken")."
        case let .moreChanges(count: count): return "... en nog \(count) \(count == 1 ? "wijziging" : "wijzigingen") (--json toont ze alle)."
        case .requestsBatch: return "verzoeken: "
        case let .undone(batch: batch, asBatch: newBatch, added: added, removed: removed, unchanged: unchanged):
            return "Batch \(batch) teruggedraaid als batch \(newBatch): \(added) toegevoegd, \(removed) weer verwijderd, \(unchanged) al zoals voorheen."
        case .noImports: return "Nog geen imports."
        case .noImportsWithOutcome: return "Geen imports met die uitkomst."
        case let .unknownOutcome(word: word, outcomes: outcomes): return "'\(word)' is geen uitkomst; gebruik \(outcomes.joined(separator: ", "))."
        case let .outcomeNeeded(outcomes: outcomes): return "--outcome vraagt ten minste een van \(outcomes.joined(separator: ", "))."
        case .limitTooSmall: return "--limit moet 1 of meer zijn."
        case .historyHeader: return "batch  wanneer                   door          uitkomst           problemen  toegev  verwijd  ongewijzd  bestand"
        case let .undoOf(batch: batch): return "terugdraaien van \(batch.map(String.init) ?? "?"): "
        case let .listBatch(kind): return "lijst \(kind.title(.nl)): "
        case let .reading(file: file): return "\(file) lezen"
        case let .settingsHeader(file: file):
            return "# geldende instellingen van slotsheet" + (file.map { ", gelezen uit \($0)" } ?? ", geen instellingenbestand") + "; elke regel zegt waar de waarde vandaan komt."
        case let .userRefused(error): return error.text(.nl)
        case .noPasswordGiven: return Language.nl.web.noPasswordGiven
        case .passwordsDiffer: return Language.nl.web.passwordsDiffer
        case let .userAdded(name: name, role: role): return "\(name) toegevoegd (\(role))."
        case let .userDisabled(name: name): return "\(name) kan niet meer aanmelden."
        case .noUsers: return "Nog geen gebruikers; voeg er een toe met 'slotsheet user add NAAM --role office'."
        case .usersHeader: return CommandMessage.userColumns(["naam", "rol", "actief", "token", "aangemaakt"])
        case let .userRow(name: name, role: role, active: active, hasToken: token, created: created):
            return CommandMessage.userColumns([name, role, active ? "ja" : "nee", token ? "ja" : "nee", created.text(.nl)])
        case let .uploadFolderUnusable(path: path, reason: reason): return "De map voor uploads \(path) is niet te gebruiken: \(reason.dutch)."
        case let .serverStopped(address: address, failure: failure):
            switch failure {
            case .addressInUse: return "De server kan niet luisteren op \(address): een ander programma gebruikt dat adres. Stop dat programma, of kies met --listen een ander adres."
            case .noPermission: return "De server mag niet luisteren op \(address): een poort onder 1024 vraagt extra rechten. Kies met --listen een poort vanaf 1024."
            case .addressNotAvailable: return "De server kan niet luisteren op \(address): dat adres hoort niet bij deze machine. Kies met --listen een ander adres."
            case .other: return "De server is gestopt door een fout van het systeem; het logboek zegt welke."
            }
        case let .summaryFormat(ods: ods): return "  indeling:         \(ods ? "OpenDocument-rekenblad (.ods)" : "Office Open XML (.xlsx)")"
        case let .summaryWriter(writer): return "  geschreven door:  \(writer ?? "(niet vastgelegd)")"
        case let .summaryDateSystem(year: year): return "  datumsysteem:     \(year)"
        case let .summaryDefinedNames(names): return "  benoemde bereiken: \(names.joined(separator: ", "))"
        case let .summaryProperty(name: name, value: value): return "  eigenschap \(name): \(value)"
        case let .summarySheetCount(count): return "  bladen:           \(count)"
        case let .summaryNoCells(kind: kind): return "(\(kind), geen cellen)"
        case let .summaryCounts(cells: cells, rows: rows): return "\(cells.leftPadded(to: 9)) cellen  \(rows.leftPadded(to: 9)) rijen"
        case let .summaryHidden(rows: rows, columns: columns, mergedRanges: merged):
            return [(rows, "verborgen rijen"), (columns, "verborgen kolommen"), (merged, "samengevoegde bereiken")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        }
    }

    /// One line of `user list`: name, role, active, token and created, in columns.
    /// "PostgreSQL 15.14 (fsync = on, ...)": the settings under the names the system gives them.
    private static func describe(_ engine: DatabaseEngine) -> String {
        "\(engine.name) (\(engine.settings.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")))"
    }

    private static func userColumns(_ values: [String]) -> String {
        zip(values, [20, 6, 6, 5, 0]).map { value, width in width > 0 ? value.padding(toLength: width, withPad: " ", startingAt: 0) : value }
            .joined(separator: "  ")
    }
}
