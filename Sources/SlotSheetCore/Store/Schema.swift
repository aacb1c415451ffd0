/// One step of the schema's history. Steps are applied in order, each once, and never edited
/// after they have shipped: a change to the schema is a new step.
public struct Migration: Sendable {
    public let identifier: String
    public let sql: @Sendable (SQLDialect) -> String
}

/// The repair-request database of DESIGN.md: every table with its natural key, foreign keys,
/// CHECK constraints for fixed value sets, and indexes for slot lookups.
public enum Schema {
    /// Every migration, oldest first. The schema version is the number applied.
    public static let migrations: [Migration] = [
        Migration(identifier: "001-repair-request-database", sql: repairRequestDatabase),
        Migration(identifier: "002-covering-index-for-held-requests", sql: coveringIndexForHeldRequests),
        Migration(identifier: "003-export-content-digest", sql: exportContentDigest),
        Migration(identifier: "004-every-import-attempt", sql: everyImportAttempt),
        Migration(identifier: "005-web-users-and-uploads", sql: webUsersAndUploads),
        Migration(identifier: "006-office-lists", sql: officeLists),
        Migration(identifier: "007-web-sessions-and-sign-in-throttle", sql: webSessionsAndSignInThrottle),
        Migration(identifier: "008-uploads-in-the-database", sql: uploadsInTheDatabase),
        Migration(identifier: "009-list-uploads", sql: listUploads),
        Migration(identifier: "010-held-requests-in-slot-order", sql: heldRequestsInSlotOrder),
        Migration(identifier: "011-request-status-log", sql: requestStatusLog),
        Migration(identifier: "012-resident-notice", sql: residentNotice),
        Migration(identifier: "013-stored-upload-preview", sql: storedUploadPreview),
        Migration(identifier: "014-upload-kind", sql: uploadKind),
        Migration(identifier: "015-availability-change-by-batch-only", sql: availabilityChangeByBatchOnly),
        Migration(identifier: "016-date-checks-without-regex", sql: dateChecksWithoutRegex),
        Migration(identifier: "017-cell-rows-keyed-by-their-cell", sql: cellRowsKeyedByTheirCell),
    ]

    /// The version this build creates and expects.
    public static var version: Int { migrations.count }

    /// Throws when a database has migrations this build does not know: a newer slotsheet
    /// migrated it, and this one must not touch it. `applied` are the identifiers it records.
    static func refuseNewer(applied: [String]) throws(StoreError) {
        let known = Set(migrations.map(\.identifier))
        let unknown = applied.filter { !known.contains($0) }.sorted()
        if !unknown.isEmpty { throw .newerSchema(found: unknown) }
    }

    /// The tables of DESIGN.md, in dependency order (what `db status` lists).
    public static let tables = [
        "housing_corporation", "resident", "location", "space", "element", "defect", "subcontractor",
        "daypart", "staff", "availability", "repair_request", "repair_request_defect",
        "import_batch", "availability_change", "export_run", "app_user", "web_upload", "list_change",
        "web_session", "sign_in_record",
        "upload_chunk",
        "request_status_log",
        "resident_notice",
        "upload_result_chunk",
        "upload_errors_chunk",
    ]

    private static let isoDate = "9999-99-99"
    private static let clockTime = "99:99"

    /// Every import and export asks, per date, which requests hold which slot and who is assigned.
    /// An index holding all of that answers from the index alone (the row id comes with every
    /// index); the first index needed a table lookup per request and a sort.
    @Sendable private static func coveringIndexForHeldRequests(_ d: SQLDialect) -> String {
        """
        DROP INDEX IF EXISTS repair_request_by_slot;
        CREATE INDEX IF NOT EXISTS repair_request_held_by_slot ON repair_request(slot_date, status, daypart_id, staff_id);
        """
    }

    /// A file's bytes change with every run (workbooks carry their creation time); the digest of
    /// what it says does not, which is how the nightly export tells an unchanged file.
    @Sendable private static func exportContentDigest(_ d: SQLDialect) -> String {
        """
        ALTER TABLE export_run ADD COLUMN content_sha256 \(d.text);
        CREATE INDEX IF NOT EXISTS import_batch_by_time ON import_batch(created_at);
        """
    }

