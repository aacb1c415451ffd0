/// An upload's preview as the database keeps it (`upload_result_chunk`), written once by the
/// instance that read the upload: every instance shows and applies the upload from it without
/// reading the file again. It holds what the preview holds (`UploadPreview`): the file as read
/// (its rows only while the upload may be applied; no database snapshot), the outcome with its
/// plan, its kept problems (`ProblemTally.kept`) and tally, its stale changes and its digest, and
/// for a stale template the plan on top. The digests are stored, not worked out again, so the
/// preview read back carries the very digest the reader recorded on the upload's row.
///
///     let bytes = StoredPreview.encode(preview)
///     let same = try StoredPreview.decode(bytes)   // same.reading == preview.reading
public enum StoredPreview {
    /// The form's version, first in every stored preview; a reader refuses one it does not know.
    /// The first form (1) was the whole preview in one piece; it is still read (`decodeFirstForm`).
    static let version: UInt64 = 2

    /// The version, the summary's length, the summary (`StoredPreviewSummary`: what a page shows,
    /// and where each plan's changes are), then the body: the plan's changes, those of the plan on
    /// top, and the file as read.
    public static func encode(_ preview: UploadPreview) -> [UInt8] {
        var summary = StoredBytesWriter(), body = StoredBytesWriter()
        summary.int(preview.rowsRead)
        switch preview.result {
        case let .checked(_, outcome):
            summary.byte(0)
            summary.outcomeSummary(outcome, body: &body)
        case let .unreadable(refusal):
            summary.byte(1)
            summary.refusal(refusal)
        }
        summary.bool(preview.onTop != nil)
        if let onTop = preview.onTop { summary.outcomeSummary(onTop, body: &body) }
        if case let .checked(prepared, _) = preview.result {
            summary.count(body.bytes.count)
            body.sheet(prepared.parsed)
        }
        var head = StoredBytesWriter()
        head.unsigned(version)
        head.count(summary.bytes.count)
        return head.bytes + summary.bytes + body.bytes
    }

    /// The whole preview, for an apply (and an error workbook made again).
    public static func decode(_ bytes: [UInt8]) throws(StoredBytesError) -> UploadPreview {
        var r = StoredBytesReader(bytes)
        let found = try r.unsigned()
        if found == 1 { return try decodeFirstForm(&r) }
        guard found == version else { throw .unexpected("stored preview version \(found)") }
        let length = try r.count()
        let bodyStart = r.position + length
        var summaryReader = StoredBytesReader(Array(bytes[r.position..<bodyStart]))
        let summary = try summaryReader.previewSummary()
        func body(_ range: Range<Int>) throws(StoredBytesError) -> [UInt8] {
            guard range.upperBound <= bytes.count - bodyStart else { throw .truncated }
            return Array(bytes[(bodyStart + range.lowerBound)..<(bodyStart + range.upperBound)])
        }
        func whole(_ stored: StoredOutcomeSummary) throws(StoredBytesError) -> ImportOutcome {
            var outcome = stored.outcome
            do {
                outcome.plan.changes = try stored.stream.changes(.init(offset: 0, limit: stored.stream.total)) { range in try body(range) }
            } catch let error as StoredBytesError {
                throw error
            } catch {
                throw .unexpected("\(error)")
            }
            return outcome
        }
        let result: UploadPreview.Result
        switch summary.result {
        case let .checked(stored):
            guard let sheetOffset = summary.sheetOffset, sheetOffset <= bytes.count - bodyStart else { throw .truncated }
            var sheet = StoredBytesReader(Array(bytes[(bodyStart + sheetOffset)...]))
            let parsed = try sheet.sheet()
            guard sheet.isAtEnd else { throw .unexpected("bytes after the preview") }
            result = .checked(PreparedImport(parsed: parsed, snapshot: nil), try whole(stored))
        case let .unreadable(refusal):
            guard bytes.count == bodyStart else { throw .unexpected("bytes after the preview") }
            result = .unreadable(refusal)
        }
        return UploadPreview(stored: result, onTop: try summary.onTop.map { stored throws(StoredBytesError) in try whole(stored) },
                             rowsRead: summary.rowsRead)
    }

