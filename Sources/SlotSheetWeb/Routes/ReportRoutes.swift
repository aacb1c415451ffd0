import Foundation
import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// The Reports page (admins only): the form, and a report made as `slotsheet report` makes it
/// (SlotSheetCore's `ReportOrder` checks the form, `ReportExporter` writes and records it) and
/// streamed to the browser from the server's private folder, and removed once it is sent.
struct ReportRoutes {
    let services: WebServices
    /// The form starts with today and the 27 days after it.
    static let defaultDays = 28

    func add(to router: some RouterMethods<WebContext>) {
        router.get("/reports", use: form)
        router.post("/reports", use: download)
    }

    @Sendable func form(_ request: Request, context: WebContext) async throws -> HTMLPage {
        let today = services.clock.today
        let form = ReportForm(from: today.iso, to: today.adding(days: Self.defaultDays - 1).iso, language: context.language)
        return HTMLPage(ReportsPage(frame: PageFrame(context, path: "/reports"), form: form, problems: []).node)
    }

    @Sendable func download(_ request: Request, context: WebContext) async throws -> Response {
        let fields = FormFields(try await request.formBody(context: context))
        let w = context.words
        var form = ReportForm(from: fields["from"] ?? "", to: fields["to"] ?? "", statuses: fields.all("status"),
                              corporation: fields["corporation"] ?? "", language: Language(rawValue: fields["lang"] ?? "") ?? context.language)
        // The radio buttons and the select send one of their values; anything else is a forged form.
        let kindText = fields["kind"] ?? "", formatText = fields["format"] ?? ""
        guard let kind = ReportKind(rawValue: kindText) else {
            return refused(form, w.apiBadChoice("kind", kindText, ReportKind.allCases.map(\.rawValue).joined(separator: ", ")), context)
        }
        guard let format = ReportFormat(rawValue: formatText) else {
            return refused(form, w.apiBadChoice("format", formatText, ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")), context)
        }
        form.kind = kind
        form.format = format
        let path = services.uploads.scratchPath(extension: format.rawValue)
        var report: ReportRequest
        do {
            report = try form.order.request(clock: services.clock, language: form.language, paper: services.office.paperSize, path: path,
                                            csvDialect: services.office.effectiveCSVDialect)
            report.recordedAs = ExportRun.sent(as: ReportOrder.fileName(report))
        } catch let error as any OfficeMessage & Error {
            return refused(form, error.text(context.language), context)
        }
        return try await StreamedFile.exported(to: path, name: ReportOrder.fileName(report), contentType: format.contentType,
                                               database: services.database) { [rules = services.rules, report] store in
            _ = try ReportExporter(store: store, rules: rules).export(report)
        }
    }

    private func refused(_ form: ReportForm, _ message: String, _ context: WebContext) -> Response {
        HTMLPage(ReportsPage(frame: PageFrame(context, path: "/reports"), form: form, problems: [message]).node, status: .badRequest).response
    }
}

extension ReportFormat {
    /// The media type a download of this format is sent as.
    var contentType: String {
        switch self {
        case .xlsx: return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        case .csv: return "text/csv; charset=utf-8"
        }
    }
}
