#!/usr/bin/env bash
# binfmt-arm64.sh - let this x86_64 machine run arm64 programs: the kernel's binfmt_misc hands every
# aarch64 ELF to Debian's qemu-user-static. Needed to build the arm64 Debian root (its maintainer
# scripts run) and to run the arm64 tests and demo. The registration uses qemu-user-static's own line
# (/usr/lib/binfmt.d/qemu-aarch64.conf); its F flag makes the kernel open the interpreter now, so it
# also works inside chroots. Idempotent; needs root. Affects the whole machine until reboot.
set -euo pipefail
[[ $(id -u) == 0 ]] || { echo "binfmt-arm64.sh: needs root (it registers a binfmt_misc handler); run it with sudo" >&2; exit 77; }
conf=/usr/lib/binfmt.d/qemu-aarch64.conf
if [[ ! -f $conf ]]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends qemu-user-static >/dev/null
fi
misc=/proc/sys/fs/binfmt_misc
if [[ ! -e $misc/register ]]; then
    mount -t binfmt_misc binfmt_misc "$misc" || {
        echo "binfmt-arm64.sh: cannot mount binfmt_misc on $misc (a container without it?)" >&2; exit 69; }
fi
if [[ ! -e $misc/qemu-aarch64 ]]; then
    grep -v '^#' "$conf" > "$misc/register"
fi
grep -q '^enabled' "$misc/qemu-aarch64" || echo 1 > "$misc/qemu-aarch64"
