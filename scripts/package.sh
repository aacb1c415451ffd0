#!/usr/bin/env bash
# Builds the Debian package slotsheet_VERSION_ARCH.deb in the repository's root with dpkg-deb,
# from what is in the repository and nothing downloaded:
#   - the release binary (scripts/release-build.sh), with the Swift runtime linked statically, stripped;
#   - a manual page for slotsheet and for each subcommand (argument-parser's generate-manual
#     tool, from the local package copy, run on the binary), bash, zsh and fish completions (from
#     the binary);
#   - every systemd unit in packaging/systemd/, every file in packaging/etc/ (conffiles) and the
#     nightly export's configuration (Samples/nightly.json as /etc/slotsheet/nightly.json);
#   - README, the guides and design (docs/*.md), changelog and copyright under /usr/share/doc/slotsheet/;
#   - the maintainer scripts and debconf question of packaging/debian/.
# The version is the top entry of packaging/debian/changelog (the binary embeds the same entry).
# Depends is computed from the binary by dpkg-shlibdeps, run on a small debian/ tree in
# .build/package/, where dpkg-gencontrol then writes the control file.
#   bash scripts/package.sh            prints the path of the package it built
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
# Where SwiftPM builds: .build, unless SWIFT_SCRATCH_PATH names another folder (a release build
# kept apart from a debug one that runs meanwhile).
scratch=${SWIFT_SCRATCH_PATH:-.build}
# The dependencies at the exact versions Package.swift pins: the package is reproducible by version.
SWIFT_BUILD=("$SWIFT" build --scratch-path "$scratch")

version=$(dpkg-parsechangelog -l packaging/debian/changelog -S Version)
arch=$(dpkg --print-architecture)
package=slotsheet_${version}_${arch}.deb
work=.build/package
root=$work/debian/slotsheet

step() { echo "== $*" >&2; }

step "Release binary, Swift runtime linked statically, ICU data thinned (scripts/release-build.sh)"
binary=$(SWIFT_SCRATCH_PATH=$scratch bash scripts/release-build.sh)
if ldd "$binary" | grep -q -E 'libswift|libFoundation|libdispatch'; then
    echo "package: $binary still loads the Swift runtime dynamically:" >&2
    ldd "$binary" >&2
    exit 1
fi

# Manual pages from that binary (its --experimental-dump-help) by argument-parser's generate-manual
# tool, built in debug from the local package copy. Not `swift package plugin generate-manual`: the
# plugin builds every product of the package in release mode first, a second full release build.
step "Manual pages (argument-parser's generate-manual, from the binary)"
"${SWIFT_BUILD[@]}" --product generate-manual >&2
changelog_date=$(date -u -d "$(dpkg-parsechangelog -l packaging/debian/changelog -S Date)" +%F)
maintainer=$(sed -n 's/^Maintainer: *//p' packaging/debian/control)
manuals=$work-manuals
rm -rf "$manuals" && mkdir -p "$manuals"
"$("${SWIFT_BUILD[@]}" --show-bin-path)/generate-manual" "$binary" --multi-page --date "$changelog_date" \
    --authors "${maintainer/ </<}" --output-directory "$manuals" >&2
[ -f "$manuals/slotsheet.1" ] || { echo "package: generate-manual wrote no slotsheet.1" >&2; exit 1; }

# Every Swift package linked into the binary must be named in the copyright file: the packages
# whose sources built an object file of the binary's link list (test-only dependencies are not).
bin_dir=$(dirname "$binary")
linked=$(python3 packaging/linked_packages.py "$scratch/release.yaml" \
    "$bin_dir/slotsheet.product/Objects.LinkFileList")
[ -n "$linked" ] || { echo "package: found no Swift package in the binary's link list" >&2; exit 1; }
for name in $linked; do
    grep -q -F "$name/*" packaging/debian/copyright || {
        echo "package: packaging/debian/copyright does not name $name, which the binary links" >&2
        exit 1
    }
done

step "Staging $root"
rm -rf "$work"
mkdir -p "$root/DEBIAN" "$work/debian"
cp packaging/debian/control packaging/debian/changelog "$work/debian/"

install -D -m 0755 "$binary" "$root/usr/bin/slotsheet"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/slotsheet"

