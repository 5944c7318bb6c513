#!/usr/bin/env bash
# build-initramfs.sh KVER [BINARY...] - pack the guest's root filesystem into $HIL_CACHE/initrd.cpio.
#
# An uncompressed newc cpio (faster to boot under TCG than a gzip one; docs/hil.md) with:
#   /init, /hil/checks.sh    the guest's PID 1 and its checks (scripts/hil/guest/)
#   busybox                  every applet, linked in /bin, /sbin, /usr/bin, /usr/sbin
#   BlueZ tools              btvirt (build-btvirt.sh), btmgmt, btmon, btgatt-client, btgatt-server
#   gpiod, i2c-tools         gpiodetect/gpioinfo/gpiomon/..., i2cdetect/i2cget/i2cset/...
#   modules                  hci_vhci + bluetooth, configfs, i2c-stub, i2c-dev, uhid, uinput, 9p over
#                            virtio, all of crypto/ and arch/x86/crypto/ (the emulated controller needs
#                            AF_ALG: trap 4), their dependencies, and the out-of-tree gpio-sim.ko
#   libraries                whatever `ldd` names for each tool and each BINARY (the test binary from the
#                            share is not packed, but its libraries must be here), at the path ldd names
# Rebuilt on every run: it takes about a second, and the guest scripts or the binary's libraries change.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

kver=${1:?usage: build-initramfs.sh KVER [BINARY...]}
shift
kroot=$HIL_CACHE/$kver/kernel
tools=$HIL_CACHE/tools
gpio_sim=$HIL_CACHE/$kver/gpio-sim/gpio-sim.ko
for need in "$kroot/lib/modules/$kver/modules.dep" "$tools/bin/busybox" "$gpio_sim" "$HIL_CACHE/btvirt"; do
    [[ -e $need ]] || die "$need is missing: run scripts/hil/run.sh (it fetches and builds it)"
done

root=$HIL_CACHE/initrd
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,lib/x86_64-linux-gnu,lib64,etc,proc,sys,dev,tmp,run,root,mnt/host,hil}

# --- libraries: copy what ldd resolves (the unpacked tools' own libraries first), at ldd's path;
#     a library found only in the unpacked tools goes to the same path below /usr. The host awk is
#     mawk (no \s, trap 7): fields are split on the default blanks only.
tool_libs="$tools/usr/lib/x86_64-linux-gnu:$tools/lib/x86_64-linux-gnu"
copy_libs() {
    local bin=$1 out lib dest
    out=$(LD_LIBRARY_PATH=$tool_libs ldd "$bin" 2>&1) || {
        # A static binary: "not a dynamic executable"; nothing to copy.
        [[ $out == *"not a dynamic executable"* ]] && return 0
        die "ldd $bin failed: $out"
    }
    if [[ $out == *"not found"* ]]; then
        die "$bin needs libraries this host does not have:"$'\n'"$(grep 'not found' <<<"$out")"$'\n'"install the Debian packages that provide them"
    fi
    while read -r lib; do
        [[ -n $lib ]] || continue
        case $lib in
            "$tools"/*) dest=${lib#"$tools"} ;;
            *) dest=$lib ;;
        esac
        [[ -e $root$dest ]] && continue
        mkdir -p "$root$(dirname "$dest")"
        cp -L "$lib" "$root$dest"
    done < <(awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' <<<"$out")
}

# --- busybox and its applets (a real tool of the same name wins: it is copied over the link below)
cp "$tools/bin/busybox" "$root/bin/busybox"
while read -r applet; do
    [[ -e $root/$applet || -L $root/$applet ]] && continue
    mkdir -p "$root/$(dirname "$applet")"
    ln -s /bin/busybox "$root/$applet"
done < <("$tools/bin/busybox" --list-full)

# --- the tools
install_tool() {
    local src=$1 dest=$2
    rm -f "$root$dest"
    cp "$src" "$root$dest"
    copy_libs "$src"
}
for t in btmgmt btmon btgatt-client btgatt-server gpiodetect gpiofind gpioget gpioinfo gpiomon gpioset; do
    install_tool "$tools/usr/bin/$t" "/usr/bin/$t"
done
# btvirt with the connection-handle fix (build-btvirt.sh).
install_tool "$HIL_CACHE/btvirt" /usr/bin/btvirt
for t in i2cdetect i2cdump i2cget i2cset i2ctransfer; do
    install_tool "$tools/usr/sbin/$t" "/usr/sbin/$t"
done
# ld.so itself, at the path every binary names as its interpreter
[[ -e $root/lib64/ld-linux-x86-64.so.2 ]] || cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"

# --- binaries from the share: only their libraries are packed
for bin in "$@"; do
    [[ -x $bin ]] || die "$bin is not an executable file"
    copy_libs "$bin"
done

# --- kernel modules: the named ones and crypto, each with everything modules.dep says it needs
mdir=lib/modules/$kver
mkdir -p "$root/$mdir/extra"
wanted=$HIL_CACHE/initrd-modules.txt
{
    for m in hci_vhci configfs i2c-stub i2c-dev uhid uinput 9p 9pnet_virtio virtio_pci virtio_blk ext4; do
        modprobe -d "$kroot" -S "$kver" --show-depends "$m" \
            | awk -v pre="$kroot/$mdir/" '$1 == "insmod" { sub(pre, "", $2); print $2 }'
    done
    (cd "$kroot/$mdir" && find kernel/crypto kernel/arch/x86/crypto -name '*.ko')
} | sort -u >"$wanted"
[[ $(grep -c hci_vhci "$wanted") == 1 ]] || die "hci_vhci is not in linux-image-$kver's modules"
awk 'NR == FNR { want[$0] = 1; next }
     { m = $1; sub(/:$/, "", m); if (m in want) { print m; for (i = 2; i <= NF; i++) print $i } }' \
    "$wanted" "$kroot/$mdir/modules.dep" | sort -u | while read -r ko; do
    mkdir -p "$root/$mdir/$(dirname "$ko")"
    cp "$kroot/$mdir/$ko" "$root/$mdir/$ko"
done
cp "$kroot/$mdir"/modules.{order,builtin,builtin.modinfo} "$root/$mdir/"
cp "$gpio_sim" "$root/$mdir/extra/gpio-sim.ko"
depmod -b "$root" "$kver"

# --- the guest's own scripts
install -m 0755 "$HIL_SCRIPTS/guest/init" "$root/init"
install -m 0755 "$HIL_SCRIPTS/guest/checks.sh" "$root/hil/checks.sh"
printf 'root:x:0:0:root:/root:/bin/sh\n' >"$root/etc/passwd"
printf 'root:x:0:\n' >"$root/etc/group"

(cd "$root" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet) >"$HIL_CACHE/initrd.cpio.tmp"
mv "$HIL_CACHE/initrd.cpio.tmp" "$HIL_CACHE/initrd.cpio"
say "initramfs: $(du -h "$HIL_CACHE/initrd.cpio" | cut -f1)"
