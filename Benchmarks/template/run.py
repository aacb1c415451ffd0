#!/usr/bin/env python3
"""Template export benchmark: `slotsheet template export` of a year (365 days x 6 dayparts x 250
staff) against two peers writing the same grid, alternating, in one run:

- grid.c: a plain C program writing the same visible grid with libxlsxwriter (formats, blanks,
  the COUNTIF column), the floor slotsheet is measured against (target: <= 1.2x);
- rust_xlsxwriter, through PyPI's rustpy-xlsxwriter (`rust_grid.py`): the plain year grid
  (values, a date format, a bold header), timed as a whole process and inside it.

Each round runs the three in turn; the ratio slotsheet / C is taken pair by pair (the same round)
and its median reported, with the medians of wall time, CPU time (user + system) and peak RSS of
each, and the machine's one-minute load average before and after the rounds (on a machine busier
than its cores, wall time is mostly waiting for one, and the ratio tends to the CPU ratio). Then the peak memory of a one-month export (constant-memory mode: memory must not grow with
rows).

Usage: python3 Benchmarks/template/run.py [--rounds 11] [--slotsheet PATH]   (from the repository root)
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
VENV = os.path.join(ROOT, "Benchmarks", ".venv")
REQUIREMENTS = os.path.join(ROOT, "Benchmarks", "template", "requirements.txt")


def measured(command, env=None):
    """Wall seconds, CPU seconds (user + system), peak RSS (MiB) and stdout of one process, from
    wait4(): it counts that process alone (Popen starts it with vfork, so Python's memory is not
    copied)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    out, err = process.stdout.read(), process.stderr.read()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(command)} failed ({code}): {err.decode()}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss": usage.ru_maxrss / 1024, "out": out.decode()}


def python_with_peer():
    """Benchmarks/.venv with the pinned rustpy-xlsxwriter (made when missing)."""
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python) or subprocess.run([python, "-c", "import rustpy_xlsxwriter"], capture_output=True).returncode != 0:
        print(f"Installing rustpy-xlsxwriter into {VENV}")
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r", REQUIREMENTS], check=True)
    return python


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--slotsheet", help="a release binary to measure instead of building one")
    parser.add_argument("--before", help="an earlier slotsheet binary, measured in the same rounds (before/after)")
    parser.add_argument("--database", help="a database seeded as below, to reuse (seeding takes minutes)")
    args = parser.parse_args()
    slotsheet = args.slotsheet
    if not slotsheet:
        # As Benchmarks/build.sh: the binary as the .deb ships it, the Swift runtime linked in.
        slotsheet = subprocess.run(["bash", "scripts/release-build.sh"], cwd=ROOT, check=True,
                                   stdout=subprocess.PIPE, text=True).stdout.strip()
    python = python_with_peer()
    work = tempfile.mkdtemp(prefix="slotsheet-bench-template-")
    grid = os.path.join(work, "grid")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "xlsxwriter"], capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", grid, os.path.join(ROOT, "Benchmarks", "template", "grid.c")] + flags, check=True)

    env = dict(os.environ, SLOTSHEET_DB=f"sqlite:{args.database or work + '/bench.sqlite'}", SLOTSHEET_TODAY="2026-06-01")
    if not args.database:
        subprocess.run([slotsheet, "db", "init"], env=env, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([slotsheet, "db", "seed", "--synthetic", "--staff", "250", "--from", "2026-01-01",
                        "--to", "2026-12-31", "--seed", "1"], env=env, check=True)

    export = lambda to, out, binary=slotsheet: [binary, "template", "export", "--from", "2026-01-01", "--to", to, "--all-staff", "-o", out]
    contenders = {
        "slotsheet": lambda: measured(export("2026-12-31", f"{work}/year.xlsx"), env),
        "c": lambda: measured([grid, f"{work}/grid.xlsx", "365", "250"]),
        "rust": lambda: measured([python, os.path.join(ROOT, "Benchmarks", "template", "rust_grid.py"), f"{work}/rust.xlsx", "365", "250"]),
    }
    if args.before:
        contenders["before"] = lambda: measured(export("2026-12-31", f"{work}/before.xlsx", args.before), env)
    for run_once in contenders.values():   # warm-up: page cache, the database's pages
        run_once()
    load_before = os.getloadavg()[0]
    results = {name: [] for name in contenders}
    for _ in range(args.rounds):
        for name, run_once in contenders.items():
            results[name].append(run_once())
    load_after = os.getloadavg()[0]
    month = [measured(export("2026-01-31", f"{work}/month.xlsx"), env)["rss"] for _ in range(3)]

    def median(name, key):
        return statistics.median(r[key] for r in results[name])

    def paired(name, key):
        return statistics.median(a[key] / b[key] for a, b in zip(results[name], results["c"]))

    print(f"\nyear template, 2,190 rows x 250 staff (547,500 staff cells), {args.rounds} alternating rounds, medians"
          f" (load average {load_before:.1f} before the rounds, {load_after:.1f} after, on {os.cpu_count()} cores):")
    print(f"  {'':34s} {'wall':>8s} {'cpu':>8s} {'peak RSS':>9s} {'wall / C':>9s} {'cpu / C':>8s}")
    for name, label in [("slotsheet", "slotsheet template export"), ("c", "C + libxlsxwriter (grid.c)"),
                        ("rust", "rust_xlsxwriter (rustpy-xlsxwriter)")] + ([("before", "slotsheet before (--before)")] if args.before else []):
        print(f"  {label:34s} {median(name, 'wall'):7.3f}s {median(name, 'cpu'):7.3f}s {median(name, 'rss'):7.1f}MB"
              f" {paired(name, 'wall'):8.2f}x {paired(name, 'cpu'):7.2f}x")
    inside = statistics.median(float(r["out"].strip()) for r in results["rust"])
    print(f"  rust_xlsxwriter's write alone, inside its process: {inside:.3f} s")
    print(f"peak memory, slotsheet: one month {statistics.median(month):.1f} MB, one year {median('slotsheet', 'rss'):.1f} MB")
    sizes = ", ".join(f"{os.path.getsize(f'{work}/{n}.xlsx') / 1e6:.2f} MB ({n})" for n in ["year", "grid", "rust"])
    print(f"files: {sizes}")


if __name__ == "__main__":
    main()
