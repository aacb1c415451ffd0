import Foundation
import Hummingbird
import SlotSheetCore

/// The nightly export's files for admins (behind `RequireUserMiddleware(role: .admin)`): the day
/// folders with their manifest, and each file downloaded as it lies (streamed, never whole in
/// memory). Only a name the day folder itself lists is served (`NightlyRuns.file`): a path
/// cannot climb out of the folder.
struct ExportsRoutes {
    let services: WebServices

    func add(to router: some RouterMethods<WebContext>) {
        router.get("/exports", use: list)
        router.get("/exports/:day/:name", use: download)
    }

    @Sendable func list(_ request: Request, context: WebContext) async throws -> HTMLPage {
        let folder = services.settings.exportsFolder
        let runs = NightlyRuns(folder: folder).list()
        return HTMLPage(ExportsPage(frame: PageFrame(context, path: "/exports"), folder: folder, runs: runs).node)
    }

    @Sendable func download(_ request: Request, context: WebContext) async throws -> Response {
        guard let day = context.parameters.get("day"), let name = context.parameters.get("name"),
              let path = NightlyRuns(folder: services.settings.exportsFolder).file(day: day, name: name) else { throw WebError.notFound }
        return try StreamedFile.response(path, name: name, contentType: Self.contentType(of: name), remove: false)
    }

    static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "xlsx": return ReportFormat.xlsx.contentType
        case "csv": return ReportFormat.csv.contentType
        case "json": return "application/json"
        default: return "application/octet-stream"
        }
    }
}
