import CZip

/// An entry inflated by zlib itself from its raw bytes (libzip's `ZIP_FL_COMPRESSED`), not through libzip,
/// whose own check computes the CRC-32 with zlib's `crc32_z`. On a first reading the CRC-32 is checked
/// here instead, as the bytes come out, with libdeflate's at less than half the cost (`ZipEntryCheck`);
/// an entry a complete earlier reading of the same open archive checked is read again without any check
/// (an .ods's `content.xml` is read twice, once for its structure and once for its rows). `ZipArchive`
/// decides which. Every limit still applies to what it produces (`ZipPartReader` counts it as it counts
/// libzip's), and damage is answered as libzip answered it: a deflate stream that stops early ends the
/// content and the CRC-32 refuses it, and zlib's errors carry libzip's words.
final class ZipRawInflater {
    private let file: OpaquePointer
    private let name: String
    /// zlib's raw inflate; nil for a stored entry, whose raw bytes are its content.
    private let stream: UnsafeMutablePointer<z_stream>?
    private let input: UnsafeMutableRawBufferPointer
    /// The CRC-32 check of a first reading; nil when an earlier reading checked the entry.
    private var check: ZipEntryCheck?
    private var inputEnded = false
    private var ended = false

    static let inputChunk = 1 << 16

    /// Opens the raw bytes of entry `index` compressed with `method` (deflate or stored), checked against
    /// `check` unless it is nil; nil for another method, or when zlib or libzip cannot start (the caller
    /// then reads through libzip).
    init?(archive: OpaquePointer, index: UInt64, method: Int32, name: String, check: ZipEntryCheck?) {
        guard method == ZIP_CM_DEFLATE || method == ZIP_CM_STORE,
              let file = zip_fopen_index(archive, index, zip_flags_t(ZIP_FL_COMPRESSED)) else { return nil }
        if method == ZIP_CM_DEFLATE {
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            guard inflateInit2_(stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                stream.deallocate()
                zip_fclose(file)
                return nil
            }
            self.stream = stream
        } else {
            stream = nil
        }
        self.file = file
        self.name = name
        self.check = check
        input = .allocate(byteCount: method == ZIP_CM_DEFLATE ? ZipRawInflater.inputChunk : 0, alignment: 1)
    }

    deinit {
        if let stream {
            inflateEnd(stream)
            stream.deallocate()
        }
        input.deallocate()
        zip_fclose(file)
    }

    /// Whether this reading checks the entry's CRC-32 (a first reading) or was checked before.
    var checksItsChecksum: Bool { check != nil }

    /// Fills `buffer` with the next inflated bytes; 0 at the end of the entry, once its CRC-32 matched.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(XLSXError) -> Int {
        guard !ended, buffer.count > 0 else { return 0 }
        let count: Int
        if let stream {
            count = try inflate(stream, into: buffer)
        } else {
            count = try readRaw(into: buffer)
            ended = count == 0
        }
        check?.add(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        if ended { try check?.verify(entry: name) }
        return count
    }

    /// Inflates into `buffer` until it is full or the stream ends.
    private func inflate(_ stream: UnsafeMutablePointer<z_stream>, into buffer: UnsafeMutableRawBufferPointer) throws(XLSXError) -> Int {
        stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(buffer.count)
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0, !inputEnded {
                let count = try readRaw(into: input)
                inputEnded = count == 0
                stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = uInt(count)
            }
            let status = CZip.inflate(stream, Z_NO_FLUSH)
            // The compressed bytes ran out before the stream's end: libzip ends the content there too,
            // and the CRC-32 refuses it.
            if status == Z_STREAM_END || (status == Z_BUF_ERROR && inputEnded) {
                ended = true
                break
            }
            guard status == Z_OK || status == Z_BUF_ERROR else { throw .corruptZip(detail: .other(entry: name, message: Self.zlibMessage(status))) }
        }
        return buffer.count - Int(stream.pointee.avail_out)
    }

    private func readRaw(into buffer: UnsafeMutableRawBufferPointer) throws(XLSXError) -> Int {
        let count = zip_fread(file, buffer.baseAddress, UInt64(buffer.count))
        guard count >= 0 else {
            throw .corruptZip(detail: .failedReading(file, entry: name))
        }
        return Int(count)
    }

    /// libzip's words for zlib's error `status` ("Zlib error: data error"), as it reported them when it inflated.
    private static func zlibMessage(_ status: Int32) -> String {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        zip_error_set(&error, ZIP_ER_ZLIB, status)
        return String(cString: zip_error_strerror(&error))
    }
}