    /// A preview stored in the first form (before summaries), after its version.
    private static func decodeFirstForm(_ r: inout StoredBytesReader) throws(StoredBytesError) -> UploadPreview {
        let rowsRead = try r.int()
        let result: UploadPreview.Result
        switch try r.byte() {
        case 0:
            let parsed = try r.sheet()
            result = .checked(PreparedImport(parsed: parsed, snapshot: nil), try r.outcome())
        case 1:
            result = .unreadable(try r.refusal())
        case let other:
            throw .unexpected("preview result \(other)")
        }
        let onTop = try r.bool() ? try r.outcome() : nil
        guard r.isAtEnd else { throw .unexpected("bytes after the preview") }
        return UploadPreview(stored: result, onTop: onTop, rowsRead: rowsRead)
    }
}

// MARK: - The file as read

extension StoredBytesWriter {
    /// A file refused whole, in the words it was refused with (every kind of upload's).
    mutating func refusal(_ refusal: FileRefusal) {
        text(refusal.outcome.rawValue)
        text(refusal.english)
        text(refusal.dutch)
    }

    mutating func sheet(_ parsed: ParsedSheet) {
        text(parsed.fileName)
        text(parsed.sha256)
        texts(parsed.staffCodes)
        count(parsed.slots.count)
        for slot in parsed.slots {
            int(slot.date.dayNumber)
            text(slot.daypartCode)
            text(slot.daypartLabel)
            raw(slot.marks.map(\.rawValue))
        }
        switch parsed.origin {
        case let .template(file):
            byte(0)
            template(file)
        case let .csv(lines):
            byte(1)
            // A refused CSV keeps no rows, and so no places of them.
            let kept = lines.prefix(parsed.slots.count)
            count(kept.count)
            for slot in kept {
                count(slot.count)
                for line in slot { int(Int(line)) }
            }
        }
        problems(parsed.problems.kept)
    }

    mutating func template(_ file: TemplateFile) {
        int(file.layout.range.from.dayNumber)
        int(file.layout.range.to.dayNumber)
        count(file.layout.dayparts.count)
        for daypart in file.layout.dayparts {
            text(daypart.code)
            text(daypart.label)
        }
        count(file.layout.staff.count)
        for person in file.layout.staff {
            text(person.code)
            text(person.name)
        }
        text(file.dataSheet)
        text(file.language)
        text(file.generatedAt)
        int(file.exportedOn.dayNumber)
        text(file.fingerprint)
        count(file.snapshot.count)
        for row in file.snapshot {
            int(row.date.dayNumber)
            text(row.daypartCode)
            raw(row.available.map { $0 ? 1 : 0 })
            int(row.held)
            texts(row.assignedStaffCodes)
        }
    }
}

extension StoredBytesReader {
    mutating func refusal() throws(StoredBytesError) -> FileRefusal {
        let name = try text()
        guard let outcome = UploadOutcome(rawValue: name) else { throw .unexpected("refusal '\(name)'") }
        return FileRefusal(outcome: outcome, english: try text(), dutch: try text())
    }

