import Foundation

/// Which staff a person chose for a template, read once for every front: the command line's
/// `--all-staff` or `--staff CODE,...`, the API's `staff=all|CODE,...` and the Template page's
/// "all staff" or the boxes it ticked.
///
///     StaffSelection.chosen(all: false, list: " S01, ,S02")   // .codes(["S01", "S02"])
///     StaffSelection.chosen(all: false, list: ",").namesNobody  // true: refused before the export
extension StaffSelection {
    /// Every active member when `all`, else `codes` as named, each without the spaces around it,
    /// empty ones left out, in the order given.
    public static func chosen(all: Bool, codes: some Sequence<String>) -> StaffSelection {
        all ? .allActive : .codes(codes.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    /// `chosen(all:codes:)` of a comma-separated list.
    public static func chosen(all: Bool, list: String) -> StaffSelection {
        chosen(all: all, codes: list.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    /// A choice of codes that names nobody: the fronts refuse it before anything is exported.
    public var namesNobody: Bool {
        if case .codes([]) = self { return true }
        return false
    }
}
