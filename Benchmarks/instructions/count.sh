#!/usr/bin/env bash
# Instructions (valgrind's callgrind, user space, every thread) of the slotsheet commands that
# ../shared/bench/run.sh times, on the same files: a figure the machine's load does not move, for
# comparing two builds while other work runs (run.sh's wall-clock ratios need a quiet machine).
#   bash Benchmarks/instructions/count.sh BINARY [ROUNDS]       (ROUNDS default 1: counts barely vary)
#   SEL="ods read" ...                                            only these measures
# valgrind 3.19 cannot read the DWARF 5 of an unstripped binary: the binary is counted as a copy
# stripped of its debug information (its symbols kept, for callgrind_annotate). Files are made once under
# $BENCH_DIR (default /tmp/slotsheet-bench, run.sh's) as run.sh makes them; KEEP=1 keeps each profile
# as $BENCH_DIR/callgrind.NAME.out.
set -euo pipefail
BIN=$(readlink -f "$1"); N=${2:-1}
HERE=$(cd "$(dirname "$0")" && pwd)
SHARED=${SHARED_BENCH:-$HERE/../../../shared/bench}
W=${BENCH_DIR:-/tmp/slotsheet-bench}; mkdir -p "$W"
export SLOTSHEET_TODAY=2026-12-01
db="sqlite:$W/year.sqlite"
counted=$(mktemp -d); trap 'rm -rf "$counted"' EXIT
strip --strip-debug -o "$counted/slotsheet" "$BIN"
S=$counted/slotsheet
if [ ! -f "$W/grid.xlsx" ]; then
  python3 -c 'import xlsxwriter' 2>/dev/null || { echo "count.sh: make $W/grid.xlsx with run.sh first (it needs xlsxwriter)" >&2; exit 2; }
  python3 "$SHARED/gen_grid.py" "$W/grid.xlsx" 365 250
fi
[ -f "$W/grid.ods" ] || (cd "$W" && timeout 600 soffice --headless --convert-to ods --outdir "$W" "$W/grid.xlsx" >/dev/null 2>&1)
if [ ! -f "$W/year.xlsx" ]; then
  rm -f "$W/year.sqlite"*
  "$BIN" db init --db "$db" >/dev/null
  "$BIN" db seed --synthetic --staff 250 --from 2027-01-01 --to 2027-12-31 --db "$db" >/dev/null
  "$BIN" template export --db "$db" --from 2027-01-01 --to 2027-12-31 --all-staff -o "$W/year.xlsx" >/dev/null
  "$BIN" export availability --db "$db" --from 2027-01-01 --to 2027-12-31 --all-staff --format csv -o "$W/year.csv" >/dev/null
fi
count() { # name command...
  local name=$1; shift; local values=()
  for _ in $(seq "$N"); do
    valgrind --tool=callgrind --callgrind-out-file="$counted/$name.out" "$@" >/dev/null 2>"$counted/$name.log" \
      || { tail -5 "$counted/$name.log" >&2; exit 1; }
    values+=("$(awk '/^totals:/ { print $2; exit }' "$counted/$name.out")")
    [ -z "${KEEP:-}" ] || cp "$counted/$name.out" "$W/callgrind.$name.out"
  done
  local median; median=$(printf '%s\n' "${values[@]}" | sort -n | sed -n "$(( (N + 1) / 2 ))p")
  printf '%-8s %9.1f M instructions   %s\n' "$name" "$(bc -l <<< "$median / 1000000")" "${*/#$S/slotsheet}"
}
for measure in ${SEL:-version read dry export csv ods}; do
  case $measure in
    version) count version "$S" --version ;;
    read) count read "$S" inspect "$W/grid.xlsx" ;;
    dry) count dry "$S" import "$W/year.xlsx" --db "$db" --dry-run ;;
    export) count export "$S" template export --db "$db" --from 2027-01-01 --to 2027-12-31 --all-staff -o "$W/out.xlsx" ;;
    csv) count csv "$S" import "$W/year.csv" --db "$db" --dry-run ;;
    ods) count ods "$S" inspect "$W/grid.ods" ;;
    *) echo "count.sh: no measure $measure (version read dry export csv ods)" >&2; exit 2 ;;
  esac
done