    /// Every import that is not a dry run is recorded, refused ones too: a batch gets the number of
    /// problems (or database changes since export) that refused it, and the outcome `plan_changed`
    /// (an apply whose plan was no longer the one previewed). SQLite cannot change a CHECK in place,
    /// so it rebuilds the table (migrations run with foreign keys off and checked at the end).
    @Sendable private static func everyImportAttempt(_ d: SQLDialect) -> String {
        let outcomes = "'applied', 'unchanged', 'dry_run', 'rejected', 'stale', 'plan_changed'"
        switch d {
        case .postgres:
            return """
                ALTER TABLE import_batch ADD COLUMN problems INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE import_batch DROP CONSTRAINT import_batch_outcome_check;
                ALTER TABLE import_batch ADD CONSTRAINT import_batch_outcome_check CHECK (outcome IN (\(outcomes)));
                """
        case .sqlite:
            let columns = """
                id, file_name, sha256, operator, created_at, dry_run, kind, reverts_batch_id, range_from, range_to, \
                added, removed, unchanged, outcome
                """
            return """
                CREATE TABLE import_batch_004 (
                    id \(d.primaryKey),
                    file_name \(d.text) NOT NULL,
                    sha256 \(d.text) NOT NULL,
                    operator \(d.text) NOT NULL,
                    created_at \(d.text) NOT NULL,
                    \(d.boolean("dry_run", default: false)),
                    kind \(d.text) NOT NULL DEFAULT 'import' CHECK (kind IN ('import', 'undo')),
                    reverts_batch_id \(d.reference) REFERENCES import_batch(id),
                    \(d.shaped("range_from", like: isoDate, nullable: true)),
                    \(d.shaped("range_to", like: isoDate, nullable: true)),
                    added INTEGER NOT NULL DEFAULT 0,
                    removed INTEGER NOT NULL DEFAULT 0,
                    unchanged INTEGER NOT NULL DEFAULT 0,
                    outcome \(d.text) NOT NULL CHECK (outcome IN (\(outcomes))),
                    problems INTEGER NOT NULL DEFAULT 0
                );
                INSERT INTO import_batch_004 (\(columns)) SELECT \(columns) FROM import_batch;
                DROP TABLE import_batch;
                ALTER TABLE import_batch_004 RENAME TO import_batch;
                CREATE INDEX import_batch_by_time ON import_batch(created_at);
                """
        }
    }

    /// The web front's people and files: who signs in (a bcrypt hash; an API token only as its
    /// SHA-256, so the table never holds a usable secret) and each upload's state, in the database
    /// so that marking an upload applied shares the import's transaction (two clicks apply once).
    @Sendable private static func webUsersAndUploads(_ d: SQLDialect) -> String {
        let roles = AppUser.Role.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        let states = UploadState.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return """
        CREATE TABLE app_user (
            id \(d.primaryKey),
            name \(d.text) NOT NULL UNIQUE,
            role \(d.text) NOT NULL CHECK (role IN (\(roles))),
            password_hash \(d.text),
            token_sha256 \(d.text) UNIQUE,
            \(d.boolean("active", default: true)),
            created_at \(d.text) NOT NULL
        );
        CREATE TABLE web_upload (
            id \(d.primaryKey),
            user_id \(d.reference) NOT NULL REFERENCES app_user(id),
            file_name \(d.text) NOT NULL,
            stored_name \(d.text) NOT NULL UNIQUE,
            size INTEGER NOT NULL,
            state \(d.text) NOT NULL CHECK (state IN (\(states))),
            created_at \(d.text) NOT NULL,
            expires_at \(d.text) NOT NULL,
            rows_read INTEGER NOT NULL DEFAULT 0,
            added INTEGER NOT NULL DEFAULT 0,
            removed INTEGER NOT NULL DEFAULT 0,
            problems INTEGER NOT NULL DEFAULT 0,
            outcome \(d.text),
            batch_id \(d.reference) REFERENCES import_batch(id)
        );
        CREATE INDEX web_upload_by_user ON web_upload(user_id, id);
        CREATE INDEX web_upload_by_state ON web_upload(state, expires_at);
        """
    }

    /// An upload lives in the database, so every instance on it can read, show and apply it and a
    /// restart loses nothing: its bytes in chunks of at most `UploadChunks.size` (removed with the
    /// upload, or when it no longer needs them), and on the upload the reading queue's lease (who
    /// reads it, until when, in milliseconds since 1970 on the reader's clock), the progress and
    /// the preview's plan digests. Uploads of before, whose files were in a folder of one
    /// instance, cannot be read again by another: they expire.
    @Sendable private static func uploadsInTheDatabase(_ d: SQLDialect) -> String {
        """
        \(uploadChunkTable("upload_chunk", d))
        ALTER TABLE web_upload ADD COLUMN lease_owner \(d.text);
        ALTER TABLE web_upload ADD COLUMN lease_until BIGINT;
        ALTER TABLE web_upload ADD COLUMN rows_total INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE web_upload ADD COLUMN plan_digest \(d.text);
        ALTER TABLE web_upload ADD COLUMN on_top_digest \(d.text);
        UPDATE web_upload SET state = 'expired' WHERE state IN ('reading', 'ready', 'refused');
        """
    }

