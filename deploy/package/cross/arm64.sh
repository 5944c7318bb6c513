#!/usr/bin/env bash
# arm64.sh - cross-build Wayfinder for a Raspberry Pi (aarch64) on an x86_64 Debian machine, and run
# what was built under emulation. Everything comes from Debian's packages:
#
#   host root    Debian sid for amd64 with swiftlang (the Swift compiler, with lld), pkg-config and
#                build-essential: sid is the one suite whose Swift is new enough for our dependencies.
#   runtime      the arm64 Swift runtime and its static libraries, from swiftlang:arm64 and
#                libswiftlang:arm64 of the same version, unpacked (they are not Multi-Arch, so they
#                cannot be installed beside the amd64 compiler).
#   target root  Debian trixie for arm64 with the -dev packages we link (libc, the C++ runtime,
#                libgpiod, libbluetooth, libi2c, libxml2), and the programs route planning runs as
#                child processes (routino, osmium-tool), so that the routing tests run them under
#                emulation as a Pi does. It is the sysroot the binary is linked
#                against, so the binary needs trixie's glibc and libgpiod3; it is where arm64 programs
#                run under qemu-user-static (deploy/package/cross/binfmt-arm64.sh); and its dpkg
#                database is what dpkg-shlibdeps reads for the arm64 package's Depends.
#
# The Swift SDK that ties them together is swift-sdk.json and toolset.json beside this script
# (SwiftPM's cross-compilation format), in an artifact bundle made under the cache.
#
# Usage (as root):
#   arm64.sh env                  make or reuse the three parts (cached in $WAYFINDER_CACHE/cross)
#   arm64.sh build [ARGS…]        swift build for arm64 in the host root; ARGS go to swift build
#   arm64.sh host CMD…            run CMD in the host root, the repository at /src
#   arm64.sh target CMD…          run CMD in the target root under emulation, the repository at /src
#   arm64.sh packaging CMD…       run CMD on this machine, natively, with the target root's arm64
#                                 libraries at /usr/lib/aarch64-linux-gnu and its dpkg database as
#                                 DPKG_ADMINDIR: Debian's cross-building tools (dpkg-buildpackage -a
#                                 arm64, dpkg-shlibdeps) then see what a Pi with trixie has
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
cache=${WAYFINDER_CACHE:-${HOME:-/root}/.cache/wayfinder}/cross
host_root=$cache/sid-amd64
runtime=$cache/swift-arm64
target_root=$cache/trixie-arm64
sdks=$cache/sdks

host_packages=swiftlang,build-essential,pkg-config,git,ca-certificates
target_packages=libc6-dev,libstdc++-14-dev,libgpiod-dev,libbluetooth-dev,libi2c-dev,nettle-dev,libcurl4-openssl-dev,libxml2-dev,zlib1g-dev,pkg-config,routino,osmium-tool

say() { echo "arm64.sh: $*" >&2; }
die() { say "$*"; exit 1; }

[[ $(id -u) == 0 ]] || die "needs root (chroots, mounts, binfmt_misc); run it with sudo"

# A folder counts as made when its stamp holds what it was made from; anything else is made again.
ready() { [[ -f $1/.wayfinder-ready && $(cat "$1/.wayfinder-ready") == "$2" ]]; }
made() { printf '%s' "$2" > "$1/.wayfinder-ready"; }

make_root() { # DIR STAMP debian-root.sh ARGS…
    local dir=$1 stamp=$2; shift 2
    ready "$dir" "$stamp" && return 0
    rm -rf "$dir"
    "$repo/scripts/debian-root.sh" "$@" "$dir"
    made "$dir" "$stamp"
}

