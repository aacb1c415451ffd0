import CZip
import Foundation

/// A part of the package deflated as it is written, on the writer's own thread, and put into the
/// finished file as it is (libzip copies the compressed bytes without inflating or deflating them
/// again). libxlsxwriter deflates every part at `workbook_close`, one after another on one
/// thread; a part made this way costs nothing there. The compressed bytes go to a temporary file
/// as they come, so memory stays flat however many rows the part has.
///
///     let part = try DeflatedPart(level: 1)
///     try part.append(Array("<worksheet>...</worksheet>".utf8))
///     let finished = try part.finish()      // the deflate stream, its CRC-32 and size
///
/// A part may also be made of pieces deflated apart (`finish(.open)` for all but the last,
/// `Finished.joined`): a raw deflate stream ended by a sync flush can be followed by another.
final class DeflatedPart {
    /// Bytes gathered before they are handed to zlib: fewer, larger calls.
    static let inputChunk = 64 * 1024
    static let outputChunk = 64 * 1024

    /// How the deflate stream ends.
    enum Ending {
        /// With the final block: the part is whole.
        case final
        /// With a sync flush (an empty stored block, byte-aligned): another stream may follow.
        case open
    }

    /// The part as it goes into the archive: its compressed pieces in order, the CRC-32 and size
    /// of what they inflate to.
    struct Finished {
        let pieces: [Piece]
        let crc: UInt32
        let size: Int

        var compressedCount: Int { pieces.reduce(0) { $0 + $1.count } }

        /// `first`, then `second`, as one part (`first` must have ended `.open`).
        static func joined(_ first: Finished, _ second: Finished) -> Finished {
            Finished(pieces: first.pieces + second.pieces,
                     crc: UInt32(crc32_combine(uLong(first.crc), uLong(second.crc), numericCast(second.size))),
                     size: first.size + second.size)
        }
    }

    /// Compressed bytes, in memory (a small piece) or in a temporary file.
    enum Piece {
        case bytes([UInt8])
        case file(SpillFile)

        var count: Int {
            switch self {
            case let .bytes(bytes): return bytes.count
            case let .file(file): return file.count
            }
        }
    }

    private let deflater: Deflater
    /// The thread that deflates, when the part has one (`onItsOwnThread`).
    private let thread: DeflateThread?
    private var pending: [UInt8] = []
    private var open = true

    /// `level` is zlib's, 1 (fastest) to 9 (smallest); libxlsxwriter's parts get 6. The
    /// temporary file goes to `temporaryDirectory` (the system's when nil). `onItsOwnThread`:
    /// zlib runs on a thread of the part's own, a few chunks behind the thread that appends, so
    /// making the bytes and deflating them overlap on two cores.
    init(level: Int32, temporaryDirectory: String? = nil, onItsOwnThread: Bool = false) throws(XLSXWriteError) {
        deflater = try Deflater(level: level, temporaryDirectory: temporaryDirectory)
        thread = onItsOwnThread ? DeflateThread(deflater) : nil
        pending.reserveCapacity(DeflatedPart.inputChunk + 16 * 1024)
    }

    deinit {
        // A part abandoned half-way (a failed export) stops its thread before zlib's stream goes.
        if open { thread?.stop() }
    }

    /// `bytes` deflated whole, in memory: a small piece of a part (a sheet's XML around its rows).
    static func deflated(_ bytes: [UInt8], level: Int32, ending: Ending) throws(XLSXWriteError) -> Finished {
        let part = try DeflatedPart(level: level)
        try part.append(bytes)
        let finished = try part.finish(ending)
        return Finished(pieces: [.bytes(try part.deflater.spill.readAll())], crc: finished.crc, size: finished.size)
    }

    /// Appends bytes of the part.
    func append<Bytes: Collection>(_ bytes: Bytes) throws(XLSXWriteError) where Bytes.Element == UInt8 {
        guard open else { throw .closed }
        pending.append(contentsOf: bytes)
        if pending.count >= DeflatedPart.inputChunk { try deflatePending(Z_NO_FLUSH) }
    }

    /// Ends the stream; the part can take no more bytes.
    func finish(_ ending: Ending = .final) throws(XLSXWriteError) -> Finished {
        guard open else { throw .closed }
        try deflatePending(ending == .final ? Z_FINISH : Z_SYNC_FLUSH)
        try thread?.waitForLastChunk()
        deflater.end()
        open = false
        try deflater.spill.flush()
        return Finished(pieces: [.file(deflater.spill)], crc: deflater.crc, size: deflater.size)
    }

    private func deflatePending(_ flush: Int32) throws(XLSXWriteError) {
        if let thread {
            try thread.submit(pending, flush: flush)
            pending = []
            pending.reserveCapacity(DeflatedPart.inputChunk + 16 * 1024)
        } else {
            try deflater.deflate(pending, flush: flush)
            pending.removeAll(keepingCapacity: true)
        }
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
    /// The piece being read, and how far into it (a file keeps its own position).
    var piece = 0
    var offset = 0

    init(_ part: DeflatedPart.Finished) {
        self.part = part
    }

    func open() -> Bool {
        piece = 0
        offset = 0
        return part.pieces.allSatisfy { piece in
            if case let .file(file) = piece { return file.rewind() }
            return true
        }
    }

    /// Fills `buffer` with up to `length` bytes from the pieces in order; -1 when a file fails.
    func read(into buffer: UnsafeMutableRawPointer, length: Int) -> Int {
        var total = 0
        while total < length, piece < part.pieces.count {
            let remaining = part.pieces[piece].count - offset
            let count = min(length - total, remaining)
            switch part.pieces[piece] {
            case let .bytes(bytes):
                bytes.withUnsafeBytes { (buffer + total).copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
            case let .file(file):
                guard file.read(into: buffer + total, count: count) == count else { return -1 }
            }
            total += count
            offset += count
            if offset == part.pieces[piece].count {
                piece += 1
                offset = 0
            }
        }
        return total
    }
}

/// libzip's source protocol for a read-only, already compressed part.
private let deflatedSourceCallback: zip_source_callback = { userdata, data, length, command in
    let box = Unmanaged<DeflatedSourceState>.fromOpaque(userdata!)
    let state = box.takeUnretainedValue()
    switch command {
    case ZIP_SOURCE_OPEN:
        return state.open() ? 0 : -1
    case ZIP_SOURCE_READ:
        guard let data else { return -1 }
        return zip_int64_t(state.read(into: data, length: Int(length)))
    case ZIP_SOURCE_CLOSE:
        return 0
    case ZIP_SOURCE_STAT:
        guard let data, length >= MemoryLayout<zip_stat_t>.size else { return -1 }
        var info = zip_stat_t()
        zip_stat_init(&info)
        info.valid = zip_uint64_t(ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD | ZIP_STAT_CRC | ZIP_STAT_ENCRYPTION_METHOD)
        info.size = zip_uint64_t(state.part.size)
        info.comp_size = zip_uint64_t(state.part.compressedCount)
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
