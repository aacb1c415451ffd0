import CoreMetrics
import Foundation
import Hummingbird
import Prometheus
import SlotSheetCore

/// What `GET /metrics` tells a Prometheus server about this instance: requests by route and status,
/// how long reading and applying uploads take, the reading queue, the sessions and the database errors. Recorded through
/// swift-metrics into a swift-prometheus registry of this instance's own (not the process-wide
/// `MetricsSystem`, so two instances in one test process keep apart), written in the Prometheus text format.
final class WebMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let rereads: CoreMetrics.Counter

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [.milliseconds(50), .milliseconds(250), .seconds(1), .seconds(5), .seconds(30), .seconds(120)]
        self.factory = factory
        // Made at the start, so a scrape shows 0 rather than nothing.
        rereads = Counter(label: "slotsheet_upload_rereads_total", factory: factory)
    }

    /// An upload read again for its preview only: one read before stored previews, whose preview
    /// is not in the database. Every upload read since has its preview stored, so this stays 0.
    func countReread() {
        rereads.increment()
    }

    /// One answered request; `route` is the route's pattern (`/uploads/{id}`; `NotFound` for a path no
    /// route takes), never the path a client typed, so the series stay few.
    func countRequest(route: String, method: String, status: Int) {
        Counter(label: "slotsheet_http_requests_total", dimensions: [("route", route), ("method", method), ("status", String(status))],
                factory: factory).increment()
    }

    /// A request that failed on the database (unavailable, a conflict that did not settle, any other store error).
    func countDatabaseError() {
        Counter(label: "slotsheet_database_errors_total", factory: factory).increment()
    }

    /// How long reading an upload took, from its file to its preview.
    func recordRead(_ duration: Duration) {
        Timer(label: "slotsheet_upload_read_seconds", factory: factory).recordNanoseconds(duration.nanoseconds)
    }

    /// How long an apply took, from the click to its answer.
    func recordApply(_ duration: Duration) {
        Timer(label: "slotsheet_upload_apply_seconds", factory: factory).recordNanoseconds(duration.nanoseconds)
    }

    /// The metrics in the Prometheus text format, with what the database says now: the sessions
    /// that have not ended and the reading queue (the same on every instance).
    func text(sessions: Int, queue: ReadingQueue, outbox: NoticeOutboxGauges) -> String {
        Gauge(label: "slotsheet_sessions", factory: factory).record(sessions)
        Gauge(label: "slotsheet_upload_queue_depth", factory: factory).record(queue.depth)
        Gauge(label: "slotsheet_upload_queue_oldest_seconds", factory: factory).record(queue.oldestSeconds)
        Gauge(label: "slotsheet_notice_outbox_depth", factory: factory).record(outbox.depth)
        Gauge(label: "slotsheet_notice_outbox_oldest_seconds", factory: factory).record(outbox.oldestSeconds)
        Gauge(label: "slotsheet_notices_failed", factory: factory).record(outbox.failed)
        return registry.emitToString()
    }
}

/// The reading queue as the database has it at a scrape: the uploads not read yet (waiting, or
/// held by an instance reading them) and how long the oldest of them has waited since it arrived
/// (0 when none waits). Read on each scrape rather than counted in memory, so an instance that
/// started a moment ago, or never received an upload, reports the queue all instances share.
struct ReadingQueue: Equatable {
    var depth: Int
    var oldestSeconds: Double

    /// From the uploads `reading`, oldest first, at `now`.
    init(reading: [WebUpload], now: Date) {
        depth = reading.count
        oldestSeconds = secondsSince(reading.map(\.createdAt).min(), now: now)
    }
}

/// The tenants' outbox as the database has it at a scrape (docs/notices.md): the notices waiting or
/// being sent, how long the oldest of them has waited since its decision queued it, and the failed
/// ones an administrator should look at. Read on each scrape, like the reading queue.
struct NoticeOutboxGauges: Equatable {
    var depth: Int
    var oldestSeconds: Double
    var failed: Int

    init(_ stats: NoticeQueueStats, now: Date) {
        depth = stats.depth
        oldestSeconds = secondsSince(stats.oldestCreatedAt, now: now)
        failed = stats.failed
    }
}

/// Seconds from a stored time (ISO 8601 UTC) to `now`; 0 for none.
private func secondsSince(_ stored: String?, now: Date) -> Double {
    let utc = OfficeClock(timeZone: TimeZone(identifier: "UTC")!)
    guard let stored, let time = utc.localTime(ofTimestamp: stored) else { return 0 }
    let then = Double(time.date.dayNumber * 86_400 + time.hour * 3600 + time.minute * 60 + time.second)
    return max(0, now.timeIntervalSince1970 - then)
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// Counts every request by its route and its final status (inside the request log, outside the
/// error pages, so a 404 or a 503 counts as what the client got).
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let metrics: WebMetrics

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        metrics.countRequest(route: context.endpointPath ?? "NotFound", method: request.method.rawValue, status: Int(response.status.code))
        return response
    }
}

/// `GET /metrics`: the Prometheus text, only to the clients of `web.metrics_from`; to anyone else the
/// same 404 as a page that does not exist. It reads the sessions' count, the reading queue and the
/// notices' outbox and writes nothing.
struct MetricsRoutes {
    let services: WebServices

    func add(to router: Router<WebContext>) {
        router.get("/metrics", use: metrics)
    }

    @Sendable func metrics(_ request: Request, context: WebContext) async throws -> Response {
        guard let client = context.clientAddress.flatMap({ IPAddress($0) }), services.settings.metricsFrom.contains(where: { $0.contains(client) }) else {
            throw WebError.notFound
        }
        let now = Timestamp.iso(services.sessions.clock())
        let (sessions, reading, notices) = try await services.database.read {
            (try $0.webSessionCount(validAt: now), try $0.uploads(in: .reading), try $0.noticeQueueStats())
        }
        let queue = ReadingQueue(reading: reading, now: services.clock.now)
        let outbox = NoticeOutboxGauges(notices, now: services.clock.now)
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(string: services.metrics.text(sessions: sessions, queue: queue, outbox: outbox))))
    }
}
