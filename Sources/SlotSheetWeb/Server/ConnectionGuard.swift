import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import SlotSheetCore

/// How long a client may hold a connection without using it (`web.*_timeout_seconds`).
public struct ConnectionTimeouts: Sendable, Equatable {
    /// Waiting for the next request without a byte arriving (a fresh or kept-alive connection).
    public var idle: Duration
    /// From a request's first byte until its header is complete.
    public var header: Duration
    /// The window in which a body the server is waiting for must bring `minimumBodyRate` bytes a
    /// second (a body that stalls, or trickles a byte at a time, is cut at the window's end), and
    /// in which a client must take that much of an answer being sent to it.
    public var body: Duration
    /// 1 KiB a second: any real upload is far faster, a trickle is far slower.
    public static let minimumBodyRate = 1024
    /// After a response that closes the connection (an early 413): how long what the client still
    /// sends is read and dropped before closing, so a client that sends its whole body before
    /// reading (Python's urllib) gets the answer instead of a reset or a wait (nginx's lingering close).
    public var linger: Duration

    public init(idle: Duration, header: Duration, body: Duration, linger: Duration = .seconds(10)) {
        self.idle = idle
        self.header = header
        self.body = body
        self.linger = linger
    }

    public init(_ web: Settings.Web) {
        self.init(idle: .seconds(web.idleTimeoutSeconds), header: .seconds(web.headerTimeoutSeconds), body: .seconds(web.bodyTimeoutSeconds))
    }
}

/// HTTP/1 as Hummingbird serves it, with a `ConnectionGuard` at the front of every connection.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let http: HTTP1Channel
    let timeouts: ConnectionTimeouts
    let logger: Logger

    static func builder(timeouts: ConnectionTimeouts, logger: Logger) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedHTTP1Channel(http: HTTP1Channel(responder: responder, configuration: .init(additionalChannelHandlers: [RequestPhaseTap()])),
                                timeouts: timeouts, logger: logger)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(timeouts: timeouts, logger: self.logger), position: .first)
        }.flatMap { http.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await http.handle(value: value, logger: logger)
    }
}

