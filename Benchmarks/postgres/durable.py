#!/usr/bin/env python3
"""PostgreSQL 15 with durability on against SQLite (issue 24), on the synthetic year of the other
benchmarks (250 staff, 2026, seed 1, today = 2026-01-01):

- a year's CSV applied: the year's availability export with ~15,000 empty future cells marked x;
- the year template's dry run (unedited) and its export;
each on a fresh copy of the seeded database (a file copy; CREATE DATABASE ... TEMPLATE), the
backends alternating, median of ROUNDS; with the statements each PostgreSQL run sent, counted in
the server's log (log_statement = all);
- 20 `slotsheet import` processes started at once on PostgreSQL, each with its own 10 staff over
the same four weeks (every empty cell of theirs marked x), ROUNDS rounds on fresh copies: how many
were applied, and their exit codes.

Each round prints its pairs (SQLite and PostgreSQL in the same minute, and their ratio) with the load
average, and the table gives both the ratio of the medians and the median of the rounds' ratios.
With a second binary (BEFORE), every job of every round runs with it too, beside the first, on
copies of the same seeded databases: a before and after measured in the same minutes.

Usage: durable.py SLOTSHEET ROUNDS [BEFORE]   (inside scripts/with-postgres.sh with SLOTSHEET_PG_SETTINGS, see durable.sh)
"""
import csv
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from measure import FreshCopies, load_average, logged_statements, print_rounds, run_measured, seed_both  # noqa: E402

SERVER = os.environ["SLOTSHEET_TEST_POSTGRES"]          # postgres://slotsheet@127.0.0.1:PORT/postgres
BASE = SERVER.rsplit("/", 1)[0]
LOG = os.environ["SLOTSHEET_TEST_POSTGRES_LOG"]
TODAY = "2026-01-01"
WRITERS, STAFF_EACH = 20, 10


