#!/usr/bin/env bash
# 10,000 new repair requests decided in a file (issue 31, "Scale and speed"): the queue's export to
# .xlsx and CSV, the dry run of 10,000 decisions and their apply, on SQLite and on a private
# PostgreSQL with durability on, alternating, medians; see Benchmarks/README.md.
#   bash Benchmarks/requests/run.sh [ROUNDS]             (default 5; SLOTSHEET_BIN=PATH measures a built binary)
#   bash Benchmarks/requests/run.sh --memory [SIZE...]   peak RSS of the dry run and apply of 1,000, 10,000 and
#                                                        19,000 decisions (or the SIZEs), once each (memory.py)
# Runs beside a private PostgreSQL server (scripts/with-postgres.sh) with fsync, synchronous_commit and
# full_page_writes on, as a production server has them, logging every statement to count them.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/build.sh       # only the standard library of Python is needed here
export SLOTSHEET_PG_SETTINGS="-c fsync=on -c synchronous_commit=on -c full_page_writes=on -c log_statement=all -c log_line_prefix=db=%d/"
if [ "${1:-}" = "--memory" ]; then
    shift
    # Memory alone: no statement is counted, so none is logged.
    export SLOTSHEET_PG_SETTINGS="-c fsync=on -c synchronous_commit=on -c full_page_writes=on"
    bash scripts/with-postgres.sh python3 Benchmarks/requests/memory.py "$slotsheet" "$@"
else
    bash scripts/with-postgres.sh python3 Benchmarks/requests/bench.py "$slotsheet" "${1:-5}"
fi
