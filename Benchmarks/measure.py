"""Shared by the benchmarks: run one process and measure it as a user or a cron job sees it."""
import os
import shutil
import subprocess
import sys
import time


def run_measured(command, env=None):
    """Runs one process and returns (wall seconds, stdout, peak RSS in MiB) from wait4(). subprocess
    starts it with vfork, so Python's memory is not copied, but the exec records the peak of the
    memory it shared until then, Python's own: the figure is the larger of the two, so a benchmark
    keeps its own process small (logged_statements reads the server's log in pieces)."""
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


def load_average():
    """The 1-minute load average, as the rounds print it."""
    return f"{os.getloadavg()[0]:.1f}"


def logged_statements(log, database, since):
    """Statements a PostgreSQL server logged for `database` after byte `since` of its log
    (log_statement = all, log_line_prefix = db=%d/, as Benchmarks/postgres/durable.sh sets them)."""
    time.sleep(0.3)  # the server writes its log asynchronously
    starts = [f"\ndb={database}/LOG:  {kind}".encode() for kind in ("statement: ", "execute ")]
    count, overlap = 0, b"\n"  # `since` is the start of a line
    with open(log, "rb") as lines:
        lines.seek(since)
        # In pieces, never a whole line: a bulk statement's parameters are logged on one line of
        # megabytes, and what this process holds at its peak counts in the next child's peak RSS
        # (a vfork child's exec records the parent's peak, see run_measured).
        while piece := lines.read(1 << 20):
            text = overlap + piece
            count += sum(text.count(start) for start in starts)
            overlap = text[-(max(map(len, starts)) - 1):]
    return count


class FreshCopies:
    """A fresh copy of a seeded database for each run that writes: SQLite's file copied to
    `work`/run.sqlite, PostgreSQL's `bench_seeded` copied by CREATE DATABASE ... TEMPLATE (through
    `psql`, a function that runs one statement). Calling it gives (database, PostgreSQL name or None)."""

    def __init__(self, work, base, psql):
        self.work, self.base, self.psql, self.copies = work, base, psql, 0

    def __call__(self, name):
        if name == "SQLite":
            shutil.copyfile(f"{self.work}/seeded.sqlite", f"{self.work}/run.sqlite")
            return f"sqlite:{self.work}/run.sqlite", None
        self.copies += 1
        self.psql(f"CREATE DATABASE bench_run_{self.copies} TEMPLATE bench_seeded")
        return f"{self.base}/bench_run_{self.copies}", f"bench_run_{self.copies}"


def seed_both(slotsheet, env, work, base, psql, synthetic):
    """`db init` and `db seed --synthetic` with `synthetic` (its arguments) into `work`/seeded.sqlite
    and PostgreSQL's `bench_seeded` (made anew through `psql`); prints each seed's time and returns
    the two databases by backend name, as FreshCopies copies them."""
    psql("DROP DATABASE IF EXISTS bench_seeded")
    psql("CREATE DATABASE bench_seeded")
    backends = {"SQLite": f"sqlite:{work}/seeded.sqlite", "PostgreSQL": f"{base}/bench_seeded"}
    for name, db in backends.items():
        run_measured([slotsheet, "db", "init", "--db", db], env)
        wall, out, _ = run_measured([slotsheet, "db", "seed", "--db", db, "--synthetic"] + synthetic, env)
        print(f"{name} seed: {wall:.1f} s, {out.strip()}")
    return backends


def print_rounds(columns, loads, pair):
    """The table of the rounds: for each (label, key) of `columns`, SQLite / PostgreSQL in ms and
    their ratio from pair(key, round) -> (SQLite seconds, PostgreSQL seconds), with the load
    average of each round as it began (`loads`)."""
    print("Each round, SQLite / PostgreSQL in ms (ratio), and the load average (1 minute) as the round began:\n")
    print(f"| round | load | {' | '.join(label for label, _ in columns)} |")
    print(f"|---|---|{'---|' * len(columns)}")
    for round_, load in enumerate(loads):
        cells = []
        for _, key in columns:
            sqlite, postgres = pair(key, round_)
            cells.append(f"{sqlite * 1000:.0f} / {postgres * 1000:.0f} ({postgres / sqlite:.2f}x)")
        print(f"| {round_ + 1} | {load} | {' | '.join(cells)} |")
