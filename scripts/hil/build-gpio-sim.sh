#!/usr/bin/env bash
# build-gpio-sim.sh KVER - build gpio-sim.ko out of tree against linux-headers-KVER.
#
# Debian's kernels have neither CONFIG_GPIO_SIM nor CONFIG_IRQ_SIM (docs/hil.md, "Traps"),
# so the module carries its own copy of kernel/irq/irq_sim.c. irq_sim.c calls irq_to_desc(), which the
# kernel does not export; the one-line change below uses the exported generic_handle_irq() instead,
# which does the same lookup and call. The module is unsigned: loading it only taints the kernel
# (MODULE_SIG_FORCE is not set). Output: $HIL_CACHE/KVER/gpio-sim/gpio-sim.ko.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

kver=${1:?usage: build-gpio-sim.sh KVER}
dir=$HIL_CACHE/$kver/gpio-sim
[[ -e $dir/build.done ]] && exit 0
[[ -s $dir/src/gpio-sim.c ]] || die "gpio-sim sources missing in $dir/src: run scripts/hil/fetch.sh $kver"

build=$dir/build
rm -rf "$build"
mkdir -p "$build"
# gpio-sim.c is renamed so that the module (two objects) can keep the name gpio-sim.
cp "$dir/src/gpio-sim.c" "$build/gpio-sim-main.c"
cp "$dir/src/gpiolib.h" "$build/gpiolib.h"
sed 's/handle_simple_irq(irq_to_desc(irqnum))/generic_handle_irq(irqnum)/' "$dir/src/irq_sim.c" \
    >"$build/irq_sim.c"
grep -q 'generic_handle_irq(irqnum)' "$build/irq_sim.c" \
    || die "irq_sim.c changed upstream: the irq_to_desc → generic_handle_irq edit no longer applies"
cat >"$build/Kbuild" <<'EOF'
obj-m := gpio-sim.o
gpio-sim-y := gpio-sim-main.o irq_sim.o
EOF

if ! make -C "/lib/modules/$kver/build" M="$build" modules >"$build/build.log" 2>&1; then
    tail -30 "$build/build.log" >&2
    die "building gpio-sim.ko failed (log: $build/build.log); is linux-headers-$kver installed?"
fi
cp "$build/gpio-sim.ko" "$dir/gpio-sim.ko"
touch "$dir/build.done"
