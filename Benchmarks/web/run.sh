#!/usr/bin/env bash
# The web front under load: see Benchmarks/README.md ("Web front under load").
#   bash Benchmarks/web/run.sh [ROUNDS] [bench.py options]                         (SQLite; default 5 rounds)
#   bash scripts/with-postgres.sh bash Benchmarks/web/run.sh [ROUNDS]             (PostgreSQL)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-5}"
shift || true
source Benchmarks/prepare.sh
backend=sqlite
if [ -n "${SLOTSHEET_TEST_POSTGRES:-}" ]; then backend=postgres; fi
echo "web bench: $backend, $rounds rounds, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
"$venv/bin/python" Benchmarks/web/bench.py "$slotsheet" "$venv/bin/python" "$rounds" --backend "$backend" "$@"
