import Foundation

/// The checks every list shares, field by field: text that must be there, fit and hold no control
/// characters; codes that can head a template column; the `active` mark; a value that must be
/// unique in the file. Each check adds its problems and returns the value it read (nil when wrong).
struct ListFieldChecks {
    /// Characters a code may hold, and how many: it heads a column of the availability template.
    static let codeLimit = 12
    static let codeCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    var problems: [ListProblem] = []
    /// Per column index and lower-cased value: where it was first seen.
    private var seen: [Int: [String: ImportProblem.Location]] = [:]

    /// Text of at most `limit` characters, without control characters; empty is a problem when `required`.
    mutating func text(_ row: ListTable.Row, _ index: Int, of kind: ListKind, limit: Int, required: Bool = true) -> String? {
        let column = kind.columns[index]
        let value = row.values[index] ?? ""
        let place = row.places[index]
        if value.isEmpty {
            if required { problems.append(ListProblem(.emptyValue(column: column), at: place)) }
            return required ? nil : ""
        }
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            problems.append(ListProblem(.controlCharacter(column: column, text: ListFieldChecks.excerpt(value)), at: place))
            return nil
        }
        if value.count > limit {
            problems.append(ListProblem(.tooLong(column: column, length: value.count, limit: limit), at: place))
            return nil
        }
        return value
    }

    /// A code: 1 to `codeLimit` letters, digits, `-` and `_`, unique in the file whatever its case.
    mutating func code(_ row: ListTable.Row, of kind: ListKind) -> String? {
        let value = row.values[0] ?? ""
        if value.isEmpty {
            problems.append(ListProblem(.emptyValue(column: kind.columns[0]), at: row.places[0]))
            return nil
        }
        guard value.count <= ListFieldChecks.codeLimit, value.unicodeScalars.allSatisfy({ ListFieldChecks.codeCharacters.contains($0) }) else {
            problems.append(ListProblem(.invalidCode(ListFieldChecks.excerpt(value)), at: row.places[0]))
            return nil
        }
        return unique(value, row, 0, of: kind)
    }

    /// `x` (or yes, ja, true, 1) is active; empty (or no, nee, false, 0) is not, as in the
    /// availability import's `available` column.
    mutating func active(_ row: ListTable.Row, of kind: ListKind) -> Bool? {
        let index = kind.columns.count - 1
        let value = MarkText.visible(row.values[index] ?? "").lowercased()
        if CSVAvailabilityParser.yes.contains(value) { return true }
        if CSVAvailabilityParser.no.contains(value) { return false }
        problems.append(ListProblem(.invalidActive(ListFieldChecks.excerpt(row.values[index] ?? "")), at: row.places[index]))
        return nil
    }

    /// `value` unless another row of the file has it in this column already (case aside).
    mutating func unique(_ value: String, _ row: ListTable.Row, _ index: Int, of kind: ListKind) -> String? {
        let folded = value.lowercased()
        if let first = seen[index]?[folded] {
            problems.append(ListProblem(.duplicateInFile(column: kind.columns[index], value: value, first: first), at: row.places[index]))
            return nil
        }
        seen[index, default: [:]][folded] = row.places[index]
        return value
    }

    /// A value as a message quotes it: at most 60 characters, so a 10,000-character name does not
    /// fill the screen.
    static func excerpt(_ value: String) -> String {
        value.count <= 60 ? value : String(value.prefix(57)) + "..."
    }
}
