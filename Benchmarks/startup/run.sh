#!/usr/bin/env bash
# Start-up: the instructions a short slotsheet call costs, counted by callgrind (valgrind) on the
# binary as the package installs it (the release build of Benchmarks/build.sh, stripped as
# scripts/package.sh strips it; callgrind cannot read the unstripped binary's debug information).
# Instruction counts hardly move with the machine's load, unlike times; each call runs ROUNDS
# times and the median is printed, with the load average.
#   bash Benchmarks/startup/run.sh [ROUNDS]          (default 3)
#   SLOTSHEET_BEFORE=OLD_BINARY bash ...            counts an older binary too, beside it
# The calls: `--version` (the issue's target: at most 15 M), `--help` (the parser's whole command
# tree) and `config show` (a command that parses its options and reads the settings).
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-3}"
command -v valgrind > /dev/null || { echo "startup: needs valgrind (apt-get install valgrind)" >&2; exit 1; }

source Benchmarks/build.sh
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

installed() {  # $1 binary, $2 name: a stripped copy, as the package installs it
    install -m 0755 "$1" "$work/$2"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$work/$2"
    echo "$work/$2"
}

instructions() {  # the binary, then its arguments: median Ir of $rounds runs
    local counts=()
    for _ in $(seq "$rounds"); do
        counts+=("$(SLOTSHEET_CONFIG=Samples/slotsheet.toml valgrind --tool=callgrind \
            --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : *//p')")
    done
    printf '%s\n' "${counts[@]}" | sort -n | sed -n "$(((rounds + 1) / 2))p"
}

binaries=("$(installed "$slotsheet" slotsheet)")
names=("this build")
if [[ -n "${SLOTSHEET_BEFORE:-}" ]]; then
    binaries+=("$(installed "$SLOTSHEET_BEFORE" before)")
    names+=("before")
fi

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for index in "${!binaries[@]}"; do
    echo "${names[$index]}: $(stat -c %s "${binaries[$index]}") bytes stripped"
done
printf '%-14s' "call"; printf ' | %16s' "${names[@]}"; echo
for call in "--version" "--help" "config show"; do
    printf '%-14s' "$call"
    for binary in "${binaries[@]}"; do
        # shellcheck disable=SC2086 # the call's words are separate arguments
        printf ' | %14s Ir' "$(instructions "$binary" $call)"
    done
    echo
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
