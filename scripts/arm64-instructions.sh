#!/usr/bin/env bash
# arm64-instructions.sh - instructions executed by the arm64 build, as a Raspberry Pi would execute
# them, beside the x86_64 build's for the same runs. The arm64 binary runs under qemu-user with QEMU's
# own instruction-counting plugin (libinsn, from QEMU's tests/plugin/insn.c, built against the QEMU
# Debian installed); the x86_64 binary runs under valgrind's callgrind. Both count user-space
# instructions only. Three runs:
#   start-up   `wayfinder run` on the demo configuration until it tells systemd READY=1, then the
#              orderly stop that SIGTERM starts (scripts/until-ready.py); the count holds both.
#   walk       the demo's whole walk (`run --exit-when-done`) at a modest acceleration, so that both
#              slowed-down runs keep up with it; reported per hour of session time as well.
#   gestures   the gesture pipeline per touch event (WayfinderBenchmarks' gestures mode, run twice
#              over one and two passes of the same trace, as scripts/gesture-callgrind.sh does).
#
# Usage (as root, after make release release-arm64 and the two benchmark builds; make bench-arm64 does
# all of it):  scripts/arm64-instructions.sh [ACCELERATION]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
cache=${WAYFINDER_CACHE:-${HOME:-/root}/.cache/wayfinder}
target_root=$cache/cross/trixie-arm64
acceleration=${1:-10}

say() { echo "arm64-instructions: $*" >&2; }
die() { say "$*"; exit 1; }

native=.build/release/wayfinder
arm=.build-arm64/release/wayfinder
native_bench=.build/release/WayfinderBenchmarks
arm_bench=.build-arm64/release/WayfinderBenchmarks
for f in "$native" "$arm" "$native_bench" "$arm_bench"; do
    [[ -x $f ]] || die "$f is missing (make bench-arm64 builds everything this needs)"
done
[[ -d $target_root/usr/lib/aarch64-linux-gnu ]] || die "no arm64 root at $target_root (make release-arm64 makes it)"

missing=()
for p in qemu-user libglib2.0-dev gcc valgrind python3 pkg-config; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
    say "installing ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The plugin must be built from the same QEMU release as the emulator that loads it (the plugin API is
# versioned), so it comes from Debian's source package of the installed qemu-user.
version=$(dpkg-query -W -f '${source:Version}' qemu-user)
plugin_dir=$cache/qemu-plugin/$version
plugin=$plugin_dir/libinsn.so
if [[ ! -f $plugin ]]; then
    say "building QEMU's instruction-counting plugin from Debian's qemu $version source (24 MB, once)"
    work=$(mktemp -d)
    mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/sources"
    # shellcheck source=/dev/null
    codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
    cat > "$work/sources/src.sources" <<SOURCES
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $codename $codename-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: $codename-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
    apt_private=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$work/sources"
        -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o APT::Sandbox::User=root)
    apt-get -qq "${apt_private[@]}" update
    (cd "$work" && apt-get -qq "${apt_private[@]}" source --download-only "qemu=$version")
    orig=$(ls "$work"/qemu_*.orig.tar.xz)
    top=$(tar -tJf "$orig" | awk -F/ 'NR == 1 { print $1 }')
    tar -xJf "$orig" -C "$work" "$top/tests/plugin/insn.c" "$top/include/qemu/qemu-plugin.h"
    mkdir -p "$plugin_dir"
    # shellcheck disable=SC2046
    gcc -O2 -shared -fPIC -I"$work/$top/include/qemu" $(pkg-config --cflags glib-2.0) \
        "$work/$top/tests/plugin/insn.c" $(pkg-config --libs glib-2.0) -o "$plugin.tmp"
    mv "$plugin.tmp" "$plugin"
    rm -rf "$work"
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Valgrind 3.19 gives up on the DWARF 5 of SwiftPM's release build; the counts need no symbols.
objcopy --strip-debug "$native" "$out/wayfinder-x86_64"
objcopy --strip-debug "$native_bench" "$out/benchmarks-x86_64"

