/// The records of files the exports wrote (`export_run`): written by every export with its file
/// (`ExportRecords`), taken back when the file could not be published, and read by the nightly
/// export to tell an unchanged file (`NightlyJob`).
public protocol ExportRecordSession {
    /// Records a file an export wrote (`export_run`).
    @discardableResult
    func recordExportRun(_ run: ExportRun) throws -> RowID
    /// Removes `export_run` rows: the records of files that could not be published after all.
    func deleteExportRuns(_ ids: [RowID]) throws
    /// The newest export of a kind with these parameters, to tell an unchanged file.
    func lastExportRun(kind: String, parameters: String) throws -> ExportRun?
}
