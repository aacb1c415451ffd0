#!/usr/bin/env bash
# Statements an idle `slotsheet serve` sends PostgreSQL in a minute: see Benchmarks/README.md.
#   bash Benchmarks/postgres/idle.sh [LABEL=SLOTSHEET ...]     (default: this tree's debug build)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -eq 0 ]; then set -- "this=$(swift build --show-bin-path)/slotsheet"; fi
export SLOTSHEET_PG_SETTINGS="-c log_statement=all -c log_line_prefix=db=%d/"
bash scripts/with-postgres.sh python3 Benchmarks/postgres/idle.py "$@"