prepare() {
    "$here/binfmt-arm64.sh"
    mkdir -p "$cache"
    make_root "$host_root" "sid amd64 $host_packages" --suite sid --include "$host_packages"
    make_root "$target_root" "trixie arm64 $target_packages" --suite trixie --arch arm64 --include "$target_packages"

    # The arm64 runtime must be the compiler's own version, to the Debian revision.
    local version
    version=$(chroot "$host_root" dpkg-query -W -f '${Version}' swiftlang)
    if ! ready "$runtime" "$version"; then
        say "fetching the arm64 Swift runtime $version (about 530 MB, once)"
        rm -rf "$runtime" && mkdir -p "$runtime/debs"
        in_host sh -c "dpkg --add-architecture arm64 &&
            apt-get -q -o Acquire::Check-Valid-Until=false update >/dev/null &&
            cd /cross/runtime/debs && apt-get -q -o Acquire::Check-Valid-Until=false \
                download swiftlang:arm64=$version libswiftlang:arm64=$version"
        local deb
        for deb in "$runtime"/debs/*.deb; do dpkg-deb -x "$deb" "$runtime"; done
        rm -rf "$runtime/debs"
        made "$runtime" "$version"
    fi
    # Debian's swiftlang ships _Testing_Foundation.swiftmodule without its library, and every test
    # bundle links -l_Testing_Foundation; an empty archive satisfies the linker (nothing in it is used
    # by XCTest tests).
    local lib=$runtime/usr/libexec/swift/lib/swift/linux
    [[ -e $lib/lib_Testing_Foundation.so || -e $lib/lib_Testing_Foundation.a ]] || ar rc "$lib/lib_Testing_Foundation.a"
    # The runtime's shared FoundationXML, which test bundles load, is sid's and needs sid's libxml2
    # (libxml2.so.16; trixie has .so.2). It needs nothing newer than trixie's glibc, so it goes beside
    # the runtime's libraries. The release binary links FoundationXML statically against trixie's.
    if [[ ! -e $lib/libxml2.so.16 ]]; then
        mkdir -p "$runtime/debs"
        in_host sh -c "cd /cross/runtime/debs && apt-get -q -o Acquire::Check-Valid-Until=false download libxml2-16:arm64"
        dpkg-deb -x "$runtime"/debs/libxml2-16_*.deb "$runtime/debs/x"
        cp -a "$runtime"/debs/x/usr/lib/aarch64-linux-gnu/libxml2.so.16* "$lib/"
        rm -rf "$runtime/debs"
    fi

    local bundle=$sdks/wayfinder-arm64.artifactbundle
    rm -rf "$sdks" && mkdir -p "$bundle/sdk"
    cp "$here/info.json" "$bundle/"
    cp "$here/swift-sdk.json" "$here/toolset.json" "$bundle/sdk/"
    # The SDK's sysroot as the compiler sees it inside the host root (mounts below).
    ln -s /cross/sysroot "$bundle/sdk/sysroot"
}

# Runs "$@" inside a private mount namespace: the mounts vanish with it, however it ends.
with_mounts() {
    unshare --mount --propagation private -- "$@"
}

in_host() {
    with_mounts bash -c '
        set -euo pipefail
        root=$1 repo=$2 cache=$3; shift 3
        mkdir -p "$root/proc" "$root/src" "$root/cross/sysroot" "$root/cross/runtime" "$root/cross/sdks"
        mount -t proc proc "$root/proc"
        mount --bind "$repo" "$root/src"
        mount --bind "$cache/trixie-arm64" "$root/cross/sysroot"
        mkdir -p "$cache/swift-arm64" && mount --bind "$cache/swift-arm64" "$root/cross/runtime"
        # The arm64 Swift runtime where the compiler looks for it in a sysroot (usr/lib/swift and
        # usr/lib/swift_static, whose clang links to ../clang), mounted for the build only: the target
        # root keeps three empty folders.
        for dir in swift swift_static clang; do
            [[ -d $cache/swift-arm64/usr/libexec/swift/lib/$dir ]] || continue
            mkdir -p "$root/cross/sysroot/usr/lib/$dir"
            mount --bind "$cache/swift-arm64/usr/libexec/swift/lib/$dir" "$root/cross/sysroot/usr/lib/$dir"
        done
        mkdir -p "$cache/sdks" && mount --bind "$cache/sdks" "$root/cross/sdks"
        cp /etc/resolv.conf "$root/etc/resolv.conf"
        # The Swift packages: this machine serves github.com from a local mirror (git config), when it has one.
        if [[ -d /opt/swift-packages ]]; then
            mkdir -p "$root/opt/swift-packages" && mount --bind /opt/swift-packages "$root/opt/swift-packages"
            [[ -f /etc/gitconfig ]] && cp /etc/gitconfig "$root/etc/gitconfig"
        fi
        exec chroot "$root" env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
            PKG_CONFIG_SYSROOT_DIR=/cross/sysroot \
            PKG_CONFIG_LIBDIR=/cross/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/cross/sysroot/usr/share/pkgconfig \
            PKG_CONFIG_PATH=/cross/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/cross/sysroot/usr/share/pkgconfig \
            "$@"
    ' in_host "$host_root" "$repo" "$cache" "$@"
}

in_target() {
    with_mounts bash -c '
        set -euo pipefail
        root=$1 repo=$2 runtime=$3; shift 3
        mkdir -p "$root/proc" "$root/src"
        mount -t proc proc "$root/proc"
        # sysfs, read-only, as a Pi has it: libgpiod 2 tells GPIO chips from other devices through it.
        mkdir -p "$root/sys" && mount -t sysfs -o ro sysfs "$root/sys"
        mount --bind "$repo" "$root/src"
        mount -t tmpfs tmpfs "$root/tmp"
        # A pseudo-terminal instance of its own, for the serial-port tests (a GPS on a UART).
        mkdir -p "$root/dev/pts"
        mount -t devpts -o newinstance,ptmxmode=0666,mode=0620 devpts "$root/dev/pts"
        mount --bind "$root/dev/pts/ptmx" "$root/dev/ptmx"
        # The Swift runtime as shared libraries, for test bundles (the release binary carries its own).
        mkdir -p "$root/opt/swift-arm64" && mount --bind "$runtime" "$root/opt/swift-arm64"
        exec chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb \
            SWIFT_RUNTIME_LIBRARIES=/opt/swift-arm64/usr/libexec/swift/lib/swift/linux "$@"
    ' in_target "$target_root" "$repo" "$runtime" "$@"
}

# Debian's packaging tools run natively (debhelper under emulation took about 7 minutes a package).
# dpkg-shlibdeps looks for an arm64 binary's libraries in /usr/lib/aarch64-linux-gnu and asks
# dpkg-query (which reads DPKG_ADMINDIR) which package owns each and what its symbols file says; so
# the target root's library folder is mounted there, in a mount namespace of its own, and its
# database is named. The Depends this computes is the one the same tools compute inside the root.
packaging() {
    local libs=/usr/lib/aarch64-linux-gnu made_dir=0
    if [[ ! -e $libs ]]; then mkdir -p "$libs" && made_dir=1; fi
    local status=0
    with_mounts bash -c '
        set -euo pipefail
        root=$1 libs=$2; shift 2
        mount --bind "$root$libs" "$libs"
        DPKG_ADMINDIR=$root/var/lib/dpkg exec "$@"
    ' packaging "$target_root" "$libs" "$@" || status=$?
    ((made_dir == 0)) || rmdir "$libs"
    return "$status"
}

command=${1:-}
[[ -n $command ]] && shift
case $command in
    env) prepare ;;
    build)
        prepare
        # WAYFINDER_TESTS picks the test targets the manifest declares (Package.swift).
        in_host env ${WAYFINDER_TESTS:+WAYFINDER_TESTS=$WAYFINDER_TESTS} sh -c 'cd /src && exec swift build --scratch-path .build-arm64 \
            --swift-sdks-path /cross/sdks --swift-sdk wayfinder-arm64 "$@"' build "$@"
        ;;
    host) in_host "$@" ;;
    target) in_target "$@" ;;
    packaging) packaging "$@" ;;
    *) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; [[ $command == -h || $command == --help ]] && exit 0; exit 64 ;;
esac
