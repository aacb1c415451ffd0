#!/usr/bin/env bash
# What the year CSV's apply costs PostgreSQL, in figures a busy machine does not move: the server's CPU
# of the apply's statements (log_statement_stats), the WAL it writes (pg_current_wal_lsn before and
# after), the statements it sends, the client's CPU; SQLite's apply beside it. The data and the edit are
# ../shared/bench/pg-apply.sh's (250 synthetic staff, every 20th empty cell of a year marked); each apply
# is undone after it. OLD runs first on databases it made, then NEW migrates them (`db init`) and runs:
# a schema migration between two builds is measured on the same rows.
#   SLOTSHEET_PG_SETTINGS="-c fsync=on -c synchronous_commit=on -c full_page_writes=on -c log_min_duration_statement=0 -c log_statement_stats=on" \
#     bash scripts/with-postgres.sh bash Benchmarks/postgres/apply-work.sh OLD_BINARY NEW_BINARY [RUNS]
set -euo pipefail
OLD=$(readlink -f "$1"); NEW=$(readlink -f "$2"); N=${3:-3}
PG=${SLOTSHEET_TEST_POSTGRES:?run under scripts/with-postgres.sh}
LOG=${SLOTSHEET_TEST_POSTGRES_LOG:?run under scripts/with-postgres.sh}
export SLOTSHEET_TODAY=2026-12-01
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
lite="sqlite:$t/a.sqlite"
for db in "$lite" "$PG"; do
  "$OLD" db init --db "$db" >/dev/null
  "$OLD" db seed --synthetic --staff 250 --from 2026-12-01 --to 2027-11-30 --seed 7 --db "$db" >/dev/null
done
"$OLD" export availability --db "$lite" --from 2026-12-02 --to 2027-11-30 --all-staff --format csv -o "$t/year.csv" >/dev/null
python3 - "$t/year.csv" "$t/edit.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
for i, r in enumerate(rows[1:]):
    if i % 20 == 7 and r[3] == "": r[3] = "x"
csv.writer(open(sys.argv[2], "w", newline=""), lineterminator="\r\n").writerows(rows)
PY
q() { psql "$PG" -qAtc "$1"; }
once() { # label binary database
  local n0 before after seconds user system
  n0=$(wc -l < "$LOG"); before=$(q "SELECT pg_current_wal_lsn()")
  /usr/bin/time -f "%e %U %S" -o "$t/time" "$2" import "$t/edit.csv" --db "$3" --json > "$t/o.json"
  after=$(q "SELECT pg_current_wal_lsn()")
  read -r seconds user system < "$t/time"
  local server statements
  server=$(tail -n +$((n0 + 1)) "$LOG" | grep -oP '!\s+[0-9.]+ s user, [0-9.]+ s system' | awk '{c += $2 + $5} END {printf "%.1f", c * 1000}')
  statements=$(tail -n +$((n0 + 1)) "$LOG" | grep -c 'execute <unnamed>' || true)
  echo "$1: wall $seconds s, client CPU $(python3 -c "print(round($user + $system, 2))") s, server CPU ${server:-0} ms," \
       "statements $statements, WAL $(q "SELECT pg_wal_lsn_diff('$after', '$before')") bytes," \
       "added $(python3 -c "import json; print(json.load(open('$t/o.json'))['added'])")"
  "$2" import undo "$(python3 -c "import json; print(json.load(open('$t/o.json'))['recordedAs'])")" --db "$3" >/dev/null
}
for _ in $(seq "$N"); do once "old PostgreSQL" "$OLD" "$PG"; once "old SQLite" "$OLD" "$lite"; done
"$NEW" db init --db "$PG" >/dev/null; "$NEW" db init --db "$lite" >/dev/null
for _ in $(seq "$N"); do once "new PostgreSQL" "$NEW" "$PG"; once "new SQLite" "$NEW" "$lite"; done