    /// The office's lists go in as imports: a batch says which list it changed (null: availability),
    /// `list_change` keeps each changed row before and after (JSON arrays of the list's columns;
    /// no `before` for a row the batch added), which `import undo` replays backwards; a defect
    /// gets the flag that hides it from the tenants' choices.
    @Sendable private static func officeLists(_ d: SQLDialect) -> String {
        // Written out, not taken from `ListKind`: a shipped migration never changes.
        let kinds = "'staff', 'dayparts', 'catalogue'"
        return """
            ALTER TABLE import_batch ADD COLUMN list_kind \(d.text) CHECK (list_kind IS NULL OR list_kind IN (\(kinds)));
            CREATE TABLE list_change (
                id \(d.primaryKey),
                batch_id \(d.reference) NOT NULL REFERENCES import_batch(id),
                list_kind \(d.text) NOT NULL CHECK (list_kind IN (\(kinds))),
                row_key \(d.text) NOT NULL,
                before_row \(d.text),
                after_row \(d.text) NOT NULL,
                UNIQUE (batch_id, list_kind, row_key)
            );
            CREATE INDEX list_change_by_row ON list_change(list_kind, row_key);
            ALTER TABLE defect ADD COLUMN \(d.boolean("active", default: true));
            """
    }

    /// The web front's state that a second instance and a restart must see: the sessions (only the
    /// SHA-256 of the cookie's id and of the session's form token, so the table holds no usable
    /// secret; the user; a fixed end) and the sign-in throttle's failures in a row per name and
    /// address, per address and per name (times in milliseconds: its waits are that fine).
    @Sendable private static func webSessionsAndSignInThrottle(_ d: SQLDialect) -> String {
        // Written out, not taken from `SignInCounter`: a shipped migration never changes.
        let counters = "'name_address', 'address', 'name'"
        return """
            CREATE TABLE web_session (
                id \(d.primaryKey),
                id_sha256 \(d.text) NOT NULL UNIQUE,
                user_id \(d.reference) NOT NULL REFERENCES app_user(id),
                csrf_sha256 \(d.text) NOT NULL,
                created_at \(d.text) NOT NULL,
                expires_at \(d.text) NOT NULL
            );
            CREATE INDEX web_session_by_user ON web_session(user_id);
            CREATE INDEX web_session_by_expiry ON web_session(expires_at);
            CREATE TABLE sign_in_record (
                id \(d.primaryKey),
                counter \(d.text) NOT NULL CHECK (counter IN (\(counters))),
                subject \(d.text) NOT NULL,
                failures INTEGER NOT NULL,
                wait_until_ms \(d.bigInteger),
                last_seen_ms \(d.bigInteger) NOT NULL,
                UNIQUE (counter, subject)
            );
            CREATE INDEX sign_in_record_by_age ON sign_in_record(counter, last_seen_ms);
            """
    }

    /// A list uploaded in the web front waits for its apply in the database, file and all (base64
    /// text: lists are small), so any instance shows its preview and applies it; `batch_id` is set
    /// in the apply's transaction, so two clicks apply once.
    @Sendable private static func listUploads(_ d: SQLDialect) -> String {
        """
        CREATE TABLE list_upload (
            id \(d.primaryKey),
            user_id \(d.reference) NOT NULL REFERENCES app_user(id),
            list_kind \(d.text) NOT NULL CHECK (list_kind IN ('staff', 'dayparts', 'catalogue')),
            file_name \(d.text) NOT NULL,
            size INTEGER NOT NULL,
            contents \(d.text) NOT NULL,
            created_at \(d.text) NOT NULL,
            batch_id \(d.reference) REFERENCES import_batch(id)
        );
        CREATE INDEX list_upload_by_time ON list_upload(created_at);
        """
    }

