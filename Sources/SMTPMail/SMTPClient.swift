import CCurl
import Foundation

/// How the connection to the mail server is protected.
public enum SMTPSecurity: String, CaseIterable, Sendable {
    /// Plain SMTP upgraded with STARTTLS, which must succeed (submission, port 587).
    case starttls
    /// TLS from the first byte (`smtps://`, port 465).
    case tls
    /// No TLS at all: a relay on the same host or a test server.
    case none
}

/// Where and how to deliver: the server, its protection and the account.
public struct SMTPServer: Sendable {
    public var host: String
    public var port: Int
    public var security: SMTPSecurity
    public var user: String?
    /// Never logged, never part of a message.
    public var password: String?
    /// A CA certificate (PEM) for a server whose certificate a private CA signed; nil: the system's CAs.
    public var caFile: String?

    public init(host: String, port: Int, security: SMTPSecurity, user: String? = nil, password: String? = nil, caFile: String? = nil) {
        self.host = host
        self.port = port
        self.security = security
        self.user = user
        self.password = password
        self.caFile = caFile
    }

    /// `smtp://host:port` or `smtps://host:port` (an IPv6 address in brackets).
    var url: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(security == .tls ? "smtps" : "smtp")://\(shownHost):\(port)"
    }
}

/// Why a message was not delivered. Each case means one thing to the sender.
public enum SMTPFailure: Error, Sendable, Equatable {
    /// The server answered 4xx: try again later.
    case temporary(code: Int, answer: String)
    /// The server answered 5xx (an unknown mailbox, a refused message): do not try again.
    case permanent(code: Int, answer: String)
    /// No answer: the server could not be reached, or the connection broke. When it broke after
    /// the message's end, the server may have taken it: a resend carries the same Message-ID.
    case connection(String)
    /// The sender's side is wrong (the account refused, the certificate not trusted): no notice
    /// can go until an administrator mends it.
    case setup(String)

    public var answer: String {
        switch self {
        case let .temporary(_, answer), let .permanent(_, answer): return answer
        case let .connection(reason), let .setup(reason): return reason
        }
    }
}

/// Sends messages over SMTP through libcurl: STARTTLS, implicit TLS or none, AUTH, and the
/// MIME body built by curl_mime. One client keeps its connection between messages; use one a
/// thread.
public final class SMTPClient {
    private let server: SMTPServer
    private let handle: UnsafeMutableRawPointer
    private let answers = ServerAnswers()
    private var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

    /// Seconds to wait for the connection, and for one whole message.
    static let connectTimeout = 30
    static let messageTimeout = 120

    /// Opens libcurl first (`MailLibrary.load`): a library that cannot be loaded is the sender's setup.
    public init(server: SMTPServer) throws(SMTPFailure) {
        do {
            try MailLibrary.load()
        } catch {
            throw .setup(error.reason)
        }
        guard let handle = ccurl_easy_init() else { throw .setup("libcurl could not start") }
        self.server = server
        self.handle = handle
    }

    deinit {
        ccurl_easy_cleanup(handle)
    }

    /// Sends one message; returns the server's answer to its end (250 and what follows).
    @discardableResult
    public func send(_ message: MailMessage) throws(SMTPFailure) -> String {
        ccurl_easy_reset(handle)
        answers.clear()
        let headers = SList(message.headerLines)
        let recipients = SList([message.to.address])
        guard let mime = ccurl_mime_init(handle) else { throw .setup("libcurl could not build a message") }
        defer {
            // The handle refers to the MIME tree (and cleans its part when reset or cleaned up):
            // let go of it before it is freed.
            ccurl_set_pointer(handle, CURLOPT_MIMEPOST, nil)
            ccurl_mime_free(mime)
        }
        addBody(of: message, to: mime)

        var code = CURLE_OK
        errorBuffer.withUnsafeMutableBufferPointer { buffer in
            code = configure(message: message, headers: headers, recipients: recipients, mime: mime, errors: buffer.baseAddress!)
            if code == CURLE_OK { code = ccurl_easy_perform(handle) }
        }
        var responseCode = 0
        ccurl_get_long(handle, CURLINFO_RESPONSE_CODE, &responseCode)
        if code == CURLE_OK { return answers.last ?? "\(responseCode)" }
        throw failure(code, responseCode: responseCode)
    }

