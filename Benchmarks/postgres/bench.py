#!/usr/bin/env python3
"""The PostgreSQL bulk-path benchmark (issue 7): the apply of a 10% edit of the year template
(365 days x 6 dayparts x 250 staff, synthetic seed) on SQLite and on PostgreSQL, the same data and
the same edit, alternating; each round starts from a fresh copy of the seeded database (a file copy
for SQLite, CREATE DATABASE ... TEMPLATE for PostgreSQL). Also the seed and the dry run on each.

Usage: bench.py SLOTSHEET PYTHON ROUNDS   (inside scripts/with-postgres.sh, which sets SLOTSHEET_TEST_POSTGRES)
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
from measure import run_measured  # noqa: E402

SERVER = os.environ["SLOTSHEET_TEST_POSTGRES"]          # postgres://slotsheet@127.0.0.1:PORT/postgres
BASE = SERVER.rsplit("/", 1)[0]


def psql(sql):
    subprocess.run(["psql", SERVER, "-q", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True, stdout=subprocess.DEVNULL)


def main(slotsheet, python, rounds):
    work = tempfile.mkdtemp()
    try:
        env = dict(os.environ, SLOTSHEET_TODAY="2026-01-01")
        backends = {"SQLite": f"sqlite:{work}/seeded.sqlite", "PostgreSQL": f"{BASE}/bench_seeded"}
        psql("DROP DATABASE IF EXISTS bench_seeded")
        psql("CREATE DATABASE bench_seeded")
        seed = {}
        for name, db in backends.items():
            run_measured([slotsheet, "db", "init", "--db", db], env)
            wall, out, _ = run_measured([slotsheet, "db", "seed", "--db", db, "--synthetic", "--staff", "250",
                                         "--from", "2026-01-01", "--to", "2026-12-31", "--seed", "1"], env)
            seed[name] = (wall, out.strip())
            run_measured([slotsheet, "template", "export", "--db", db, "--from", "2026-01-01", "--to", "2026-12-31",
                          "--all-staff", "-o", f"{work}/{name}.xlsx"], env)
            subprocess.run([python, os.path.join(os.path.dirname(HERE), "import", "make_edit.py"),
                            f"{work}/{name}.xlsx", f"{work}/{name}-edited.xlsx", "0.10"], check=True, stdout=subprocess.DEVNULL)

        def fresh(name, round_):
            if name == "SQLite":
                shutil.copyfile(f"{work}/seeded.sqlite", f"{work}/run.sqlite")
                return f"sqlite:{work}/run.sqlite"
            psql(f"DROP DATABASE IF EXISTS bench_run_{round_}")
            psql(f"CREATE DATABASE bench_run_{round_} TEMPLATE bench_seeded")
            return f"{BASE}/bench_run_{round_}"

        walls = {name: [] for name in backends}
        dry = {name: [] for name in backends}
        memory = {name: [] for name in backends}
        reports = {}
        for round_ in range(rounds):
            order = list(backends) if round_ % 2 == 0 else list(reversed(backends))
            for name in order:
                db = fresh(name, round_)
                edited = f"{work}/{name}-edited.xlsx"
                wall, _, _ = run_measured([slotsheet, "import", edited, "--dry-run", "--db", db], env)
                dry[name].append(wall)
                wall, out, peak = run_measured([slotsheet, "import", edited, "--json", "--operator", "bench", "--db", db], env)
                walls[name].append(wall)
                memory[name].append(peak)
                reports[name] = json.loads(out)
                if name == "PostgreSQL":
                    psql(f"DROP DATABASE bench_run_{round_}")

        print(f"\nyear template (2,190 rows x 250 staff), 10% edited, {rounds} alternating rounds\n")
        print("| | seed (once) | import --dry-run | import (apply) | peak RSS (apply) | changes |")
        print("|---|---|---|---|---|---|")
        base = statistics.median(walls["SQLite"])
        for name in backends:
            r = reports[name]
            print(f"| {name} | {seed[name][0]:.1f} s | {statistics.median(dry[name]) * 1000:.0f} ms "
                  f"| {statistics.median(walls[name]) * 1000:.0f} ms ({statistics.median(walls[name]) / base:.2f}x) "
                  f"| {statistics.median(memory[name]):.0f} MiB | {r['added']:,} added, {r['removed']:,} removed |")
        for name in backends:
            print(f"{name} seed: {seed[name][1]}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
