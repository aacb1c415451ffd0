import Hummingbird
import Logging
import NIOCore
import HummingbirdCore
import SlotSheetCore

/// The web front: `WebServer.application` builds the Hummingbird application of `slotsheet serve`.
///
///     let services = try WebServices(settings: settings, database: access, rules: rules, logger: logger)
///     try await WebServer.application(services).runService()   // until SIGTERM or SIGINT
///
/// On SIGTERM the server stops accepting connections, answers the requests it has, stops claiming
/// uploads to read, finishes those it reads (reading applies nothing) and stops; an upload still
/// `reading` is claimed by another instance, or this one at its next start.
public enum WebServer {
    public static func application(_ services: WebServices,
                                   onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = router(services)
        let connections = OpenFileLimit.connectionCap(services.settings.maxConnections, logger: services.logger)
        return Application(
            router: router,
            server: GuardedHTTP1Channel.builder(timeouts: services.settings.timeouts, logger: services.logger),
            configuration: .init(address: .hostname(services.settings.host, port: services.settings.port), serverName: nil,
                                 backlog: 1024, availableConnectionsDelegate: MaximumAvailableConnections(connections, logger: services.logger)),
            services: [UploadJanitor(services: services), services.readers, ServiceThreadPools(services: services)],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? services.settings.port
                services.logger.notice("listening on http://\(services.settings.host):\(port)")
                await onRunning(port)
            },
            logger: services.logger)
    }

    /// Every route and middleware. Sessions are in the database (`WebSessions`), so any instance on
    /// the same database, and this one after a restart, knows them.
    public static func router(_ services: WebServices) -> Router<WebContext> {
        // HEAD is answered wherever GET is (HTTP asks it of every server), without the body.
        let router = Router(context: WebContext.self, options: .autoGenerateHeadEndpoints)
        let routes = KnownRoutes()
        router.addMiddleware {
            // The client's address first: the request log line names the forwarded one.
            ClientOriginMiddleware(settings: services.settings)
            RequestLogMiddleware(logger: services.logger)
            RequestMetricsMiddleware(metrics: services.metrics)
            LanguageMiddleware()
            SecurityHeadersMiddleware()
            ErrorResponderMiddleware(logger: services.logger, routes: routes, metrics: services.metrics)
            QueryTextMiddleware()
        }
        StaticRoutes(services: services).add(to: router)
        MetricsRoutes(services: services).add(to: router)
        APIRoutes(services: services).add(to: router.group("api"))

        let web = router.group()
            .add(middleware: StoredSessionMiddleware(sessions: services.sessions))
            .add(middleware: CSRFMiddleware())
        SignInRoutes(services: services).add(to: web)
        let office = web.group().add(middleware: RequireUserMiddleware(role: .office))
        PageRoutes(services: services).add(to: office)
        UploadRoutes(services: services).add(to: office)
        ListRoutes(services: services).add(to: office)
        RequestRoutes(services: services).add(to: office)
        UploadPageRoutes(services: services, kind: RequestUploadPages()).add(to: office)
        let admin = web.group().add(middleware: RequireUserMiddleware(role: .admin))
        AdminRoutes(services: services).add(to: admin)
        ReportRoutes(services: services).add(to: admin)
        UploadPageRoutes(services: services, kind: ListUploadPages()).add(to: admin)
        ExportsRoutes(services: services).add(to: admin)
        routes.record(router)
        return router
    }
}