    private func configure(message: MailMessage, headers: SList, recipients: SList, mime: OpaquePointer,
                           errors: UnsafeMutablePointer<CChar>) -> CURLcode {
        let context = Unmanaged.passUnretained(answers).toOpaque()
        let tls = server.security == .starttls ? CURLUSESSL_ALL : CURLUSESSL_NONE
        var codes: [CURLcode] = [
            ccurl_set_pointer(handle, CURLOPT_ERRORBUFFER, errors),
            ccurl_set_string(handle, CURLOPT_URL, server.url),
            ccurl_set_long(handle, CURLOPT_USE_SSL, Int(tls.rawValue)),
            ccurl_set_string(handle, CURLOPT_MAIL_FROM, "<\(message.from.address)>"),
            ccurl_set_pointer(handle, CURLOPT_MAIL_RCPT, recipients.list),
            ccurl_set_pointer(handle, CURLOPT_HTTPHEADER, headers.list),
            ccurl_set_pointer(handle, CURLOPT_MIMEPOST, UnsafeMutableRawPointer(mime)),
            ccurl_set_long(handle, CURLOPT_CONNECTTIMEOUT, SMTPClient.connectTimeout),
            ccurl_set_long(handle, CURLOPT_TIMEOUT, SMTPClient.messageTimeout),
            ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            ccurl_set_debug_callback(handle, recordServerLines, context),
        ]
        if let caFile = server.caFile { codes.append(ccurl_set_string(handle, CURLOPT_CAINFO, caFile)) }
        if let user = server.user {
            codes.append(ccurl_set_string(handle, CURLOPT_USERNAME, user))
            codes.append(ccurl_set_string(handle, CURLOPT_PASSWORD, server.password ?? ""))
        }
        return codes.first { $0 != CURLE_OK } ?? CURLE_OK
    }

    /// multipart/mixed around multipart/alternative: the text, and the calendar where there is one.
    private func addBody(of message: MailMessage, to mime: OpaquePointer) {
        guard let alternative = ccurl_mime_init(handle) else { return }
        addPart(alternative, type: "text/plain; charset=UTF-8", data: SMTPClient.crlfLines(message.text), encoding: "quoted-printable")
        if let calendar = message.calendar {
            // Base64 keeps the iCalendar's CRLF lines byte for byte (quoted-printable's line breaks
            // are the reader's to choose).
            addPart(alternative, type: "text/calendar; method=\(calendar.method); charset=UTF-8", data: calendar.text, encoding: "base64")
        }
        let holder = ccurl_mime_addpart(mime)
        ccurl_mime_subparts(holder, alternative)
        ccurl_mime_type(holder, "multipart/alternative")
        let inline = SList(["Content-Disposition: inline"])
        ccurl_mime_headers(holder, inline.take(), 1)
    }

    /// Text with every line ended by CRLF, as a message's lines are (quoted-printable keeps CRLF as a
    /// line break and would write a bare LF as `=0A`).
    static func crlfLines(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
    }

    private func addPart(_ mime: OpaquePointer, type: String, data: String, encoding: String) {
        let part = ccurl_mime_addpart(mime)
        let bytes = Array(data.utf8)
        _ = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { ccurl_mime_data(part, $0.baseAddress, buffer.count) }
        }
        ccurl_mime_type(part, type)
        ccurl_mime_encoder(part, encoding)
    }

    private func failure(_ code: CURLcode, responseCode: Int) -> SMTPFailure {
        let reason = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let detail = reason.isEmpty ? String(cString: ccurl_easy_strerror(code)) : reason
        switch code {
        case CURLE_LOGIN_DENIED, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_USE_SSL_FAILED,
             CURLE_SSL_CERTPROBLEM, CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .setup(answers.last.map { "\(detail): \($0)" } ?? detail)
        default:
            break
        }
        let answer = answers.last ?? detail
        switch responseCode {
        case 400..<500: return .temporary(code: responseCode, answer: answer)
        case 500..<600: return .permanent(code: responseCode, answer: answer)
        default: return .connection(detail)
        }
    }
}

/// A curl_slist of lines, freed with its owner unless taken.
private final class SList {
    private(set) var list: UnsafeMutablePointer<curl_slist>?

    init(_ lines: [String]) {
        for line in lines { list = ccurl_slist_append(list, line) }
    }

    /// Hands the list to libcurl, which frees it.
    func take() -> UnsafeMutablePointer<curl_slist>? {
        defer { list = nil }
        return list
    }

    deinit { ccurl_slist_free_all(list) }
}

/// The server's answers as libcurl reads them (never what the client sends: AUTH's password).
final class ServerAnswers {
    private var partial = ""
    private var pending: [String] = []
    /// The last complete answer, its lines joined (`550 5.1.1 No such user`).
    private(set) var last: String?

    func clear() {
        partial = ""
        pending = []
        last = nil
    }

    func receive(_ text: String) {
        partial += text
        while let end = partial.range(of: "\r\n") ?? partial.range(of: "\n") {
            let line = String(partial[..<end.lowerBound])
            partial.removeSubrange(..<end.upperBound)
            pending.append(line)
            // `250-...` continues; `250 ...` (or a bare code) ends the answer.
            let marker = line.dropFirst(3).first
            if line.count >= 3, marker != "-" {
                last = pending.joined(separator: " ")
                pending = []
            }
        }
    }
}

/// CURLOPT_DEBUGFUNCTION: keeps the server's lines only.
private func recordServerLines(_ handle: UnsafeMutableRawPointer?, _ type: curl_infotype, _ data: UnsafeMutablePointer<CChar>?, _ size: Int,
                               _ context: UnsafeMutableRawPointer?) -> Int32 {
    guard type == CURLINFO_HEADER_IN, let data, let context else { return 0 }
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    Unmanaged<ServerAnswers>.fromOpaque(context).takeUnretainedValue().receive(text)
    return 0
}
