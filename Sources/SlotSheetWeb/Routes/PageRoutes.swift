import Foundation
import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// Home, the template download and the history: thin handlers over the store's queries and
/// SlotSheetCore's `TemplateExporter`.
struct PageRoutes {
    let services: WebServices
    /// Home shows this many days from today.
    static let overviewDays = 28

    func add(to router: some RouterMethods<WebContext>) {
        router.get("/", use: home)
        router.get("/template", use: templateForm)
        router.post("/template", use: downloadTemplate)
        router.get("/history", use: history)
    }

    @Sendable func home(_ request: Request, context: WebContext) async throws -> HTMLPage {
        let range = DateRange(from: services.clock.today, to: services.clock.today.adding(days: Self.overviewDays - 1))!
        let (dayparts, slots) = try await services.database.read { session in
            (try session.dayparts().filter(\.active), try session.slotOccupancy(in: range))
        }
        return HTMLPage(HomePage(frame: PageFrame(context, path: "/"), range: range, dayparts: dayparts, slots: slots).node)
    }

    @Sendable func templateForm(_ request: Request, context: WebContext) async throws -> HTMLPage {
        let shortcuts = Self.shortcuts(today: services.clock.today)
        let query = request.uri.queryParameters
        let form = TemplateForm(
            from: query["from"].map(String.init) ?? shortcuts.nextFourWeeks.from.iso,
            to: query["to"].map(String.init) ?? shortcuts.nextFourWeeks.to.iso,
            allStaff: true, chosen: [], language: context.language)
        return try await templatePage(form, problems: [], context: context, status: .ok)
    }

    /// Writes the template into the private folder, sends it and removes it. The export is the
    /// same job as `slotsheet template export` (and recorded in `export_run` the same way).
    @Sendable func downloadTemplate(_ request: Request, context: WebContext) async throws -> Response {
        let fields = FormFields(try await request.formBody(context: context))
        let w = context.words
        var form = TemplateForm(from: fields["from"] ?? "", to: fields["to"] ?? "", allStaff: fields["staff"] != "chosen",
                                chosen: Set(fields.all("code")), language: Language(rawValue: fields["lang"] ?? "") ?? context.language)
        var problems: [String] = []
        var range: DateRange?
        do {
            range = try DateRangeText(from: form.from, to: form.to).resolve(services.clock, limit: WebSettings.templateDaysLimit)
        } catch {
            problems.append(error.text(context.language))
        }
        let selection = StaffSelection.chosen(all: form.allStaff, codes: form.chosen.sorted())
        if selection.namesNobody { problems.append(w.noStaffChosen) }
        guard problems.isEmpty, let range else {
            return try await templatePage(form, problems: problems, context: context, status: .badRequest).response
        }
        do {
            let file = try await TemplateDownload.export(range: range, staff: selection, language: form.language, services: services)
            return file
        } catch let error as TemplateError {
            form.allStaff = form.allStaff || form.chosen.isEmpty
            return try await templatePage(form, problems: [error.text(context.language)], context: context, status: .badRequest).response
        }
    }

    /// The history shows this many batches a page.
    static let historyLength = 50

    @Sendable func history(_ request: Request, context: WebContext) async throws -> HTMLPage {
        let filter = try HistoryQuery(request, context: context, defaultLimit: Self.historyLength, emptyOutcomeIsAll: true)
        let (batches, more) = try await filter.batches(services)
        let query = request.uri.queryParameters
        var notice: (String, String)?
        if let undone = query["undone"].flatMap({ RowID(String($0)) }), let undo = query["as"].flatMap({ RowID(String($0)) }) {
            // A batch of decisions says how many requests it put back: its undo batch records that.
            let undoBatch = try await services.database.read { try $0.importBatch(id: undo) }
            if let undoBatch, undoBatch.revertsBatchID == undone, undoBatch.subject == .requests {
                notice = ("ok", context.words.undoneRequestsAs(undone, undo, undoBatch.added))
            } else {
                notice = ("ok", context.words.undoneAs(undone, undo))
            }
        }
        return HTMLPage(HistoryPage(frame: PageFrame(context, path: "/history"), batches: batches, clock: services.clock, query: filter,
                                    more: more, notice: notice).node)
    }

    private func templatePage(_ form: TemplateForm, problems: [String], context: WebContext,
                              status: HTTPResponse.Status) async throws -> HTMLPage {
        let staff = try await services.database.read { try $0.staff() }
        let page = TemplatePage(frame: PageFrame(context, path: "/template"), form: form, staff: staff,
                                shortcuts: Self.shortcuts(today: services.clock.today), problems: problems)
        return HTMLPage(page.node, status: status)
    }

    /// "Next 4 weeks": tomorrow and the 27 days after it. "Next month": the whole next calendar month.
    static func shortcuts(today: LocalDate) -> (nextFourWeeks: DateRange, nextMonth: DateRange) {
        (DateRange.fourWeeks(after: today), DateRange.monthAfter(today))
    }

}

/// A template written for one download: into the server's private folder under a random name,
/// streamed to the browser and removed (`StreamedFile`), with a name made from its dates.
enum TemplateDownload {
    static func export(range: DateRange, staff: StaffSelection, language: Language, services: WebServices) async throws -> Response {
        let path = services.uploads.scratchPath(extension: "xlsx")
        let name = "\(language == .nl ? "beschikbaarheid" : "availability")-\(range.from.iso)-\(range.to.iso).xlsx"
        var request = TemplateExportRequest(range: range, staff: staff, language: language, paper: services.office.paperSize, path: path,
                                            returned: .web)
        request.recordedAs = ExportRun.sent(as: name)
        return try await StreamedFile.exported(to: path, name: name, contentType: ReportFormat.xlsx.contentType, database: services.database) {
            [rules = services.rules, request] store in
            _ = try TemplateExporter(store: store, rules: rules).export(request)
        }
    }
}