def psql(sql):
    subprocess.run(["psql", SERVER, "-q", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True, stdout=subprocess.DEVNULL)


def year_csv(export, target, marks):
    """The year's availability CSV with `marks` empty cells from tomorrow on marked x (seeded choice)."""
    with open(export, newline="", encoding="utf-8") as source:
        rows = list(csv.reader(source))
    empty = [i for i, row in enumerate(rows[1:], 1) if row[0] > TODAY and row[3] == ""]
    for i in random.Random(1).sample(empty, marks):
        rows[i][3] = "x"
    with open(target, "w", newline="", encoding="utf-8") as out:
        csv.writer(out, lineterminator="\n").writerows(rows)


def writer_csvs(export, work):
    """Per writer: its 10 staff over four weeks (2026-02-02..03-01), every cell x."""
    with open(export, newline="", encoding="utf-8") as source:
        rows = list(csv.reader(source))
    staff = sorted({row[2] for row in rows[1:]})
    paths = []
    for writer in range(WRITERS):
        mine = set(staff[writer * STAFF_EACH:(writer + 1) * STAFF_EACH])
        path = f"{work}/writer{writer:02d}.csv"
        with open(path, "w", newline="", encoding="utf-8") as out:
            lines = csv.writer(out, lineterminator="\n")
            lines.writerow(rows[0])
            for row in rows[1:]:
                if row[2] in mine and "2026-02-02" <= row[0] <= "2026-03-01":
                    lines.writerow([row[0], row[1], row[2], "x"])
        paths.append(path)
    return paths


def main(slotsheet, rounds, before=None):
    work = tempfile.mkdtemp()
    env = dict(os.environ, SLOTSHEET_TODAY=TODAY)
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    try:
        backends = seed_both(slotsheet, env, work, BASE, psql, ["--staff", "250", "--from", "2026-01-01", "--to", "2026-12-31",
                                                                "--seed", "1"])
        # What autovacuum does within a minute of a bulk load (planner statistics, the visibility map,
        # hint bits): done before the copies, so that no round depends on whether it got there yet.
        psql_db = f"{BASE}/bench_seeded"
        subprocess.run(["psql", psql_db, "-q", "-v", "ON_ERROR_STOP=1", "-c", "VACUUM ANALYZE"], check=True,
                       stdout=subprocess.DEVNULL)
        db = backends["SQLite"]
        run_measured([slotsheet, "export", "availability", "--db", db, "--from", "2026-01-01", "--to", "2026-12-31",
                      "--all-staff", "--format", "csv", "-o", f"{work}/year-export.csv"], env)
        year_csv(f"{work}/year-export.csv", f"{work}/year.csv", 15_000)
        run_measured([slotsheet, "template", "export", "--db", db, "--from", "2026-01-01", "--to", "2026-12-31",
                      "--all-staff", "-o", f"{work}/year.xlsx"], env)
        writers = writer_csvs(f"{work}/year-export.csv", work)
        run_measured([slotsheet, "db", "status", "--db", backends["PostgreSQL"]], env)
        print(subprocess.run([slotsheet, "db", "status", "--db", backends["PostgreSQL"]], env=env,
                             capture_output=True, text=True).stdout.splitlines()[1])

        fresh = FreshCopies(work, BASE, psql)

        jobs = {
            "year CSV apply": lambda bin_, db: [bin_, "import", f"{work}/year.csv", "--json", "--operator", "bench", "--db", db],
            "year template dry run": lambda bin_, db: [bin_, "import", f"{work}/year.xlsx", "--dry-run", "--db", db],
            "year template export": lambda bin_, db: [bin_, "template", "export", "--db", db, "--from", "2026-01-01",
                                                      "--to", "2026-12-31", "--all-staff", "-o", f"{work}/out.xlsx"],
        }
        binaries = {"after": slotsheet, "before": before} if before else {"": slotsheet}
        walls = {(bin_, job, name): [] for bin_ in binaries for job in jobs for name in backends}
        counts = {(bin_, job): [] for bin_ in binaries for job in jobs}
        loads = []
        for round_ in range(rounds):
            loads.append(load_average())
            for job, command in jobs.items():
                # The backends alternate, and so do the binaries, so that neither always goes first.
                order = list(backends) if round_ % 2 == 0 else list(reversed(backends))
                for bin_ in (list(binaries) if round_ % 2 == 0 else list(reversed(binaries))):
                    for name in order:
                        db, pg_name = fresh(name)
                        since = os.path.getsize(LOG)
                        wall, out, _ = run_measured(command(binaries[bin_], db), env)
                        walls[(bin_, job, name)].append(wall)
                        if pg_name:
                            counts[(bin_, job)].append(logged_statements(LOG, pg_name, since))
                            psql(f"DROP DATABASE {pg_name}")
                        if job == "year CSV apply" and round_ == 0:
                            print(f"{bin_ + ' ' if bin_ else ''}{name}: {out.strip()[:160]}")

        print(f"\nthe synthetic year (250 staff, 2,190 slots), {rounds} alternating rounds, fresh copies; "
              "PostgreSQL 15 with fsync, synchronous_commit and full_page_writes on\n")
        print_rounds([(f"{bin_} {job}".strip(), (bin_, job)) for job in jobs for bin_ in binaries], loads,
                     lambda key, round_: (walls[(*key, "SQLite")][round_], walls[(*key, "PostgreSQL")][round_]))

        print(f"\nMedians of {rounds}: the ratio of the medians, and the median of the rounds' ratios:\n")
        print("| | SQLite | PostgreSQL | ratio | median ratio of a round | PostgreSQL statements |")
        print("|---|---|---|---|---|---|")
        for job in jobs:
            for bin_ in binaries:
                sqlite_walls, postgres_walls = walls[(bin_, job, "SQLite")], walls[(bin_, job, "PostgreSQL")]
                sqlite, postgres = statistics.median(sqlite_walls), statistics.median(postgres_walls)
                paired = statistics.median(p / s for s, p in zip(sqlite_walls, postgres_walls))
                print(f"| {f'{bin_}: ' if bin_ else ''}{job} | {sqlite * 1000:.0f} ms | {postgres * 1000:.0f} ms "
                      f"| {postgres / sqlite:.2f}x | {paired:.2f}x | {', '.join(map(str, counts[(bin_, job)]))} |")

        print(f"\n{WRITERS} `slotsheet import` processes at once on PostgreSQL, {STAFF_EACH} staff each, "
              f"the same four weeks, {rounds} rounds")
        for round_ in range(rounds):
            db, pg_name = fresh("PostgreSQL")
            started = time.perf_counter()
            processes = [subprocess.Popen([slotsheet, "import", path, "--operator", f"w{i}", "--db", db], env=env,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                         for i, path in enumerate(writers)]
            codes = [p.wait() for p in processes]
            wall = time.perf_counter() - started
            errors = {p.stderr.read().decode().strip() for p, c in zip(processes, codes) if c != 0}
            applied = subprocess.run(["psql", f"{BASE}/{pg_name}", "-tA", "-c",
                                      "SELECT COUNT(*) FROM import_batch WHERE outcome = 'applied'"],
                                     capture_output=True, text=True, check=True).stdout.strip()
            print(f"round {round_ + 1}: {codes.count(0)} of {WRITERS} exited 0, {applied} batches applied, "
                  f"exit codes {sorted(set(codes))}, {wall:.2f} s for all{'; ' + ' / '.join(errors) if errors else ''}")
            psql(f"DROP DATABASE {pg_name}")
    finally:
        print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None)
