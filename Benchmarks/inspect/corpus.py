#!/usr/bin/env python3
"""The test corpus read in full, file by file: `slotsheet inspect FILE` (every cell of every sheet)
against python-calamine reading every sheet of the same file (`calamine_all.py`), alternating per file,
each a whole process. Reports the total wall time of each over the corpus, and the median over rounds.

Usage: corpus.py SLOTSHEET PYTHON FOLDER [ROUNDS]
"""
import glob
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command):
    """Wall time of one process; refusals (exit codes) count like any other reading."""
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(slotsheet, python, folder, rounds):
    files = sorted(glob.glob(os.path.join(folder, "*.xlsx")))
    contenders = {
        "slotsheet inspect": lambda path: [slotsheet, "inspect", path],
        "python-calamine": lambda path: [python, os.path.join(HERE, "calamine_all.py"), path],
    }
    names = list(contenders)
    totals = {name: [] for name in names}
    for round_ in range(rounds + 1):  # the first round warms the page cache and is dropped
        sums = {name: 0.0 for name in names}
        for index, path in enumerate(files):
            order = names if (index + round_) % 2 == 0 else names[::-1]
            for name in order:
                sums[name] += timed(contenders[name](path))
        if round_ > 0:
            for name in names:
                totals[name].append(sums[name])
    ratios = sorted(a / b for a, b in zip(totals[names[0]], totals[names[1]]))
    print(f"{len(files)} files of {folder}, {rounds} rounds, each file a process per reader, alternating\n")
    print("| reader | median total | min | max |")
    print("|---|---|---|---|")
    for name in names:
        print(f"| {name} | {statistics.median(totals[name]) * 1000:.0f} ms | {min(totals[name]) * 1000:.0f} ms "
              f"| {max(totals[name]) * 1000:.0f} ms |")
    print(f"\nslotsheet / python-calamine, round by round: median {statistics.median(ratios):.2f}x "
          f"(from {ratios[0]:.2f}x to {ratios[-1]:.2f}x)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 5)
