#!/usr/bin/env bash
# build-root.sh KVER DEB DRIVER - the appliance guest's disk: a Debian 12 root with systemd as PID 1,
# the Wayfinder package installed as a user installs it, and the rig's devices and checks around it.
# Writes $HIL_CACHE/appliance.img (ext4). See docs/hil.md, "The appliance boot".
#
#   base       scripts/debian-root.sh (the root `make package-check` also uses, cached as a tarball in
#              ~/.cache/wayfinder/roots) with systemd, udev, kmod, gpsd, python3-gps, i2c-tools, gpiod,
#              bluez (for btmgmt; its bluetoothd is masked, see below) and the package's libraries
#   DEB        installed with dpkg -i: the shipped unit, sysusers file and configuration, unchanged
#   kernel     the modules the rig uses (Bluetooth, crypto, gpio-sim, i2c-stub, i2c-dev, 9p, virtio,
#              virtio-net, ext4), each with its dependencies, and the out-of-tree gpio-sim.ko
#   tools      btvirt (build-btvirt.sh: bluez-source's, with the connection-handle fix) and gpsfake
#              (gpsd-clients) without its package's desktop dependencies
#   rig        scripts/hil/appliance/: the units that make the devices and run the checks, the
#              rig's configuration, and boards/qemu-rig.toml in /etc/wayfinder/boards
#   DRIVER     the checks (WayfinderHIL), as /usr/local/bin/wayfinder-hil
#   HIL_GPIOD2 (optional) the package's binary linked against libgpiod 2 (build-gpiod2.sh), as
#              /usr/local/lib/rig/wayfinder-gpiod2, for the second run of the button checks
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

kver=${1:?usage: build-root.sh KVER DEB DRIVER}
deb=${2:?usage: build-root.sh KVER DEB DRIVER}
driver=${3:?usage: build-root.sh KVER DEB DRIVER}
[[ -f $deb ]] || die "$deb is not a file: run make deb first"
[[ -x $driver ]] || die "$driver is not an executable file"
kroot=$HIL_CACHE/$kver/kernel
tools=$HIL_CACHE/tools
gpio_sim=$HIL_CACHE/$kver/gpio-sim/gpio-sim.ko
gpsfake_deb=$(ls "$HIL_CACHE"/debs/gpsd-clients_*.deb 2>/dev/null | head -n1)
for need in "$kroot/lib/modules/$kver/modules.dep" "$HIL_CACHE/btvirt" "$gpio_sim" "$gpsfake_deb"; do
    [[ -e $need ]] || die "${need:-gpsd-clients_*.deb} is missing: run scripts/hil/run.sh (it fetches and builds it)"
done

root=$HIL_CACHE/appliance-root
as_root rm -rf "$root"
as_root "$HIL_ROOT/scripts/debian-root.sh" --suite bookworm --include "$HIL_ROOT_PACKAGES" "$root" \
    || die "building the Debian 12 root failed (scripts/debian-root.sh; needs mmdebstrap)"

# --- the package, as a user installs it
as_root cp "$deb" "$root/tmp/wayfinder.deb"
as_root chroot "$root" dpkg -i /tmp/wayfinder.deb >"$HIL_CACHE/appliance-dpkg.log" 2>&1 || {
    tail -20 "$HIL_CACHE/appliance-dpkg.log" >&2
    die "dpkg -i $(basename "$deb") failed in the Debian 12 root (log: $HIL_CACHE/appliance-dpkg.log)"
}
as_root rm -f "$root/tmp/wayfinder.deb"
cmp -s "$HIL_ROOT/deploy/wayfinder.service" "$root/lib/systemd/system/wayfinder.service" \
    || die "the installed wayfinder.service differs from deploy/wayfinder.service: rebuild the package (make deb)"

# --- kernel modules: the named ones and crypto, each with what modules.dep says it needs
mdir=lib/modules/$kver
wanted=$HIL_CACHE/appliance-modules.txt
{
    for m in hci_vhci configfs i2c-stub i2c-dev uhid uinput 9p 9pnet_virtio virtio_pci virtio_blk virtio_net ext4 \
        af_alg algif_hash algif_skcipher cmac ecb; do
        modprobe -d "$kroot" -S "$kver" --show-depends "$m" \
            | awk -v pre="$kroot/$mdir/" '$1 == "insmod" { sub(pre, "", $2); print $2 }'
    done
    (cd "$kroot/$mdir" && find kernel/crypto kernel/arch/x86/crypto -name '*.ko')
} | sort -u >"$wanted"
awk 'NR == FNR { want[$0] = 1; next }
     { m = $1; sub(/:$/, "", m); if (m in want) { print m; for (i = 2; i <= NF; i++) print $i } }' \
    "$wanted" "$kroot/$mdir/modules.dep" | sort -u | while read -r ko; do
    as_root mkdir -p "$root/$mdir/$(dirname "$ko")"
    as_root cp "$kroot/$mdir/$ko" "$root/$mdir/$ko"
