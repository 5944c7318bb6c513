#!/usr/bin/env bash
# debian-root.sh [--suite SUITE] [--arch ARCH] [--variant VARIANT] [--include PKG,PKG…] DEST
#
# A fresh Debian root filesystem in DEST (which must be empty or absent), made by mmdebstrap from
# Debian's packages. The first call for a given suite, architecture and package list builds a tarball
# in the cache ($WAYFINDER_CACHE, default ~/.cache/wayfinder/roots/); every later call only unpacks it,
# so each check starts from the same untouched root in a few seconds. `make package-check` uses it for
# a Debian 12 chroot with systemd and man-db; the rig can use the same call with its own packages.
#
# Needs root (mmdebstrap's root mode, and unpacking device nodes and ownership as they are).
set -euo pipefail

suite=bookworm
arch=$(dpkg --print-architecture)
variant=apt
include=
while (($#)); do
    case $1 in
        --suite) suite=$2; shift 2 ;;
        --arch) arch=$2; shift 2 ;;
        --include) include=$2; shift 2 ;;
        # extract: the packages and their dependencies unpacked, nothing configured (a sysroot to link against)
        --variant) variant=$2; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "debian-root.sh: unknown option $1 (try --help)" >&2; exit 64 ;;
        *) break ;;
    esac
done
dest=${1:?usage: debian-root.sh [--suite SUITE] [--arch ARCH] [--variant VARIANT] [--include PKG,PKG…] DEST}

if [[ $(id -u) != 0 ]]; then
    echo "debian-root.sh: needs root (mmdebstrap and tar keep device nodes and owners); run it with sudo" >&2
    exit 77
fi
command -v mmdebstrap >/dev/null || {
    echo "debian-root.sh: mmdebstrap is missing (Debian: apt-get install mmdebstrap)" >&2; exit 69; }

cache=${WAYFINDER_CACHE:-${HOME:-/root}/.cache/wayfinder}/roots
mkdir -p "$cache"
# The tarball's name says what is in it; a changed package list builds a new one.
key=$(printf '%s\n' "$suite" "$arch" "$variant" "$include" | sha256sum | cut -c1-12)
tarball=$cache/$suite-$arch-$key.tar

mirror=http://deb.debian.org/debian
sources=("deb $mirror $suite main")
# The stable suites get their point-release updates and security fixes, as an installed system has.
aptopts=(--aptopt='Acquire::Retries "3"')
case $suite in
    bookworm|trixie) sources+=("deb $mirror $suite-updates main" "deb http://deb.debian.org/debian-security $suite-security main") ;;
    # sid's Release file can be past its Valid-Until on the mirror between two archive runs; apt would
    # then refuse it as expired. Signatures are still checked.
    sid|unstable) aptopts+=(--aptopt='Acquire::Check-Valid-Until "false"') ;;
esac

if [[ ! -s $tarball ]]; then
    echo "debian-root.sh: building the $suite/$arch root (once; cached as $tarball)" >&2
    # Twice at most: a download can fail as a whole while the mirror is being updated (Release and
    # package files out of step), which apt's own retries of single files do not cure.
    for attempt in 1 2; do
        if mmdebstrap --quiet --variant="$variant" --arch="$arch" ${include:+--include="$include"} \
            "${aptopts[@]}" "$suite" "$cache/building-$key.tar" "${sources[@]}"; then
            break
        fi
        rm -f "$cache/building-$key.tar"
        if ((attempt == 2)); then
            echo "debian-root.sh: mmdebstrap failed twice for $suite/$arch; check the network and http://deb.debian.org" >&2
            exit 1
        fi
        echo "debian-root.sh: mmdebstrap failed for $suite/$arch; trying once more in 20 s" >&2
        sleep 20
    done
    mv "$cache/building-$key.tar" "$tarball"
fi

mkdir -p "$dest"
if [[ -n $(ls -A "$dest") ]]; then
    echo "debian-root.sh: $dest is not empty; give a new folder" >&2
    exit 73
fi
tar -C "$dest" --numeric-owner -xpf "$tarball"
