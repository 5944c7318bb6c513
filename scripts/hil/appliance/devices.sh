#!/bin/bash
# devices.sh - the rig's "hardware": what a Raspberry Pi has before wayfinder.service starts, made
# from the kernel's own emulated devices. Run by rig-devices.service (Before=wayfinder.service) in
# the appliance guest of `make hil` (docs/hil.md, "The appliance boot").
#
#   Bluetooth  btvirt -l5: five virtual LE controllers on hci_vhci. hci0 is the Pi's adapter; the
#              belt, touch case and Pencil simulators advertise on hci1, hci2 and hci3; hci4 plays
#              an impostor with a belt's name but not its service.
#   GPIO       a gpio-sim chip labelled "qemu-rig-gpio" with 58 lines named GPIO0..GPIO57, as the
#              header chip of a Pi 4 is numbered (boards/qemu-rig.toml). Every line is pulled up,
#              as the button wiring's pull-up holds an unpressed button high.
#   I2C        i2c-dev and i2c-stub with a QMC5883L at 0x0D (chip ID 0xFF), its field pointing north,
#              and an address at 0x1E whose registers are all zero: an HMC5883L that `compass = "auto"`
#              passes over until the checks write its identity ("H43") for the libgpiod 2 run.
#   GPS        nothing here: rig-gpsfake.service feeds gpsd.
#
# It writes what the checks need to know to /run/rig/devices.env, and exits non-zero with a message
# on the console when a device cannot be made.
set -eu
# btmgmt (BlueZ's shell) spins on a stdin at end of file, such as a service's /dev/null, until it is
# killed; a pipe that stays open and silent is what an interactive terminal looks like to it.
mgmt() { timeout 10 btmgmt "$@" < <(sleep 12); }
out=/run/rig
mkdir -p "$out"
log() { echo "rig-devices: $*"; }
die() { echo "rig-devices: error: $*" >&2; exit 1; }
wait_for() { # SECONDS COMMAND...
    n=$(($1 * 10)); shift
    while [ "$n" -gt 0 ]; do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; n=$((n - 1)); done
    return 1
}

# --- Bluetooth
# btvirt itself runs as rig-btvirt.service (this unit's Requires=).
for i in 0 1 2 3 4; do
    wait_for 30 test -e /sys/class/bluetooth/hci$i || die "hci$i did not appear (journalctl -u rig-btvirt)"
    ready() { mgmt -i "hci$1" info > "$out/btmgmt-info.txt" 2>&1; grep -q 'addr ' "$out/btmgmt-info.txt"; }
    wait_for 30 ready "$i" ||
        die "hci$i never answered btmgmt info; its last answer: $(tail -3 "$out/btmgmt-info.txt" | tr '\n' ' ')"
    for cmd in "le on" "bredr off" "power on"; do
        # shellcheck disable=SC2086 # two words on purpose
        mgmt -i hci$i $cmd >/dev/null || die "btmgmt -i hci$i $cmd failed"
    done
    addr=$(mgmt -i hci$i info | sed -n 's/.*addr \([0-9A-F:]*\) .*/\1/p' | head -n1)
    echo "HCI$i=$addr" >>"$out/devices.env"
done
log "hci0..hci4 powered, LE only"

# --- GPIO
modprobe gpio-sim || die "modprobe gpio-sim failed"
chip=/sys/kernel/config/gpio-sim/rig
mountpoint -q /sys/kernel/config || mount -t configfs none /sys/kernel/config
mkdir "$chip" "$chip/bank0"
echo qemu-rig-gpio >"$chip/bank0/label"
echo 58 >"$chip/bank0/num_lines"
i=0
while [ $i -lt 58 ]; do
    mkdir "$chip/bank0/line$i"
    echo "GPIO$i" >"$chip/bank0/line$i/name"
    i=$((i + 1))
done
echo 1 >"$chip/live"
gpiochip=$(cat "$chip/bank0/chip_name")
pdev=$(cat "$chip/dev_name")
sim=/sys/devices/platform/$pdev/$gpiochip
i=0
while [ $i -lt 58 ]; do echo pull-up >"$sim/sim_gpio$i/pull"; i=$((i + 1)); done
echo "GPIO_CHIP=$gpiochip" >>"$out/devices.env"
echo "GPIO_SIM=$sim" >>"$out/devices.env"
log "gpio-sim $gpiochip (qemu-rig-gpio), 58 lines pulled up"

# --- I2C: a QMC5883L. Registers: chip ID 0x0D = 0xFF; STATUS 0x06 = data ready; X = +2000 counts
# (north along the chip's x axis), Y = Z = 0.
modprobe i2c-dev || die "modprobe i2c-dev failed"
modprobe i2c-stub chip_addr=0x0d,0x1e || die "modprobe i2c-stub failed"
bus=$(i2cdetect -l | awk '/SMBus stub/ { sub("i2c-", "", $1); print $1; exit }')
[ -n "$bus" ] || die "the i2c-stub bus did not appear"
# boards/qemu-rig.toml names bus 0: the guest has no other I2C adapter (no i2c_i801 module).
[ "$bus" = 0 ] || die "i2c-stub is i2c-$bus, but boards/qemu-rig.toml says bus 0"
i2cset -y "$bus" 0x0d 0x0d 0xff
i2cset -y "$bus" 0x0d 0x00 0xd0
i2cset -y "$bus" 0x0d 0x01 0x07
for r in 0x02 0x03 0x04 0x05; do i2cset -y "$bus" 0x0d $r 0x00; done
i2cset -y "$bus" 0x0d 0x06 0x01
echo "I2C_BUS=$bus" >>"$out/devices.env"
log "i2c-stub on i2c-$bus with a QMC5883L at 0x0d and a silent HMC5883L at 0x1e"

# --- Network: QEMU's user networking, whose only way out is 10.0.2.100:8333, the rig's S3 storage
# on the host (boot.sh, HIL_STORAGE_PORT). The address is slirp's default guest address; no route
# beyond its /24 is needed. No card (the storage did not start) is no failure here: the upload
# check says why it cannot run.
modprobe virtio_net 2>/dev/null || true
nic=''
for n in /sys/class/net/*; do
    [ "$(cat "$n/type" 2>/dev/null)" = 1 ] || continue   # ARPHRD_ETHER
    nic=$(basename "$n")
    break
done
if [ -n "$nic" ]; then
    ip link set "$nic" up
    ip addr add 10.0.2.15/24 dev "$nic"
    echo "NIC=$nic" >>"$out/devices.env"
    log "network card $nic at 10.0.2.15/24 (only 10.0.2.100:8333, the host's storage, answers)"
else
    log "no network card: the upload check cannot reach the host's storage"
fi
