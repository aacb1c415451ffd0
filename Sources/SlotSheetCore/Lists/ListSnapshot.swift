import Crypto
import XLSXReader

/// What a list workbook's export saw: each row's fields, by the row's key, kept in the workbook's
/// very hidden `_slotsheet` sheet (`HiddenRecords`) with a fingerprint over them all. An import
/// compares it with the database's rows now, so a list edited while someone else changed the same
/// rows is told apart (`ListStaleCheck`), and `--force` can apply just the fields the office edited.
///
///     slotsheet   | staff-list   | 1
///     row         | ANB          | ANB | Anouk Bakker | E1040 | x     a row: its key and its fields
///     meta        | generated_at | 2026-11-26T03:50:00Z
///     meta        | fingerprint  | 9f86...      SHA-256 of the list's kind and every row record
struct ListSnapshot: Sendable {
    static let version = 1

    /// The fields of each row as exported, by key.
    var rows: [String: [String]] = [:]

    /// The marker's kind of a `kind` list workbook: "staff-list".
    static func markerKind(_ kind: ListKind) -> String { "\(kind.rawValue)-list" }

    /// The record of a row: `row`, its key, its fields.
    static func record(key: String, fields: [String]) -> [String] {
        [Record.row.rawValue, key] + fields
    }

    /// A running SHA-256 over the row records, in the order written: the records of a workbook
    /// agree with its fingerprint unless someone edited them.
    struct Fingerprint {
        private var hasher = SHA256()

        init(kind: ListKind) {
            hasher.update(data: Array("slotsheet-list-v\(ListSnapshot.version) \(kind.rawValue)\n".utf8))
        }

        mutating func add(key: String, fields: [String]) {
            // Each value with its length: a value holding a separator cannot pass for two.
            for value in [key] + fields { hasher.update(data: Array("\(value.utf8.count):\(value)".utf8)) }
            hasher.update(data: [0x0A])
        }

        var hexDigest: String { hasher.finalize().map { String(format: "%02x", $0) }.joined() }
    }

    enum Record: String {
        case row, meta
    }

    enum Key: String {
        case generatedAt = "generated_at"
        case fingerprint
    }

    /// The snapshot `book` keeps for a `kind` list; nil when it keeps none (a CSV turned workbook,
    /// a file another program made, or a workbook slotsheet made for something else): such a
    /// file is read as it stands. Throws `ImportFileError.listRecordsEdited` when the records are
    /// there but do not agree with their fingerprint (edited by hand).
    static func read(from book: Workbook, kind: ListKind) throws -> ListSnapshot? {
        guard let sheet = HiddenRecords.sheet(in: book) else { return nil }
        var snapshot = ListSnapshot()
        var fingerprint = Fingerprint(kind: kind)
        var recorded: String?
        var isList = false, readable = true
        let width = kind.columns.count
        try HiddenRecords.forEachRecord(in: book, sheet: sheet) { fields, row in
            let field = { (index: Int) in index < fields.count ? fields[index] : "" }
            if row == 1 {
                isList = field(0) == HiddenRecords.marker && field(1) == markerKind(kind) && field(2) == String(version)
                return
            }
            guard isList else { return }
            switch Record(rawValue: field(0)) {
            case .row:
                let values = (2..<(2 + width)).map(field)
                guard fields.count <= 2 + width, snapshot.rows.updateValue(values, forKey: field(1)) == nil else { readable = false; return }
                fingerprint.add(key: field(1), fields: values)
            case .meta:
                if field(1) == Key.fingerprint.rawValue { recorded = field(2) }
            case nil:
                if !fields.allSatisfy(\.isEmpty) { readable = false }
            }
        }
        guard isList else { return nil }
        guard readable, recorded == fingerprint.hexDigest else { throw ImportFileError.listRecordsEdited(kind) }
        return snapshot
    }
}

/// A row the database changed after the list was exported, in a way the file would overwrite.
public enum ListStaleChange: Hashable, Sendable {
    /// The row was changed: each field that differs, as exported (`before`) and now (`after`).
    case changed([ListReportLine.ColumnChange])
    /// A row with this key was added to the database, with other fields (`now`) than the file's.
    case added(now: [String])
    /// The row is no longer in the database (the import that added it was undone).
    case removed
}

/// Which rows of a list file the database changed since the file was exported: a row is stale
/// when the database's row differs from what the export saw and from what the file says (a row
/// where the database already says what the file says is no conflict, so an applied list imports
/// again as a no-op). Rows the file does not mention are left as they are by an import, so they
/// are no conflict either.
enum ListStaleCheck {
    static func changes(_ wishes: [ListWish], kind: ListKind, exported: ListSnapshot, current: [String: StoredListRow]) -> [ListProblem] {
        wishes.compactMap { wish in
            let now = current[wish.key]?.fields
            let then = exported.rows[wish.key]
            guard then != now, wish.fields != now else { return nil }
            let change: ListStaleChange
            switch (then, now) {
            case let (then?, now?):
                change = .changed(zip(kind.columns, zip(then, now)).filter { $0.1.0 != $0.1.1 }
                    .map { ListReportLine.ColumnChange(column: $0.0, before: $0.1.0, after: $0.1.1) })
            case let (nil, now?): change = .added(now: now)
            default: change = .removed
            }
            return ListProblem(.changedSinceExport(key: wish.key, change), at: wish.row.places[0])
        }
    }

    /// The rows a forced import plans: on each stale row, only the fields the office edited (those
    /// that differ from what the export saw), on top of the database's row as it is now; a stale
    /// row the office did not edit is left out, so the database's change stands.
    static func forced(_ wishes: [ListWish], stale: [ListProblem], exported: ListSnapshot, current: [String: StoredListRow]) -> [ListWish] {
        let staleKeys = Set(stale.compactMap { problem -> String? in
            if case let .changedSinceExport(key, _) = problem.kind { return key }
            return nil
        })
        return wishes.compactMap { wish in
            guard staleKeys.contains(wish.key), let then = exported.rows[wish.key], let now = current[wish.key]?.fields else { return wish }
            guard wish.fields != then else { return nil }
            let merged = zip(wish.fields, zip(then, now)).map { edited, pair in edited != pair.0 ? edited : pair.1 }
            return ListWish(fields: merged, row: wish.row, key: wish.key)
        }
    }
}
