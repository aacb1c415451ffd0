#!/usr/bin/env python3
"""Statements an idle `slotsheet serve` sends PostgreSQL in a minute (issue 24: calm when idle),
counted in the server's log (log_statement = all), for one or more binaries side by side.

Each binary gets a database of its own (`db init`), a server on loopback with no client, 15 s to
settle, then 60 s counted; the most frequent statements are printed with the count.

Usage: idle.py LABEL=SLOTSHEET [LABEL=SLOTSHEET ...]   (inside scripts/with-postgres.sh, see idle.sh)
"""
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import time

SERVER = os.environ["SLOTSHEET_TEST_POSTGRES"]
BASE = SERVER.rsplit("/", 1)[0]
LOG = os.environ["SLOTSHEET_TEST_POSTGRES_LOG"]
SETTLE, COUNTED = 15, 60


def main(binaries):
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for number, (label, binary) in enumerate(binaries):
        database = f"idle_{number}"
        subprocess.run(["psql", SERVER, "-qc", f"CREATE DATABASE {database}"], check=True)
        subprocess.run([binary, "db", "init", "--db", f"{BASE}/{database}"], check=True, stdout=subprocess.DEVNULL)
        uploads = tempfile.mkdtemp()
        server = subprocess.Popen([binary, "serve", "--db", f"{BASE}/{database}", "--listen", "127.0.0.1:0",
                                   "--upload-dir", uploads], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(SETTLE)
            since = os.path.getsize(LOG)
            time.sleep(COUNTED + 0.5)  # the server writes its log asynchronously
            with open(LOG, "rb") as log:
                log.seek(since)
                lines = log.read().decode(errors="replace").splitlines()
        finally:
            server.terminate()
            server.wait()
            shutil.rmtree(uploads, ignore_errors=True)
        prefix = f"db={database}/LOG:  "
        sent = [line[len(prefix):] for line in lines if line.startswith(prefix + "statement: ") or line.startswith(prefix + "execute ")]
        kinds = collections.Counter(line.split(": ", 1)[-1][:50] for line in sent)
        print(f"{label}: {len(sent)} statements in {COUNTED} s idle; most often: "
              + "; ".join(f"{n} x {text}" for text, n in kinds.most_common(3)))
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main([argument.split("=", 1) for argument in sys.argv[1:]])