/// Closes a connection whose client holds it without using it: silent for `idle` between
/// requests, a header not complete `header` after its first byte, a body that brings less than
/// `minimumBodyRate` bytes a second while the server waits for it, over at least half a `body` window, or
/// an answer handed to the connection that the client takes at less than that rate. Each cut is
/// logged at INFO (an idle one at DEBUG: that is how kept-alive connections end), and nothing
/// more is answered: the client is not listening.
///
/// An answer ends when its last byte is written to the socket, not when the server hands it
/// over: a big answer (a four-year preview's JSON is 18 MB) read slowly by a busy client must not
/// be cut by the idle timeout that starts after it.
///
/// It sits first in the pipeline and sees the bytes as they come; `RequestPhaseTap`, after the
/// HTTP decoder, tells it where a request and its response are.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// `responding`: the server works on its answer; `sending`: the answer is handed over and
    /// the client is taking it.
    enum Phase { case waiting, header, body, responding, sending, lingering }

    private let timeouts: ConnectionTimeouts
    private let logger: Logger
    private(set) var phase = Phase.waiting
    private var requestOpen = false
    private var responseOpen = false
    /// Whether the answer being sent closes the connection once it is taken.
    private var closesAfterSending = false
    /// Writes handed to the socket and not yet written.
    private var pendingWrites = 0
    /// Bytes written to the socket in the current `sending` window.
    private var sentBytes = 0
    /// The server asked for more bytes and none came since: only then is a stalled body the client's doing.
    private var readRequested = false
    /// When the server last asked for bytes that have not come yet (meaningful while `readRequested`).
    private var waitingSince = NIODeadline.uptimeNanoseconds(0)
    /// How long, in the current `body` window, the server was waiting for bytes that had not come.
    private var waitedInWindow = TimeAmount.zero
    /// Body bytes in the current `body` window.
    private var bodyBytes = 0
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(timeouts: ConnectionTimeouts, logger: Logger) {
        self.timeouts = timeouts
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { arm(timeouts.idle) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(timeouts.idle)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if readRequested {
            waitedInWindow = waitedInWindow + (now - waitingSince)
            readRequested = false
        }
        switch phase {
        case .lingering:
            return  // dropped: the answer is sent, what still comes is not read by anyone
        case .waiting:
            phase = .header
            arm(timeouts.header)
        case .body:
            bodyBytes += unwrapInboundIn(data).readableBytes
        case .header, .responding, .sending:
            break
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if phase == .lingering {
            context.read()
        } else {
            context.fireChannelReadComplete()
        }
    }

    /// The most bytes one tracked write holds: a bigger buffer (an 18 MB JSON answer is one) is
    /// handed on in slices of this size, so that a client taking it steadily shows its progress
    /// long before the whole buffer is written.
    static let trackedSlice = 65_536

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case var .byteBuffer(buffer) = unwrapOutboundIn(data), buffer.readableBytes > Self.trackedSlice else {
            return track(data, bytes: unwrapOutboundIn(data).readableBytes, promise: promise, context: context)
        }
        while buffer.readableBytes > Self.trackedSlice, let slice = buffer.readSlice(length: Self.trackedSlice) {
            track(wrapOutboundOut(.byteBuffer(slice)), bytes: slice.readableBytes, promise: nil, context: context)
        }
        track(wrapOutboundOut(.byteBuffer(buffer)), bytes: buffer.readableBytes, promise: promise, context: context)
    }

    /// Hands `data` on, counting it as pending until the socket has taken it.
    private func track(_ data: NIOAny, bytes: Int, promise: EventLoopPromise<Void>?, context: ChannelHandlerContext) {
        let written = promise ?? context.eventLoop.makePromise()
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        pendingWrites += 1
        written.futureResult.whenComplete { result in
            if case .success = result { handler.value.wrote(bytes) } else { handler.value.pendingWrites -= 1 }
        }
        context.write(data, promise: written)
    }

    /// A write reached the socket: once the answer handed over is all written, it has ended.
    private func wrote(_ bytes: Int) {
        pendingWrites -= 1
        sentBytes += bytes
        if phase == .sending, pendingWrites == 0 { responseEnded(closesConnection: closesAfterSending) }
    }

    func read(context: ChannelHandlerContext) {
        if !readRequested {
            readRequested = true
            waitingSince = now
        }
        context.read()
    }

    // MARK: What RequestPhaseTap tells

    func headReceived() {
        requestOpen = true
        responseOpen = true
        enterBody()
    }

    func requestEnded() {
        requestOpen = false
        guard phase != .lingering, phase != .sending else { return }
        if responseOpen {
            phase = .responding
            timer?.cancel()
        } else {
            phase = .waiting
            arm(timeouts.idle)
        }
    }

    /// The answer's end is handed to the connection: it ends once the socket has taken every
    /// byte of it (at once when nothing is waiting to be written).
    func responseWritten(closesConnection: Bool) {
        guard pendingWrites > 0, phase != .lingering else { return responseEnded(closesConnection: closesConnection) }
        closesAfterSending = closesConnection
        phase = .sending
        sentBytes = 0
        arm(timeouts.body)
    }

    func responseEnded(closesConnection: Bool) {
        responseOpen = false
        if closesConnection && requestOpen {
            phase = .lingering
            arm(timeouts.linger)
            context?.read()
        } else if requestOpen {
            enterBody()  // the server reads (and drops) the rest of the body
        } else if phase != .lingering {
            phase = .waiting
            arm(timeouts.idle)
        }
    }

    private func enterBody() {
        phase = .body
        bodyBytes = 0
        waitedInWindow = .zero
        if readRequested { waitingSince = now }
        arm(timeouts.body)
    }

    /// Whether the body window that just ended is the client's fault: the server waited for bytes
    /// at least half of it, and what came is below `minimumBodyRate` for the time it waited. A
    /// server busy with the body it has (a slow database on a loaded machine) is never the
    /// client's fault, even when it asks for more just before the window ends.
    private func bodyIsTooSlow() -> Bool {
        let waited = waitedInWindow + (readRequested ? now - waitingSince : .zero)
        guard waited.nanoseconds * 2 >= timeouts.body.nanoseconds else { return false }
        return Int64(bodyBytes) * 1_000_000_000 < Int64(ConnectionTimeouts.minimumBodyRate) * waited.nanoseconds
    }

    // MARK: The timer

    /// The event loop's clock (an embedded loop's in tests).
    private var now: NIODeadline { context?.eventLoop.now ?? .now() }

    private func arm(_ delay: Duration) {
        guard let context else { return }
        timer?.cancel()
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: .nanoseconds(delay.nanoseconds)) {
            handler.value.expired()
        }
    }

    private func expired() {
        guard let context else { return }
        let peer = context.channel.remoteAddress?.ipAddress ?? "-"
        switch phase {
        case .responding:
            return  // the server's own time: never cut
        case .body where !bodyIsTooSlow():
            enterBody()  // the server was busy rather than waiting, or the body came fast enough: a new window
            return
        case .sending where Int64(sentBytes) * 1_000_000_000 >= Int64(ConnectionTimeouts.minimumBodyRate) * timeouts.body.nanoseconds:
            sentBytes = 0  // the client takes its answer fast enough: a new window
            arm(timeouts.body)
            return
        case .waiting:
            logger.debug("connection from \(peer) closed: no request in \(timeouts.idle.components.seconds)s")
        case .header:
            logger.info("connection from \(peer) closed: the request's header took more than \(timeouts.header.components.seconds)s")
        case .body:
            logger.info("connection from \(peer) closed: the request's body brought \(bodyBytes) bytes in \(timeouts.body.components.seconds)s")
        case .sending:
            logger.info("connection from \(peer) closed: the client took \(sentBytes) bytes of its answer in \(timeouts.body.components.seconds)s")
        case .lingering:
            logger.debug("connection from \(peer) closed after its refused request")
        }
        timer = nil
        context.close(promise: nil)
    }
}

/// Tells the connection's `ConnectionGuard` when a request's header is complete, when the
/// request ends and when its response does.
final class RequestPhaseTap: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var connectionGuard: ConnectionGuard?
    private var closes = false

    func handlerAdded(context: ChannelHandlerContext) {
        connectionGuard = try? context.pipeline.syncOperations.handler(type: ConnectionGuard.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: connectionGuard?.headReceived()
        case .body: break
        case .end: connectionGuard?.requestEnded()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case let .head(head): closes = head.headerFields[.connection]?.lowercased() == "close"
        case .body: break
        case .end:
            // Handed over first, so that the connection's guard counts every write of the answer.
            context.write(data, promise: promise)
            connectionGuard?.responseWritten(closesConnection: closes)
            return
        }
        context.write(data, promise: promise)
    }
}
