import Logging
import NIOCore
import NIOEmbedded
@testable import SlotSheetWeb
import Testing

/// The body timeout on the event loop's own clock: a client is cut for a body the server waited
/// for and did not get, never for the server's own slowness with the body it already has.
@Suite struct ConnectionGuardTests {
    /// A connection at the start of a request's body, with a 2 s body window.
    static func connectionInBody() throws -> (EmbeddedChannel, ConnectionGuard) {
        let connectionGuard = ConnectionGuard(timeouts: ConnectionTimeouts(idle: .seconds(30), header: .seconds(1), body: .seconds(2)),
                                              logger: Logger(label: "test"))
        let channel = EmbeddedChannel(handler: connectionGuard)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.writeInbound(ByteBuffer(string: "POST /api/imports HTTP/1.1\r\n"))
        connectionGuard.headReceived()
        return (channel, connectionGuard)
    }

    @Test func aServerBusyWithTheBodyItHasDoesNotCutItsClient() throws {
        let (channel, _) = try Self.connectionInBody()
        // The server stores what it has for most of the window, then asks for more just before
        // the window ends; the bytes are on their way when it does.
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_900))
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(channel.isActive, "asked for bytes 0.1 s before the window's end: not the client's fault")
        try channel.writeInbound(ByteBuffer(repeating: 0x61, count: 65_536))
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        #expect(channel.isActive, "the server did not ask again: still its own time")
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    @Test func aBodyTheServerWaitsForAndDoesNotGetIsCut() throws {
        let (channel, _) = try Self.connectionInBody()
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_500))
        try channel.writeInbound(ByteBuffer(string: "a"))  // a trickle: one byte
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(600))
        #expect(!channel.isActive, "waited 2 s of a 2 s window for one byte: cut")
    }

    @Test func aBodyThatKeepsComingIsNeverCut() throws {
        let (channel, _) = try Self.connectionInBody()
        for _ in 0..<20 {
            channel.read()
            channel.embeddedEventLoop.advanceTime(by: .milliseconds(500))
            try channel.writeInbound(ByteBuffer(repeating: 0x61, count: 4_096))
        }
        #expect(channel.isActive, "8 KiB a second, waited for all along: fast enough")
        _ = try channel.finish(acceptAlreadyClosed: true)
    }
}

/// An answer ends when the socket has taken it: a big answer read slowly is never cut by the idle
/// timeout that follows it, and a client that takes nothing of it is cut.
@Suite struct ConnectionGuardAnswerTests {
    /// Stands for the socket: holds each write until the test lets the client take it.
    final class SlowSocket: ChannelOutboundHandler {
        typealias OutboundIn = ByteBuffer
        private var held: [(NIOAny, EventLoopPromise<Void>?)] = []

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            held.append((data, promise))
        }

        func flush(context: ChannelHandlerContext) {}

        /// The client takes the oldest `count` writes.
        func take(_ count: Int, context: ChannelHandlerContext) {
            for (data, promise) in held.prefix(count) { context.writeAndFlush(data, promise: promise) }
            held.removeFirst(min(count, held.count))
        }
    }

    /// A GET answered with `parts` writes of `size` bytes each, all handed over, none yet taken;
    /// idle 30 s, a 2 s window.
    static func answerHandedOver(parts: Int, size: Int = 4_096) throws -> (EmbeddedChannel, SlowSocket) {
        let connectionGuard = ConnectionGuard(timeouts: ConnectionTimeouts(idle: .seconds(30), header: .seconds(1), body: .seconds(2)),
                                              logger: Logger(label: "test"))
        let socket = SlowSocket()
        let channel = EmbeddedChannel(handlers: [socket, connectionGuard])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.writeInbound(ByteBuffer(string: "GET /api/imports/1 HTTP/1.1\r\n\r\n"))
        connectionGuard.headReceived()
        connectionGuard.requestEnded()
        for _ in 0..<parts { channel.write(ByteBuffer(repeating: 0x61, count: size), promise: nil) }
        channel.flush()
        connectionGuard.responseWritten(closesConnection: false)
        return (channel, socket)
    }

    /// The client takes one held write every `every`, until all `writes` are taken (more time
    /// than the 30 s idle timeout in both tests), and the connection stays open throughout and
    /// for 29 s after.
    static func expectTakenSteadily(_ channel: EmbeddedChannel, _ socket: SlowSocket, writes: Int, every: TimeAmount) throws {
        let context = try channel.pipeline.syncOperations.context(handlerType: SlowSocket.self)
        for write in 1...writes {
            channel.embeddedEventLoop.advanceTime(by: every)
            #expect(channel.isActive, "write \(write) of \(writes) taken after \(every) more: not cut")
            socket.take(1, context: context)
        }
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(channel.isActive, "the answer taken whole: idle from then on")
    }

    @Test func aBigAnswerTakenSlowlyOutlastsTheIdleTimeout() throws {
        let (channel, socket) = try Self.answerHandedOver(parts: 40)
        try Self.expectTakenSteadily(channel, socket, writes: 40, every: .seconds(1))  // 4 KiB a second
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!channel.isActive, "30 s without a request after the answer: closed as idle")
    }

    @Test func oneBigBufferTakenSteadilyIsNotCut() throws {
        // 2 MiB in one write (as a big JSON answer is): its progress shows slice by slice.
        let (channel, socket) = try Self.answerHandedOver(parts: 1, size: 32 * ConnectionGuard.trackedSlice)
        try Self.expectTakenSteadily(channel, socket, writes: 32, every: .milliseconds(1_500))
    }

    @Test func aClientThatTakesNothingOfItsAnswerIsCut() throws {
        let (channel, _) = try Self.answerHandedOver(parts: 40)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_900))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!channel.isActive, "nothing taken in a 2 s window: cut")
    }
}
