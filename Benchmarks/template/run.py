#!/usr/bin/env python3
"""Template export benchmark: `slotsheet template export` of a year (365 days x 6 dayparts x 250
staff) against grid.c, a plain C program writing the same grid with libxlsxwriter, alternating,
in one run. Also the peak memory of a one-month and a one-year export (constant-memory mode:
memory must not grow with rows).

Usage: python3 Benchmarks/template/run.py [--rounds 7]     (from the repository root)
"""
import argparse, os, statistics, subprocess, tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SLOTSHEET = os.path.join(ROOT, ".build", "release", "slotsheet")


def run(command, env=None):
    """Wall seconds and peak RSS (MB) of one program, measured by /usr/bin/time (rusage taken
    from Python would count the interpreter's own memory, copied at fork)."""
    with tempfile.NamedTemporaryFile("r") as report:
        subprocess.run(["/usr/bin/time", "-q", "-f", "%e %M", "-o", report.name] + command,
                       env=env, stdout=subprocess.DEVNULL, check=True)
        seconds, kilobytes = report.read().split()
    return float(seconds), int(kilobytes) / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "slotsheet"], cwd=ROOT, check=True)
    work = tempfile.mkdtemp(prefix="slotsheet-bench-template-")
    grid = os.path.join(work, "grid")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "xlsxwriter"], capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", grid, os.path.join(ROOT, "Benchmarks", "template", "grid.c")] + flags, check=True)

    env = dict(os.environ, SLOTSHEET_DB=f"sqlite:{work}/bench.sqlite", SLOTSHEET_TODAY="2026-06-01")
    subprocess.run([SLOTSHEET, "db", "init"], env=env, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([SLOTSHEET, "db", "seed", "--synthetic", "--staff", "250", "--from", "2026-01-01",
                    "--to", "2026-12-31", "--seed", "1"], env=env, check=True)

    export = lambda to, out: [SLOTSHEET, "template", "export", "--from", "2026-01-01", "--to", to, "--all-staff", "-o", out]
    results = {"slotsheet": [], "c": []}
    for _ in range(args.rounds):
        results["slotsheet"].append(run(export("2026-12-31", f"{work}/year.xlsx"), env))
        results["c"].append(run([grid, f"{work}/grid.xlsx", "365", "250"]))
    month = [run(export("2026-01-31", f"{work}/month.xlsx"), env)[1] for _ in range(3)]

    def median(name, index):
        return statistics.median(r[index] for r in results[name])

    print(f"\nyear template, 2,190 rows x 250 staff (550k cells), {args.rounds} alternating rounds, medians:")
    for name, label in [("slotsheet", "slotsheet template export"), ("c", "C + libxlsxwriter (grid.c)")]:
        print(f"  {label:30s} {median(name, 0):6.2f} s   peak {median(name, 1):6.1f} MB")
    print(f"  ratio slotsheet / C: {median('slotsheet', 0) / median('c', 0):.2f}x time")
    print(f"peak memory, slotsheet: one month {statistics.median(month):.1f} MB, one year {median('slotsheet', 1):.1f} MB")
    print(f"files: {os.path.getsize(work + '/year.xlsx') / 1e6:.2f} MB (slotsheet), {os.path.getsize(work + '/grid.xlsx') / 1e6:.2f} MB (C)")


if __name__ == "__main__":
    main()
