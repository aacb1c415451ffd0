#!/usr/bin/env python3
"""Runs slotsheet inspect, fastexcel's bare read, fastexcel with its Arrow conversion and openpyxl
(read-only) on one file, alternating, and reports median wall time and peak memory (max RSS) of each
as a whole process, plus the ratios.

Usage: bench.py SLOTSHEET PYTHON FILE.xlsx [ROUNDS]

Every round runs the four in a rotated order, so none always runs first or last. Wall time is the
whole process, start-up included, as a user or a cron job sees it; peak memory comes from wait4()
for that process alone. The in-process read time of the Python readers is shown too. The target's
ratio is taken pair by pair: slotsheet's time over the bare fastexcel read's in the same round, and
the median of those ratios, so a slow moment of the shared machine weighs on both sides of a pair.
"""
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from measure import run_measured  # noqa: E402


def main(slotsheet, python, path, rounds):
    readers = {
        "slotsheet inspect": [slotsheet, "inspect", path],
        "fastexcel bare read": [python, os.path.join(HERE, "readers.py"), "fastexcel-bare", path],
        "fastexcel + Arrow": [python, os.path.join(HERE, "readers.py"), "fastexcel", path],
        "openpyxl read-only": [python, os.path.join(HERE, "readers.py"), "openpyxl", path],
    }
    names = list(readers)
    walls = {name: [] for name in names}
    memory = {name: [] for name in names}
    inner = {name: [] for name in names}
    cells = {}
    for name in names:  # one warm-up each: page cache, Python bytecode caches
        run_measured(readers[name])
    for round_ in range(rounds):
        order = names[round_ % len(names):] + names[:round_ % len(names)]
        for name in order:
            wall, out, peak = run_measured(readers[name])
            walls[name].append(wall)
            memory[name].append(peak)
            if name.startswith("slotsheet"):
                cells[name] = int(re.search(r"([\d,]+) cells", out).group(1).replace(",", ""))
            else:
                count, seconds = out.split()
                if int(count) >= 0:
                    cells[name] = int(count)
                inner[name].append(float(seconds))
    if len(set(cells.values())) != 1:
        sys.exit(f"the readers disagree on the number of cells: {cells}")

    base = statistics.median(walls[names[0]])
    print(f"{path}: {cells[names[0]]:,} non-empty cells, {rounds} rounds, alternating\n")
    print("| reader | median wall | min | max | read only (in process) | peak RSS | time vs slotsheet |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        median = statistics.median(walls[name])
        read = f"{statistics.median(inner[name]) * 1000:.0f} ms" if inner[name] else "-"
        print(f"| {name} | {median * 1000:.0f} ms | {min(walls[name]) * 1000:.0f} ms | {max(walls[name]) * 1000:.0f} ms "
              f"| {read} | {statistics.median(memory[name]):.0f} MiB | {median / base:.2f}x |")
    for peer in ("fastexcel bare read", "fastexcel + Arrow"):
        ratios = sorted(a / b for a, b in zip(walls[names[0]], walls[peer]))
        print(f"\nslotsheet / {peer}, pair by pair: median {statistics.median(ratios):.2f}x "
              f"(pairs from {ratios[0]:.2f}x to {ratios[-1]:.2f}x)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 9)
