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
