"""Shared by the benchmarks: run one process and measure it as a user or a cron job sees it."""
import os
import subprocess
import sys
import time


def run_measured(command, env=None):
    """Runs one process and returns (wall seconds, stdout, peak RSS in MiB) from wait4(), which
    counts that process alone (subprocess starts it with vfork, so Python's memory is not copied)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out = process.stdout.read()
    err = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(command)} failed ({code}): {err.decode()}")
    return wall, out.decode(), usage.ru_maxrss / 1024
