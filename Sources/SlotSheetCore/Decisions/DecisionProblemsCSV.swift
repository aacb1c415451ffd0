import SlotSheetTemplates

/// `requests import --errors-out FILE.csv`: every problem of a refused decisions file as a CSV the
/// office can sort and filter (place, line, column, request, message, fix), written through
/// `AtomicOutput` with text a spreadsheet would run as a formula neutralised.
public enum DecisionProblemsCSV {
    public static func write(_ problems: [DecisionProblem], language: Language, to path: String) throws {
        let output = try AtomicOutput(path: path)
        do {
            let file = try TextFileWriter(path: output.temporaryPath)
            var csv = CSVWriter(neutralizeFormulas: true)
            let nl = language == .nl
            csv.write(nl ? ["plaats", "regel", "kolom", "verzoek", "probleem", "oplossing"] : ["place", "line", "column", "request", "problem", "fix"])
            for problem in problems {
                var line = ""
                if case let .line(number) = problem.place { line = String(number) }
                csv.write([problem.placeText(language), line, problem.column?.name(language) ?? "", problem.request.map(String.init) ?? "",
                           problem.message(language), problem.hint(language)])
                if csv.text.utf8.count > 1 << 16 { try file.append(csv.drain()) }
            }
            try file.append(csv.drain())
            try file.close()
            try output.commit()
        } catch {
            throw output.failed(error)
        }
    }
}

extension DecisionProblem {
    /// The request the problem is about, when it is about one.
    public var request: RowID? {
        switch kind {
        case let .unknownRequest(id), let .duplicateRequest(id, _): return id
        case let .transitionRefused(id, _, _, _), let .statusBeforeArchivingUnknown(id), let .notHoldingASlot(id, _),
             let .slotInThePast(id, _, _), let .staffNotAvailable(id, _, _), let .changedSinceExport(id, _, _):
            return id
        case let .slotFull(_, _, _, arriving): return arriving.first
        default: return nil
        }
    }
}
