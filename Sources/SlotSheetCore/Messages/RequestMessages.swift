import SlotSheetTemplates

/// What the office is told when the dates, filters or choices it typed (on the command line or in
/// a form) are not a request slotsheet can carry out: one sentence for both fronts.
extension DateRangeError: OfficeMessage {
    public var english: String {
        switch self {
        case let .notADate(bound, text):
            return "\(bound == .from ? "First date" : "Last date"): '\(text)' is not a date; write it as YYYY-MM-DD or DD-MM-YYYY, or as today, +7 or -7 (days from today)."
        case let .notAnISODate(bound, text):
            return "\(bound == .from ? "First date" : "Last date"): '\(text)' is not a date; write it as YYYY-MM-DD."
        case let .reversed(from, to):
            return "The last date (\(to.iso)) comes before the first (\(from.iso)); swap them."
        case let .tooLong(days, limit):
            return "The range has \(days) days; at most \(limit) are taken at once. Choose a shorter range."
        }
    }

    public var dutch: String {
        switch self {
        case let .notADate(bound, text):
            return "\(bound == .from ? "Eerste datum" : "Laatste datum"): '\(text)' is geen datum; schrijf hem als JJJJ-MM-DD of DD-MM-JJJJ, of als today, +7 of -7 (dagen vanaf vandaag)."
        case let .notAnISODate(bound, text):
            return "\(bound == .from ? "Eerste datum" : "Laatste datum"): '\(text)' is geen datum; schrijf hem als JJJJ-MM-DD."
        case let .reversed(from, to):
            return "De laatste datum (\(to.iso)) ligt vóór de eerste (\(from.iso)); draai ze om."
        case let .tooLong(days, limit):
            return "Het bereik heeft \(days) dagen; er worden er hoogstens \(limit) tegelijk genomen. Kies een korter bereik."
        }
    }
}

extension ReportOrderError: OfficeMessage {
    public var english: String {
        switch self {
        case let .unknownStatus(word):
            return "'\(word)' is not a status of a repair request; use \(listed(RequestStatus.allCases.map(\.rawValue), and: "or"))."
        case .filtersForRequestsOnly:
            return "Statuses and a housing corporation filter the requests report only; leave them empty for the \(ReportKind.allCases.filter { $0 != .requests }.map(\.rawValue).joined(separator: ", ")) reports."
        }
    }

    public var dutch: String {
        switch self {
        case let .unknownStatus(word):
            return "'\(word)' is geen status van een reparatieverzoek; gebruik \(listed(RequestStatus.allCases.map(\.rawValue), and: "of"))."
        case .filtersForRequestsOnly:
            return "Statussen en een woningcorporatie filteren alleen het rapport requests; laat ze leeg voor de rapporten \(ReportKind.allCases.filter { $0 != .requests }.map(\.rawValue).joined(separator: ", "))."
        }
    }
}
