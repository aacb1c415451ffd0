# A fresh minimal Debian root for the package's tests, sourced by scripts/package-test.sh and
# scripts/new-office-walk.sh (both run as root, in a private mount namespace of their own):
#   fresh_debian_root CACHE ROOT
# makes ROOT a minimal Debian of this machine's release (debootstrap minbase with systemd, for
# systemd-analyze), unpacked from a tarball cached in CACHE (made by debootstrap the first time,
# from the archive this machine's apt uses), with this machine's apt sources and resolver, /proc
# and /dev mounted. The mounts end with the namespace root_in_private_namespace (below) made.
fresh_debian_root() {
    local cache=$1 root=$2 codename mirror base
    codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
    base=$cache/$codename-minbase-systemd.tar
    mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
    [ -n "$mirror" ] || mirror=$(awk '$1 == "deb" { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
    mkdir -p "$cache"
    if [ ! -f "$base" ]; then
        echo; echo "== debootstrap $codename (minbase and systemd, for systemd-analyze) into $root"
        rm -rf "$root"
        debootstrap --variant=minbase --include=systemd "$codename" "$root" ${mirror:+"$mirror"} > "$cache/debootstrap.log" \
            || { tail -20 "$cache/debootstrap.log"; echo "debootstrap failed" >&2; return 1; }
        tar -C "$root" -cf "$base.part" . && mv "$base.part" "$base"
    fi
    echo; echo "== A fresh root from $base"
    rm -rf "$root" && mkdir -p "$root" && tar -C "$root" -xf "$base"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/"
        rm -f "$root/etc/apt/sources.list"
    fi
    mount -t proc proc "$root/proc"
    mount --bind /dev "$root/dev"
}

# Stops unless run as root; then runs the calling script again, once, in a private mount namespace
# of its own, so the root's mounts end with it whatever happens.
#   root_in_private_namespace NAME WHY "$@"
root_in_private_namespace() {
    local name=$1 why=$2
    shift 2
    if [ "$(id -u)" -ne 0 ]; then
        echo "$name: needs root ($why); run it as root or with sudo" >&2
        exit 1
    fi
    if [ "${SLOTSHEET_NAMESPACE_OF:-}" != "$name" ]; then
        export SLOTSHEET_NAMESPACE_OF=$name
        exec unshare --mount --propagation private bash "$0" "$@"
    fi
}
