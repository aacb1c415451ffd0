import CZip

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The zip container of a workbook, through libzip. Finds parts by name without regard to case (OPC part
/// names are case-insensitive) and inflates them in chunks, counting the bytes it really produces so a
/// zip bomb is stopped by `XLSXLimits` whatever sizes the archive declares. Nothing is written to disk.
/// A deflated entry is inflated from its raw bytes by zlib, its CRC-32 checked by us on its first reading
/// (`ZipRawInflater`); a stored entry's first reading, and what that path cannot read, go through libzip,
/// which checks them; a reading after a checked one is raw and unchecked, stored or deflated.
final class ZipArchive {
    let limits: XLSXLimits
    private let archive: OpaquePointer
    /// Lower-cased part name (no leading slash) -> (entry index, name as stored).
    private let entries: [String: (index: UInt64, name: String)]
    /// The size of the file on disk: the denominator of the whole archive's compression ratio.
    private let fileBytes: Int
    /// Bytes inflated so far, each entry counted on its first reading only (a sheet read twice is
    /// still one sheet), and the entries counted.
    private var inflatedBytes = 0
    private var countedEntries = Set<UInt64>()
    /// Entries a reading went through to the end, where their CRC-32 was checked: read again, they are
    /// inflated without checking it once more (`ZipRawInflater`).
    private var checkedEntries = Set<UInt64>()

    init(path: String, limits: XLSXLimits) throws(XLSXError) {
        self.limits = limits
        fileBytes = try FileSignature.check(path: path)
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY, &code) else {
            throw ZipArchive.openError(code: code, path: path)
        }
        self.archive = archive
        let count = zip_get_num_entries(archive, 0)
        guard count <= limits.maxZipEntries else {
            zip_discard(archive)
            throw .limitExceeded(limit: .zipEntries, part: "the archive", maximum: limits.maxZipEntries)
        }
        do {
            entries = try ZipArchive.listEntries(of: archive, count: UInt64(max(count, 0)))
        } catch {
            zip_discard(archive)
            throw error
        }
    }

    /// The entries by lookup key. Refuses two entries with one key (which one a program reads would be
    /// chance) and names that are absolute or climb with `..` (never used on disk, but never innocent).
    private static func listEntries(of archive: OpaquePointer, count: UInt64)
        throws(XLSXError) -> [String: (index: UInt64, name: String)] {
        var entries: [String: (index: UInt64, name: String)] = [:]
        for index in 0..<count {
            guard let raw = zip_get_name(archive, index, zip_flags_t(ZIP_FL_ENC_GUESS)) else { continue }
            let name = String(cString: raw)
            guard !PartName.isUnsafeEntryName(name) else { throw .corruptZip(detail: .unsafeEntryName(name: name)) }
            let key = PartName.key(name)
            guard entries[key] == nil else { throw .corruptZip(detail: .duplicateEntry(name: name)) }
            entries[key] = (index, name)
        }
        return entries
    }

    deinit { zip_discard(archive) }

    /// Whether a part exists (case-insensitive, with or without a leading slash).
    func contains(_ part: String) -> Bool { entries[PartName.key(part)] != nil }

    /// What a part holds decides its size limit: worksheets and shared strings are streamed (or kept
    /// compact), everything else is kept in memory and is held to the tighter structure limit.
    enum PartRole {
        case streamed, structure
    }

    /// Opens a part for reading in chunks.
    func open(_ part: String, role: PartRole) throws(XLSXError) -> ZipPartReader {
        let (limit, maximum) = role == .streamed
            ? (XLSXLimits.Name.partSize, limits.maxPartBytes) : (.structurePartSize, limits.maxStructurePartBytes)
        guard let entry = entries[PartName.key(part)] else { throw .missingPart(name: part) }
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_stat_index(archive, entry.index, 0, &stat) == 0 else {
            throw .corruptZip(detail: .other(entry: entry.name, message: archiveMessage()))
        }
        if stat.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0, stat.encryption_method != UInt16(ZIP_EM_NONE) {
            throw .encrypted
        }
        if stat.valid & UInt64(ZIP_STAT_SIZE) != 0, stat.size > UInt64(maximum) {
            throw .limitExceeded(limit: limit, part: entry.name, maximum: maximum)
        }
        let compressed = stat.valid & UInt64(ZIP_STAT_COMP_SIZE) != 0 ? Int(clamping: stat.comp_size) : 0
        let firstReading = countedEntries.insert(entry.index).inserted
        if let inflater = rawInflater(of: entry, stat: stat) {
            return ZipPartReader(archive: self, source: .raw(inflater), index: entry.index, name: entry.name, compressedSize: compressed,
                                 sizeLimit: (limit, maximum), countsTowardArchive: firstReading)
        }
        guard let file = zip_fopen_index(archive, entry.index, 0) else {
            let code = zip_error_code_zip(zip_get_error(archive))
            if code == ZIP_ER_NOPASSWD || code == ZIP_ER_WRONGPASSWD || code == ZIP_ER_ENCRNOTSUPP { throw .encrypted }
            throw .corruptZip(detail: .other(entry: entry.name, message: archiveMessage()))
        }
        return ZipPartReader(archive: self, source: .libzip(file), index: entry.index, name: entry.name, compressedSize: compressed,
                             sizeLimit: (limit, maximum), countsTowardArchive: firstReading)
    }

    /// The entry's raw bytes inflated by zlib (`ZipRawInflater`): a deflated entry's first reading checked
    /// against the CRC-32 the central directory records; any reading after a checked one not checked at
    /// all. nil where libzip must read: no method or CRC-32 in the directory, encryption not known to be
    /// absent, a method other than deflate or stored, and a stored entry's first reading (libzip checks
    /// the CRC-32 of a stored entry's raw bytes whatever it is asked, so ours would be a second).
    private func rawInflater(of entry: (index: UInt64, name: String), stat: zip_stat_t) -> ZipRawInflater? {
        let known = { (field: UInt32) in stat.valid & UInt64(field) != 0 }
        guard known(ZIP_STAT_COMP_METHOD), known(ZIP_STAT_ENCRYPTION_METHOD),
              stat.encryption_method == UInt16(ZIP_EM_NONE) else { return nil }
        let check: ZipEntryCheck?
        if checkedEntries.contains(entry.index) {
            check = nil
        } else if known(ZIP_STAT_CRC), stat.comp_method == Int32(ZIP_CM_DEFLATE) {
            check = ZipEntryCheck(expectedCRC: stat.crc)
        } else {
            return nil
        }
        return ZipRawInflater(archive: archive, index: entry.index, method: Int32(stat.comp_method), name: entry.name, check: check)
    }

    /// The whole text of a small part such as `mimetype`: at most `maximum` bytes, or the part is refused
    /// as past the structure limit.
    func smallText(of part: String, maximum: Int) throws(XLSXError) -> String {
        let reader = try open(part, role: .structure)
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: maximum + 1, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = try reader.read(into: chunk)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= maximum else {
                throw .limitExceeded(limit: .structurePartSize, part: reader.name, maximum: maximum)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Adds inflated bytes to the whole archive's count and holds the archive to the compression ratio:
    /// many small parts, each under `compressionRatioGraceBytes`, must not add up to a bomb.
    fileprivate func countInflated(_ count: Int, part: String) throws(XLSXError) {
        inflatedBytes += count
        if inflatedBytes > limits.compressionRatioGraceBytes, inflatedBytes / max(fileBytes, 1) > limits.maxCompressionRatio {
            throw .limitExceeded(limit: .compressionRatio, part: part, maximum: limits.maxCompressionRatio)
        }
    }

    /// A reading of entry `index` reached its end, where its CRC-32 was checked (by libzip or by us).
    fileprivate func checkedChecksum(of index: UInt64) {
        checkedEntries.insert(index)
    }

    private func archiveMessage() -> String {
        String(cString: zip_error_strerror(zip_get_error(archive)))
    }

    private static func openError(code: Int32, path: String) -> XLSXError {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        let message = String(cString: zip_error_strerror(&error))
        switch code {
        case ZIP_ER_NOENT, ZIP_ER_OPEN: return .unreadable(path: path, reason: message)
        case ZIP_ER_NOZIP: return .corruptZip(detail: .truncated)
        case ZIP_ER_INCONS: return .corruptZip(detail: .inconsistentDirectory)
        default: return .corruptZip(detail: .other(entry: nil, message: message))
        }
    }
}

/// One part being inflated. Counts what it produces against the part-size and compression-ratio limits.
/// Keeps its archive open for as long as it lives, so rows can outlive the workbook object.
final class ZipPartReader {
    /// Where the inflated bytes come from.
    fileprivate enum Source {
        /// libzip, which checks the CRC-32 at the end: for what the raw path cannot read.
        case libzip(OpaquePointer)
        /// The raw bytes inflated by zlib, the CRC-32 checked by us on a first reading.
        case raw(ZipRawInflater)
    }

    let name: String
    private let archive: ZipArchive
    private let source: Source
    private let index: UInt64
    private let compressedSize: Int
    private let limits: XLSXLimits
    private let sizeLimit: (name: XLSXLimits.Name, maximum: Int)
    private let countsTowardArchive: Bool
    private(set) var bytesRead = 0

    fileprivate init(archive: ZipArchive, source: Source, index: UInt64, name: String, compressedSize: Int,
                     sizeLimit: (XLSXLimits.Name, Int), countsTowardArchive: Bool) {
        self.archive = archive
        self.countsTowardArchive = countsTowardArchive
        self.source = source
        self.index = index
        self.name = name
        self.compressedSize = compressedSize
        self.limits = archive.limits
        self.sizeLimit = sizeLimit
    }

    deinit {
        if case let .libzip(file) = source { zip_fclose(file) }
    }

    /// Whether this reading inflates the raw bytes itself rather than through libzip, for tests.
    var inflatesRaw: Bool {
        if case .raw = source { return true }
        return false
    }

    /// Whether this reading checks the entry's CRC-32 at its end (no earlier reading did), for tests.
    var checksItsChecksum: Bool {
        switch source {
        case .libzip: return true
        case let .raw(inflater): return inflater.checksItsChecksum
        }
    }

    /// Fills `buffer` with the next inflated bytes; 0 at the end of the part.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(XLSXError) -> Int {
        let count: Int
        switch source {
        case let .raw(inflater): count = try inflater.read(into: buffer)
        case let .libzip(file): count = try readThroughLibzip(file, into: buffer)
        }
        // Either source checks the CRC-32 before it answers 0 at the end.
        if count == 0, buffer.count > 0 { archive.checkedChecksum(of: index) }
        return try counted(count)
    }

    private func readThroughLibzip(_ file: OpaquePointer, into buffer: UnsafeMutableRawBufferPointer) throws(XLSXError) -> Int {
        let count = zip_fread(file, buffer.baseAddress, UInt64(buffer.count))
        guard count >= 0 else {
            // libzip checks an entry's CRC-32 when it reaches the end: a mismatch arrives here, after the
            // content was handed out, so the caller must drop what it read (every reader of parts does).
            throw .corruptZip(detail: .failedReading(file, entry: name))
        }
        return Int(count)
    }

    /// Counts `count` inflated bytes against the part's and the archive's limits, and returns it.
    private func counted(_ count: Int) throws(XLSXError) -> Int {
        bytesRead += count
        if bytesRead > sizeLimit.maximum {
            throw .limitExceeded(limit: sizeLimit.name, part: name, maximum: sizeLimit.maximum)
        }
        if bytesRead > limits.compressionRatioGraceBytes,
           bytesRead / max(compressedSize, 1) > limits.maxCompressionRatio {
            throw .limitExceeded(limit: .compressionRatio, part: name, maximum: limits.maxCompressionRatio)
        }
        if countsTowardArchive { try archive.countInflated(count, part: name) }
        return count
    }
}

extension ZipDamage {
    /// What libzip's error after `zip_fread` of `entry` means: a CRC-32 that does not match (libzip checks
    /// it on whatever it inflates, and on a stored entry's raw bytes), or other damage in libzip's words.
    static func failedReading(_ file: OpaquePointer, entry: String) -> ZipDamage {
        let error = zip_file_get_error(file)
        if zip_error_code_zip(error) == ZIP_ER_CRC { return .checksumMismatch(entry: entry) }
        return .other(entry: entry, message: String(cString: zip_error_strerror(error)))
    }
}

/// What the first bytes of a file say it is, before libzip is asked: an OLE compound file (Excel's
/// encryption wrapper, or a legacy .xls), something that is no zip at all, or a zip.
enum FileSignature {
    private static let ole: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
    /// The stream Excel puts the encrypted workbook in, as its UTF-16LE directory name.
    private static let encryptedPackage: [UInt8] = Array("EncryptedPackage".utf8).flatMap { [$0, 0] }

    /// Checks the signature and returns the file's size in bytes.
    static func check(path: String) throws(XLSXError) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(path: path, reason: "it is not a regular file")
        }
        guard let file = fopen(path, "rb") else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 8)
        let count = fread(&head, 1, head.count, file)
        if count == 8, head == ole {
            throw containsEncryptedPackage(file) ? .encrypted : .legacyOfficeDocument
        }
        // A zip starts with a local file header, or with the end record when it is empty.
        let isZip = count >= 4 && head[0] == 0x50 && head[1] == 0x4B
            && ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6))
        if !isZip { throw .notAZip }
        return Int(status.st_size)
    }

    /// Scans the compound file for the directory entry of the encrypted package, in bounded chunks.
    private static func containsEncryptedPackage(_ file: UnsafeMutablePointer<FILE>) -> Bool {
        let needle = encryptedPackage
        var window = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        fseek(file, 0, SEEK_SET)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { return false }
            window.append(contentsOf: chunk[0..<count])
            if window.firstRange(of: needle) != nil { return true }
            window.removeFirst(max(0, window.count - needle.count))
        }
    }
}
