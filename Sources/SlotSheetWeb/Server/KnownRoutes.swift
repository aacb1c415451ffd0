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
    /// A `GET` route answers `HEAD` too (the router makes those). Where a route names a segment
    /// another takes as a parameter (`/api/requests/decisions`, `/api/requests/:id`), the address
    /// is the more literal route's alone.
    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let matching = routes.withLockedValue { list in list.filter { Self.matches($0.path, segments) } }
        let literal = matching.map { Self.literalCount($0.path) }.max() ?? 0
        var methods = Set(matching.filter { Self.literalCount($0.path) == literal }.map(\.method.rawValue))
        if methods.contains("GET") { methods.insert("HEAD") }
        return methods.sorted()
    }

    /// How many of a route's segments are words, not parameters or wildcards.
    private static func literalCount(_ route: RouterPath) -> Int {
        route.components.filter { !$0.description.hasPrefix(":") && !$0.description.hasPrefix("{") && !$0.description.hasPrefix("*") }.count
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
