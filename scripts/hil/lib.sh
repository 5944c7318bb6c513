# shellcheck shell=bash disable=SC2034  # sourced; its variables are used by the sourcing scripts
# lib.sh - shared by the hardware-in-loop rig's host scripts (sourced, not run). See docs/hil.md.
#
# Everything the rig downloads or builds lives under $HIL_CACHE (default <repo>/.hil/), keyed by the
# kernel ABI where it depends on it, with a stamp file per finished step so an interrupted step is
# redone and a finished one is not.

HIL_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HIL_CACHE=${HIL_CACHE:-$HIL_ROOT/.hil}
HIL_SCRIPTS=$HIL_ROOT/scripts/hil

# The kernel ABI used when apt cannot name the current one (see resolve_kver). Known good: the rig
# was built and every check passed on it (docs/hil.md's timings).
HIL_KVER_PINNED=6.1.0-56-amd64

say() { printf 'hil: %s\n' "$*" >&2; }
die() { printf 'hil: error: %s\n' "$*" >&2; exit 2; }

# sudo when not root; refuse clearly when neither works.
as_root() {
    if [[ $(id -u) == 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root to run '$*': run as root or install sudo"
    fi
}

APT_OPTS=(-o DPkg::Lock::Timeout=300 -o Acquire::Retries=3)

# The appliance guest's Debian 12 base (build-root.sh): the package's own dependencies are in it, so
# dpkg -i needs no network in the chroot. python3-distutils: gpsfake imports distutils.spawn, which
# bookworm's python3 splits out.
HIL_ROOT_PACKAGES=systemd,systemd-sysv,udev,kmod,procps,iproute2,gpsd,python3-gps,python3-distutils,i2c-tools,gpiod,bluez
HIL_ROOT_PACKAGES+=,libbluetooth3,libgpiod2,libi2c0,libxml2,libstdc++6,libgcc-s1,libnettle8,libssl3,libcurl4,routino

# Once per `make hil`: the flag is exported so the step scripts the driver runs see it.
apt_update_once() {
    [[ -n ${HIL_APT_UPDATED:-} ]] && return 0
    say "apt-get update"
    as_root apt-get "${APT_OPTS[@]}" update -qq \
        || die "apt-get update failed: check the network and /etc/apt/sources.list (the rig needs Debian 12's archive)"
    export HIL_APT_UPDATED=1
}

# Times a step: `timed NAME cmd...`; the figures go to $HIL_CACHE/timings.log and stderr.
# Returns the command's own status.
timed() {
    local name=$1 start secs rc=0
    shift
    start=$(date +%s.%N)
    "$@" || rc=$?
    secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    say "step $name: ${secs}s$( ((rc == 0)) || echo " (failed: status $rc)")"
    printf '%s %s %s\n' "$(date -u +%FT%TZ)" "$name" "$secs" >>"$HIL_CACHE/timings.log"
    return "$rc"
}

# KVER: the Debian kernel ABI the guest boots and gpio-sim is built against.
# Resolved from the linux-image-amd64 metapackage, rather than pinned:
# the image, linux-headers-$KVER and linux-source-6.1 then all come from the same Debian upload, and
# gpio-sim's sources (taken from linux-source-6.1, which the archive carries at its newest version
# only) match the headers the module is built against. A pin would drift from linux-source-6.1 and,
# after a few point releases, drop out of the archive. The pin is the fallback when apt cannot answer;
# HIL_KVER=... overrides both. The resolved value is cached with the artifacts built from it, so a
# cached run needs no apt at all (rm -rf .hil to follow a newer kernel).
# Sets KVER (not called in a subshell, so apt_update_once's flag survives).
resolve_kver() {
    if [[ -n ${HIL_KVER:-} ]]; then
        KVER=$HIL_KVER
        return
    fi
    if [[ -s $HIL_CACHE/kver ]]; then
        KVER=$(<"$HIL_CACHE/kver")
        return
    fi
    apt_update_once
    local kver
    kver=$(apt-cache depends linux-image-amd64 2>/dev/null \
        | awk '/Depends: linux-image-6\.1\./ { sub("linux-image-", "", $2); print $2; exit }')
    if [[ -z $kver ]] || ! apt-cache show "linux-headers-$kver" >/dev/null 2>&1; then
        say "could not resolve the kernel ABI from linux-image-amd64; using the pinned $HIL_KVER_PINNED"
        kver=$HIL_KVER_PINNED
    fi
    mkdir -p "$HIL_CACHE"
    printf '%s\n' "$kver" >"$HIL_CACHE/kver"
    KVER=$kver
}
