#!/usr/bin/env bash
# fetch.sh KVER - download (never install) the guest's Debian packages and unpack what the image needs.
#
# Into $HIL_CACHE (each part skipped when its stamp says it is done):
#   debs/                    the .debs, from `apt-get download` (about 300 MB)
#   KVER/kernel/             linux-image-KVER unpacked, with modules.dep (the .deb ships none: depmod)
#   KVER/vmlinux             the uncompressed kernel, for QEMU's PVH entry (boots ~3x faster than the
#                            bzImage under TCG: no in-guest xz decompression)
#   KVER/gpio-sim/src/       gpio-sim.c, gpiolib.h and irq_sim.c from linux-source-6.1
#   tools/                   bluez, bluez-test-tools, gpiod, i2c-tools, busybox-static and the libraries
#                            they need beyond libc, unpacked; plus btgatt-client and btgatt-server, which
#                            no bookworm binary package ships but bluez-source's built tree does (trap 3)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

kver=${1:?usage: fetch.sh KVER}
debs=$HIL_CACHE/debs
kdir=$HIL_CACHE/$kver
mkdir -p "$debs" "$kdir"

# The libraries below are what btmgmt (readline) and btmon (glib, udev) link beyond what every Debian
# system has; fetching them keeps the image the same whatever the host happens to have installed.
packages=("linux-image-$kver" linux-source-6.1 bluez-source bluez bluez-test-tools gpiod libgpiod2 gpsd-clients
    i2c-tools libi2c0 busybox-static libreadline8 libglib2.0-0 libudev1)

deb_of() {
    local f=("$debs/${1}"_*.deb)
    [[ -e ${f[0]} ]] && printf '%s\n' "${f[0]}"
    return 0
}

# 1. Download what is not cached yet.
want=()
for p in "${packages[@]}"; do
    [[ -n $(deb_of "$p") ]] || want+=("$p")
done
if ((${#want[@]})); then
    apt_update_once
    say "downloading ${#want[@]} Debian packages: ${want[*]}"
    sandbox=()
    [[ $(id -u) == 0 ]] && sandbox=(-o APT::Sandbox::User=root)
    if ! (cd "$debs" && apt-get "${APT_OPTS[@]}" "${sandbox[@]}" download -q "${want[@]}") \
        >"$HIL_CACHE/apt-download.log" 2>&1; then
        tail -20 "$HIL_CACHE/apt-download.log" >&2
        rm -f "$debs"/*.deb.partial 2>/dev/null || true
        die "apt-get download failed (log: $HIL_CACHE/apt-download.log): check the network and that" \
            "Debian 12's archive is in /etc/apt/sources.list; a package that is gone (e.g." \
            "linux-image-$kver after a point release) comes back with rm -rf $HIL_CACHE"
    fi
fi
for p in "${packages[@]}"; do
    [[ -n $(deb_of "$p") ]] || die "package $p was not downloaded into $debs"
done

src_version=$(dpkg-deb -f "$(deb_of linux-source-6.1)" Version)
img_version=$(dpkg-deb -f "$(deb_of "linux-image-$kver")" Version)
[[ $src_version == "$img_version" ]] || say "warning: linux-source-6.1 is $src_version but" \
    "linux-image-$kver is $img_version; gpio-sim is built from the former against the latter's headers"

# 2. Kernel + module tree. 3. vmlinux (PVH). 4. gpio-sim sources. 5. tools. The two big source tarballs
#    (bluez-source ~10 s, linux-source ~14 s of decompression) are unpacked in parallel.
unpack_kernel() {
    [[ -e $kdir/kernel.done ]] && return 0
    rm -rf "$kdir/kernel"
    dpkg-deb -x "$(deb_of "linux-image-$kver")" "$kdir/kernel"
    depmod -b "$kdir/kernel" "$kver"
    touch "$kdir/kernel.done"
}

# bzImage → vmlinux: the payload is an xz stream; find its magic (FD 37 7A 58 5A 00) and decompress it.
make_vmlinux() {
    [[ -e $kdir/vmlinux.done ]] && return 0
    local bz=$kdir/kernel/boot/vmlinuz-$kver offset
    offset=$(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$bz" | awk -F: 'NR == 1 { print $1 }')
    [[ -n $offset ]] || die "no xz payload in $bz: cannot make an uncompressed vmlinux"
    # (xz stops at the end of the stream, so tail may die of SIGPIPE: only xz's status counts)
    xz -dc --single-stream < <(tail -c +"$((offset + 1))" "$bz") >"$kdir/vmlinux.tmp" \
        || die "decompressing the kernel payload of $bz failed"
    [[ $(head -c4 "$kdir/vmlinux.tmp" | od -An -tx1 | tr -d ' \n') == 7f454c46 ]] \
        || die "the decompressed kernel is not an ELF file"
    mv "$kdir/vmlinux.tmp" "$kdir/vmlinux"
    touch "$kdir/vmlinux.done"
}

gpio_sim_sources() {
    [[ -e $kdir/gpio-sim-src.done ]] && return 0
    local src=$kdir/gpio-sim/src
    rm -rf "$src"
    mkdir -p "$src"
    dpkg-deb --fsys-tarfile "$(deb_of linux-source-6.1)" \
        | tar -xO ./usr/src/linux-source-6.1.tar.xz \
        | tar -xJf - -C "$src" --strip-components=3 \
            linux-source-6.1/drivers/gpio/gpio-sim.c linux-source-6.1/drivers/gpio/gpiolib.h \
            linux-source-6.1/kernel/irq/irq_sim.c
    for f in gpio-sim.c gpiolib.h irq_sim.c; do
        [[ -s $src/$f ]] || die "$f is not in linux-source-6.1 where expected"
    done
    touch "$kdir/gpio-sim-src.done"
}

unpack_tools() {
    [[ -e $HIL_CACHE/tools.done ]] && return 0
    local root=$HIL_CACHE/tools p
    rm -rf "$root"
    mkdir -p "$root"
    for p in bluez bluez-test-tools gpiod libgpiod2 i2c-tools libi2c0 busybox-static libreadline8 \
        libglib2.0-0 libudev1; do
        dpkg-deb -x "$(deb_of "$p")" "$root"
    done
    # Debian ships bluez-source as the configured and built tree; the two btgatt tools link only libc.
    dpkg-deb --fsys-tarfile "$(deb_of bluez-source)" \
        | tar -xO ./usr/src/bluez.tar.bz2 \
        | tar -xjf - -C "$root/usr/bin" --strip-components=2 \
            bluez-source/tools/btgatt-client bluez-source/tools/btgatt-server
    for p in btgatt-client btgatt-server btvirt btmgmt btmon; do
        [[ -x $root/usr/bin/$p ]] || die "$p is missing from the unpacked tools"
    done
    touch "$HIL_CACHE/tools.done"
}

unpack_kernel
make_vmlinux
pids=()
gpio_sim_sources & pids+=($!)
unpack_tools & pids+=($!)
rc=0
for pid in "${pids[@]}"; do wait "$pid" || rc=1; done
((rc == 0)) || die "unpacking the source packages failed (see above)"