    /// A range's schedule (`StoreSQL.slotSchedules`) groups the held requests by slot and lists the
    /// assigned ones by id: for a year (100,000 requests) a sort of all of them in every export, dry
    /// run and apply, on PostgreSQL past `work_mem` onto disk. This index holds them in that order,
    /// with every column the query reads (`status` too: SQLite reads an index alone only then).
    /// Its condition is the statuses that hold a slot, written out (a shipped migration never
    /// changes), as the queries write `RequestStatus.holding`.
    @Sendable private static func heldRequestsInSlotOrder(_ d: SQLDialect) -> String {
        """
        CREATE INDEX repair_request_held_in_slot_order ON repair_request(slot_date, daypart_id, id, staff_id, status) \
        WHERE status IN ('new', 'approved');
        """
    }

    /// The office decides its repair requests in batches (`RequestDecisionJob`): every change of a
    /// request's status, slot, staff or subcontractor appends a row to `request_status_log`, which
    /// both backends keep append-only (a trigger refuses UPDATE and DELETE, and on PostgreSQL
    /// TRUNCATE). Each request that exists now gets its first row (channel `migration`, its state as
    /// it stands, at its last update), so its status always equals its log's last row. A batch of
    /// decisions is an `import_batch` whose `list_kind` is `requests`: SQLite cannot change that
    /// CHECK in place, so it rebuilds the table as migration 004 did.
    @Sendable private static func requestStatusLog(_ d: SQLDialect) -> String {
        // Written out, not taken from `RequestChannel` or `ListKind`: a shipped migration never changes.
        let kinds = "'staff', 'dayparts', 'catalogue', 'requests'"
        let channels = "'file', 'web', 'api', 'undo', 'seed', 'migration'"
        let statuses = "'new', 'approved', 'cancelled', 'completed', 'archived'"
        let batchKinds: String
        switch d {
        case .postgres:
            batchKinds = """
                ALTER TABLE import_batch DROP CONSTRAINT import_batch_list_kind_check;
                ALTER TABLE import_batch ADD CONSTRAINT import_batch_list_kind_check CHECK (list_kind IS NULL OR list_kind IN (\(kinds)));
                """
        case .sqlite:
            let columns = """
                id, file_name, sha256, operator, created_at, dry_run, kind, reverts_batch_id, range_from, range_to, \
                added, removed, unchanged, outcome, problems, list_kind
                """
            batchKinds = """
                CREATE TABLE import_batch_011 (
                    id \(d.primaryKey),
                    file_name \(d.text) NOT NULL,
                    sha256 \(d.text) NOT NULL,
                    operator \(d.text) NOT NULL,
                    created_at \(d.text) NOT NULL,
                    \(d.boolean("dry_run", default: false)),
                    kind \(d.text) NOT NULL DEFAULT 'import' CHECK (kind IN ('import', 'undo')),
                    reverts_batch_id \(d.reference) REFERENCES import_batch(id),
                    \(d.shaped("range_from", like: isoDate, nullable: true)),
                    \(d.shaped("range_to", like: isoDate, nullable: true)),
                    added INTEGER NOT NULL DEFAULT 0,
                    removed INTEGER NOT NULL DEFAULT 0,
                    unchanged INTEGER NOT NULL DEFAULT 0,
                    outcome \(d.text) NOT NULL CHECK (outcome IN ('applied', 'unchanged', 'dry_run', 'rejected', 'stale', 'plan_changed')),
                    problems INTEGER NOT NULL DEFAULT 0,
                    list_kind \(d.text) CHECK (list_kind IS NULL OR list_kind IN (\(kinds)))
                );
                INSERT INTO import_batch_011 (\(columns)) SELECT \(columns) FROM import_batch;
                DROP TABLE import_batch;
                ALTER TABLE import_batch_011 RENAME TO import_batch;
                CREATE INDEX import_batch_by_time ON import_batch(created_at);
                """
        }
        let appendOnly: String
        switch d {
        case .postgres:
            // The body as a quoted literal: the migration runner splits scripts at semicolons outside quotes.
            appendOnly = """
                CREATE FUNCTION request_status_log_append_only() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN \
                RAISE EXCEPTION ''request_status_log is append-only: % refused'', TG_OP USING ERRCODE = ''integrity_constraint_violation''; \
                END';
                CREATE TRIGGER request_status_log_no_change BEFORE UPDATE OR DELETE ON request_status_log \
                FOR EACH ROW EXECUTE FUNCTION request_status_log_append_only();
                CREATE TRIGGER request_status_log_no_truncate BEFORE TRUNCATE ON request_status_log \
                FOR EACH STATEMENT EXECUTE FUNCTION request_status_log_append_only();
                """
        case .sqlite:
            appendOnly = """
                CREATE TRIGGER request_status_log_no_update BEFORE UPDATE ON request_status_log \
                BEGIN SELECT RAISE(ABORT, 'request_status_log is append-only: UPDATE refused'); END;
                CREATE TRIGGER request_status_log_no_delete BEFORE DELETE ON request_status_log \
                BEGIN SELECT RAISE(ABORT, 'request_status_log is append-only: DELETE refused'); END;
                """
        }
        return """
            \(batchKinds)
            CREATE TABLE request_status_log (
                id \(d.primaryKey),
                request_id \(d.reference) NOT NULL REFERENCES repair_request(id),
                from_status \(d.text) CHECK (from_status IS NULL OR from_status IN (\(statuses))),
                to_status \(d.text) NOT NULL CHECK (to_status IN (\(statuses))),
                \(d.shaped("slot_date_before", like: isoDate, nullable: true)),
                daypart_id_before \(d.reference) REFERENCES daypart(id),
                \(d.shaped("slot_date_after", like: isoDate)),
                daypart_id_after \(d.reference) NOT NULL REFERENCES daypart(id),
                staff_id_before \(d.reference) REFERENCES staff(id),
                staff_id_after \(d.reference) REFERENCES staff(id),
                subcontractor_id_before \(d.reference) REFERENCES subcontractor(id),
                subcontractor_id_after \(d.reference) REFERENCES subcontractor(id),
                note \(d.text),
                operator \(d.text) NOT NULL,
                channel \(d.text) NOT NULL CHECK (channel IN (\(channels))),
                batch_id \(d.reference) REFERENCES import_batch(id),
                created_at \(d.text) NOT NULL
            );
            CREATE INDEX request_status_log_by_request ON request_status_log(request_id, id);
            CREATE INDEX request_status_log_by_batch ON request_status_log(batch_id);
            \(appendOnly)
            INSERT INTO request_status_log (request_id, from_status, to_status, slot_date_after, daypart_id_after, staff_id_after, \
            subcontractor_id_after, operator, channel, created_at) \
            SELECT id, NULL, status, slot_date, daypart_id, staff_id, subcontractor_id, 'slotsheet', 'migration', updated_at \
            FROM repair_request ORDER BY id;
            """
    }

