#!/usr/bin/env bash
# The PostgreSQL bulk-path benchmark: see Benchmarks/README.md.
#   bash Benchmarks/postgres/run.sh [ROUNDS]      (default 5)
# Runs beside a private PostgreSQL server (scripts/with-postgres.sh), stopped when it ends.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-5}"
source Benchmarks/prepare.sh
bash scripts/with-postgres.sh "$venv/bin/python" Benchmarks/postgres/bench.py "$slotsheet" "$venv/bin/python" "$rounds"
