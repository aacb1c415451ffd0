#!/usr/bin/env bash
# Builds the release binary the Debian package ships and prints its path: the Swift runtime and
# Foundation linked statically (--static-swift-stdlib), linked as Package.swift's releaseLinkFlags
# say, with Foundation's ICU data thinned to what slotsheet uses (packaging/thin_icu_data.py:
# 3.6 MB instead of 34 MB; English, Dutch, time zones, Windows-1252). scripts/package.sh, the
# benchmarks (Benchmarks/build.sh) and `make release` build it here, so they measure what ships.
#   bash scripts/release-build.sh      SWIFT_SCRATCH_PATH=DIR builds in DIR instead of .build
# The thinned data comes from this toolchain's own lib_FoundationICU.a (its icudtNN_dat, the one
# member that defines it), so it always matches the ICU code linked beside it. It is linked as an
# object of its own, under a name of ours that --defsym gives ICU's symbol before any archive is
# read, so the archive's 34 MB member is never pulled in (an object given with -Xlinker comes after
# the archives); the object's file name carries the data's hash, so a change of the data relinks.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
scratch=${SWIFT_SCRATCH_PATH:-.build}
SWIFT_BUILD=("$SWIFT" build --scratch-path "$scratch" -c release --static-swift-stdlib)

toolchain=$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/..
archive=$toolchain/lib/swift_static/linux/lib_FoundationICU.a
member=icu_packaged_data.cpp.o
icu=$scratch/icu-data
mkdir -p "$icu"
[ -f "$archive" ] || { echo "release-build: no $archive in this toolchain" >&2; exit 1; }
(cd "$icu" && ar x "$archive" "$member") || { echo "release-build: $archive has no $member" >&2; exit 1; }
read -r symbol size < <(nm -S "$icu/$member" | awk '$4 ~ /^icudt[0-9]+_dat$/ { print $4, $2 }')
[ -n "${symbol:-}" ] || { echo "release-build: $member defines no icudtNN_dat" >&2; exit 1; }
objcopy -O binary --only-section=.rodata "$icu/$member" "$icu/full.dat"
[ "$(stat -c %s "$icu/full.dat")" -eq "$((16#$size))" ] \
    || { echo "release-build: $member's .rodata is not exactly $symbol" >&2; exit 1; }
python3 packaging/thin_icu_data.py "$icu/full.dat" "$icu/thin.dat" >&2
hash=$(sha256sum "$icu/thin.dat" | cut -c1-12)
object=$(realpath "$icu")/$symbol-$hash.o
if [ ! -f "$object" ]; then
    cat > "$icu/data.s" <<ASM
        .section .rodata.slotsheet_icu_data,"a",@progbits
        .globl slotsheet_icu_data
        .type slotsheet_icu_data, @object
        .p2align 4
slotsheet_icu_data:
        .incbin "$(realpath "$icu/thin.dat")"
        .size slotsheet_icu_data, . - slotsheet_icu_data
        .section .note.GNU-stack,"",@progbits
ASM
    as -o "$object.tmp" "$icu/data.s" && mv "$object.tmp" "$object"
fi

link=(-Xlinker "--defsym=$symbol=slotsheet_icu_data" -Xlinker "$object")
"${SWIFT_BUILD[@]}" --product slotsheet "${link[@]}" >&2
binary=$("${SWIFT_BUILD[@]}" "${link[@]}" --show-bin-path)/slotsheet
# ICU's symbol must be ours: the same address as slotsheet_icu_data.
if [ "$(nm "$binary" | awk -v s="$symbol" '$3 == s || $3 == "slotsheet_icu_data" { print $1 }' | sort | uniq -c | awk '{ print $1 }')" != 2 ]; then
    echo "release-build: $binary does not link the thinned ICU data as $symbol" >&2
    exit 1
fi
echo "$binary"