    /// The tenants' outbox (docs/notices.md): one row a notice, written in the transaction of the
    /// decision it tells of, holding all it takes to send it again identically, and the sender's
    /// lease (holder, expiry), retry time and when it was queued (last: a retry by hand queues it
    /// anew, and the give-up period counts from there) in milliseconds since 1970.
    /// `batch_id` names the decisions' batch without a foreign key, so this table stands on its own.
    /// The Message-ID is set from the row's id in the transaction that adds it. The slot it told of
    /// (`slot_date`, `daypart_id`) is what a correction names when its decision is undone.
    @Sendable private static func residentNotice(_ d: SQLDialect) -> String {
        // Written out, not taken from `NoticeKind` and `NoticeState`: a shipped migration never changes.
        let kinds = "'approved', 'moved', 'cancelled', 'completed', 'correction'"
        let states = "'queued', 'sending', 'sent', 'failed', 'withdrawn'"
        return """
            CREATE TABLE resident_notice (
                id \(d.primaryKey),
                request_id \(d.reference) NOT NULL REFERENCES repair_request(id),
                batch_id \(d.reference),
                kind \(d.text) NOT NULL CHECK (kind IN (\(kinds))),
                \(d.shaped("slot_date", like: isoDate, nullable: true)),
                daypart_id \(d.reference) REFERENCES daypart(id),
                recipient \(d.text) NOT NULL,
                recipient_name \(d.text) NOT NULL,
                language \(d.text) NOT NULL CHECK (language IN ('en', 'nl')),
                subject \(d.text) NOT NULL,
                body \(d.text) NOT NULL,
                calendar \(d.text),
                calendar_method \(d.text) CHECK (calendar_method IS NULL OR calendar_method IN ('REQUEST', 'CANCEL')),
                calendar_sequence INTEGER NOT NULL DEFAULT 0,
                message_id \(d.text) UNIQUE,
                state \(d.text) NOT NULL CHECK (state IN (\(states))),
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_ms \(d.bigInteger) NOT NULL,
                queued_ms \(d.bigInteger) NOT NULL,
                lease_owner \(d.text),
                lease_until_ms \(d.bigInteger),
                last_answer \(d.text),
                created_at \(d.text) NOT NULL,
                sent_at \(d.text),
                corrects_notice_id \(d.reference) REFERENCES resident_notice(id)
            );
            CREATE INDEX resident_notice_due ON resident_notice(state, next_attempt_ms, id);
            CREATE INDEX resident_notice_leased ON resident_notice(state, lease_until_ms, id);
            CREATE INDEX resident_notice_by_batch ON resident_notice(batch_id);
            CREATE INDEX resident_notice_by_request ON resident_notice(request_id);
            """
    }

