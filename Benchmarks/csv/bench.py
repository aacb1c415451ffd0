#!/usr/bin/env python3
"""The CSV import benchmark (issue 17): `slotsheet import --dry-run` of the year's availability CSV
(547,500 lines, written by `slotsheet export availability --format csv`) against a Python script
that reads the same file with the `csv` module, parses each date and keeps each key in a set
(`python_peer.py`). The two alternate (which goes first swaps every round); the ratio is taken
pair by pair and its median quoted, with each side's median wall time and peak RSS. Then the dry
run of one month, for memory against rows.

Usage: bench.py SLOTSHEET PYTHON WORKDIR ROUNDS     (run.sh prepares WORKDIR)
"""
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from measure import run_measured  # noqa: E402

PEER = os.path.join(HERE, "python_peer.py")


def main(slotsheet, python, work, rounds):
    env = dict(os.environ, SLOTSHEET_TODAY="2026-01-01", SLOTSHEET_DB=f"sqlite:{work}/base.sqlite")
    year = f"{work}/year.csv"
    ours = ([slotsheet, "import", year, "--dry-run", "--json"], env)
    peer = ([python, PEER, year], None)

    _, out, _ = run_measured(*ours)
    report = json.loads(out)
    _, peer_out, _ = run_measured(*peer)
    print(f"slotsheet: {report['unchanged']:,} unchanged, {report['added']} added, {report['removed']} removed "
          f"(status {report['status']}); python: {peer_out.strip()}")

    walls = {"slotsheet": [], "python": []}
    memory = {"slotsheet": [], "python": []}
    ratios = []
    for round_ in range(rounds):
        order = [("slotsheet", ours), ("python", peer)]
        if round_ % 2:
            order.reverse()
        pair = {}
        for name, (command, command_env) in order:
            wall, _, peak = run_measured(command, command_env)
            walls[name].append(wall)
            memory[name].append(peak)
            pair[name] = wall
        ratios.append(pair["slotsheet"] / pair["python"])

    month_peaks = [run_measured([slotsheet, "import", f"{work}/month.csv", "--dry-run"], env)[2] for _ in range(3)]

    print(f"\nyear availability CSV (547,500 lines, {os.path.getsize(year) / 1e6:.1f} MB), {rounds} alternating pairs\n")
    print("| | median wall | min | max | peak RSS |")
    print("|---|---|---|---|---|")
    for name, label in [("slotsheet", "slotsheet import --dry-run"), ("python", "Python csv + date + set")]:
        print(f"| {label} | {statistics.median(walls[name]):.3f} s | {min(walls[name]):.3f} s | {max(walls[name]):.3f} s "
              f"| {statistics.median(memory[name]):.0f} MiB |")
    print(f"| slotsheet import --dry-run, one month (46,500 lines) | | | | {statistics.median(month_peaks):.0f} MiB |")
    print(f"\nratio slotsheet / Python, pair by pair: median {statistics.median(ratios):.2f}x "
          f"(min {min(ratios):.2f}x, max {max(ratios):.2f}x; target <= 0.5x)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