# measure ARCH LOG [--until-ready] CMD… prints CMD's user-space instruction count. Under qemu every
# thread adds to one plugin counter with a plain add; pinned to one host core the threads take turns,
# so no count is lost to two cores adding at once. Callgrind runs all threads on one core by itself.
measure() {
    local arch=$1 log=$2 wrap=()
    shift 2
    if [[ $1 == --until-ready ]]; then wrap=(scripts/until-ready.py); shift; fi
    case $arch in
        arm64) "${wrap[@]}" taskset -c 0 qemu-aarch64 -L "$target_root" -plugin "$plugin,inline=on" -d plugin -D "$log.count" "$@" ;;
        x86_64) "${wrap[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file="$log.count" "$@" ;;
    esac > "$log" 2>&1 || { say "$arch run failed: $*"; tail -5 "$log" >&2; return 1; }
    case $arch in
        arm64) sed -n 's/^insns: //p' "$log.count" ;;
        x86_64) sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log.count" | tail -1 ;;
    esac
}
export WAYFINDER_BOARDS=boards
millions() { awk -v n="$1" 'BEGIN { printf "%.1f M", n / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
declare -A binary=([x86_64]="$out/wayfinder-x86_64" [arm64]="$arm")
declare -A bench=([x86_64]="$out/benchmarks-x86_64" [arm64]="$arm_bench")
declare -A startup walk session gestures_all gestures_split per_hour ended_at slowed_to

for arch in x86_64 arm64; do
    say "$arch: start-up to READY=1 and the stop after it"
    startup[$arch]=$(measure "$arch" "$out/startup-$arch" --until-ready "${binary[$arch]}" run \
        --config deploy/demo.toml --fresh --state-directory "$out/state-startup-$arch")

    say "$arch: the demo walk at ${acceleration}× (a few minutes)"
    walk[$arch]=$(measure "$arch" "$out/walk-$arch" "${binary[$arch]}" run --config deploy/demo.toml \
        --exit-when-done --fresh --acceleration "$acceleration" --state-directory "$out/state-walk-$arch")
    grep -q "destination reached" "$out/walk-$arch" || die "$arch: the walk did not reach its destination: $(tail -3 "$out/walk-$arch")"
    ended=$(grep -o 'simulation ended at t+[0-9:]*[0-9]' "$out/walk-$arch" | tail -1 | sed 's/.*t+//')
    ended_at[$arch]=$ended
    session[$arch]=$(awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }' <<< "$ended")
    slowed_to[$arch]=$(grep -o 'slowed down to [0-9.]*' "$out/walk-$arch" | sed 's/.* //' || true)
    [[ -z ${slowed_to[$arch]} ]] || say "$arch: the simulated clock slowed down to ${slowed_to[$arch]}× at times"

    say "$arch: the gesture pipeline"
    for layout in all split; do
        once=$(measure "$arch" "$out/g1-$arch" "${bench[$arch]}" gestures 20000 1 "$layout")
        twice=$(measure "$arch" "$out/g2-$arch" "${bench[$arch]}" gestures 20000 2 "$layout")
        events=$(sed -n 's/^events \([0-9]*\) .*/\1/p' "$out/g1-$arch")
        [[ -n $events && $events -gt 0 ]] || die "$arch: the gesture benchmark printed no event count"
        per=$(( (twice - once) / events ))
        if [[ $layout == all ]]; then gestures_all[$arch]=$per; else gestures_split[$arch]=$per; fi
    done
done

echo
echo "| Run | x86_64 (callgrind) | arm64 (QEMU insn plugin) | arm64 / x86_64 |"
echo "|---|---|---|---|"
echo "| Start-up to READY=1, and the stop after it | $(millions "${startup[x86_64]}") | $(millions "${startup[arm64]}") | $(ratio "${startup[arm64]}" "${startup[x86_64]}") |"
for arch in x86_64 arm64; do
    per_hour[$arch]=$(awk -v n="${walk[$arch]}" -v s="${session[$arch]}" 'BEGIN { printf "%.0f", n * 3600 / s }')
done
echo "| The demo walk at up to ${acceleration}× (x86_64 to t+${ended_at[x86_64]}, slowest ${slowed_to[x86_64]:-$acceleration}×; arm64 to t+${ended_at[arm64]}, slowest ${slowed_to[arm64]:-$acceleration}×) | $(millions "${walk[x86_64]}") | $(millions "${walk[arm64]}") | $(ratio "${walk[arm64]}" "${walk[x86_64]}") |"
echo "| The walk per hour of session time | $(millions "${per_hour[x86_64]}") | $(millions "${per_hour[arm64]}") | $(ratio "${per_hour[arm64]}" "${per_hour[x86_64]}") |"
echo "| Gesture pipeline per touch event, 8 recognizers on all sides | ${gestures_all[x86_64]} | ${gestures_all[arm64]} | $(ratio "${gestures_all[arm64]}" "${gestures_all[x86_64]}") |"
echo "| Gesture pipeline per touch event, recognizers split by side | ${gestures_split[x86_64]} | ${gestures_split[arm64]} | $(ratio "${gestures_split[arm64]}" "${gestures_split[x86_64]}") |"
