import CZip
import Foundation

/// A part's zlib stream (raw deflate, as a zip entry holds it) and the temporary file its output
/// goes to, with the CRC-32 and size of what went in. One thread at a time.
final class Deflater {
    /// At a fixed address: zlib keeps a pointer back to the stream and refuses one that moved.
    private let stream: UnsafeMutablePointer<z_stream>
    private var output: [UInt8]
    let spill: SpillFile
    private(set) var crc: UInt32 = 0
    private(set) var size = 0
    private var ended = false

    init(level: Int32, temporaryDirectory: String?) throws(XLSXWriteError) {
        spill = try SpillFile(in: temporaryDirectory)
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = deflateInit2_(stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                                   ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw .refused(context: "deflating a part", reason: "zlib error \(status)")
        }
        output = [UInt8](repeating: 0, count: DeflatedPart.outputChunk)
    }

    deinit {
        if !ended { deflateEnd(stream) }
        stream.deallocate()
    }

    /// Deflates `input` with zlib's `flush` (`Z_NO_FLUSH`, `Z_SYNC_FLUSH` or `Z_FINISH`).
    func deflate(_ input: [UInt8], flush: Int32) throws(XLSXWriteError) {
        guard !ended else { throw .closed }
        let failure: Int32? = input.withUnsafeBufferPointer { input in
            if input.count > 0 { crc = UInt32(crc32(uLong(crc), input.baseAddress, uInt(input.count))) }
            size += input.count
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            return output.withUnsafeMutableBufferPointer { output -> Int32? in
                while true {
                    stream.pointee.next_out = output.baseAddress
                    stream.pointee.avail_out = uInt(output.count)
                    let status = CZip.deflate(stream, flush)
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return status }
                    let produced = output.count - Int(stream.pointee.avail_out)
                    if produced > 0, !spill.write(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: output[..<produced]))) { return Z_ERRNO }
                    if flush == Z_FINISH ? status == Z_STREAM_END : stream.pointee.avail_out != 0 { return nil }
                }
            }
        }
        stream.pointee.next_in = nil
        if let failure {
            throw .refused(context: "deflating a part", reason: failure == Z_ERRNO ? "the temporary file cannot be written" : "zlib error \(failure)")
        }
    }

    /// Frees zlib's state once the stream has ended.
    func end() {
        guard !ended else { return }
        deflateEnd(stream)
        ended = true
    }
}

/// Runs a `Deflater` on a thread of its own: chunks are handed over in order, at most `depth`
/// waiting, so memory stays flat and the thread that makes the bytes waits only when zlib is
/// behind. The deflater belongs to this thread from the first chunk until the last one (a
/// sync flush or the end) is done or `stop()` returns.
final class DeflateThread: @unchecked Sendable {
    static let depth = 4

    private let deflater: Deflater
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var chunks: [(bytes: [UInt8], flush: Int32)] = []
    private var failure: XLSXWriteError?
    private var stopping = false
    private var done = false

    init(_ deflater: Deflater) {
        self.deflater = deflater
        let thread = Thread { [self] in run() }
        thread.name = "slotsheet deflate"
        thread.start()
    }

    /// Hands over the next chunk; throws the thread's error as soon as it has one.
    func submit(_ bytes: [UInt8], flush: Int32) throws(XLSXWriteError) {
        condition.lock()
        defer { condition.unlock() }
        while chunks.count >= DeflateThread.depth, failure == nil, !done { condition.wait() }
        if let failure { throw failure }
        guard !done else { throw .closed }
        chunks.append((bytes, flush))
        condition.broadcast()
    }

    /// Waits until the last chunk (one with a flush) is deflated; throws the thread's error.
    func waitForLastChunk() throws(XLSXWriteError) {
        condition.lock()
        defer { condition.unlock() }
        while !done { condition.wait() }
        if let failure { throw failure }
    }

    /// Drops what is waiting and ends the thread after the chunk it is deflating.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        chunks.removeAll()
        condition.broadcast()
        while !done { condition.wait() }
    }

    private func run() {
        while let chunk = next() {
            do throws(XLSXWriteError) {
                try deflater.deflate(chunk.bytes, flush: chunk.flush)
            } catch {
                finish(failure: error)
                return
            }
            if chunk.flush != Z_NO_FLUSH { break }
        }
        finish(failure: nil)
    }

    /// The next chunk, waiting for one; nil once stopped.
    private func next() -> (bytes: [UInt8], flush: Int32)? {
        condition.lock()
        defer { condition.unlock() }
        while chunks.isEmpty, !stopping { condition.wait() }
        guard !stopping else { return nil }
        let chunk = chunks.removeFirst()
        condition.broadcast()
        return chunk
    }

    private func finish(failure: XLSXWriteError?) {
        condition.lock()
        self.failure = failure
        done = true
        chunks.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}

/// An unnamed temporary file (removed from its folder as soon as it is made) that compressed
/// bytes are written to and then read back from the start.
final class SpillFile {
    private let file: UnsafeMutablePointer<FILE>
    private(set) var count = 0

    init(in directory: String?) throws(XLSXWriteError) {
        let opened: UnsafeMutablePointer<FILE>?
        if let directory {
            var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast()) + Array("slotsheet-part-XXXXXX".utf8CString)
            let descriptor = mkstemp(&template)
            if descriptor >= 0 { unlink(template) }
            opened = descriptor >= 0 ? fdopen(descriptor, "w+") : nil
            if opened == nil, descriptor >= 0 { close(descriptor) }
        } else {
            opened = tmpfile()
        }
        guard let opened else { throw .refused(context: "deflating a part", reason: "no temporary file (\(String(cString: strerror(errno))))") }
        file = opened
    }

    deinit { fclose(file) }

    /// Appends `bytes`; false when the file cannot take them (a full disk).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let written = fwrite(bytes.baseAddress, 1, bytes.count, file)
        count += written
        return written == bytes.count
    }

    func flush() throws(XLSXWriteError) {
        guard fflush(file) == 0 else { throw .refused(context: "deflating a part", reason: "the temporary file cannot be written") }
    }

    /// Goes back to the start, for `read`.
    func rewind() -> Bool {
        fseeko(file, 0, SEEK_SET) == 0
    }

    /// Reads up to `count` bytes from where the last read ended into `buffer`; the bytes read.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        fread(buffer, 1, count, file)
    }

    func readAll() throws(XLSXWriteError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = rewind() ? bytes.withUnsafeMutableBytes { self.read(into: $0.baseAddress!, count: count) } : -1
        guard read == count else { throw .refused(context: "deflating a part", reason: "the temporary file cannot be read") }
        return bytes
    }
}

