import Foundation

/// A first and a last date as a person typed them, on the command line (`--from`, `--to`) or in a
/// form: `2026-12-01`, `01-12-2026`, `today`, `+7`, `-7`. Checked here once for both fronts, so the
/// command line and the web front accept the same dates and refuse them with the same words.
public struct DateRangeText: Sendable {
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// The range, with `limit` days at most when one is given. `isoOnly` takes only `YYYY-MM-DD`
    /// (the API's documented form); people get every form.
    public func resolve(_ clock: OfficeClock, limit: Int? = nil, isoOnly: Bool = false) throws(DateRangeError) -> DateRange {
        let first = try Self.date(from, .from, clock, isoOnly: isoOnly), last = try Self.date(to, .to, clock, isoOnly: isoOnly)
        guard let range = DateRange(from: first, to: last) else { throw .reversed(from: first, to: last) }
        if let limit, range.dayCount > limit { throw .tooLong(days: range.dayCount, limit: limit) }
        return range
    }

    /// One date of the pair; surrounding spaces are not part of it.
    public static func date(_ text: String, _ bound: DateBound, _ clock: OfficeClock, isoOnly: Bool = false) throws(DateRangeError) -> LocalDate {
        if isoOnly {
            guard let date = LocalDate(iso: text) else { throw .notAnISODate(bound, text) }
            return date
        }
        guard let date = RelativeDate(text.trimmingCharacters(in: .whitespaces)) else { throw .notADate(bound, text) }
        return date.resolve(clock)
    }
}

/// Which end of a range.
public enum DateBound: String, Sendable, CaseIterable {
    case from, to
}

/// Why a typed range is not one.
public enum DateRangeError: Error, Equatable, Sendable {
    /// The text is none of the date forms.
    case notADate(DateBound, String)
    /// The text is not `YYYY-MM-DD`, the only form where only that one is taken.
    case notAnISODate(DateBound, String)
    /// The last date comes before the first.
    case reversed(from: LocalDate, to: LocalDate)
    /// More days than the job takes at once.
    case tooLong(days: Int, limit: Int)

    /// Which end the error is about, for a form that marks the field (nil: both).
    public var bound: DateBound? {
        switch self {
        case let .notADate(bound, _), let .notAnISODate(bound, _): return bound
        case .reversed, .tooLong: return nil
        }
    }
}
