/// Why a template cannot be made. Each case says what to change on the command line.
public enum TemplateError: Error, Equatable, CustomStringConvertible {
    case unknownStaff([String])
    case inactiveStaff([String])
    case noStaff
    case noActiveDayparts
    case tooManyRows(rows: Int, limit: Int)
    case tooManyStaff(count: Int, limit: Int)

    public var description: String {
        switch self {
        case let .unknownStaff(codes):
            return "No staff member has the code \(codes.joined(separator: ", ")) in this database."
        case let .inactiveStaff(codes):
            return "Staff \(codes.joined(separator: ", ")) \(codes.count == 1 ? "is" : "are") not active; activate them first or leave them out."
        case .noStaff:
            return "There are no active staff to put in the template."
        case .noActiveDayparts:
            return "There are no active dayparts, so the template would have no rows."
        case let .tooManyRows(rows, limit):
            return "The range needs \(rows) rows; a sheet holds \(limit). Export a shorter range."
        case let .tooManyStaff(count, limit):
            return "\(count) staff columns do not fit; a sheet holds \(limit). Choose fewer staff members."
        }
    }
}
