import Crypto
import XLSXReader

/// What a requests workbook's export saw, kept in its very hidden `_slotsheet` sheet
/// (`HiddenRecords`) and sealed by a fingerprint: the sheet it wrote, and each request's row and
/// decision fields as exported. The import compares the file with it to know what the office
/// changed, and compares it with the database to know what others changed since (a stale request).
///
///     slotsheet | requests-workbook | 1
///     meta      | sheet        | Verzoeken
///     meta      | language     | nl
///     request   | 1043 | 2 | new | 2026-12-08 | AM | ANB |     a request: id, sheet row, status, slot, staff, subcontractor
///     meta      | generated_at | 2026-11-26T03:50:00Z
///     meta      | fingerprint  | 9f86...   SHA-256 of the sheet's name and every request record
struct RequestSheetSnapshot: Sendable, Equatable {
    static let markerKind = "requests-workbook"
    static let version = 1

    /// A request as exported: the sheet row it is on (1-based, as people count) and its state.
    struct Entry: Sendable, Equatable {
        var row: Int
        var recorded: RecordedRequest
    }

    /// The data sheet's name as written.
    var sheet: String
    /// Each request as exported, by id.
    var requests: [RowID: Entry] = [:]
    /// The request on each sheet row (1-based).
    var byRow: [Int: RowID] = [:]

    /// The record of a request: `request`, its id, its row, its state (the status by its stored
    /// name, the date as ISO). The note is not recorded: an export writes none.
    static func record(id: RowID, row: Int, _ recorded: RecordedRequest) -> [String] {
        [Record.request.rawValue, String(id), String(row), recorded.status.rawValue, recorded.date.iso, recorded.daypartCode,
         recorded.staffCode ?? "", recorded.subcontractor ?? ""]
    }

    /// Fields of a request record.
    private static let recordWidth = 8

    /// Each request's state as exported, as the decisions' stale check takes it.
    var recorded: [RowID: RecordedRequest] { requests.mapValues(\.recorded) }

    /// A running SHA-256 over the sheet's name and the request records in the order written: the
    /// records of a workbook agree with its fingerprint unless someone edited them.
    struct Fingerprint {
        private var hasher = SHA256()

        init(sheet: String) {
            hasher.update(data: Array("slotsheet-requests-v\(RequestSheetSnapshot.version) \(sheet.utf8.count):\(sheet)\n".utf8))
        }

        mutating func add(_ record: [String]) {
            // Each value with its length: a value holding a separator cannot pass for two.
            for value in record { hasher.update(data: Array("\(value.utf8.count):\(value)".utf8)) }
            hasher.update(data: [0x0A])
        }

        var hexDigest: String { hasher.finalize().map { String(format: "%02x", $0) }.joined() }
    }

    enum Record: String {
        case request, meta
    }

    enum Key: String {
        case sheet, language
        case generatedAt = "generated_at"
        case fingerprint
    }

    /// The snapshot `book` keeps; nil when it keeps none (a CSV saved as a workbook, a file
    /// another program made, a workbook slotsheet made for something else): such a file is read as
    /// it stands. Throws `ImportFileError.requestRecordsEdited` when the records are there but do
    /// not agree with their fingerprint, or cannot be read (edited by hand).
    static func read(from book: Workbook) throws -> RequestSheetSnapshot? {
        guard let sheet = HiddenRecords.sheet(in: book) else { return nil }
        var snapshot = RequestSheetSnapshot(sheet: "")
        var records: [[String]] = []
        var recorded: String?
        var isRequests = false, readable = true
        try HiddenRecords.forEachRecord(in: book, sheet: sheet) { fields, row in
            let field = { (index: Int) in index < fields.count ? fields[index] : "" }
            if row == 1 {
                isRequests = field(0) == HiddenRecords.marker && field(1) == markerKind && field(2) == String(version)
                return
            }
            guard isRequests else { return }
            switch Record(rawValue: field(0)) {
            case .request:
                let record = (0..<recordWidth).map(field)
                guard fields.count <= recordWidth, let entry = entry(record) else { readable = false; return }
                guard snapshot.requests.updateValue(entry.entry, forKey: entry.id) == nil,
                      snapshot.byRow.updateValue(entry.id, forKey: entry.entry.row) == nil else { readable = false; return }
                records.append(record)
            case .meta:
                switch Key(rawValue: field(1)) {
                case .sheet: snapshot.sheet = field(2)
                case .fingerprint: recorded = field(2)
                case .language, .generatedAt: break
                case nil: readable = false
                }
            case nil:
                if !fields.allSatisfy(\.isEmpty) { readable = false }
            }
        }
        guard isRequests else { return nil }
        var fingerprint = Fingerprint(sheet: snapshot.sheet)
        records.forEach { fingerprint.add($0) }
        guard readable, !snapshot.sheet.isEmpty, recorded == fingerprint.hexDigest else { throw ImportFileError.requestRecordsEdited }
        return snapshot
    }

    /// A request record's id and entry; nil when a field is not what the export writes.
    private static func entry(_ field: [String]) -> (id: RowID, entry: Entry)? {
        guard let id = RowID(field[1]), id > 0, let row = Int(field[2]), row > 1, let status = RequestStatus(rawValue: field[3]),
              let date = LocalDate(iso: field[4]), !field[5].isEmpty else { return nil }
        let recorded = RecordedRequest(status: status, date: date, daypartCode: field[5], staffCode: field[6].isEmpty ? nil : field[6],
                                       subcontractor: field[7].isEmpty ? nil : field[7])
        return (id, Entry(row: row, recorded: recorded))
    }
}
