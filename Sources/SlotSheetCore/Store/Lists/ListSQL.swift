/// The statements of the office's lists (staff, dayparts) on every backend, in the SQL both accept.
enum ListSQL {
    static let setListKind = "UPDATE import_batch SET list_kind = ? WHERE id = ?"
    static let listKind = "SELECT list_kind FROM import_batch WHERE id = ?"
    static let insertListChange = """
        INSERT INTO list_change (batch_id, list_kind, row_key, before_row, after_row) VALUES (?, ?, ?, ?, ?)
        """
    static let listChanges = "SELECT row_key, before_row, after_row FROM list_change WHERE batch_id = ? ORDER BY id"
    /// Later batches that changed a row this batch changed, by id.
    static let laterBatchesTouchingRows = """
        SELECT DISTINCT later.batch_id FROM list_change earlier JOIN list_change later \
        ON later.list_kind = earlier.list_kind AND later.row_key = earlier.row_key \
        WHERE earlier.batch_id = ? AND later.batch_id > ? ORDER BY later.batch_id
        """
    static let staffAvailabilityFrom = """
        SELECT date, daypart_id FROM availability WHERE staff_id = ? AND date >= ? ORDER BY date, daypart_id
        """
    static var heldAssignedFrom: String {
        """
        SELECT id, slot_date, daypart_id FROM repair_request WHERE staff_id = ? AND slot_date >= ? \
        AND status IN (\(holding)) ORDER BY slot_date, id
        """
    }
    static var heldInDaypartFrom: String {
        """
        SELECT COUNT(*), MIN(slot_date) FROM repair_request WHERE daypart_id = ? AND slot_date >= ? AND status IN (\(holding))
        """
    }
    /// Rows that refer to a person or a daypart: it cannot be deleted while any does.
    static let staffReferences = """
        SELECT (SELECT COUNT(*) FROM availability WHERE staff_id = ?) + (SELECT COUNT(*) FROM availability_change WHERE staff_id = ?) \
        + (SELECT COUNT(*) FROM repair_request WHERE staff_id = ?)
        """
    static let daypartReferences = """
        SELECT (SELECT COUNT(*) FROM availability WHERE daypart_id = ?) + (SELECT COUNT(*) FROM availability_change WHERE daypart_id = ?) \
        + (SELECT COUNT(*) FROM repair_request WHERE daypart_id = ?)
        """
    static let defectReferences = "SELECT COUNT(*) FROM repair_request_defect WHERE defect_id = ?"
    static let deleteStaff = "DELETE FROM staff WHERE id = ?"
    static let deleteDefect = "DELETE FROM defect WHERE id = ?"
    static let setDefectActive = "UPDATE defect SET active = ? WHERE id = ?"
    static let catalogueDefects = """
        SELECT d.id, l.name, s.name, e.name, d.name, d.active FROM defect d JOIN element e ON e.id = d.element_id \
        JOIN space s ON s.id = e.space_id JOIN location l ON l.id = s.location_id ORDER BY l.name, s.name, e.name, d.name
        """
    static let deleteDaypart = "DELETE FROM daypart WHERE id = ?"

    private static var holding: String { RequestStatus.holding.map { "'\($0.rawValue)'" }.joined(separator: ", ") }
}
