#!/usr/bin/env python3
"""How long another writer waits while `slotsheet import` applies the 10% edit of the year template
(2,190 rows x 250 staff): the import starts, OFFSET seconds later (while it is still reading the file)
another program opens the database and writes one row (`BEGIN IMMEDIATE`, an INSERT, COMMIT, with a
60 s busy timeout); its wait from BEGIN to the end of COMMIT is timed. Each contender (a slotsheet
binary with its own copy of the seeded database) runs in turn, on a fresh copy every round.

Usage: writer_wait.py WORKDIR ROUNDS OFFSET NAME=SLOTSHEET [NAME=SLOTSHEET ...]
       (writer_wait.sh prepares WORKDIR: base-NAME.sqlite for each contender, edited.xlsx)
"""
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time


def trial(slotsheet, base, edited, work, offset):
    database = f"{work}/run.sqlite"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(database + suffix):
            os.remove(database + suffix)
    shutil.copyfile(base, database)
    env = dict(os.environ, SLOTSHEET_TODAY="2026-01-01", SLOTSHEET_DB=f"sqlite:{database}")
    started = time.monotonic()
    process = subprocess.Popen([slotsheet, "import", edited, "--operator", "bench"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(offset)
    other = sqlite3.connect(database, timeout=60, isolation_level=None)
    begun = time.monotonic()
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO export_run (kind, parameters, path, sha256, rows, created_at) "
                  "VALUES ('probe', '{}', '-', '-', 0, '2026-01-01T00:00:00Z')")
    other.execute("COMMIT")
    waited = time.monotonic() - begun
    other.close()
    _, errors = process.communicate()
    wall = time.monotonic() - started
    if process.returncode != 0:
        sys.exit(f"{slotsheet} import failed ({process.returncode}): {errors.decode()}")
    return waited, wall


def main(work, rounds, offset, contenders):
    edited = f"{work}/edited.xlsx"
    waits = {name: [] for name, _ in contenders}
    walls = {name: [] for name, _ in contenders}
    for name, binary in contenders:   # one warm-up each
        trial(binary, f"{work}/base-{name}.sqlite", edited, work, offset)
    for round_ in range(rounds):
        order = contenders[round_ % len(contenders):] + contenders[:round_ % len(contenders)]
        for name, binary in order:
            waited, wall = trial(binary, f"{work}/base-{name}.sqlite", edited, work, offset)
            waits[name].append(waited)
            walls[name].append(wall)
    print(f"\nanother writer starting {offset:.2f} s into `slotsheet import` of the 10% edited year template, "
          f"{rounds} alternating rounds\n")
    print("| slotsheet | other writer's wait: median | min | max | import wall (median) |")
    print("|---|---|---|---|---|")
    for name, _ in contenders:
        w = waits[name]
        print(f"| {name} | {statistics.median(w) * 1000:.0f} ms | {min(w) * 1000:.0f} ms | {max(w) * 1000:.0f} ms "
              f"| {statistics.median(walls[name]) * 1000:.0f} ms |")


if __name__ == "__main__":
    pairs = [argument.split("=", 1) for argument in sys.argv[4:]]
    main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), [(name, path) for name, path in pairs])
