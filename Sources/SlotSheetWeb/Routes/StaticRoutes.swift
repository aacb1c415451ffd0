import Hummingbird
import NIOConcurrencyHelpers
import SlotSheetCore
import SlotSheetTemplates

/// The style sheet, the icon, the progress script and the health checks: no session needed.
struct StaticRoutes {
    let services: WebServices

    func add(to router: Router<WebContext>) {
        router.get("/static/style.css") { _, _ in
            Self.asset(WebLook.styleSheet, type: "text/css; charset=utf-8")
        }
        router.get("/static/progress.js") { _, _ in
            Self.asset(ProgressScript.source, type: "text/javascript; charset=utf-8")
        }
        router.get("/static/requests.js") { _, _ in
            Self.asset(RequestSelectScript.source, type: "text/javascript; charset=utf-8")
        }
        // Browsers ask for /favicon.ico whether a page names an icon or not: the same SVG, not a 404.
        for path in ["/static/icon.svg", "/favicon.ico"] {
            router.get(RouterPath(path)) { _, _ in Self.asset(WebLook.icon, type: "image/svg+xml") }
        }
        router.get("/healthz") { _, _ in Self.plain(.ok, "ok\n") }
        router.get("/readyz", use: ready)
    }

    /// How long `/readyz` waits for the database before it answers 503.
    static let readyTimeout: Duration = .seconds(2)

    /// `/healthz` answers 200 as long as the server answers at all: it needs no thread, no
    /// database. `/readyz` is 200 when the database answers with the schema this build expects,
    /// within `readyTimeout`, else 503 (and why, in the log); 503 `draining` once the server was
    /// told to stop. It asks on a thread of its own
    /// (`WebServices.probe`), so neither waits behind the office's work or the sign-ins.
    @Sendable func ready(_ request: Request, context: WebContext) async throws -> Response {
        if services.draining.withLockedValue({ $0 }) { return Self.plain(.serviceUnavailable, "draining\n") }
        do {
            try await Self.within(Self.readyTimeout) { [probe = services.probe] in try await probe.run { try $0.requireCurrentSchema() } }
            return Self.plain(.ok, "ok\n")
        } catch {
            services.logger.error("readyz: the database is not usable: \(error)")
            return Self.plain(.serviceUnavailable, "database unavailable\n")
        }
    }

    /// `work`'s result, or `ReadyTimeout` once `limit` has passed: the answer does not wait for a
    /// database call that hangs (which finishes on its own thread whenever it does).
    private static func within(_ limit: Duration, _ work: @escaping @Sendable () async throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let answered = NIOLockedValueBox(false)
            let answer: @Sendable (Result<Void, any Error>) -> Void = { result in
                let first = answered.withLockedValue { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(with: result) }
            }
            Task {
                do { answer(.success(try await work())) } catch { answer(.failure(error)) }
            }
            Task {
                try? await Task.sleep(for: limit)
                answer(.failure(ReadyTimeout()))
            }
        }
    }

    private struct ReadyTimeout: Error, CustomStringConvertible {
        var description: String { "no answer within \(StaticRoutes.readyTimeout.components.seconds)s" }
    }

    private static func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private static func asset(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "max-age=300"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
