# Sourced by the benchmarks' run.sh scripts, from the repository root: sets $slotsheet to the binary to
# measure. That is the release binary as the .deb ships it (scripts/package.sh): the Swift runtime and
# Foundation linked statically, which also spares every start the dynamic loader's symbol lookups
# (Benchmarks/startup/). SLOTSHEET_BIN=PATH measures another binary
# instead (an older build, say) and builds nothing.
if [[ -n "${SLOTSHEET_BIN:-}" ]]; then
    slotsheet="$SLOTSHEET_BIN"
else
    # SLOTSHEET_SCRATCH=PATH builds in another folder than .build (a release build beside a worktree's debug one).
    slotsheet=$(SWIFT_SCRATCH_PATH="${SLOTSHEET_SCRATCH:-.build}" bash scripts/release-build.sh)
fi
