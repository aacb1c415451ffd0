#!/usr/bin/env python3
"""Runs `slotsheet inspect` and python-calamine on one .ods, alternating, and reports median wall time and
peak memory (max RSS) of each as a whole process, and the ratio. Then slotsheet's peak memory on the
month-sized grid, to show it does not grow with rows.

Usage: bench.py SLOTSHEET PYTHON YEAR.ods MONTH.ods [ROUNDS]
"""
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from measure import run_measured  # noqa: E402


def main(slotsheet, python, year, month, rounds):
    readers = {
        "slotsheet inspect": [slotsheet, "inspect", year],
        "python-calamine": [python, os.path.join(HERE, "calamine_read.py"), year],
    }
    names = list(readers)
    walls = {name: [] for name in names}
    memory = {name: [] for name in names}
    inner = {name: [] for name in names}
    cells = {}
    for name in names:  # one warm-up each: page cache, Python bytecode caches
        run_measured(readers[name])
    for round_ in range(rounds):
        order = names if round_ % 2 == 0 else names[::-1]
        for name in order:
            wall, out, peak = run_measured(readers[name])
            walls[name].append(wall)
            memory[name].append(peak)
            if name.startswith("slotsheet"):
                cells[name] = int(re.search(r"([\d,]+) cells", out).group(1).replace(",", ""))
            else:
                count, seconds = out.split()
                cells[name] = int(count)
                inner[name].append(float(seconds))
    if len(set(cells.values())) != 1:
        sys.exit(f"the readers disagree on the number of cells: {cells}")
    month_peaks = [run_measured([slotsheet, "inspect", month])[2] for _ in range(3)]

    base = statistics.median(walls[names[0]])
    print(f"{year}: {cells[names[0]]:,} non-empty cells, {rounds} rounds, alternating\n")
    print("| reader | median wall | min | max | read only (in process) | peak RSS | time vs slotsheet |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        median = statistics.median(walls[name])
        read = f"{statistics.median(inner[name]) * 1000:.0f} ms" if inner[name] else "-"
        print(f"| {name} | {median * 1000:.0f} ms | {min(walls[name]) * 1000:.0f} ms | {max(walls[name]) * 1000:.0f} ms "
              f"| {read} | {statistics.median(memory[name]):.0f} MiB | {median / base:.2f}x |")
    print(f"\nslotsheet inspect peak RSS: year (2,191 rows) {statistics.median(memory[names[0]]):.1f} MiB, "
          f"month (187 rows) {statistics.median(month_peaks):.1f} MiB")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]) if len(sys.argv) > 5 else 9)
