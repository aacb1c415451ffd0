#!/usr/bin/env bash
# Times importing a list of 5,000 staff and a catalogue of 50,000 defects: the dry run and the apply, each on a fresh database
# holding four dayparts, in release mode; wall time and peak RSS from wait4(), medians of the rounds.
#   bash Benchmarks/lists/run.sh [ROUNDS]      (SLOTSHEET_BIN=PATH measures another binary)
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/build.sh
python3 Benchmarks/lists/bench.py "$slotsheet" "${1:-5}"
