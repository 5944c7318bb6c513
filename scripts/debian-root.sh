#!/usr/bin/env bash
# debian-root.sh [--suite SUITE] [--arch ARCH] [--variant VARIANT] [--include PKG,PKG…] DEST|--cache-only
#
# A fresh Debian root filesystem in DEST (which must be empty or absent), made by mmdebstrap from
# Debian's packages. The first call for a given suite, architecture and package list builds a tarball
# in the cache ($WAYFINDER_CACHE, default ~/.cache/wayfinder/roots/); every later call only unpacks it,
# so each check starts from the same untouched root in a few seconds. `make package-check` uses it for
# a Debian 12 chroot with systemd and man-db; the rig can use the same call with its own packages.
#
# --cache-only makes the tarball and stops (CI prepares the roots beside its builds).
#
# Needs root (mmdebstrap's root mode, and unpacking device nodes and ownership as they are).
set -euo pipefail

suite=bookworm
arch=$(dpkg --print-architecture)
variant=apt
include=
cache_only=0
while (($#)); do
    case $1 in
        --suite) suite=$2; shift 2 ;;
        --arch) arch=$2; shift 2 ;;
        --include) include=$2; shift 2 ;;
        # extract: the packages and their dependencies unpacked, nothing configured (a sysroot to link against)
        --variant) variant=$2; shift 2 ;;
        # make the cached tarball and stop: no DEST
        --cache-only) cache_only=1; shift ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "debian-root.sh: unknown option $1 (try --help)" >&2; exit 64 ;;
        *) break ;;
    esac
done
usage="usage: debian-root.sh [--suite SUITE] [--arch ARCH] [--variant VARIANT] [--include PKG,PKG…] DEST|--cache-only"
if ((cache_only)); then dest=; else dest=${1:?$usage}; fi

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
    # Three tries: a download can fail as a whole while the mirror is being updated (Release and
    # package files out of step), which apt's own retries of single files do not cure. mmdebstrap's
    # whole output goes to a log, whose end is shown when a try fails.
    log=$cache/building-$key.log
    for wait in 20 60 0; do
        # Descriptors 3-9 closed for it: mmdebstrap hands apt a hook, `cat >&N`, that /bin/sh (dash)
        # runs, and dash takes one-digit descriptor numbers only ("Syntax error: Bad fd number"). With
        # the caller's own open (CI's lanes hold 7 and 8, the rig its lock on 9), N came out as 11.
        if mmdebstrap --verbose --variant="$variant" --arch="$arch" ${include:+--include="$include"} \
            "${aptopts[@]}" "$suite" "$cache/building-$key.tar" "${sources[@]}" > "$log" 2>&1 \
            3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-; then
            break
        fi
        rm -f "$cache/building-$key.tar"
        grep -E '^(E|W): |Err:|Hash Sum|Failed to fetch' "$log" | tail -n 15 >&2
        if ((wait == 0)); then
            echo "debian-root.sh: mmdebstrap failed three times for $suite/$arch (its log: $log); check the network and http://deb.debian.org" >&2
            exit 1
        fi
        echo "debian-root.sh: mmdebstrap failed for $suite/$arch; trying again in $wait s" >&2
        sleep "$wait"
    done
    rm -f "$log"
    mv "$cache/building-$key.tar" "$tarball"
fi

((cache_only)) && exit 0
mkdir -p "$dest"
if [[ -n $(ls -A "$dest") ]]; then
    echo "debian-root.sh: $dest is not empty; give a new folder" >&2
    exit 73
fi
tar -C "$dest" --numeric-owner -xpf "$tarball"
