#!/usr/bin/env bash
# build-btvirt.sh - BlueZ's btvirt (the virtual controllers) with one fix, rebuilt from the configured and
# built tree Debian ships as bluez-source. Output: $HIL_CACHE/btvirt (the rig uses it instead of
# bluez-test-tools' binary).
#
# The fix: the emulator (emulator/btdev.c) assumes that both ends of a link know it by the same
# connection handle: send_acl() forwards an ACL packet with the sender's handle in its header, and
# le_conn_complete() reports the central's handle to the peripheral too. But conn_link() lets each
# controller pick its own lowest free handle from 42 up (conn_new()), so the two ends only agree while
# each controller has a single link. Once the central holds a second one (the appliance keeps the
# belt, the touch case and the Pencil connected at once), the central knows it as 43 and the
# peripheral's emulated controller as 42: what the peripheral's host sends on 43 finds no link and is
# dropped. The rig saw the second device answer nothing, not even ATT Exchange MTU, until the 30 s
# ATT timeout. The edit makes conn_link() take the lowest handle free on both controllers, which is
# what the rest of the emulator already assumes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

out=$HIL_CACHE/btvirt
[[ -e $out.done && -x $out ]] && exit 0
deb=$(ls "$HIL_CACHE"/debs/bluez-source_*.deb 2>/dev/null | head -n1)
[[ -n $deb ]] || die "bluez-source is not downloaded: run scripts/hil/fetch.sh"

tree=$HIL_CACHE/bluez-build
rm -rf "$tree"
mkdir -p "$tree"
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/src/bluez.tar.bz2 | tar -xjf - -C "$tree" --strip-components=1 \
    || die "unpacking bluez-source failed"
python3 - "$tree/emulator/btdev.c" <<'EOF' || die "emulator/btdev.c changed upstream: the conn_link() handle fix no longer applies"
import sys
path = sys.argv[1]
text = open(path).read()
anchor = "\tconn1 = conn_new(dev, handle, type);\n"
fix = ("\t/* Both ends of a link must know it by the same handle. */\n"
       "\twhile (queue_find(dev->conns, match_handle, UINT_TO_PTR(handle)) ||\n"
       "\t\t\tqueue_find(remote->conns, match_handle, UINT_TO_PTR(handle)))\n"
       "\t\thandle++;\n\n" + anchor)
if text.count(anchor) != 1:
    sys.exit(1)
open(path, "w").write(text.replace(anchor, fix))
EOF
(
    cd "$tree"
    gcc -O2 -DHAVE_CONFIG_H -I. -I./lib -c emulator/btdev.c -o emulator/btdev-fixed.o
    gcc -o "$out.tmp" emulator/main.o emulator/serial.o emulator/server.o emulator/vhci.o emulator/btdev-fixed.o \
        emulator/bthost.o emulator/smp.o emulator/phy.o emulator/amp.o emulator/le.o \
        lib/.libs/libbluetooth-internal.a src/.libs/libshared-mainloop.a
) >"$HIL_CACHE/btvirt-build.log" 2>&1 || {
    tail -20 "$HIL_CACHE/btvirt-build.log" >&2
    die "building btvirt from bluez-source failed (log: $HIL_CACHE/btvirt-build.log)"
}
mv "$out.tmp" "$out"
rm -rf "$tree"
touch "$out.done"
