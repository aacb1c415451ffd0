extension RepairStore {
    /// The one way an export's files and their `export_run` rows are made to agree, used by every
    /// export (template, availability CSV, reports, nightly).
    ///
    /// The rows are inserted in a write transaction that holds nothing else; `publish` (the rename
    /// of a finished file, the exchange of a day folder) runs once, after COMMIT succeeded; if it
    /// fails, the rows are deleted again in a second transaction and its error is thrown. So a
    /// server that runs the transaction again repeats only the inserts, a file never becomes
    /// visible under its name while its row could still roll back, and a file that could not be
    /// published is not listed.
    ///
    /// Recording first (rather than publishing first, or recording a "pending" state and updating
    /// it afterwards): a published file whose row is missing would be an export nobody can trace,
    /// and a second, state-updating transaction after the rename could itself wait past the busy
    /// timeout with the file already out. What recording first leaves open is a process killed
    /// between COMMIT and the rename: its rows name a file that is missing or holds other bytes,
    /// which the sha256 in each row tells, and which the nightly's unchanged check compares
    /// before it trusts a row.
    ///
    ///     try store.recordExports([run], thenPublish: { try output.rename() })
    public func recordExports(_ runs: [ExportRun], thenPublish publish: @escaping () throws -> Void) throws {
        try write(deferringEffects: { session in
            let ids = try runs.map { try session.recordExportRun($0) }
            return Committable((), afterCommit: [AfterCommit(publish, ifItFails: { try $0.deleteExportRuns(ids) })])
        })
    }
}
