#!/usr/bin/env python3
"""Requests report benchmark: `slotsheet report requests` against XlsxWriter constant_memory on the
same rows, alternating; and slotsheet's peak memory for a tenth of the rows against all of them.

Usage: bench.py SLOTSHEET PYTHON WORKDIR ROUNDS    (run.sh prepares WORKDIR)
"""
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from measure import run_measured  # noqa: E402


def main(slotsheet, python, work, rounds):
    env = dict(os.environ, SLOTSHEET_TODAY="2026-01-01", SLOTSHEET_DB=f"sqlite:{work}/base.sqlite")
    # Just under a sheet's 1,048,576 rows, which both writers can hold on one sheet.
    full = ("2025-01-01", "2026-12-15")
    tenth = ("2025-01-01", "2025-03-14")
    ours = lambda dates, out: [slotsheet, "report", "requests", "--from", dates[0], "--to", dates[1], "-o", f"{work}/{out}"]
    peer = [python, os.path.join(HERE, "xlsxwriter_requests.py"), f"{work}/base.sqlite", f"{work}/peer.xlsx", *full]
    times = {"slotsheet": [], "xlsxwriter": []}
    memory = {"slotsheet": [], "xlsxwriter": []}
    rows = {}
    for round_ in range(rounds):
        order = ["slotsheet", "xlsxwriter"] if round_ % 2 == 0 else ["xlsxwriter", "slotsheet"]
        for name in order:
            wall, out, peak = run_measured(ours(full, "ours.xlsx"), env) if name == "slotsheet" else run_measured(peer)
            times[name].append(wall)
            memory[name].append(peak)
            rows[name] = int(out.split()[-2]) if name == "slotsheet" else int(out.split()[0])
    if rows["slotsheet"] != rows["xlsxwriter"]:
        sys.exit(f"the two wrote different numbers of rows: {rows}")
    small = [run_measured(ours(tenth, "tenth.xlsx"), env) for _ in range(3)]
    small_rows = int(small[-1][1].split()[-2])

    base = statistics.median(times["slotsheet"])
    print(f"\nrequests report, {rows['slotsheet']:,} requests, {rounds} alternating rounds\n")
    print("| | median wall | peak RSS | time vs slotsheet |")
    print("|---|---|---|---|")
    for name, label in (("slotsheet", "slotsheet report requests"), ("xlsxwriter", "Python + XlsxWriter constant_memory")):
        median = statistics.median(times[name])
        print(f"| {label} | {median:.1f} s | {statistics.median(memory[name]):.0f} MiB | {median / base:.2f}x |")
    print(f"| slotsheet, {small_rows:,} requests (a tenth) | {statistics.median(s[0] for s in small):.1f} s "
          f"| {statistics.median(s[2] for s in small):.0f} MiB | |")
    print(f"\nfiles: {os.path.getsize(work + '/ours.xlsx') / 1e6:.0f} MB (slotsheet), {os.path.getsize(work + '/peer.xlsx') / 1e6:.0f} MB (XlsxWriter)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