    /// What reading an upload found, stored once by the instance that read it (`StoredPreview`, in
    /// chunks of at most `UploadChunks.size` like the upload's bytes, and removed with them), so
    /// every instance shows and applies the upload without reading its file again; and the reads
    /// of an upload that failed for a reason of the server's own, so that the queue waits longer
    /// after each and refuses the upload after a few rather than trying it again forever; and the
    /// error workbook of an upload with problems, made once in each language and kept in chunks.
    @Sendable private static func storedUploadPreview(_ d: SQLDialect) -> String {
        """
        \(uploadChunkTable("upload_result_chunk", d))
        ALTER TABLE web_upload ADD COLUMN read_failures INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE upload_errors_chunk (
            id \(d.primaryKey),
            upload_id \(d.reference) NOT NULL REFERENCES web_upload(id) ON DELETE CASCADE,
            language \(d.text) NOT NULL CHECK (language IN ('en', 'nl')),
            seq INTEGER NOT NULL CHECK (seq >= 0),
            bytes \(d == .postgres ? "BYTEA" : "BLOB") NOT NULL,
            UNIQUE (upload_id, language, seq)
        );
        """
    }

    /// Every kind of upload goes through the one pipeline of `web_upload` (`UploadKind`): a list
    /// uploaded on the Lists page is a row of its kind, its bytes in `upload_chunk`, read by the
    /// reading queue and previewed from `upload_result_chunk` as an availability upload is. The
    /// list uploads' own table (the file as base64, checked again on every view) goes: a list
    /// upload waiting for its apply at the upgrade is dropped with it, and the office uploads the
    /// list again (the changelog says so). The CHECK already admits `requests`, the kind the
    /// requests workbook's uploads will be, so adding it needs no rebuild of the table on SQLite;
    /// the row's reader refuses a kind its build does not know.
    @Sendable private static func uploadKind(_ d: SQLDialect) -> String {
        // Written out, not taken from `UploadKind`: a shipped migration never changes.
        let kinds = "'availability', 'staff', 'dayparts', 'catalogue', 'requests'"
        return """
            ALTER TABLE web_upload ADD COLUMN kind \(d.text) NOT NULL DEFAULT 'availability' CHECK (kind IN (\(kinds)));
            DROP TABLE list_upload;
            """
    }

    /// An apply writes a changed cell's row with every index of `availability_change`: each index
    /// entry is one more record in the write-ahead log an apply waits for. The cell index of 001 only
    /// answered the undo's question "which later batch touched a cell of this one"; the batch's own
    /// unique index (batch, date, daypart, staff) answers it as well, one probe a later change
    /// (`StoreSQL.laterBatchesTouching`), so an apply writes five index entries a cell instead of six.
    @Sendable private static func availabilityChangeByBatchOnly(_ d: SQLDialect) -> String {
        "DROP INDEX availability_change_by_cell;"
    }

    /// On PostgreSQL a date column's CHECK (001's `shaped`) was the regular expression
    /// `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`, about 0.4 µs a row in the server's engine: a year's apply writes
    /// 30,000 dated rows (`availability`, `availability_change`), some 12 ms of its server time. The
    /// same rule in three cheaper tests, less than half the cost (158 against 376 ns a row in psql):
    /// ten characters with `-` fifth and eighth (LIKE), no character but a digit or `-` (one character
    /// class, which the engine runs in one state), and fewer than three `-`; so the `-` are exactly
    /// the fifth and eighth, the rest digits.
    /// It accepts exactly the texts the expression accepted (`DateCheckTests`). Every ISO date column
    /// gets it, each CHECK under its name of before. SQLite's GLOB, cheap there, stays as it is.
    @Sendable private static func dateChecksWithoutRegex(_ d: SQLDialect) -> String {
        guard d == .postgres else { return "" }
        // Written out, not taken from the schema: a shipped migration never changes.
        let dated: [(table: String, columns: [(name: String, nullable: Bool)])] = [
            ("availability", [("date", false)]),
            ("availability_change", [("date", false)]),
            ("repair_request", [("slot_date", false)]),
            ("import_batch", [("range_from", true), ("range_to", true)]),
            ("request_status_log", [("slot_date_before", true), ("slot_date_after", false)]),
            ("resident_notice", [("slot_date", true)]),
        ]
        return dated.map { table, columns in
            let changes = columns.map { column, nullable in
                let name = "\(table)_\(column)_check"
                let test = "\(column) LIKE '____-__-__' AND \(column) !~ '[^0-9-]' AND \(column) NOT LIKE '%-%-%-%'"
                return "DROP CONSTRAINT \(name), ADD CONSTRAINT \(name) CHECK (\(nullable ? "\(column) IS NULL OR (\(test))" : test))"
            }
            return "ALTER TABLE \(table) \(changes.joined(separator: ", "));"
        }.joined(separator: "\n")
    }

