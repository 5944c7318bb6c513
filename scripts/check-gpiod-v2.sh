#!/usr/bin/env bash
# check-gpiod-v2.sh - prove the GPIO shim builds and runs against libgpiod 2.x (Debian 13 "trixie",
# what Pi OS Trixie ships) on a Debian 12 machine whose own libgpiod is 1.6.
#
# Why: Sources/CGPIOShim/wf_gpio.c picks the v1 or v2 libgpiod API at preprocessing time, and the
# build machines only have v1 installed, so without this check the v2 half could rot unnoticed.
# How: fetch trixie's libgpiod-dev and libgpiod3 with a private
# apt state in a scratch directory (the system's apt state and packages are never touched),
# compile the shim against trixie's gpiod.h with warnings as errors, link a tiny program
# statically against trixie's libgpiod.a, run it, and check it reports the v2 API and a 2.x
# library. Trixie's static archive needs only ordinary libc symbols, so this runs on Debian 12.
#
# Unattended and idempotent: no prompts, everything lives in a temporary directory that is
# removed on exit. Needs network access to the Debian mirror the machine's apt already uses.
# Exit status: 0 pass, 1 the check failed, 2 the check could not run (tools, network).
#
# --export DIR: after a pass, also leave trixie's headers (DIR/include) and static library
# (DIR/libgpiod.a) in DIR, for scripts/hil/build-gpiod2.sh.
set -euo pipefail

export_dir=""
case "${1:-}" in
    --export) export_dir=${2:?"--export needs a directory"} ;;
    "") ;;
    *) echo "usage: check-gpiod-v2.sh [--export DIR]" >&2; exit 2 ;;
esac

readonly SUITE=trixie
readonly PACKAGES=(libgpiod-dev libgpiod3)

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shim_dir="$root/Sources/CGPIOShim"

say() { printf 'check-gpiod-v2: %s\n' "$*"; }
fail() { say "FAIL: $*" >&2; exit 1; }
cannot() { say "cannot run: $*" >&2; exit 2; }

for tool in apt-get apt-cache dpkg-deb cc awk; do
    command -v "$tool" >/dev/null 2>&1 || cannot "'$tool' is not installed (Debian: apt-get install apt dpkg gcc gawk)"
done
[[ -f "$shim_dir/wf_gpio.c" && -f "$shim_dir/include/wf_gpio.h" ]] \
    || cannot "the shim is missing: expected $shim_dir/wf_gpio.c and include/wf_gpio.h"

work=$(mktemp -d "${TMPDIR:-/tmp}/wf-gpiod-v2.XXXXXX")
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# Shows the tail of a step's log when it failed, then exits.
log="$work/steps.log"
run_logged() {
    local what=$1; shift
    if ! "$@" >>"$log" 2>&1; then
        say "$what failed; last lines of its output:" >&2
        tail -n 20 "$log" >&2
        return 1
    fi
}

# --- The mirror: the first non-security Debian source of this machine ---------------------
# deb822 files (/etc/apt/sources.list.d/*.sources) first, then one-line sources lists. A
# Signed-By keyring given there is reused; otherwise apt's default trusted keys apply.
mirror=""
keyring=""
shopt -s nullglob
deb822_files=(/etc/apt/sources.list.d/*.sources)
oneline_files=(/etc/apt/sources.list /etc/apt/sources.list.d/*.list)
shopt -u nullglob
for f in "${deb822_files[@]}"; do
    [[ -r "$f" ]] || continue
    read -r mirror keyring < <(awk '
        function flush() {
            if (uri != "" && types ~ /(^| )deb( |$)/ && suites !~ /-security|\/updates/ && !found) {
                print uri, (key == "" ? "-" : key); found = 1
            }
            uri = ""; types = ""; suites = ""; key = ""
        }
        /^[ \t]*$/   { flush(); next }
        /^[ \t]*#/   { next }
        /^URIs:/      { uri = $2 }
        /^Types:/     { sub(/^Types:[ \t]*/, ""); types = $0 }
        /^Suites:/    { sub(/^Suites:[ \t]*/, ""); suites = $0 }
        /^Signed-By:/ { key = $2 }
        END { flush() }
    ' "$f") || true
    [[ -n "$mirror" ]] && break
done
if [[ -z "$mirror" ]]; then
    for f in "${oneline_files[@]}"; do
        [[ -r "$f" ]] || continue
        read -r mirror keyring < <(awk '
            $1 != "deb" { next }
            {
                i = 2; key = "-"
                if ($i ~ /^\[/) {
                    while (i <= NF) {
                        if ($i ~ /signed-by=/) { key = $i; sub(/.*signed-by=/, "", key); sub(/\]$/, "", key) }
                        if ($i ~ /\]$/) { i++; break }
                        i++
                    }
                }
                if ($(i + 1) ~ /-security|\/updates/) next
                print $i, key; exit
            }' "$f") || true
        [[ -n "$mirror" ]] && break
    done
fi
[[ -n "$mirror" ]] || cannot "found no Debian 'deb' source in /etc/apt to take the mirror from"
[[ "$keyring" == "-" ]] && keyring=""

# --- Fetch trixie's packages with a private apt state --------------------------------------
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/prefix"
if [[ -n "$keyring" ]]; then
    echo "deb [signed-by=$keyring] $mirror $SUITE main" >"$work/sources.list"
