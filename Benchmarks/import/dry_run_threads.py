"""When each stretch of the year template's dry run ends, sampled with perf, median of N runs.

The dry run parses the grid on a second thread while the main thread reads the database; the process
ends when both are done. Whichever ends later is the one to shorten (shortening the other gains
nothing), so this prints, relative to the process's first sample:

  db read ends    the main thread's last sample in SQLite (its read of the template's range)
  parse ends      the parse thread's last sample in the cell scanner or zlib
  main busy ends  the main thread's last sample in the database state's fingerprint (after the read)
  process ends    the last sample of any thread

    python3 Benchmarks/import/dry_run_threads.py BINARY [RUNS]      (RUNS default 15)

Uses ../shared/bench's files ($BENCH_DIR, default /tmp/slotsheet-bench: year.xlsx, year.sqlite);
perf at 2 kHz, which slows the run less than a finer rate. Quiet machine only, like run.sh.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile

SAMPLE = re.compile(r"\s*(\d+)\s+([\d.]+):\s+[0-9a-f]+\s+(.*)\s+\((.*)\)\s*$")


def marks_of_one_run(binary, bench, scratch):
    data = os.path.join(scratch, "perf.data")
    env = dict(os.environ, SLOTSHEET_TODAY="2026-12-01")
    subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", "2000", "-o", data, binary, "import",
                    os.path.join(bench, "year.xlsx"), "--db", "sqlite:" + os.path.join(bench, "year.sqlite"), "--dry-run"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    script = subprocess.run(["perf", "script", "-i", data, "-F", "tid,time,ip,sym,dso"],
                            capture_output=True, text=True, check=True).stdout
    first = main = None
    marks = {}
    for line in script.splitlines():
        match = SAMPLE.match(line)
        if not match:
            continue
        tid, seconds, symbol, dso = match.groups()
        ms = float(seconds) * 1000
        if first is None:
            first, main = ms, tid
        ms -= first
        marks["process ends"] = ms
        if tid == main:
            if "libsqlite3" in dso:
                marks["db read ends"] = ms
            if "TemplateFingerprint" in symbol:
                marks["main busy ends"] = ms
        elif "scanCell" in symbol or "libz." in dso:
            marks["parse ends"] = ms
    return marks


def main():
    binary = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    bench = os.environ.get("BENCH_DIR", "/tmp/slotsheet-bench")
    with tempfile.TemporaryDirectory() as scratch:
        results = [marks_of_one_run(binary, bench, scratch) for _ in range(runs)]
    print(f"load average {open('/proc/loadavg').read().split()[0]}; {runs} runs, medians (ms from the first sample)")
    for name in ["db read ends", "main busy ends", "parse ends", "process ends"]:
        values = [r[name] for r in results if name in r]
        print(f"  {name:15} {statistics.median(values):6.1f}" if values else f"  {name:15}      -")


if __name__ == "__main__":
    main()
