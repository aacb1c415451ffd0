#!/usr/bin/env python3
"""The import benchmark (issue 5): `slotsheet import --dry-run` of a year template against the bare
read of the same file by fastexcel and openpyxl read-only, alternating; then the apply of a 10%
edit, each run on a fresh copy of the database. Medians and peak memory.

Usage: bench.py SLOTSHEET PYTHON WORKDIR ROUNDS     (run.sh prepares WORKDIR)
"""
import json
import os
import shutil
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from measure import run_measured  # noqa: E402

READERS = os.path.join(os.path.dirname(HERE), "inspect", "readers.py")


def main(slotsheet, python, work, rounds):
    env = dict(os.environ, SLOTSHEET_TODAY="2026-01-01", SLOTSHEET_DB=f"sqlite:{work}/base.sqlite")
    year, edited = f"{work}/year.xlsx", f"{work}/edited.xlsx"
    contenders = {
        "slotsheet import --dry-run": ([slotsheet, "import", year, "--dry-run"], env),
        "fastexcel bare read": ([python, READERS, "fastexcel", year], None),
        "openpyxl read-only bare read": ([python, READERS, "openpyxl", year], None),
    }
    names = list(contenders)
    walls = {name: [] for name in names}
    memory = {name: [] for name in names}
    for name in names:
        run_measured(*contenders[name])
    for round_ in range(rounds):
        for name in names[round_ % 3:] + names[:round_ % 3]:
            wall, _, peak = run_measured(*contenders[name])
            walls[name].append(wall)
            memory[name].append(peak)
    # Issue 17's measure: slotsheet's time over fastexcel's, round by round (the two ran back to back).
    paired = sorted(ours / theirs for ours, theirs in zip(walls[names[0]], walls[names[1]]))

    apply_walls, apply_memory, dry_walls = [], [], []
    for _ in range(rounds):
        shutil.copyfile(f"{work}/base.sqlite", f"{work}/run.sqlite")
        run_env = dict(env, SLOTSHEET_DB=f"sqlite:{work}/run.sqlite")
        wall, _, _ = run_measured([slotsheet, "import", edited, "--dry-run"], run_env)
        dry_walls.append(wall)
        wall, out, peak = run_measured([slotsheet, "import", edited, "--json", "--operator", "bench"], run_env)
        apply_walls.append(wall)
        apply_memory.append(peak)
    report = json.loads(out)
    summary = f"{report['added']:,} added, {report['removed']:,} removed, {report['unchanged']:,} unchanged (status {report['status']})"

    base = statistics.median(walls[names[0]])
    print(f"\nyear template (2,190 rows x 250 staff, 547,500 staff cells), {rounds} alternating rounds\n")
    print("| | median wall | peak RSS | time vs slotsheet |")
    print("|---|---|---|---|")
    for name in names:
        median = statistics.median(walls[name])
        print(f"| {name} | {median * 1000:.0f} ms | {statistics.median(memory[name]):.0f} MiB | {median / base:.2f}x |")
    print(f"| slotsheet import --dry-run, 10% edited | {statistics.median(dry_walls) * 1000:.0f} ms | | |")
    print(f"| slotsheet import (apply), 10% edited | {statistics.median(apply_walls) * 1000:.0f} ms "
          f"| {statistics.median(apply_memory):.0f} MiB | |")
    print(f"\nslotsheet import --dry-run / fastexcel bare read, round by round: median "
          f"{statistics.median(paired):.2f}x (from {paired[0]:.2f}x to {paired[-1]:.2f}x)")
    print(f"applied: {summary}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
