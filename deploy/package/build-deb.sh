#!/usr/bin/env bash
# build-deb.sh OUTDIR [ARCH] - the Debian package from the release build, with Debian's own tools.
# ARCH is the build machine's own architecture (the default) or arm64, cross-built by
# deploy/package/cross/arm64.sh; the arm64 package is assembled on this machine by Debian's own
# cross-packaging (dpkg-buildpackage -a arm64, binutils-aarch64-linux-gnu's strip), with the trixie
# arm64 root's libraries and dpkg database in view, so that dpkg-shlibdeps reads the Pi's libraries.
#
# `make deb` runs it after building the release binary, the man pages and the completions (the Swift
# toolchain is not a Debian package, so the build happens outside dpkg-buildpackage). This script:
#   1. stages the installed tree with `make install DESTDIR=… PREFIX=/usr` (the unit in /lib/systemd/system,
#      where Debian 12's debhelper and lintian expect units),
#   2. lays out a source tree whose debian/ is deploy/debian/, and
#   3. runs dpkg-buildpackage -b, so debhelper writes the maintainer scripts (dh_installsysusers,
#      dh_installsystemd), compresses, and computes Depends with dpkg-shlibdeps;
#   4. runs Debian 12's lintian on the result.
# Output: OUTDIR/wayfinder_<version>_<arch>.deb (and the .buildinfo and .changes beside it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
outdir=${1:?usage: build-deb.sh OUTDIR [ARCH]}
native=$(dpkg-architecture -qDEB_HOST_ARCH)
arch=${2:-$native}
cd "$root"

version=$(dpkg-parsechangelog -l deploy/debian/changelog -S Version)
if [[ $arch == "$native" ]]; then
    binary=.build/release/wayfinder
    on_target() { "$@"; }
    packaging() { "$@"; }
    work=.build/deb
elif [[ $arch == arm64 ]]; then
    binary=.build-arm64/release/wayfinder
    # Run in the arm64 root, the repository at /src.
    on_target() { deploy/package/cross/arm64.sh target "$@"; }
    packaging() { deploy/package/cross/arm64.sh packaging "$@"; }
    work=.build-arm64/deb
else
    echo "error: no cross build for $arch; ARCH is $native or arm64" >&2
    exit 64
fi
[[ -x $binary ]] || { echo "error: $binary is not built" >&2; exit 1; }
# Before strip: the binary links FoundationEssentials only, not Foundation and ICU's 32 MiB of data
# (docs/architecture.md, "FoundationEssentials only").
scripts/foundation-check.sh "$binary"
# How many of the functions deploy/package/wayfinder.order lays out first this binary has: the file is
# a profile of an earlier build, and a name the code no longer has is skipped without a word by the
# linker. Few found means the walk's code is spread over the binary again (more memory resident).
ordered=$(grep -v '^#' deploy/package/wayfinder.order | sort -u)
found=$(nm --defined-only "$binary" | awk 'NF >= 3 { print $3 }' | sort -u | comm -12 - <(echo "$ordered") | wc -l)
total=$(echo "$ordered" | wc -l)
echo "text order: $found of $total functions of deploy/package/wayfinder.order are in the binary"
if (( found * 10 < total * 9 )); then
    echo "warning: fewer than 90 % found: run make text-order (scripts/text-order.sh) and commit the file" >&2
fi
at() { [[ $arch == "$native" ]] && echo "$1" || echo "/src/$1"; }

# The binary reports the version the package is given; a changelog entry without the matching
# version in Sources/wayfinder/Wayfinder.swift (or the reverse) stops here.
reported=$(on_target "$(at "$binary")" --version)
if [[ $reported != "$version" ]]; then
    echo "error: $binary --version says $reported, deploy/debian/changelog says $version; make them agree" >&2
    exit 1
fi

# Nothing from the toolchain may be needed at run time: a Pi has only Debian's libraries.
if toolchain=$(on_target ldd "$(at "$binary")" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/|/usr/share/swift'); then
    echo "error: $binary needs libraries from the Swift toolchain:" >&2
    echo "$toolchain" >&2
    exit 1
fi

src=$work/wayfinder-$version
rm -rf "$work"
mkdir -p "$src"
cp -a deploy/debian "$src/debian"
make --no-print-directory install ARCH="$arch" RELEASE_BIN="$binary" DESTDIR="$root/$src/staged" PREFIX=/usr UNITDIR=/lib/systemd/system \
    SYSUSERSDIR=/usr/lib/sysusers.d UDEVRULESDIR=/lib/udev/rules.d ZSHCOMPDIR=/usr/share/zsh/vendor-completions >/dev/null

# Timestamps from the changelog: the same commit builds the same package.
export SOURCE_DATE_EPOCH
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l deploy/debian/changelog -S Timestamp)
# -d: the build dependency that matters, the Swift toolchain, is not a Debian package (above).
packaging sh -c "cd $src && dpkg-buildpackage -a $arch -b -d -us -uc --no-pre-clean" >"$work/build.log" 2>&1 || {
    tail -40 "$work/build.log" >&2
    echo "error: dpkg-buildpackage failed; the whole log is $work/build.log" >&2
    exit 1
}

mkdir -p "$outdir"
deb=wayfinder_${version}_${arch}.deb
for f in "$work/$deb" "$work/wayfinder_${version}_${arch}.buildinfo" "$work/wayfinder_${version}_${arch}.changes"; do
    cp "$f" "$outdir/"
done

# Debian 12's lintian: any error, and any warning not overridden with its reason in
# deploy/debian/wayfinder.lintian-overrides, fails the build.
status=0
lintian --fail-on error,warning --display-info "$outdir/$deb" > "$work/lintian.log" 2>&1 || status=$?
grep -vE '^(I|N|P|X): ' "$work/lintian.log" || true
echo "lintian: $(grep -c '^E: ' "$work/lintian.log") errors, $(grep -c '^W: ' "$work/lintian.log") warnings, $(grep -c '^I: ' "$work/lintian.log") notes (all in $work/lintian.log)"
((status == 0)) || { echo "error: lintian failed (exit $status)" >&2; exit 1; }
echo "built $outdir/$deb ($(du -h "$outdir/$deb" | cut -f1))"
