import CZip

/// An entry read again, inflated by zlib itself from its raw bytes instead of through libzip, which would
/// compute its CRC-32 once more. Only for an entry whose CRC-32 a complete earlier reading of the same
/// open archive checked (`ZipArchive` knows which): an .ods's `content.xml` is read twice, once for its
/// structure and once for its rows, and the checksum of 30 MB of XML costs a tenth of the whole reading.
/// Every limit still applies to what it produces (`ZipPartReader` counts it as it counts libzip's).
final class ZipRawInflater {
    private let file: OpaquePointer
    private let name: String
    /// zlib's raw inflate; nil for a stored entry, whose raw bytes are its content.
    private let stream: UnsafeMutablePointer<z_stream>?
    private let input: UnsafeMutableRawBufferPointer
    private var inputEnded = false
    private var streamEnded = false

    static let inputChunk = 1 << 16

    /// Opens the raw bytes of entry `index` compressed with `method` (deflate or stored); nil for another
    /// method, or when zlib or libzip cannot start (the caller then reads through libzip).
    init?(archive: OpaquePointer, index: UInt64, method: Int32, name: String) {
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

    /// Fills `buffer` with the next inflated bytes; 0 at the end of the entry.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(XLSXError) -> Int {
        guard let stream else { return try readRaw(into: buffer) }
        guard !streamEnded, buffer.count > 0 else { return 0 }
        stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(buffer.count)
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0, !inputEnded {
                let count = try readRaw(into: input)
                inputEnded = count == 0
                stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = uInt(count)
            }
            let status = inflate(stream, Z_NO_FLUSH)
            if status == Z_STREAM_END {
                streamEnded = true
                break
            }
            guard status == Z_OK || (status == Z_BUF_ERROR && !inputEnded) else {
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "the compressed data ends early"
                throw .corruptZip(detail: .other(entry: name, message: reason))
            }
        }
        return buffer.count - Int(stream.pointee.avail_out)
    }

    private func readRaw(into buffer: UnsafeMutableRawBufferPointer) throws(XLSXError) -> Int {
        let count = zip_fread(file, buffer.baseAddress, UInt64(buffer.count))
        guard count >= 0 else {
            throw .corruptZip(detail: .other(entry: name, message: String(cString: zip_error_strerror(zip_file_get_error(file)))))
        }
        return Int(count)
    }
}
