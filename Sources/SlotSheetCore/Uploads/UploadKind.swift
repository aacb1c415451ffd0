/// What an upload is: which file the office sent, and so which reader, checker and apply job the
/// one upload pipeline runs for it (`UploadKindPipeline`). Everything else (the bytes in chunks,
/// the state machine, the reading queue with its leases, the stored preview and error workbooks,
/// the janitor, the apply's plan digest) is the same for every kind. The raw value is what
/// `web_upload.kind` records.
public enum UploadKind: String, CaseIterable, Sendable {
    /// The availability template or CSV (`/upload`, `/api/uploads`).
    case availability
    /// One of the office's lists (the Lists page, `/lists/KIND`).
    case staff
    case dayparts
    case catalogue
    /// A requests workbook (or its CSV) with the office's decisions (the Requests page).
    case requests

    /// The upload kind of a list.
    public init(_ list: ListKind) {
        switch list {
        case .staff: self = .staff
        case .dayparts: self = .dayparts
        case .catalogue: self = .catalogue
        }
    }

    /// The list this kind of upload changes; nil for availability and requests.
    public var list: ListKind? { ListKind(rawValue: rawValue) }

    /// What reads, checks and applies this kind: the one place the kind chooses.
    public var pipeline: any UploadKindPipeline {
        if let list { return ListUploads(kind: list) }
        return self == .requests ? RequestUploads() : AvailabilityUploads()
    }
}