    /// On PostgreSQL a cell's row (`availability`, `availability_change`) carried an integer key
    /// that no statement reads: an apply drew it from the table's sequence and wrote it into the
    /// key's index for every changed cell, two index entries of the five a cell (a year's apply,
    /// 14,818 cells: 0.280 -> 0.262 s, Benchmarks/README). The natural key, unique already, becomes
    /// the primary key (the index is built again once, here). SQLite's `id` is the row's rowid,
    /// which costs nothing to write, and stays.
    @Sendable private static func cellRowsKeyedByTheirCell(_ d: SQLDialect) -> String {
        guard d == .postgres else { return "" }
        // Written out, not taken from the schema: a shipped migration never changes.
        return """
            ALTER TABLE availability DROP COLUMN id,
                DROP CONSTRAINT availability_date_daypart_id_staff_id_key,
                ADD PRIMARY KEY (date, daypart_id, staff_id);
            ALTER TABLE availability_change DROP COLUMN id,
                DROP CONSTRAINT availability_change_batch_id_date_daypart_id_staff_id_key,
                ADD PRIMARY KEY (batch_id, date, daypart_id, staff_id);
            """
    }

    /// A table of an upload's bytes in numbered chunks, removed with the upload: its file
    /// (`upload_chunk`, 008) and its stored preview (`upload_result_chunk`, 013). The statement
    /// 008 shipped with, word for word.
    private static func uploadChunkTable(_ name: String, _ d: SQLDialect) -> String {
        """
        CREATE TABLE \(name) (
            id \(d.primaryKey),
            upload_id \(d.reference) NOT NULL REFERENCES web_upload(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL CHECK (seq >= 0),
            bytes \(d == .postgres ? "BYTEA" : "BLOB") NOT NULL,
            UNIQUE (upload_id, seq)
        );
        """
    }

