import CZip

/// A part of the package deflated as it is written, on the writer's own thread, and put into the
/// finished file as it is (libzip copies the compressed bytes without inflating or deflating them
/// again). libxlsxwriter deflates every part at `workbook_close`, one after another on one
/// thread; a part made this way costs nothing there.
///
///     let part = try DeflatedPart(level: 1)
///     try part.append(Array("<worksheet>...</worksheet>".utf8))
///     let finished = try part.finish()      // the deflate stream, its CRC-32 and size
final class DeflatedPart {
    /// Bytes gathered before they are handed to zlib: fewer, larger calls.
    static let inputChunk = 64 * 1024
    static let outputChunk = 64 * 1024

    /// The part as it goes into the archive.
    struct Finished {
        let compressed: [UInt8]
        let crc: UInt32
        let size: Int
    }

    /// At a fixed address: zlib keeps a pointer back to the stream and refuses one that moved.
    private let stream: UnsafeMutablePointer<z_stream>
    private var pending: [UInt8] = []
    private var compressed: [UInt8] = []
    private var crc = crc32(0, nil, 0)
    private var size = 0
    private var open = true

    /// `level` is zlib's, 1 (fastest) to 9 (smallest); libxlsxwriter's parts get 6.
    init(level: Int32) throws(XLSXWriteError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // Raw deflate: a zip entry carries no zlib header.
        let status = deflateInit2_(stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                                   ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw .refused(context: "deflating a part", reason: "zlib error \(status)")
        }
        pending.reserveCapacity(DeflatedPart.inputChunk + 4096)
    }

    deinit {
        if open { deflateEnd(stream) }
        stream.deallocate()
    }

    /// Appends bytes of the part.
    func append<Bytes: Collection>(_ bytes: Bytes) throws(XLSXWriteError) where Bytes.Element == UInt8 {
        guard open else { throw .closed }
        pending.append(contentsOf: bytes)
        if pending.count >= DeflatedPart.inputChunk { try deflatePending(finishing: false) }
    }

    /// Ends the stream; the part can take no more bytes.
    func finish() throws(XLSXWriteError) -> Finished {
        guard open else { throw .closed }
        try deflatePending(finishing: true)
        deflateEnd(stream)
        open = false
        return Finished(compressed: compressed, crc: UInt32(crc), size: size)
    }

    private func deflatePending(finishing: Bool) throws(XLSXWriteError) {
        guard open else { throw .closed }
        let failure: Int32? = pending.withUnsafeMutableBufferPointer { input in
            if input.count > 0 { crc = crc32(crc, input.baseAddress, uInt(input.count)) }
            size += input.count
            stream.pointee.next_in = input.baseAddress
            stream.pointee.avail_in = uInt(input.count)
            var chunk = [UInt8](repeating: 0, count: DeflatedPart.outputChunk)
            return chunk.withUnsafeMutableBufferPointer { output -> Int32? in
                while true {
                    stream.pointee.next_out = output.baseAddress
                    stream.pointee.avail_out = uInt(output.count)
                    let status = deflate(stream, finishing ? Z_FINISH : Z_NO_FLUSH)
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return status }
                    let produced = output.count - Int(stream.pointee.avail_out)
                    compressed.append(contentsOf: UnsafeBufferPointer(rebasing: output[..<produced]))
                    if finishing ? status == Z_STREAM_END : stream.pointee.avail_out != 0 { return nil }
                }
            }
        }
        stream.pointee.next_in = nil
        pending.removeAll(keepingCapacity: true)
        if let failure { throw .refused(context: "deflating a part", reason: "zlib error \(failure)") }
    }
}

extension DeflatedPart.Finished {
    /// A libzip source that hands over the compressed bytes and says they are deflated, with
    /// their CRC and size, so `zip_close` copies them as they are.
    func zipSource(in archive: OpaquePointer) -> OpaquePointer? {
        let box = Unmanaged.passRetained(DeflatedSourceState(self))
        guard let source = zip_source_function(archive, deflatedSourceCallback, box.toOpaque()) else {
            box.release()
            return nil
        }
        return source
    }
}

/// What the libzip callback reads from: the finished part and how far it has been read.
private final class DeflatedSourceState {
    let part: DeflatedPart.Finished
    var offset = 0

    init(_ part: DeflatedPart.Finished) {
        self.part = part
    }
}

/// libzip's source protocol for a read-only, already compressed buffer.
private let deflatedSourceCallback: zip_source_callback = { userdata, data, length, command in
    let box = Unmanaged<DeflatedSourceState>.fromOpaque(userdata!)
    let state = box.takeUnretainedValue()
    switch command {
    case ZIP_SOURCE_OPEN:
        state.offset = 0
        return 0
    case ZIP_SOURCE_READ:
        let count = min(Int(length), state.part.compressed.count - state.offset)
        state.part.compressed.withUnsafeBytes { bytes in
            data!.copyMemory(from: bytes.baseAddress! + state.offset, byteCount: count)
        }
        state.offset += count
        return zip_int64_t(count)
    case ZIP_SOURCE_CLOSE:
        return 0
    case ZIP_SOURCE_STAT:
        guard let data, length >= MemoryLayout<zip_stat_t>.size else { return -1 }
        var info = zip_stat_t()
        zip_stat_init(&info)
        info.valid = zip_uint64_t(ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD | ZIP_STAT_CRC | ZIP_STAT_ENCRYPTION_METHOD)
        info.size = zip_uint64_t(state.part.size)
        info.comp_size = zip_uint64_t(state.part.compressed.count)
        info.comp_method = zip_uint16_t(ZIP_CM_DEFLATE)
        info.encryption_method = zip_uint16_t(ZIP_EM_NONE)
        info.crc = state.part.crc
        data.storeBytes(of: info, as: zip_stat_t.self)
        return zip_int64_t(MemoryLayout<zip_stat_t>.size)
    case ZIP_SOURCE_ERROR:
        guard let data, length >= 2 * MemoryLayout<Int32>.size else { return -1 }
        data.storeBytes(of: Int32(ZIP_ER_INTERNAL), as: Int32.self)
        data.storeBytes(of: Int32(0), toByteOffset: MemoryLayout<Int32>.size, as: Int32.self)
        return zip_int64_t(2 * MemoryLayout<Int32>.size)
    case ZIP_SOURCE_FREE:
        box.release()
        return 0
    case ZIP_SOURCE_SUPPORTS:
        let commands = [ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, ZIP_SOURCE_SUPPORTS]
        return commands.reduce(zip_int64_t(0)) { $0 | (zip_int64_t(1) << zip_int64_t($1.rawValue)) }
    default:
        return -1
    }
}
