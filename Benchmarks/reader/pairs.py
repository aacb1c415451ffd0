"""The reader alone (readbench: every cell of every sheet, release) after and before a change, against
the peer each whole-process benchmark uses, alternating in rotated order: medians, peak RSS and the
ratio to the peer pair by pair, with the load average around the rounds.

Usage: pairs.py ROUNDS AFTER_READBENCH BEFORE_READBENCH GRID.xlsx TEMPLATE.xlsx GRID.ods
"""
import os, statistics, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from measure import run_measured
py = os.path.join(os.path.dirname(HERE), ".venv", "bin", "python")
readers = os.path.join(os.path.dirname(HERE), "inspect", "readers.py")
cal = os.path.join(os.path.dirname(HERE), "ods", "calamine_read.py")
def bench(title, contenders, rounds):
    names = list(contenders)
    walls = {n: [] for n in names}; mem = {n: [] for n in names}
    for n in names: run_measured(contenders[n])
    load0 = os.getloadavg()[0]
    for r in range(rounds):
        for n in names[r % len(names):] + names[:r % len(names)]:
            w, _, p = run_measured(contenders[n]); walls[n].append(w); mem[n].append(p)
    load1 = os.getloadavg()[0]
    print(f"\n{title}: {rounds} rounds, load average {load0:.2f} before, {load1:.2f} after")
    peer = names[-1]
    for n in names:
        ratios = sorted(a / b for a, b in zip(walls[n], walls[peer]))
        print(f"  {n}: median {statistics.median(walls[n])*1000:.0f} ms, peak {statistics.median(mem[n]):.0f} MiB, "
              f"/ {peer} paired median {statistics.median(ratios):.2f}x ({ratios[0]:.2f}-{ratios[-1]:.2f})")
after, before = sys.argv[2], sys.argv[3]
rounds = int(sys.argv[1])
grid, template, ods = sys.argv[4:7]
bench("grid.xlsx", {"reader after": [after, grid], "reader before": [before, grid],
                    "fastexcel bare": [py, readers, "fastexcel-bare", grid]}, rounds)
bench("year template .xlsx", {"reader after": [after, template], "reader before": [before, template],
                    "fastexcel (import bench's peer)": [py, readers, "fastexcel", template]}, rounds)
bench("year grid .ods", {"reader after": [after, ods], "reader before": [before, ods],
                    "python-calamine": [py, cal, ods]}, rounds)
