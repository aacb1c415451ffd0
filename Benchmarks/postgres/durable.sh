#!/usr/bin/env bash
# PostgreSQL with durability on against SQLite, and 20 importers at once: see Benchmarks/README.md.
#   bash Benchmarks/postgres/durable.sh [ROUNDS]      (default 3)
# SLOTSHEET_BIN=PATH measures a built binary; SLOTSHEET_BIN_BEFORE=PATH also measures a second one
# in the same rounds (a before and after on the same minutes).
# Runs beside a private PostgreSQL server (scripts/with-postgres.sh) with fsync, synchronous_commit
# and full_page_writes on, as a production server has them, logging every statement to count them.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-3}"
source Benchmarks/build.sh       # only the standard library of Python is needed here
export SLOTSHEET_PG_SETTINGS="-c fsync=on -c synchronous_commit=on -c full_page_writes=on -c log_statement=all -c log_line_prefix=db=%d/"
bash scripts/with-postgres.sh python3 Benchmarks/postgres/durable.py "$slotsheet" "$rounds" ${SLOTSHEET_BIN_BEFORE:+"$SLOTSHEET_BIN_BEFORE"}
