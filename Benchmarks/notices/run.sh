#!/usr/bin/env bash
# The tenants' notices: COUNT notices (default 10,000) delivered by one `slotsheet notices send` to
# the local aiosmtpd of the tests (STARTTLS and AUTH on a certificate it makes, every message written
# to a folder), on SQLite; prints the rate and the sender's peak memory (docs/notices.md).
#   bash Benchmarks/notices/run.sh [COUNT]
#   SLOTSHEET_BIN=.build/debug/slotsheet bash Benchmarks/notices/run.sh 500   (a short run, no release build)
# Needs .venv-notices (bash scripts/install-deps.sh --test).
set -euo pipefail
cd "$(dirname "$0")/../.."
count="${1:-10000}"
[ -x .venv-notices/bin/python ] || { echo "notices: no .venv-notices; run 'bash scripts/install-deps.sh --test'" >&2; exit 1; }
source Benchmarks/build.sh
exec .venv-notices/bin/python Benchmarks/notices/bench.py "$slotsheet" "$count"
