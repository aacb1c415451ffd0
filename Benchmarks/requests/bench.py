#!/usr/bin/env python3
"""10,000 new repair requests decided in a file (issue 31), on SQLite and on PostgreSQL 15 with
durability on, the backends alternating, every apply on a fresh copy of the seeded database:

- the synthetic data set (`db seed --synthetic`: 177 staff, 2026-12-01..2027-02-28, seed 1, today
  2026-12-01), whose 10,073 new requests are the queue; its status log checked consistent first
  (every request's status, slot, staff and subcontractor are its log's last row's);
- `requests export --status new` to .xlsx and to CSV;
- the decisions on the first 10,000 rows of that CSV (decisions.py: most approved, 2% cancelled
  with a note, 1% moved, 20% assigned), their dry run (`--dry-run --json`) and their apply;
wall time and peak RSS from wait4(), the medians of ROUNDS, the ratio of the medians and the median
of the rounds' ratios, and the statements each PostgreSQL run sent (its log, log_statement = all).

Usage: bench.py SLOTSHEET ROUNDS   (inside scripts/with-postgres.sh with SLOTSHEET_PG_SETTINGS, see run.sh)
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
from measure import FreshCopies, load_average, logged_statements, print_rounds, run_measured, seed_both  # noqa: E402
import decisions  # noqa: E402

SERVER = os.environ["SLOTSHEET_TEST_POSTGRES"]          # postgres://slotsheet@127.0.0.1:PORT/postgres
BASE = SERVER.rsplit("/", 1)[0]
LOG = os.environ["SLOTSHEET_TEST_POSTGRES_LOG"]
TODAY, FIRST_MOVE_DAY = "2026-12-01", "2026-12-04"
STAFF, FROM, TO, SEED = "177", "2026-12-01", "2027-02-28", "1"
DECISIONS = 10_000

# The requests whose current state is not their log's last row (0 when the log is consistent).
INCONSISTENT = """
SELECT COUNT(*) FROM repair_request r
LEFT JOIN request_status_log l ON l.id = (SELECT MAX(id) FROM request_status_log WHERE request_id = r.id)
WHERE l.id IS NULL OR l.to_status <> r.status OR l.slot_date_after <> r.slot_date OR l.daypart_id_after <> r.daypart_id
   OR COALESCE(l.staff_id_after, -1) <> COALESCE(r.staff_id, -1)
   OR COALESCE(l.subcontractor_id_after, -1) <> COALESCE(r.subcontractor_id, -1)