    @Sendable private static func repairRequestDatabase(_ d: SQLDialect) -> String {
        let statuses = RequestStatus.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return """
        CREATE TABLE housing_corporation (
            id \(d.primaryKey),
            name \(d.text) NOT NULL UNIQUE
        );
        CREATE TABLE resident (
            id \(d.primaryKey),
            name \(d.text) NOT NULL,
            email \(d.text) NOT NULL UNIQUE,
            phone \(d.text),
            postcode \(d.text) NOT NULL,
            house_number \(d.text) NOT NULL,
            street \(d.text) NOT NULL,
            city \(d.text) NOT NULL,
            housing_corporation_id \(d.reference) NOT NULL REFERENCES housing_corporation(id)
        );
        CREATE INDEX resident_by_corporation ON resident(housing_corporation_id);

        CREATE TABLE location (
            id \(d.primaryKey),
            name \(d.text) NOT NULL UNIQUE
        );
        CREATE TABLE space (
            id \(d.primaryKey),
            location_id \(d.reference) NOT NULL REFERENCES location(id),
            name \(d.text) NOT NULL,
            UNIQUE (location_id, name)
        );
        CREATE TABLE element (
            id \(d.primaryKey),
            space_id \(d.reference) NOT NULL REFERENCES space(id),
            name \(d.text) NOT NULL,
            UNIQUE (space_id, name)
        );
        CREATE TABLE defect (
            id \(d.primaryKey),
            element_id \(d.reference) NOT NULL REFERENCES element(id),
            name \(d.text) NOT NULL,
            UNIQUE (element_id, name)
        );

        CREATE TABLE subcontractor (
            id \(d.primaryKey),
            name \(d.text) NOT NULL UNIQUE,
            phone \(d.text),
            email \(d.text)
        );

        CREATE TABLE daypart (
            id \(d.primaryKey),
            code \(d.text) NOT NULL UNIQUE,
            label \(d.text) NOT NULL,
            \(d.shaped("starts_at", like: clockTime)),
            \(d.shaped("ends_at", like: clockTime)),
            sort_order INTEGER NOT NULL,
            \(d.boolean("active", default: true)),
            CHECK (starts_at < ends_at)
        );

        CREATE TABLE staff (
            id \(d.primaryKey),
            code \(d.text) NOT NULL UNIQUE,
            employee_number \(d.text) NOT NULL UNIQUE,
            name \(d.text) NOT NULL,
            \(d.boolean("active", default: true))
        );

        CREATE TABLE availability (
            id \(d.primaryKey),
            \(d.shaped("date", like: isoDate)),
            daypart_id \(d.reference) NOT NULL REFERENCES daypart(id),
            staff_id \(d.reference) NOT NULL REFERENCES staff(id),
            UNIQUE (date, daypart_id, staff_id)
        );
        CREATE INDEX availability_by_staff ON availability(staff_id, date);

        CREATE TABLE repair_request (
            id \(d.primaryKey),
            resident_id \(d.reference) NOT NULL REFERENCES resident(id),
            description \(d.text) NOT NULL,
            photo_path \(d.text),
            status \(d.text) NOT NULL CHECK (status IN (\(statuses))),
            \(d.shaped("slot_date", like: isoDate)),
            daypart_id \(d.reference) NOT NULL REFERENCES daypart(id),
            staff_id \(d.reference) REFERENCES staff(id),
            subcontractor_id \(d.reference) REFERENCES subcontractor(id),
            created_at \(d.text) NOT NULL,
            updated_at \(d.text) NOT NULL
        );
        CREATE INDEX repair_request_by_slot ON repair_request(slot_date, daypart_id, status);
        CREATE INDEX repair_request_by_staff ON repair_request(staff_id, slot_date);
        CREATE INDEX repair_request_by_resident ON repair_request(resident_id);
        CREATE INDEX repair_request_by_update ON repair_request(updated_at);

        CREATE TABLE repair_request_defect (
            id \(d.primaryKey),
            request_id \(d.reference) NOT NULL REFERENCES repair_request(id) ON DELETE CASCADE,
            defect_id \(d.reference) NOT NULL REFERENCES defect(id),
            UNIQUE (request_id, defect_id)
        );
        CREATE INDEX repair_request_defect_by_defect ON repair_request_defect(defect_id);

        CREATE TABLE import_batch (
            id \(d.primaryKey),
            file_name \(d.text) NOT NULL,
            sha256 \(d.text) NOT NULL,
            operator \(d.text) NOT NULL,
            created_at \(d.text) NOT NULL,
            \(d.boolean("dry_run", default: false)),
            kind \(d.text) NOT NULL DEFAULT 'import' CHECK (kind IN ('import', 'undo')),
            reverts_batch_id \(d.reference) REFERENCES import_batch(id),
            \(d.shaped("range_from", like: isoDate, nullable: true)),
            \(d.shaped("range_to", like: isoDate, nullable: true)),
            added INTEGER NOT NULL DEFAULT 0,
            removed INTEGER NOT NULL DEFAULT 0,
            unchanged INTEGER NOT NULL DEFAULT 0,
            outcome \(d.text) NOT NULL CHECK (outcome IN ('applied', 'unchanged', 'dry_run', 'rejected', 'stale'))
        );

        CREATE TABLE availability_change (
            id \(d.primaryKey),
            batch_id \(d.reference) NOT NULL REFERENCES import_batch(id),
            \(d.shaped("date", like: isoDate)),
            daypart_id \(d.reference) NOT NULL REFERENCES daypart(id),
            staff_id \(d.reference) NOT NULL REFERENCES staff(id),
            \(d.boolean("available_before", default: false)),
            \(d.boolean("available_after", default: false)),
            UNIQUE (batch_id, date, daypart_id, staff_id)
        );
        CREATE INDEX availability_change_by_cell ON availability_change(date, daypart_id, staff_id);

        CREATE TABLE export_run (
            id \(d.primaryKey),
            kind \(d.text) NOT NULL,
            parameters \(d.text) NOT NULL,
            path \(d.text) NOT NULL,
            sha256 \(d.text) NOT NULL,
            rows INTEGER NOT NULL,
            created_at \(d.text) NOT NULL
        );
        CREATE INDEX export_run_by_kind ON export_run(kind, created_at);
        """
    }
}
