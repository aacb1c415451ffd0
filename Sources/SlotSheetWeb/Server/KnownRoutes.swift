import Hummingbird
import NIOConcurrencyHelpers

/// The addresses the router answers and the methods each takes, so that a request the router
/// does not match is told apart: no such address (404), or an address that does not take this
/// method (405 with `Allow`, as HTTP asks), such as `TRACE /api/batches`.
final class KnownRoutes: Sendable {
    private let routes = NIOLockedValueBox<[(path: RouterPath, method: HTTPRequest.Method)]>([])

    /// Takes the router's routes once they are all added.
    func record(_ router: Router<WebContext>) {
        let list = router.routes.map { (path: $0.path, method: $0.method) }
        routes.withLockedValue { $0 = list }
    }

    /// The methods routes matching `path` take, sorted (empty when no route matches the path).
    /// A `GET` route answers `HEAD` too (the router makes those).
    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let matching = routes.withLockedValue { list in list.filter { Self.matches($0.path, segments) }.map(\.method.rawValue) }
        var methods = Set(matching)
        if methods.contains("GET") { methods.insert("HEAD") }
        return methods.sorted()
    }

    private static func matches(_ route: RouterPath, _ segments: [Substring]) -> Bool {
        var index = 0
        for element in route.components {
            if element.description == "**" { return true }
            guard index < segments.count, element ~= segments[index] else { return false }
            index += 1
        }
        return index == segments.count
    }
}