    mutating func sheet() throws(StoredBytesError) -> ParsedSheet {
        let fileName = try text(), sha256 = try text(), staffCodes = try texts()
        let slotCount = try count(itemBytes: 4)
        var slots: [ParsedSlot] = []
        slots.reserveCapacity(slotCount)
        for _ in 0..<slotCount {
            let date = LocalDate(dayNumber: try int()), code = try text(), label = try text()
            let marks = try raw().map { (value: UInt8) throws(StoredBytesError) -> Mark in
                guard let mark = Mark(rawValue: value) else { throw .unexpected("mark \(value)") }
                return mark
            }
            slots.append(ParsedSlot(date: date, daypartCode: code, daypartLabel: label, marks: marks))
        }
        let origin: ParsedSheet.Origin
        switch try byte() {
        case 0: origin = .template(try template())
        case 1:
            var lines: [[Int32]] = []
            let count = try count()
            lines.reserveCapacity(count)
            for _ in 0..<count {
                let marks = try self.count()
                var slot: [Int32] = []
                slot.reserveCapacity(marks)
                for _ in 0..<marks { slot.append(Int32(truncatingIfNeeded: try int())) }
                lines.append(slot)
            }
            origin = .csv(lines: lines)
        case let other: throw .unexpected("file origin \(other)")
        }
        return ParsedSheet(fileName: fileName, sha256: sha256, origin: origin, staffCodes: staffCodes, slots: slots,
                           problems: ProblemList(try problems()))
    }

    mutating func template() throws(StoredBytesError) -> TemplateFile {
        let from = LocalDate(dayNumber: try int()), to = LocalDate(dayNumber: try int())
        guard let range = DateRange(from: from, to: to) else { throw .unexpected("a template range that ends before it starts") }
        var dayparts: [TemplateLayout.DaypartEntry] = []
        for _ in 0..<(try count(itemBytes: 2)) { dayparts.append(TemplateLayout.DaypartEntry(code: try text(), label: try text())) }
        var staff: [TemplateLayout.StaffEntry] = []
        for _ in 0..<(try count(itemBytes: 2)) { staff.append(TemplateLayout.StaffEntry(code: try text(), name: try text())) }
        let dataSheet = try text(), language = try text(), generatedAt = try text()
        let exportedOn = LocalDate(dayNumber: try int()), fingerprint = try text()
        var snapshot: [TemplateRowState] = []
        let rows = try count(itemBytes: 4)
        snapshot.reserveCapacity(rows)
        for _ in 0..<rows {
            let date = LocalDate(dayNumber: try int()), code = try text(), available = try raw().map { $0 == 1 }
            snapshot.append(TemplateRowState(date: date, daypartCode: code, available: available, held: try int(), assignedStaffCodes: try texts()))
        }
        return TemplateFile(layout: TemplateLayout(range: range, dayparts: dayparts, staff: staff), dataSheet: dataSheet, language: language,
                            generatedAt: generatedAt, exportedOn: exportedOn, fingerprint: fingerprint, snapshot: snapshot)
    }
}

extension StoredPreview {
    /// Stores `preview` as `uploadID`'s, in place of any earlier one, inside the caller's
    /// transaction (which may run again: it only writes rows), in chunks of `UploadChunks.size`.
    /// Returns the bytes stored.
    @discardableResult
    public static func store(_ preview: UploadPreview, uploadID: RowID, in session: any StoreSession) throws -> Int {
        try store(encode(preview), uploadID: uploadID, in: session)
    }

    @discardableResult
    public static func store(_ bytes: [UInt8], uploadID: RowID, in session: any StoreSession) throws -> Int {
        try session.deleteUploadResult(uploadID: uploadID)
        var seq = 0
        for start in stride(from: 0, to: bytes.count, by: UploadChunks.size) {
            try session.insertUploadResultChunk(uploadID: uploadID, seq: seq, bytes: Array(bytes[start..<min(start + UploadChunks.size, bytes.count)]))
            seq += 1
        }
        return bytes.count
    }

    /// The stored preview of `uploadID`; nil when none is stored (the upload is not read yet, was
    /// read by a slotsheet from before stored previews, or was applied, discarded or expired).
    /// Stored bytes that cannot be read back throw `StoredBytesError`.
    public static func read(uploadID: RowID, from session: any StoreSession) throws -> UploadPreview? {
        try bytes(uploadID: uploadID, from: session).map { try decode($0) }
    }

