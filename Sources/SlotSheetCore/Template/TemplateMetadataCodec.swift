/// One record of a template's hidden `_slotsheet` sheet, typed: the writer (`TemplateWorkbook`)
/// encodes these and the reader (`TemplateMetadataReader`) decodes them, so the two sides share
/// one definition of what each field is. A record is one row, its fields the cells from column A.
///
///     MetadataRecord.staff(column: "F", code: "ANB", name: "Anouk Bakker").fields
///     // ["staff", "F", "ANB", "Anouk Bakker"]
enum MetadataRecord: Equatable {
    /// Always the first row: what the sheet is and the format it is in.
    case marker(version: Int)
    /// A daypart row label, in row order.
    case daypart(code: String, label: String)
    /// A staff column: its letters, the staff code and name.
    case staff(column: String, code: String, name: String)
    /// A data row: where it is (its date cell), its slot, and the database state it was made from.
    case row(TemplateCell, date: LocalDate, daypartCode: String, availability: String, held: Int, assigned: [String])
    case meta(TemplateMetadata.Key, String)

    /// The staff codes of a row record's assigned field, split at spaces as `split(separator: " ")`
    /// splits them; an ASCII field (every one slotsheet writes) is split in its own storage, each
    /// code made from its bytes: splitting by characters cost ~37k instructions a row, the UTF-8
    /// view's generic split ~18k (38M in a year's template, on the dry run's critical path).
    static func codes(_ field: String) -> [String] {
        var field = field
        return field.withUTF8 { bytes -> [String]? in
            var codes: [String] = []
            var start = 0
            for index in 0...bytes.count {
                guard index == bytes.count || bytes[index] == UInt8(ascii: " ") else {
                    if bytes[index] >= 0x80 { return nil }
                    continue
                }
                if index > start { codes.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            return codes
        } ?? field.split(separator: " ").map(String.init)
    }

    /// The cells of the record, column A first; an empty field is written as no cell.
    var fields: [String] {
        switch self {
        case let .marker(version): return [TemplateMetadata.marker, TemplateMetadata.kind, String(version)]
        case let .daypart(code, label): return [TemplateMetadata.Record.daypart.rawValue, code, label]
        case let .staff(column, code, name): return [TemplateMetadata.Record.staff.rawValue, column, code, name]
        case let .row(cell, date, daypartCode, availability, held, assigned):
            return [TemplateMetadata.Record.row.rawValue, String(cell.sheetRowNumber), date.iso, daypartCode, availability, String(held),
                    assigned.joined(separator: " ")]
        case let .meta(key, value): return [TemplateMetadata.Record.meta.rawValue, key.rawValue, value]
        }
    }

    /// Reads a record back from its cells, as text (`MetadataText`); nil for an empty row.
    /// `version` is the format the marker gave (format 1 wrote a staff column's header, "CODE Name",
    /// where format 2 writes the name).
    init?(fields: [String], row: Int, version: Int?) throws(MetadataDamage) {
        let field = { (index: Int) in index < fields.count ? fields[index] : "" }
        switch field(0) {
        case "":
            return nil
        case TemplateMetadata.marker:
            guard field(1) == TemplateMetadata.kind, let version = Int(field(2)) else { throw .noMarker }
            self = .marker(version: version)
        case TemplateMetadata.Record.daypart.rawValue:
            self = .daypart(code: field(1), label: field(2))
        case TemplateMetadata.Record.staff.rawValue:
            let code = field(2)
            var name = field(3)
            if version == 1 {
                guard name == code || name.hasPrefix(code + " ") else { throw .unreadableRecord(row: row) }
                name = String(name.dropFirst(min(name.count, code.count + 1)))
            }
            self = .staff(column: field(1), code: code, name: name)
        case TemplateMetadata.Record.row.rawValue:
            guard let sheetRow = Int(field(1)), sheetRow >= 1, let date = LocalDate(iso: field(2)), let held = Int(field(5)), held >= 0 else {
                throw .unreadableRecord(row: row)
            }
            self = .row(TemplateCell(readerRow: sheetRow, readerColumn: 1), date: date, daypartCode: field(3), availability: field(4),
                        held: held, assigned: MetadataRecord.codes(field(6)))
        case TemplateMetadata.Record.meta.rawValue:
            guard let key = TemplateMetadata.Key(rawValue: field(1)) else { throw .unknownMetaKey(row: row, key: field(1)) }
            self = .meta(key, field(2))
        default:
            throw .unknownRecord(row: row, kind: field(0))
        }
    }
}

/// What is wrong with a template's hidden metadata, so the import can say it (in the office's
/// language) and refuse the file rather than guess what the office saw.
public enum MetadataDamage: Error, Hashable, Sendable {
    /// The first row is not the slotsheet marker.
    case noMarker
    case unreadableRecord(row: Int)
    case unknownRecord(row: Int, kind: String)
    case unknownMetaKey(row: Int, key: String)
    /// A fact the import needs is not recorded.
    case missing(TemplateMetadata.Key)
    case noDayparts
    /// A staff column recorded in another column than the layout gives it.
    case staffColumnMoved(code: String, column: String)
    /// Rows recorded against rows the range needs.
    case rowCount(recorded: Int, needed: Int)
    /// A row record that does not match its place in the layout.
    case rowMismatch(record: Int)
}

extension MetadataDamage: OfficeMessage {
    public var english: String {
        switch self {
        case .noMarker: return "its first row is not a slotsheet marker"
        case let .unreadableRecord(row): return "record \(row) is not readable"
        case let .unknownRecord(row, kind): return "row \(row) holds an unknown record '\(kind)'"
        case let .unknownMetaKey(row, key): return "row \(row) holds an unknown fact '\(key)'"
        case let .missing(key): return "the fact '\(key.rawValue)' is missing"
        case .noDayparts: return "the dayparts are missing"
        case let .staffColumnMoved(code, column): return "staff \(code) is recorded in column \(column)"
        case let .rowCount(recorded, needed): return "it describes \(recorded) rows, the range needs \(needed)"
        case let .rowMismatch(record): return "row record \(record) does not fit the layout"
        }
    }

    public var dutch: String {
        switch self {
        case .noMarker: return "de eerste rij is geen kenmerk van slotsheet"
        case let .unreadableRecord(row): return "regel \(row) is onleesbaar"
        case let .unknownRecord(row, kind): return "rij \(row) bevat een onbekende regel '\(kind)'"
        case let .unknownMetaKey(row, key): return "rij \(row) bevat een onbekend gegeven '\(key)'"
        case let .missing(key): return "het gegeven '\(key.rawValue)' ontbreekt"
        case .noDayparts: return "de dagdelen ontbreken"
        case let .staffColumnMoved(code, column): return "medewerker \(code) staat genoteerd in kolom \(column)"
        case let .rowCount(recorded, needed): return "het beschrijft \(recorded) rijen, het bereik heeft er \(needed) nodig"
        case let .rowMismatch(record): return "rijregel \(record) past niet in de indeling"
        }
    }
}
