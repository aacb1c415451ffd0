/// The columns of a query, declared once: the order of the cases is both the order of the SELECT
/// list (`selectList`, built from `expression`) and the position each value is read from, so a
/// column can neither be read at the wrong place nor go missing from the statement. The raw value
/// is the position; it must count from 0 in declaration order (checked when the list is built).
///
///     enum StaffColumn: Int, SelectColumn { case id, code
///         var expression: String { switch self { case .id: "id"; case .code: "code" } } }
///     "SELECT \(StaffColumn.selectList) FROM staff"     // SELECT id, code FROM staff
///     try row.text(StaffColumn.code)
protocol SelectColumn: RawRepresentable, CaseIterable where RawValue == Int {
    /// The SQL of the column in the SELECT list: a column name, or an expression.
    var expression: String { get }
}

extension SelectColumn {
    /// The SELECT list, in position order.
    static var selectList: String {
        let columns = Array(allCases)
        precondition(columns.enumerated().allSatisfy { $0.offset == $0.element.rawValue }, "\(Self.self): raw values must count from 0")
        return columns.map(\.expression).joined(separator: ", ")
    }
}

extension SQLRow {
    func integer<C: SelectColumn>(_ column: C) throws -> Int64 { try integer(column.rawValue) }
    func int<C: SelectColumn>(_ column: C) throws -> Int { try int(column.rawValue) }
    func text<C: SelectColumn>(_ column: C) throws -> String { try text(column.rawValue) }
    func boolean<C: SelectColumn>(_ column: C) throws -> Bool { try boolean(column.rawValue) }
    func date<C: SelectColumn>(_ column: C) throws -> LocalDate { try date(column.rawValue) }
    func optionalInteger<C: SelectColumn>(_ column: C) throws -> Int64? { try optionalInteger(column.rawValue) }
    func optionalText<C: SelectColumn>(_ column: C) throws -> String? { try optionalText(column.rawValue) }
}
