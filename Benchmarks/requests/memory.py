#!/usr/bin/env python3
"""Memory of the requests import across batch sizes (issue 31, "memory flat in rows"): the peak RSS
(wait4) of the dry run and of the apply of 1,000, 10,000 and 19,000 decisions (or the SIZES given),
on SQLite and on PostgreSQL 15, each apply on a fresh copy of the seeded database. One run of each:
the figure is memory, not time (the wall times are printed only to show the run was whole).

The queue: the synthetic data set with more requests than bench.py's (`db seed --synthetic --staff
220 --from 2026-12-01 --to 2027-02-28 --seed 1 --fill 0.8`, today 2026-12-01: 20,989 new requests),
decided as bench.py decides them (decisions.py: most approved, 2% cancelled with a note, 1% moved,
20% assigned), the first SIZE rows of its `requests export --status new` CSV.

Usage: memory.py SLOTSHEET [SIZE...]   (inside scripts/with-postgres.sh, see run.sh --memory)
"""
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
from measure import FreshCopies, run_measured, seed_both  # noqa: E402
import decisions  # noqa: E402
from bench import BASE, FIRST_MOVE_DAY, FROM, SEED, TO, TODAY, psql  # noqa: E402

STAFF, FILL = "220", "0.8"
SIZES = [1_000, 10_000, 19_000]


def main(slotsheet, sizes):
    work = tempfile.mkdtemp(prefix="slotsheet-requests-memory-")
    env = dict(os.environ, SLOTSHEET_TODAY=TODAY)
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    try:
        backends = seed_both(slotsheet, env, work, BASE, psql,
                             ["--staff", STAFF, "--from", FROM, "--to", TO, "--seed", SEED, "--fill", FILL])
        psql("VACUUM ANALYZE", "bench_seeded")
        run_measured([slotsheet, "requests", "export", "--db", backends["SQLite"], "--status", "new", "-o", f"{work}/queue.csv"], env)
        fresh = FreshCopies(work, BASE, psql)
        results = []
        for size in sizes:
            file = f"{work}/decisions-{size}.csv"
            kinds = decisions.make(f"{work}/queue.csv", f"{work}/seeded.sqlite", file, size, FIRST_MOVE_DAY)
            print(f"{size} decisions: " + ", ".join(f"{n} {kind}" for kind, n in kinds.items()))
            row = {"size": size}
            for name, seeded in backends.items():
                _, _, row[("dry run", name)] = run_measured([slotsheet, "requests", "import", file, "--dry-run", "--json", "--db", seeded], env)
                db, pg_name = fresh(name)
                wall, out, row[("apply", name)] = run_measured([slotsheet, "requests", "import", file, "--json", "--operator", "bench",
                                                                "--db", db], env)
                report = json.loads(out)
                print(f"  apply on {name}: {report.get('status')} in {wall:.1f} s, {json.dumps(report.get('counts'))}")
                if report.get("status") != "applied":
                    sys.exit(f"the apply of {size} decisions on {name} was not applied: {out[:500]}")
                if pg_name:
                    psql(f"DROP DATABASE {pg_name}")
            results.append(row)

        print(f"\nPeak RSS (MiB) by decisions in the file ({STAFF} staff, {FROM}..{TO}, fill {FILL}, seed {SEED}), "
              "SQLite / PostgreSQL:\n")
        print("| decisions | dry run | apply |")
        print("|---|---|---|")
        for row in results:
            cells = [f"{row[(job, 'SQLite')]:.0f} / {row[(job, 'PostgreSQL')]:.0f}" for job in ("dry run", "apply")]
            print(f"| {row['size']:,} | {' | '.join(cells)} |")
    finally:
        print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1], [int(size) for size in sys.argv[2:]] or SIZES)
