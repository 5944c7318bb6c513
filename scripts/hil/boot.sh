#!/usr/bin/env bash
# boot.sh KVER batch|shell [KERNEL-PARAM...] - boot the guest under QEMU/TCG, wrapped in `timeout`.
#   batch  the console goes to stdout (the driver logs and parses it); stdin is not read
#   shell  the console is this terminal (Ctrl-A X quits QEMU); a long time limit
# Environment: HIL_MEM (MiB, default 512), HIL_TIMEOUT (seconds; default 420 in batch, 3600 in shell),
# HIL_DISK (a raw disk image as virtio-blk /dev/vda: the appliance boot; pass hil.boot=disk too),
# HIL_STORAGE_PORT (the appliance boot: a network card whose only way out is 10.0.2.100:8333, forwarded
# to the host's 127.0.0.1:PORT, the rig's S3 storage).
#
# TCG, never KVM: /dev/kvm on our build machines is kvm_pvm, which cannot run a stock kernel
# (docs/hil.md, "Traps"). PVH entry into the uncompressed vmlinux, an uncompressed initrd
# and 1 vCPU boot fastest (about 4 s to userspace) and leave the other host core to the rest of CI.
# QEMU's exit code means nothing here: the driver judges the run by the guest's HIL-RESULT marker.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

kver=${1:?usage: boot.sh KVER batch|shell [KERNEL-PARAM...]}
mode=${2:?usage: boot.sh KVER batch|shell [KERNEL-PARAM...]}
shift 2
vmlinux=$HIL_CACHE/$kver/vmlinux
initrd=$HIL_CACHE/initrd.cpio
share=$HIL_CACHE/share
for f in "$vmlinux" "$initrd" "$share"; do
    [[ -e $f ]] || die "$f is missing: run scripts/hil/run.sh"
done
command -v qemu-system-x86_64 >/dev/null 2>&1 \
    || die "qemu-system-x86_64 not found: apt-get install qemu-system-x86 (or run make hil, which does)"

# shellcheck disable=SC2054  # the commas are QEMU's
args=(-accel tcg,thread=multi -cpu max -machine q35 -smp 1 -m "${HIL_MEM:-512}"
    -nodefaults -display none -no-reboot
    -kernel "$vmlinux" -initrd "$initrd"
    -virtfs "local,path=$share,mount_tag=host,security_model=none,id=host"
    -append "console=ttyS0 panic=-1 quiet loglevel=3 $*")
uarts=()
if [[ -n ${HIL_STORAGE_PORT:-} ]]; then
    # QEMU's user networking with restrict=on: the guest reaches neither the host nor the outside,
    # only the forwarded address; each connection to it runs socat to the host's server (a chardev
    # target would carry one connection for the whole run).
    command -v socat >/dev/null 2>&1 || die "socat not found: apt-get install socat (make hil does)"
    args+=(-nic "user,model=virtio-net-pci,restrict=on,guestfwd=tcp:10.0.2.100:8333-cmd:socat STDIO TCP:127.0.0.1:$HIL_STORAGE_PORT")
else
    args+=(-nic none)
fi
if [[ -n ${HIL_DISK:-} ]]; then
    [[ -f $HIL_DISK ]] || die "HIL_DISK=$HIL_DISK is not a file"
    args+=(-drive "file=$HIL_DISK,if=virtio,format=raw,cache=unsafe")
    # The GPS's UART: the guest's ttyS1 and ttyS2 (16550As at COM2 and COM3) wired to each other
    # through a Unix socket, ttyS2's chardev connecting to ttyS1's. The rig writes NMEA into ttyS2;
    # the appliance reads ttyS1 (boards/qemu-rig.toml) through the kernel's 8250 driver.
    sock=$HIL_CACHE/gps-uart.sock
    rm -f "$sock"
    # After the console's -serial (ttyS0): QEMU numbers the ports in the order of the options.
    uarts=(-chardev "socket,id=gpsrx,path=$sock,server=on,wait=off" -serial chardev:gpsrx
        -chardev "socket,id=gpstx,path=$sock,reconnect=1" -serial chardev:gpstx)
fi
case $mode in
    batch) exec timeout -k 10 "${HIL_TIMEOUT:-420}" qemu-system-x86_64 "${args[@]}" -serial stdio "${uarts[@]}" </dev/null ;;
    shell) exec timeout --foreground -k 10 "${HIL_TIMEOUT:-3600}" qemu-system-x86_64 "${args[@]}" -serial mon:stdio "${uarts[@]}" ;;
    *) die "boot.sh: mode must be batch or shell, not '$mode'" ;;
esac
