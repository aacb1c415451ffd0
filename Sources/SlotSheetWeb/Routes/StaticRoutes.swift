import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// The style sheet, the progress script and the health check: no session needed.
struct StaticRoutes {
    let services: WebServices

    func add(to router: Router<WebContext>) {
        router.get("/static/style.css") { _, _ in
            Self.asset(WebLook.styleSheet, type: "text/css; charset=utf-8")
        }
        router.get("/static/progress.js") { _, _ in
            Self.asset(ProgressScript.source, type: "text/javascript; charset=utf-8")
        }
        router.get("/healthz", use: health)
    }

    /// 200 when the database answers with the schema this build expects, else 503 (and why, in the log).
    @Sendable func health(_ request: Request, context: WebContext) async throws -> Response {
        do {
            try await services.database.run { try $0.requireCurrentSchema() }
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
        } catch {
            services.logger.error("healthz: the database is not usable: \(error)")
            return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(string: "database unavailable\n")))
        }
    }

    private static func asset(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "max-age=300"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