else
    echo "deb $mirror $SUITE main" >"$work/sources.list"
fi
apt_opts=(
    -o "Dir::Etc::SourceList=$work/sources.list"
    -o "Dir::Etc::SourceParts=/dev/null"
    -o "Dir::Etc::Preferences=/dev/null"
    -o "Dir::Etc::PreferencesParts=/dev/null"
    -o "Dir::State::Lists=$work/lists"
    -o "Dir::Cache=$work/cache"
    -o "APT::Sandbox::User=root"
)
say "fetching $SUITE's ${PACKAGES[*]} from $mirror"
run_logged "apt-get update for $SUITE" apt-get "${apt_opts[@]}" -q update \
    || cannot "could not read $SUITE's package lists from $mirror (network or mirror problem)"
for pkg in "${PACKAGES[@]}"; do
    version=$(apt-cache "${apt_opts[@]}" madison "$pkg" | awk -v s="$SUITE" '$0 ~ s { print $3; exit }')
    [[ -n "$version" ]] || cannot "$SUITE has no package $pkg on $mirror"
    say "  $pkg $version"
done
(cd "$work" && run_logged "apt-get download" apt-get "${apt_opts[@]}" -q download "${PACKAGES[@]}") \
    || cannot "could not download ${PACKAGES[*]} from $mirror"
for deb in "$work"/*.deb; do
    dpkg-deb -x "$deb" "$work/prefix"
done

header="$work/prefix/usr/include/gpiod.h"
archive=$(find "$work/prefix" -name libgpiod.a -print -quit)
[[ -f "$header" ]] || fail "libgpiod-dev from $SUITE has no usr/include/gpiod.h"
[[ -n "$archive" ]] || fail "libgpiod-dev from $SUITE has no static libgpiod.a"

# --- Compile the shim against the v2 header -------------------------------------------------
cflags=(-std=c99 -Wall -Wextra -Werror -I "$work/prefix/usr/include" -I "$shim_dir/include")
say "compiling wf_gpio.c against $SUITE's gpiod.h (cc ${cflags[*]:0:4})"
run_logged "compiling the shim against libgpiod 2" \
    cc "${cflags[@]}" -c "$shim_dir/wf_gpio.c" -o "$work/wf_gpio.o" \
    || fail "the shim does not compile cleanly against libgpiod 2 (see above)"

cat >"$work/probe.c" <<'EOF'
/* Reports what the shim was built against and exercises its v2 chip scan. */
#include <errno.h>
#include <stdio.h>
#include <gpiod.h>
#include "wf_gpio.h"

#ifdef GPIOD_LINE_BULK_MAX_LINES
#error "the v1 gpiod.h was picked up instead of trixie's"
#endif

int main(void)
{
	wf_gpio_chip *chip = NULL;
	int chips = wf_gpio_list_chips(NULL, 0);
	int open_rc = wf_gpio_chip_open_by_label("wayfinder-no-such-chip", &chip);

	printf("version=%s\n", wf_gpio_library_version());
	printf("flavour=%d\n", wf_gpio_api_flavour());
	printf("kernel_debounce=%d\n", wf_gpio_has_kernel_debounce());
	printf("chips=%d\n", chips);
	printf("unknown_label=%s\n", open_rc == -ENOENT ? "ENOENT" : "unexpected");
	if (chip != NULL)
		wf_gpio_chip_close(chip);
	return 0;
}
EOF
run_logged "compiling the probe" cc "${cflags[@]}" -c "$work/probe.c" -o "$work/probe.o" \
    || fail "the probe program does not compile against the shim's header and libgpiod 2"
run_logged "linking the probe statically against $archive" \
    cc "$work/probe.o" "$work/wf_gpio.o" "$archive" -o "$work/probe" \
    || fail "linking against $SUITE's static libgpiod.a failed"

# --- Run it and check -------------------------------------------------------------------------
output=$("$work/probe") || fail "the probe program exited with status $?"
printf '%s\n' "$output" | sed 's/^/  /'
value() { printf '%s\n' "$output" | awk -F= -v k="$1" '$1 == k { print $2 }'; }

[[ "$(value flavour)" == 2 ]] || fail "the shim compiled the v1 code path against libgpiod 2 (flavour=$(value flavour))"
[[ "$(value version)" == 2.* ]] || fail "the library reports version '$(value version)', expected 2.x"
[[ "$(value kernel_debounce)" == 1 ]] || fail "the v2 build does not report kernel debounce"
[[ "$(value chips)" =~ ^[0-9]+$ ]] || fail "listing GPIO chips failed (returned $(value chips))"
[[ "$(value unknown_label)" == ENOENT ]] || fail "opening an unknown label did not return -ENOENT"

say "PASS: shim built with -Werror against libgpiod $(value version) from $SUITE, v2 API, statically linked and run"
if [[ -n $export_dir ]]; then
    mkdir -p "$export_dir/include"
    cp "$header" "$export_dir/include/gpiod.h"
    cp "$archive" "$export_dir/libgpiod.a"
    echo "$(value version)" >"$export_dir/version"
    say "exported gpiod.h and libgpiod.a $(value version) to $export_dir"
fi