done
as_root cp "$kroot/$mdir"/modules.{order,builtin,builtin.modinfo} "$root/$mdir/"
as_root mkdir -p "$root/$mdir/extra"
as_root cp "$gpio_sim" "$root/$mdir/extra/gpio-sim.ko"
as_root depmod -b "$root" "$kver"

# --- tools the base does not have
as_root install -m 0755 "$HIL_CACHE/btvirt" "$root/usr/local/bin/btvirt"
gpsfake_dir=$HIL_CACHE/gpsd-clients
rm -rf "$gpsfake_dir"
dpkg-deb -x "$gpsfake_deb" "$gpsfake_dir"
as_root install -m 0755 "$gpsfake_dir/usr/bin/gpsfake" "$root/usr/local/bin/gpsfake"

# --- the rig
app=$HIL_SCRIPTS/appliance
as_root install -d "$root/usr/local/lib/rig" "$root/etc/wayfinder/boards" "$root/etc/wayfinder/routes" "$root/mnt/host"
as_root install -m 0755 "$app/devices.sh" "$app/finish.sh" "$root/usr/local/lib/rig/"
as_root install -m 0644 "$app"/rig-*.service "$root/etc/systemd/system/"
as_root install -m 0644 "$HIL_ROOT/boards/qemu-rig.toml" "$root/etc/wayfinder/boards/qemu-rig.toml"
as_root install -m 0644 "$app/wayfinder.toml" "$root/etc/wayfinder/wayfinder.toml"
as_root install -m 0644 "$app/rig-walk.gpx" "$root/etc/wayfinder/routes/rig-walk.gpx"
as_root install -m 0755 "$driver" "$root/usr/local/bin/wayfinder-hil"
if [[ -n ${HIL_GPIOD2:-} ]]; then
    [[ -x $HIL_GPIOD2 ]] || die "HIL_GPIOD2=$HIL_GPIOD2 is not an executable file"
    as_root install -m 0755 "$HIL_GPIOD2" "$root/usr/local/lib/rig/wayfinder-gpiod2"
fi
as_root install -m 0644 "$app/fstab" "$root/etc/fstab"
# The checks' own log level (HIL_LOG_LEVEL) reaches them through their unit's environment file.
as_root install -d "$root/etc/rig"
printf 'HIL_LOG_LEVEL=%s\n' "${HIL_LOG_LEVEL:-warning}" | as_root tee "$root/etc/rig/checks.env" >/dev/null
echo qemu-rig | as_root tee "$root/etc/hostname" >/dev/null
as_root chroot "$root" systemctl enable --quiet rig-devices.service rig-checks.service
# bluetoothd would take every controller, including the three the simulators play on, and register
# its own GATT server (an ATT listener) on each; the rig's peripherals need them to themselves.
# gpsd's own socket would hold port 2947, which gpsfake's daemon takes. serial-getty would share the
# console with the checks' output.
as_root chroot "$root" systemctl mask --quiet bluetooth.service gpsd.socket gpsd.service \
    serial-getty@ttyS0.service getty@tty1.service systemd-timesyncd.service apt-daily.timer \
    apt-daily-upgrade.timer man-db.timer e2scrub_all.timer fstrim.timer 2>/dev/null || true
if [[ -n ${HIL_SHELL:-} && ${HIL_SHELL:-} != 0 ]]; then
    # A root shell on the console instead of the checks.
    as_root chroot "$root" systemctl disable --quiet rig-checks.service
    as_root chroot "$root" systemctl unmask --quiet serial-getty@ttyS0.service
    as_root install -d "$root/etc/systemd/system/serial-getty@ttyS0.service.d"
    printf '[Service]\nExecStart=\nExecStart=-/sbin/agetty --autologin root --keep-baud 115200 %%I $TERM\n' \
        | as_root tee "$root/etc/systemd/system/serial-getty@ttyS0.service.d/autologin.conf" >/dev/null
fi

# --- the disk: ext4 made from the directory, sparse, with room for the state and the journal
img=$HIL_CACHE/appliance.img
rm -f "$img"
size_mb=$(($(as_root du -sm "$root" | cut -f1) + 512))
as_root mke2fs -q -t ext4 -L rig-root -d "$root" "$img" "${size_mb}M" \
    || die "mke2fs -d failed for $root"
say "appliance disk: ${size_mb} MB ext4 ($(du -h "$img" | cut -f1) used)"