"""


def psql(sql, database="postgres"):
    return subprocess.run(["psql", f"{BASE}/{database}", "-tA", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql],
                          check=True, capture_output=True, text=True).stdout.strip()


def main(slotsheet, rounds):
    work = tempfile.mkdtemp(prefix="slotsheet-requests-")
    env = dict(os.environ, SLOTSHEET_TODAY=TODAY)
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    try:
        backends = seed_both(slotsheet, env, work, BASE, psql, ["--staff", STAFF, "--from", FROM, "--to", TO, "--seed", SEED])
        psql("VACUUM ANALYZE", "bench_seeded")
        import sqlite3
        connection = sqlite3.connect(f"{work}/seeded.sqlite")
        counts = {"SQLite": (connection.execute(INCONSISTENT).fetchone()[0],
                             connection.execute("SELECT COUNT(*) FROM repair_request WHERE status = 'new'").fetchone()[0])}
        connection.close()
        counts["PostgreSQL"] = (int(psql(INCONSISTENT, "bench_seeded")),
                                int(psql("SELECT COUNT(*) FROM repair_request WHERE status = 'new'", "bench_seeded")))
        for name, (inconsistent, new) in counts.items():
            print(f"{name}: {new} new requests; {inconsistent} requests whose state is not their log's last row")
            if inconsistent:
                sys.exit(f"the seeded {name} database's status log is not consistent")

        run_measured([slotsheet, "requests", "export", "--db", backends["SQLite"], "--status", "new", "-o", f"{work}/queue.csv"], env)
        kinds = decisions.make(f"{work}/queue.csv", f"{work}/seeded.sqlite", f"{work}/decisions.csv", DECISIONS, FIRST_MOVE_DAY)
        print(f"decisions.csv: {DECISIONS} rows: " + ", ".join(f"{n} {kind}" for kind, n in kinds.items()))

        fresh = FreshCopies(work, BASE, psql)

        jobs = {
            "export .xlsx": (False, lambda db: [slotsheet, "requests", "export", "--db", db, "--status", "new", "-o", f"{work}/out.xlsx"]),
            "export CSV": (False, lambda db: [slotsheet, "requests", "export", "--db", db, "--status", "new", "-o", f"{work}/out.csv"]),
            "dry run": (False, lambda db: [slotsheet, "requests", "import", f"{work}/decisions.csv", "--dry-run", "--json", "--db", db]),
            "apply": (True, lambda db: [slotsheet, "requests", "import", f"{work}/decisions.csv", "--json", "--operator", "bench",
                                        "--db", db]),
        }
        walls = {(job, name): [] for job in jobs for name in backends}
        peaks = {(job, name): [] for job in jobs for name in backends}
        sent = {job: [] for job in jobs}
        loads = []
        for round_ in range(rounds):
            loads.append(load_average())
            for job, (writes, command) in jobs.items():
                order = list(backends) if round_ % 2 == 0 else list(reversed(backends))
                for name in order:
                    db, pg_name = fresh(name) if writes else (backends[name], "bench_seeded" if name == "PostgreSQL" else None)
                    since = os.path.getsize(LOG)
                    wall, out, rss = run_measured(command(db), env)
                    walls[(job, name)].append(wall)
                    peaks[(job, name)].append(rss)
                    if pg_name:
                        sent[job].append(logged_statements(LOG, pg_name, since))
                    if round_ == 0 and job in ("dry run", "apply"):
                        report = json.loads(out)
                        print(f"{job} on {name}: {report.get('status')}, {json.dumps(report.get('counts'))}")
                    if writes and round_ == 0:
                        inconsistent = (int(psql(INCONSISTENT, pg_name)) if pg_name else
                                        sqlite3.connect(f"{work}/run.sqlite").execute(INCONSISTENT).fetchone()[0])
                        print(f"after the apply on {name}: {inconsistent} requests whose state is not their log's last row")
                    if writes and pg_name:
                        psql(f"DROP DATABASE {pg_name}")

        print(f"\n{DECISIONS} decisions on the synthetic queue ({STAFF} staff, {FROM}..{TO}, seed {SEED}), {rounds} alternating "
              "rounds, applies on fresh copies; PostgreSQL 15 with fsync, synchronous_commit and full_page_writes on\n")
        print_rounds([(job, job) for job in jobs], loads,
                     lambda job, round_: (walls[(job, "SQLite")][round_], walls[(job, "PostgreSQL")][round_]))
        print(f"\nMedians of {rounds}: the ratio of the medians, the median of the rounds' ratios, peak RSS:\n")
        print("| | SQLite | PostgreSQL | ratio | median ratio of a round | peak RSS SQLite / PostgreSQL | PostgreSQL statements |")
        print("|---|---|---|---|---|---|---|")
        for job in jobs:
            sqlite_walls, postgres_walls = walls[(job, "SQLite")], walls[(job, "PostgreSQL")]
            sqlite, postgres = statistics.median(sqlite_walls), statistics.median(postgres_walls)
            paired = statistics.median(p / s for s, p in zip(sqlite_walls, postgres_walls))
            rss = f"{statistics.median(peaks[(job, 'SQLite')]):.0f} / {statistics.median(peaks[(job, 'PostgreSQL')]):.0f} MiB"
            print(f"| {job} | {sqlite * 1000:.0f} ms | {postgres * 1000:.0f} ms | {postgres / sqlite:.2f}x | {paired:.2f}x "
                  f"| {rss} | {', '.join(map(str, sorted(set(sent[job]))))} |")
    finally:
        print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
