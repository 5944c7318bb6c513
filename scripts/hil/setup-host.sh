#!/usr/bin/env bash
# setup-host.sh KVER - install the host packages the rig needs, if any is missing (Debian 12, root or sudo).
#   qemu-system-x86  boots the guest (TCG; /dev/kvm on our build machines is kvm_pvm, useless for a
#                    stock kernel: docs/hil.md, "Traps")
#   kmod             depmod for the guest's module tree
#   cpio             packs the initramfs
#   linux-headers-KVER, gcc, make   build gpio-sim.ko out of tree (same ABI as the guest kernel)
#   xz-utils, bzip2  unpack the vmlinux and the source tarballs
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

kver=${1:?usage: setup-host.sh KVER}
packages=(qemu-system-x86 kmod cpio "linux-headers-$kver" gcc make libc6-dev xz-utils bzip2 mmdebstrap e2fsprogs)

missing=()
for p in "${packages[@]}"; do
    [[ $(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null) == installed ]] || missing+=("$p")
done
if ((${#missing[@]})); then
    apt_update_once
    say "installing host packages: ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get "${APT_OPTS[@]}" install -y -qq \
        --no-install-recommends "${missing[@]}" >"$HIL_CACHE/apt-install.log" 2>&1 || {
        tail -20 "$HIL_CACHE/apt-install.log" >&2
        die "apt-get install ${missing[*]} failed (full log: $HIL_CACHE/apt-install.log). If" \
            "linux-headers-$kver is gone from the archive, rm -rf $HIL_CACHE to follow the current kernel."
    }
fi
for tool in qemu-system-x86_64 depmod cpio make gcc xz bzip2 timeout; do
    command -v "$tool" >/dev/null 2>&1 || die "'$tool' is still not on PATH after installing the host packages"
done
[[ -e /lib/modules/$kver/build/Makefile ]] \
    || die "/lib/modules/$kver/build is missing: install linux-headers-$kver"