install -d "$root/usr/share/man/man1"
# generate-manual's pages as man-db and lintian read them cleanly (paragraphs, one-word page names):
# packaging/tidy_manual.py says what it changes and why.
for page in "$manuals"/*.1; do
    python3 packaging/tidy_manual.py "$page" | gzip -9n > "$root/usr/share/man/man1/$(basename "$page").gz"
done

install -d "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d"
# bash-completion sources the file: a hashbang line means nothing there (lintian: bash-completion-with-hashbang).
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$root/usr/share/bash-completion/completions/slotsheet"
"$binary" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_slotsheet"
"$binary" --generate-completion-script fish > "$root/usr/share/fish/vendor_completions.d/slotsheet.fish"
chmod 0644 "$root"/usr/share/*/*completions*/*

units=()
install -d "$root/lib/systemd/system"
for unit in packaging/systemd/*.service packaging/systemd/*.timer; do
    [ -e "$unit" ] || continue
    install -m 0644 "$unit" "$root/lib/systemd/system/"
    units+=("$(basename "$unit")")
done

# Settings: every file of packaging/etc/, plus the nightly export's configuration and the office
# settings. All of /etc is conffiles. Modes are set here, never taken from the checkout (git keeps
# no 0600): 0644, but the environment file, which may hold the PostgreSQL password, is 0600 and
# (dpkg-deb --root-owner-group) root's: systemd reads an EnvironmentFile= as root, before it
# switches to the slotsheet user, so that user never needs to read it.
(cd packaging && find etc -type f) | while read -r file; do
    install -D -m 0644 "packaging/$file" "$root/$file"
done
chmod 0600 "$root/etc/slotsheet/environment"
install -D -m 0644 Samples/nightly.json "$root/etc/slotsheet/nightly.json"
# The office settings every command reads by default: the commented sample with every setting
# commented out too, so a fresh install behaves as the built-in defaults until the office edits it.
# Its first paragraph (the sample's "copy it to /etc/slotsheet/config.toml") is replaced by what
# this file is where it lies.
{
    echo "# slotsheet settings, read by every slotsheet command and by the units (another file can be"
    echo "# named with --config FILE or SLOTSHEET_CONFIG). Every setting below is commented out, so its"
    echo "# default is in effect: uncomment and change what your office does differently."
    sed -e '1,/^#$/d' -E -e '/^[[:space:]]*(#|$)/! s/^/# /' Samples/slotsheet.toml
} > "$root/etc/slotsheet/config.toml"
chmod 0644 "$root/etc/slotsheet/config.toml"
(cd "$root" && find etc -type f | sort | sed 's|^|/|') > "$root/DEBIAN/conffiles"

doc=$root/usr/share/doc/slotsheet
install -d "$doc"
# Documentation compressed, as Debian's policy (12.3) asks of files over 4 kB: README.md.gz and, beside
# it, the guides it points to and the design (docs/*.md).
gzip -9n < README.md > "$doc/README.md.gz"
for guide in docs/*.md; do
    gzip -9n < "$guide" > "$doc/$(basename "$guide").gz"
done
chmod 0644 "$doc"/*.gz
install -m 0644 packaging/debian/copyright "$doc/copyright"
install -D -m 0644 packaging/debian/lintian-overrides "$root/usr/share/lintian/overrides/slotsheet"
gzip -9n < packaging/debian/changelog > "$doc/changelog.gz"

for script in config postinst prerm postrm; do
    sed "s|#UNITS#|${units[*]}|g" "packaging/debian/$script" > "$root/DEBIAN/$script"
    chmod 0755 "$root/DEBIAN/$script"
done
install -m 0644 packaging/debian/templates "$root/DEBIAN/templates"

step "Depends from the binary (dpkg-shlibdeps) and the control file (dpkg-gencontrol)"
(
    cd "$work"
    dpkg-shlibdeps -Tdebian/slotsheet.substvars debian/slotsheet/usr/bin/slotsheet
    dpkg-gencontrol -pslotsheet -Tdebian/slotsheet.substvars -Pdebian/slotsheet
)
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) \
    > "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 0755 {} +

step "Building $package"
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >&2
grep -E '^(Version|Depends|Installed-Size):' "$root/DEBIAN/control" >&2
echo "$package"
