import SlotSheetTemplates
import XLSXWriter

/// What one kind of upload adds to the one upload pipeline: how its stored file is parsed (on a
/// worker thread, without the database), how the parsed file is checked against the database as it
/// is now (reads only) into what the upload's row, its stored preview and its error workbooks
/// record, and how a refusal is stored. The reading queue, its leases and retries, the recording,
/// the janitor and the apply's digest are the pipeline's own and the same for every kind;
/// `UploadKind.pipeline` is the one place the kind chooses.
public protocol UploadKindPipeline: Sendable {
    associatedtype Parsed: Sendable

    /// Reads the file at `file.path`; throws `ImportFileError` for a file refused whole.
    /// `progress(rows read, rows in all; 0 while unknown)`.
    func parse(_ file: UploadFile, progress: @escaping @Sendable (Int, Int) -> Void) throws -> Parsed
    /// Checks the parsed file (reads only) and, when it has problems, writes its error workbook in
    /// every language to `workbookPath(language)`.
    func check(_ parsed: Parsed, file: UploadFile, store: any RepairStore, rules: OfficeRules, paper: PaperSize,
               workbookPath: (Language) -> String) throws -> UploadRead
    /// How the row and the stored preview record a file refused whole (or a read the server failed).
    func refused(_ refusal: FileRefusal) -> UploadRead
}

/// An upload's stored bytes written to a private file for a read, and who it is read for.
public struct UploadFile: Sendable {
    public let path: String
    /// What the browser called the file (what the batch records).
    public let fileName: String
    public let operatorName: String

    public init(path: String, fileName: String, operatorName: String) {
        self.path = path
        self.fileName = fileName
        self.operatorName = operatorName
    }
}

/// Where a job makes an upload's files on the server (the bytes written out for a read, the error
/// workbooks before they are stored): new private files of its folder, and the office's paper.
public struct UploadScratch: Sendable {
    public let paper: PaperSize
    /// A new private file with this extension.
    public let path: @Sendable (String) -> String

    public init(paper: PaperSize, path: @escaping @Sendable (String) -> String) {
        self.paper = paper
        self.path = path
    }
}

/// What reading an upload found, ready to record: the row's reading, the stored preview's bytes,
/// the error workbooks written (files the caller stores and removes).
public struct UploadRead: Sendable {
    public var reading: UploadReading
    public var stored: [UInt8]
    public var workbooks: [Language: String]
    /// An availability upload's preview, for an instance's cache; nil for the other kinds.
    public var availability: UploadPreview?

    public init(reading: UploadReading, stored: [UInt8], workbooks: [Language: String] = [:], availability: UploadPreview? = nil) {
        self.reading = reading
        self.stored = stored
        self.workbooks = workbooks
        self.availability = availability
    }

    /// Records the reading on the upload's row with its stored preview and error workbooks, in the
    /// caller's transaction: under `lease` (the reading queue's, which it ends), or without one
    /// (an apply that found the file refused as the database is now). False, and nothing written,
    /// when the upload was no longer reading under that lease (or no longer `reading`/`ready`).
    public func record(uploadID: RowID, lease: UploadLease?, in session: any StoreSession) throws -> Bool {
        let recorded = try lease.map { try session.finishReading(uploadID: uploadID, reading, lease: $0) }
            ?? session.finishReading(uploadID: uploadID, reading)
        guard recorded else { return false }
        try StoredPreview.store(stored, uploadID: uploadID, in: session)
        try UploadErrorWorkbooks.store(workbooks, uploadID: uploadID, in: session)
        return true
    }
}

/// Availability templates and CSVs: the import's reader and checks (`ImportJob`), the preview
/// stored as `StoredPreview`, the error workbook `slotsheet import --errors-out` writes.
public struct AvailabilityUploads: UploadKindPipeline {
    public init() {}

    public func parse(_ file: UploadFile, progress: @escaping @Sendable (Int, Int) -> Void) throws -> ParsedSheet {
        var parsed = try ImportSource.open(path: file.path).parse { progress($0, $1) }
        parsed.fileName = file.fileName
        return parsed
    }

    public func check(_ parsed: ParsedSheet, file: UploadFile, store: any RepairStore, rules: OfficeRules, paper: PaperSize,
                      workbookPath: (Language) -> String) throws -> UploadRead {
        let job = ImportJob(store: store, rules: rules)
        let preview = try UploadPreview.checking(try job.prepare(parsed), job: job, operatorName: file.operatorName)
        let workbooks = try UploadErrorWorkbooks.write(preview, source: file.path, store: store, rules: rules, paper: paper, to: workbookPath)
        return read(preview, workbooks: workbooks)
    }

    public func refused(_ refusal: FileRefusal) -> UploadRead {
        read(UploadPreview(result: .unreadable(refusal)), workbooks: [:])
    }

    /// What the row and the store record of `preview`.
    public func read(_ preview: UploadPreview, workbooks: [Language: String]) -> UploadRead {
        UploadRead(reading: preview.reading, stored: StoredPreview.encode(preview), workbooks: workbooks, availability: preview)
    }
}

/// The office's lists: the list's reader (`ListTable`) and checks (`ListJob`'s dry run, and for a
/// stale list workbook the office's edits on top), the preview stored as `StoredListPreview`,
/// the error workbook `slotsheet staff|dayparts|catalogue import --errors-out` writes.
public struct ListUploads: UploadKindPipeline {
    public let kind: ListKind

    public init(kind: ListKind) {
        self.kind = kind
    }

    public func parse(_ file: UploadFile, progress: @escaping @Sendable (Int, Int) -> Void) throws -> ListFile {
        let read = try ListFile(table: ListTable.read(path: file.path, kind: kind, fileName: file.fileName))
        progress(read.rows, read.rows)
        return read
    }

    public func check(_ parsed: ListFile, file: UploadFile, store: any RepairStore, rules: OfficeRules, paper: PaperSize,
                      workbookPath: (Language) -> String) throws -> UploadRead {
        let job = ListJob(store: store, rules: rules)
        let outcome = try job.run(parsed, ListRequest(dryRun: true, operatorName: file.operatorName))
        let onTop = outcome.status == .stale ? try job.run(parsed, ListRequest(dryRun: true, operatorName: file.operatorName, force: true)) : nil
        var workbooks: [Language: String] = [:]
        if !outcome.problems.isEmpty {
            for language in Language.allCases {
                let path = workbookPath(language)
                try ErrorWorkbook.write(list: kind, source: file.path, problems: outcome.problems, language: language, paper: paper, to: path)
                workbooks[language] = path
            }
        }
        let preview = ListUploadPreview(kind: kind, rowsRead: parsed.rows,
                                        result: .checked(ListUploadPreview.Outcome(outcome), onTop: onTop.map(ListUploadPreview.Outcome.init)))
        return UploadRead(reading: preview.reading, stored: StoredListPreview.encode(preview), workbooks: workbooks)
    }

    public func refused(_ refusal: FileRefusal) -> UploadRead {
        let preview = ListUploadPreview(kind: kind, rowsRead: 0, result: .unreadable(refusal))
        return UploadRead(reading: preview.reading, stored: StoredListPreview.encode(preview))
    }
}
