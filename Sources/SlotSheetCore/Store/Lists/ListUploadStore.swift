import Foundation

/// A list file uploaded in the web front and waiting for its apply (`list_upload`): the file itself
/// is in the database (lists are small), so the preview page and the apply read it from there, on
/// any instance and after a restart; nothing waits in a server's memory or on its disk.
public struct ListUpload: Hashable, Sendable {
    public var id: RowID?
    public var userID: RowID
    public var kind: ListKind
    /// What the browser called the file: only ever shown (escaped) and recorded with the batch.
    public var fileName: String
    public var contents: Data
    public var createdAt: String
    /// The batch that applied it (or found nothing to change); nil while it waits.
    public var batchID: RowID?
    /// The name of the user who uploaded it (read with it).
    public var userName: String

    public init(id: RowID? = nil, userID: RowID, kind: ListKind, fileName: String, contents: Data, createdAt: String,
                batchID: RowID? = nil, userName: String = "") {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.fileName = fileName
        self.contents = contents
        self.createdAt = createdAt
        self.batchID = batchID
        self.userName = userName
    }
}

/// The web front's list uploads, inside one snapshot or transaction.
public protocol ListUploadSession {
    func insertListUpload(_ upload: ListUpload) throws -> RowID
    func listUpload(id: RowID) throws -> ListUpload?
    /// Records the batch that applied an upload; false (and nothing changed) when one has already.
    func markListUploadApplied(_ id: RowID, batchID: RowID) throws -> Bool
    /// Deletes the list uploads made before `createdAt` (ISO 8601 UTC), applied or not.
    func deleteListUploads(createdBefore createdAt: String) throws
}

/// The statements of `list_upload`, portable like `StoreSQL`. The file is kept as base64 text,
/// which both backends store alike.
enum ListUploadSQL {
    static let insert = """
        INSERT INTO list_upload (user_id, list_kind, file_name, size, contents, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id
        """
    static let byID = """
        SELECT u.id, u.user_id, u.list_kind, u.file_name, u.contents, u.created_at, u.batch_id, a.name \
        FROM list_upload u JOIN app_user a ON a.id = u.user_id WHERE u.id = ?
        """
    static let markApplied = "UPDATE list_upload SET batch_id = ? WHERE id = ? AND batch_id IS NULL RETURNING id"
    static let deleteBefore = "DELETE FROM list_upload WHERE created_at < ?"
}

extension PortableSession: ListUploadSession {
    func insertListUpload(_ upload: ListUpload) throws -> RowID {
        try connection.returningID(ListUploadSQL.insert, [
            upload.userID.sqlValue, upload.kind.rawValue.sqlValue, upload.fileName.sqlValue, upload.contents.count.sqlValue,
            upload.contents.base64EncodedString().sqlValue, upload.createdAt.sqlValue,
        ])
    }

    func listUpload(id: RowID) throws -> ListUpload? {
        try connection.firstRow(ListUploadSQL.byID, [id.sqlValue]) { row in
            let kindText = try row.text(2)
            guard let kind = ListKind(rawValue: kindText) else {
                throw StoreError.failed("list upload \(id) has the list kind '\(kindText)', which this slotsheet does not know")
            }
            guard let contents = Data(base64Encoded: try row.text(4)) else {
                throw StoreError.failed("list upload \(id) holds a file that is not base64")
            }
            return ListUpload(id: try row.integer(0), userID: try row.integer(1), kind: kind, fileName: try row.text(3),
                              contents: contents, createdAt: try row.text(5), batchID: try row.optionalInteger(6), userName: try row.text(7))
        }
    }

    func markListUploadApplied(_ id: RowID, batchID: RowID) throws -> Bool {
        try connection.firstRow(ListUploadSQL.markApplied, [batchID.sqlValue, id.sqlValue]) { try $0.integer(0) } != nil
    }

    func deleteListUploads(createdBefore createdAt: String) throws {
        try connection.execute(ListUploadSQL.deleteBefore, [createdAt.sqlValue])
    }
}
