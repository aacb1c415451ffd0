import Foundation
import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// Signing in and out, and switching the language: the pages anyone may reach.
struct SignInRoutes {
    let services: WebServices

    func add(to router: some RouterMethods<WebContext>) {
        router.get("/sign-in", use: showSignIn)
        router.post("/sign-in", use: signIn)
        router.post("/sign-out", use: signOut)
        router.get("/language/:language", use: switchLanguage)
    }

    @Sendable func showSignIn(_ request: Request, context: WebContext) async throws -> Response {
        if context.user != nil { return Redirect.to(Redirect.localPath(request.uri.queryParameters["next"].map(String.init))) }
        let notice = request.uri.queryParameters["signed-out"] != nil ? ("ok", context.words.signedOut) : nil
        return SignInPage(frame: PageFrame(context, path: "/sign-in"), next: request.uri.queryParameters["next"].map(String.init),
                              name: "", notice: notice).response(status: .ok)
    }

    @Sendable func signIn(_ request: Request, context: WebContext) async throws -> Response {
        let form = FormFields(try await request.formBody(context: context))
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let password = form["password"] ?? ""
        let next = form["next"]
        let frame = PageFrame(context, path: "/sign-in")
        if let wait = try await services.throttle.begin(name: name, client: context.clientAddress) {
            let seconds = wait.wholeSecondsUp
            var response = SignInPage(frame: frame, next: next, name: name, notice: ("error", context.words.signInThrottled(seconds)))
                .response(status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        }
        let client = context.clientAddress
        let result: SignInResult
        do {
            result = try await check(name: name, password: password)
        } catch {
            try? await services.throttle.finish(name: name, client: client, result: .notChecked)
            throw error
        }
        try await services.throttle.finish(name: name, client: client, result: result.outcome)
        switch result {
        case .busy:
            services.logger.notice("sign-in: too many sign-ins under way; one for \(LogText.safe(name)) from \(client ?? "-") was refused")
            var response = SignInPage(frame: frame, next: next, name: name, notice: ("error", context.words.signInBusy))
                .response(status: .tooManyRequests)
            response.headers[.retryAfter] = "2"
            return response
        case .wrong:
            return SignInPage(frame: frame, next: next, name: name, notice: ("error", context.words.signInFailed))
                .response(status: .unauthorized)
        case let .user(user, id):
            // A new session id and a new form token: nothing from before signing in carries over.
            let token = CSRFMiddleware.newToken()
            let cookie = try await services.sessions.start(userID: id, csrfToken: token, replacing: context.session, secure: context.isSecure)
            context.requestNote.rotatedCSRFToken = token
            context.requestNote.user = SignedInUser(id: id, name: user.name, role: user.role)
            services.logger.info("sign-in: \(user.name) signed in from \(client ?? "-")")
            var response = Redirect.to(Redirect.localPath(next))
            response.setCookie(cookie)
            return response
        }
    }

    private enum SignInResult {
        case user(AppUser, RowID)
        case wrong
        /// Too many password checks under way: not checked.
        case busy

        var outcome: SignInOutcome {
            switch self {
            case .user: return .succeeded
            case .wrong: return .failed
            case .busy: return .notChecked
            }
        }
    }

    /// The user is read on the database's threads, the password checked on the checker's own.
    private func check(name: String, password: String) async throws -> SignInResult {
        let candidate = try await services.database.run { [services] store in
            try UserDirectory(store: store, clock: services.clock, cost: services.bcryptCost).signInCandidate(name: name)
        }
        guard let matches = try await services.passwords.check(password, against: candidate?.passwordHash) else { return .busy }
        guard matches, let user = candidate, let id = user.id else { return .wrong }
        return .user(user, id)
    }

    @Sendable func signOut(_ request: Request, context: WebContext) async throws -> Response {
        var response = Redirect.to("/sign-in?signed-out=1")
        if let session = context.session { response.setCookie(try await services.sessions.end(session, secure: context.isSecure)) }
        context.requestNote.rotatedCSRFToken = CSRFMiddleware.newToken()
        return response
    }

    @Sendable func switchLanguage(_ request: Request, context: WebContext) async throws -> Response {
        guard let language = Language(rawValue: context.parameters.get("language") ?? "") else { throw WebError.notFound }
        var response = Redirect.to(Redirect.localPath(request.uri.queryParameters["back"].map(String.init)))
        response.setCookie(Cookie(name: LanguageMiddleware.cookieName, value: language.rawValue, maxAge: 365 * 24 * 3600, path: "/",
                                  secure: context.isSecure, httpOnly: true, sameSite: .lax))
        return response
    }
}

/// Redirects after a form, only ever to a path on this site.
enum Redirect {
    static func to(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    /// `path` when it is a path on this server ("/uploads"), else "/": never another site
    /// ("//evil.example", "https://...", "/\\evil").
    static func localPath(_ path: String?) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
              !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }), path.count < 2000 else { return "/" }
        return path
    }
}