    /// The stored preview of `uploadID` as its page and API state show it, with `changes` of its
    /// plan: only the summary and the chunks holding those changes are read, never the whole plan.
    /// A preview stored in the first form is read whole and summed up. Nil when none is stored.
    public static func readSummary(uploadID: RowID, changes page: PreviewSummary.ChangesPage,
                                   from session: any StoreSession) throws -> PreviewSummary? {
        try readSummaryCounting(uploadID: uploadID, changes: page, from: session)?.summary
    }

    /// `readSummary`, with the stored bytes it fetched from the database.
    static func readSummaryCounting(uploadID: RowID, changes page: PreviewSummary.ChangesPage,
                                    from session: any StoreSession) throws -> (summary: PreviewSummary, bytesRead: Int)? {
        var chunks = StoredResultChunks(uploadID: uploadID, session: session)
        guard let first = try chunks.chunk(0) else { return nil }
        var head = StoredBytesReader(first)
        let found = try head.unsigned()
        guard found == version else {
            // The first form (or a version this build refuses, as `decode` says).
            guard let bytes = try bytes(uploadID: uploadID, from: session) else { return nil }
            return (PreviewSummary(try decode(bytes), changes: page), bytes.count)
        }
        let length = try head.offset()
        let summaryStart = head.position, bodyStart = summaryStart + length
        var reader = StoredBytesReader(try chunks.bytes(summaryStart..<bodyStart))
        let stored = try reader.previewSummary()
        func body(_ range: Range<Int>) throws -> [UInt8] { try chunks.bytes((bodyStart + range.lowerBound)..<(bodyStart + range.upperBound)) }
        let result: PreviewSummary.Result
        switch stored.result {
        case let .checked(outcome): result = .checked(try outcome.summary(page, bytes: body))
        case let .unreadable(refusal): result = .unreadable(refusal)
        }
        let onTop = try stored.onTop.map { try $0.summary(page, bytes: body) }
        return (PreviewSummary(result: result, onTop: onTop, rowsRead: stored.rowsRead), chunks.bytesRead)
    }

    /// The stored bytes of what reading `uploadID` found, whatever its kind; nil when none are stored.
    static func bytes(uploadID: RowID, from session: any StoreSession) throws -> [UInt8]? {
        guard var bytes = try session.uploadResultChunk(uploadID: uploadID, seq: 0) else { return nil }
        var seq = 1
        while let chunk = try session.uploadResultChunk(uploadID: uploadID, seq: seq) {
            bytes += chunk
            seq += 1
        }
        return bytes
    }
}

/// A stored preview's chunks, fetched from the database only when a range of bytes asks for them
/// (every chunk but the last is as long as the first).
struct StoredResultChunks {
    let uploadID: RowID
    let session: any StoreSession
    private var fetched: [Int: [UInt8]] = [:]
    /// The bytes fetched from the database so far.
    private(set) var bytesRead = 0

    init(uploadID: RowID, session: any StoreSession) {
        self.uploadID = uploadID
        self.session = session
    }

    mutating func chunk(_ seq: Int) throws -> [UInt8]? {
        if let kept = fetched[seq] { return kept }
        guard let chunk = try session.uploadResultChunk(uploadID: uploadID, seq: seq) else { return nil }
        bytesRead += chunk.count
        fetched[seq] = chunk
        return chunk
    }

    /// The bytes in `range` of the stored preview.
    mutating func bytes(_ range: Range<Int>) throws -> [UInt8] {
        guard !range.isEmpty else { return [] }
        guard let size = try chunk(0)?.count, size > 0 else { throw StoredBytesError.truncated }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var at = range.lowerBound
        while at < range.upperBound {
            let seq = at / size, start = at - seq * size
            guard let chunk = try chunk(seq), start < chunk.count else { throw StoredBytesError.truncated }
            let end = min(chunk.count, range.upperBound - seq * size)
            bytes += chunk[start..<end]
            at += end - start
        }
        return bytes
    }
}
