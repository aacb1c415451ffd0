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
    static let version: UInt64 = 1

    public static func encode(_ preview: UploadPreview) -> [UInt8] {
        var w = StoredBytesWriter()
        w.unsigned(version)
        w.int(preview.rowsRead)
        switch preview.result {
        case let .checked(prepared, outcome):
            w.byte(0)
            w.sheet(prepared.parsed)
            w.outcome(outcome)
        case let .unreadable(refusal):
            w.byte(1)
            w.refusal(refusal)
        }
        w.bool(preview.onTop != nil)
        if let onTop = preview.onTop { w.outcome(onTop) }
        return w.bytes
    }

    public static func decode(_ bytes: [UInt8]) throws(StoredBytesError) -> UploadPreview {
        var r = StoredBytesReader(bytes)
        let found = try r.unsigned()
        guard found == version else { throw .unexpected("stored preview version \(found)") }
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
