#!/usr/bin/env bash
# run.sh - the hardware-in-loop rig (`make hil`): Debian's 6.1 kernel in QEMU (TCG) with virtual BLE
# controllers, gpio-sim and i2c-stub. Two boots: a busybox guest running WayfinderHIL's kernel checks,
# then the appliance guest (a Debian 12 root under systemd with the package installed) walked by
# `wayfinder-hil appliance`. See docs/hil.md.
#
# Steps: install host packages → download + unpack Debian packages → build gpio-sim.ko → build
# WayfinderHIL (static Swift stdlib) into the 9p share → pack the initramfs → boot → parse the console.
# Everything is cached under .hil/, so a second run only rebuilds Swift, repacks and boots.
#
# Prints one `PASS: <name>` / `FAIL: <name>: <why>` line per check (the rig's own and the binary's)
# and ends with `N passed, M failed`. Exit status: 0 all passed; 1 a check failed, the guest timed out,
# or its completion marker (HIL-RESULT) is missing; 2 the rig could not be built (the message says why).
#
# Knobs (environment):
#   HIL_SKIP_SWIFT=1   rig checks only: no Swift build, no wayfinder-hil in the guest
#   HIL_BINARY=PATH    run this executable as wayfinder-hil instead of building WayfinderHIL
#   HIL_SHELL=1        boot into an interactive shell in the prepared guest (Ctrl-A X quits QEMU);
#                      HIL_SHELL=appliance: a root shell in the appliance guest (systemd, the package)
#   HIL_PREPARE=1      only install, download and build the rig's own tools (the steps up to btvirt)
#                      and the appliance guest's Debian base, so that a later run only builds Swift
#                      and boots (CI does this beside the build)
#   HIL_APPLIANCE=0    skip the appliance boot (the package under systemd, walked by wayfinder-hil)
#   HIL_APPLIANCE_MEM=1024, HIL_APPLIANCE_TIMEOUT=600   the appliance guest's memory and time limit
#   HIL_DEB=PATH       the package the appliance guest installs (default: the newest dist/wayfinder_*_amd64.deb)
#   HIL_BTMON=1        record an HCI trace of the whole run to .hil/share/out/btmon.snoop
#   HIL_LOG_LEVEL=info wayfinder-hil's log level on the console (default warning)
#   HIL_ONLY=a,b       run only wayfinder-hil's checks whose names contain one of these words
#   HIL_TIMEOUT=420    seconds QEMU may run in all;  HIL_BIN_TIMEOUT=300  seconds for wayfinder-hil
#   HIL_MEM=512        guest memory in MiB;  HIL_KVER=...  kernel ABI (see lib.sh);  SWIFT=swift
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SWIFT=${SWIFT:-swift}
skip_swift=${HIL_SKIP_SWIFT:-0}
[[ $skip_swift == 0 || $skip_swift == "" ]] && skip_swift=0 || skip_swift=1
timeout_s=${HIL_TIMEOUT:-420}
bin_timeout_s=${HIL_BIN_TIMEOUT:-300}
((bin_timeout_s + 60 <= timeout_s)) || say "warning: HIL_BIN_TIMEOUT (${bin_timeout_s}s) leaves less than a" \
    "minute of HIL_TIMEOUT (${timeout_s}s) for boot and the rig checks: a slow binary will cost the marker"

mkdir -p "$HIL_CACHE"
# One run at a time per cache: a second run would wipe the share and the console log of the first.
exec 9>"$HIL_CACHE/lock"
if ! flock -n 9; then
    say "another make hil is using $HIL_CACHE; waiting for it (up to 15 min)"
    flock -w 900 9 || die "$HIL_CACHE is still in use by another run after 15 min"
fi
t0=$(date +%s.%N)
elapsed() { awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }'; }

# --- build the rig
timed kver resolve_kver
say "kernel $KVER; cache $HIL_CACHE"
timed setup-host "$HIL_SCRIPTS/setup-host.sh" "$KVER"
timed fetch "$HIL_SCRIPTS/fetch.sh" "$KVER"
timed gpio-sim "$HIL_SCRIPTS/build-gpio-sim.sh" "$KVER"
timed btvirt "$HIL_SCRIPTS/build-btvirt.sh"
if [[ ${HIL_PREPARE:-0} == 1 ]]; then
    # The appliance guest's Debian base, made once into the roots cache (a minute of downloads).
    if [[ ${HIL_APPLIANCE:-1} != 0 ]]; then
        timed appliance-base as_root "$HIL_ROOT/scripts/debian-root.sh" --suite bookworm --include "$HIL_ROOT_PACKAGES" --cache-only
    fi
    say "the rig's downloads and tools are ready in $HIL_CACHE (HIL_PREPARE=1: no build, no boot)"
    exit 0
fi

share=$HIL_CACHE/share
rm -rf "$share"
mkdir -p "$share/out"
bins=()
if [[ -n ${HIL_BINARY:-} ]] && ((skip_swift == 0)); then
    [[ -x $HIL_BINARY ]] || die "HIL_BINARY=$HIL_BINARY is not an executable file"
    cp "$HIL_BINARY" "$share/wayfinder-hil"
    bins+=("$share/wayfinder-hil")
elif ((skip_swift == 0)); then
    command -v "$SWIFT" >/dev/null 2>&1 \
        || die "no Swift toolchain on PATH ('$SWIFT'); install Swift 6 or run with HIL_SKIP_SWIFT=1 for the rig checks alone"
    # Built as the package's binary is (the Makefile passes the same flags as `make release`), so the
    # two share one release build. Static stdlib: the guest then needs only libc, libm, libstdc++
    # and libgcc_s (plus whatever ldd shows for the system libraries the targets link).
    read -r -a build_flags <<<"${HIL_SWIFT_BUILD_FLAGS:--c release --static-swift-stdlib}"
    swift_args=(--product WayfinderHIL "${build_flags[@]}")
    say "building WayfinderHIL: $SWIFT build ${swift_args[*]}"
    if ! (cd "$HIL_ROOT" && timed swift "$SWIFT" build "${swift_args[@]}"); then
        echo "FAIL: wayfinder-hil: swift build --product WayfinderHIL failed (see above)"
        echo "0 passed, 1 failed"
        exit 1
    fi
    bin_dir=$(cd "$HIL_ROOT" && "$SWIFT" build "${swift_args[@]}" --show-bin-path)
    cp "$bin_dir/WayfinderHIL" "$share/wayfinder-hil"
    bins+=("$share/wayfinder-hil")
fi
timed initramfs "$HIL_SCRIPTS/build-initramfs.sh" "$KVER" "${bins[@]}"

params=("hil.bin=$((1 - skip_swift))" "hil.bin_timeout=$bin_timeout_s" "hil.btmon=${HIL_BTMON:-0}" "hil.log_level=${HIL_LOG_LEVEL:-warning}" "hil.only=${HIL_ONLY:-}")

# --- interactive: the console is this terminal; nothing to parse
if [[ ${HIL_SHELL:-} == appliance ]]; then
    ((skip_swift == 0)) || die "HIL_SHELL=appliance needs the package and wayfinder-hil: drop HIL_SKIP_SWIFT"
    deb=${HIL_DEB:-}
    [[ -n $deb ]] || deb=$(ls -t "$HIL_ROOT"/dist/wayfinder_*_amd64.deb 2>/dev/null | head -n1)
    [[ -n $deb && -f $deb ]] || die "no package to install: run make deb"
    # build-root.sh reads HIL_SHELL: a root login on the console instead of the checks.
    timed appliance-root "$HIL_SCRIPTS/build-root.sh" "$KVER" "$deb" "$share/wayfinder-hil"
    say "booting the appliance guest into a root shell (Ctrl-A X quits QEMU; 'systemctl poweroff' ends it)"
    HIL_DISK=$HIL_CACHE/appliance.img HIL_MEM=${HIL_APPLIANCE_MEM:-1024} HIL_TIMEOUT=${HIL_TIMEOUT:-3600} \
        exec "$HIL_SCRIPTS/boot.sh" "$KVER" shell hil.boot=disk
fi
if [[ -n ${HIL_SHELL:-} && ${HIL_SHELL:-} != 0 ]]; then
    say "booting into a shell (Ctrl-A X quits QEMU; 'exit' powers the guest off)"
    HIL_TIMEOUT=${HIL_TIMEOUT:-3600} exec "$HIL_SCRIPTS/boot.sh" "$KVER" shell hil.shell=1 "${params[@]}"
fi

# --- batch: boot in the background, stream the console with a prefix, then judge it
console=$HIL_CACHE/console.log
: >"$console"
qemu_pid=
tail_pid=
stop() {
    [[ -n $qemu_pid ]] && kill "$qemu_pid" 2>/dev/null && wait "$qemu_pid" 2>/dev/null
    [[ -n $tail_pid ]] && kill "$tail_pid" 2>/dev/null
    qemu_pid='' tail_pid=''
    return 0
}
trap 'say "interrupted: stopping QEMU"; stop; exit 130' INT TERM
trap stop EXIT

# boot_batch CONSOLE PREFIX TIMING-NAME KERNEL-PARAM...: boots (HIL_DISK, HIL_MEM from the caller's
# environment), streams the console with PREFIX, sets qemu_rc and boot_secs.
boot_batch() {
    local out=$1 prefix=$2 name=$3 start
    shift 3
    : >"$out"
    start=$(date +%s.%N)
    HIL_TIMEOUT=$timeout_s "$HIL_SCRIPTS/boot.sh" "$KVER" batch "$@" >"$out" 2>&1 &
    qemu_pid=$!
    tail -n +1 -f --pid="$qemu_pid" "$out" | sed -u "s/^/$prefix| /" &
    tail_pid=$!
    # A kernel BUG or Oops (the console shows them) usually leaves the guest's Bluetooth wedged: stop
    # the guest 20 s later instead of sitting out the time limit. The lines stay in the console log.
    (
        while kill -0 "$qemu_pid" 2>/dev/null; do
            if grep -qE 'kernel BUG at|Oops: ' "$out"; then
                sleep 20
                pkill -P "$qemu_pid" 2>/dev/null || true
                kill "$qemu_pid" 2>/dev/null || true
                exit 0
            fi
            sleep 2
        done
    ) &
    local watch_pid=$!
    qemu_rc=0
    wait "$qemu_pid" || qemu_rc=$?
    kill "$watch_pid" 2>/dev/null || true
    wait "$watch_pid" 2>/dev/null || true
    qemu_pid=
    wait "$tail_pid" 2>/dev/null || true
    tail_pid=
    boot_secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    printf '%s %s %s\n' "$(date -u +%FT%TZ)" "$name" "$boot_secs" >>"$HIL_CACHE/timings.log"
}

say "booting the guest (TCG, 1 vCPU, ${HIL_MEM:-512} MiB, time limit ${timeout_s}s)"
boot_batch "$console" guest boot+checks "${params[@]}"

# --- parse the console (CRs and colour codes stripped; the guest's lines may have noise in front)
passed=0 failed=0
results=()
record() { # PASS|FAIL text
    results+=("$1: $2")
    if [[ $1 == PASS ]]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}
in_bin=0 bin_seen=0 bin_rc='' bin_summary='' bin_p=0 bin_f=0 marker=''
while IFS= read -r line; do
    if [[ $line =~ HIL-CHECK\ (PASS|FAIL)\ (.*)$ ]]; then
        record "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
    elif [[ $line =~ HIL-BIN-BEGIN ]]; then
        in_bin=1 bin_seen=1
    elif [[ $line =~ HIL-BIN-END\ rc=([0-9]+) ]]; then
        in_bin=0 bin_rc=${BASH_REMATCH[1]}
    elif [[ $line =~ HIL-RESULT\ rc=([0-9]+) ]]; then
        marker=${BASH_REMATCH[1]}
    elif ((in_bin)); then
        line=${line#"${line%%[![:space:]]*}"}
        if [[ $line =~ ^(PASS|FAIL):\ (.*)$ ]]; then
            results+=("$line")
            if [[ ${BASH_REMATCH[1]} == PASS ]]; then bin_p=$((bin_p + 1)); else bin_f=$((bin_f + 1)); fi
        elif [[ $line =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
            bin_summary=$line
            sum_p=${BASH_REMATCH[1]} sum_f=${BASH_REMATCH[2]}
        fi
    fi
done < <(sed 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\r//g' "$console")

# The binary's counts: its closing line is the authority; failures it did not name still count.
if ((skip_swift == 0)); then
    if ((bin_seen == 0)); then
        record FAIL "wayfinder-hil: never ran (the guest stopped before it)"
    else
        if [[ -n $bin_summary ]]; then
            if ((sum_f > bin_f)); then
                results+=("FAIL: wayfinder-hil: $((sum_f - bin_f)) failure(s) not named on a FAIL: line (its closing line: $bin_summary)")
            fi
            ((sum_p > bin_p)) && bin_p=$sum_p
            ((sum_f > bin_f)) && bin_f=$sum_f
        else
            results+=("FAIL: wayfinder-hil: no closing 'N passed, M failed' line")
            bin_f=$((bin_f + 1))
        fi
        if [[ -z $bin_rc ]]; then
            results+=("FAIL: wayfinder-hil: did not finish (no HIL-BIN-END: the guest died or timed out)")
            bin_f=$((bin_f + 1))
        elif [[ $bin_rc == 124 ]]; then
            results+=("FAIL: wayfinder-hil: timed out after ${bin_timeout_s}s (HIL_BIN_TIMEOUT)")
            bin_f=$((bin_f + 1))
        elif [[ $bin_rc == 125 ]]; then
            results+=("FAIL: wayfinder-hil: stopped 10 s after a kernel BUG/Oops (see the dmesg check)")
            bin_f=$((bin_f + 1))
        elif [[ $bin_rc != 0 ]] && ((bin_f == 0)); then
            results+=("FAIL: wayfinder-hil: exited with status $bin_rc but reported no failure")
            bin_f=$((bin_f + 1))
        fi
        passed=$((passed + bin_p)) failed=$((failed + bin_f))
    fi
fi
if [[ -z $marker ]]; then
    if [[ $qemu_rc == 124 || $qemu_rc == 137 ]]; then
        why="the guest timed out after ${timeout_s}s (HIL_TIMEOUT)"
    else
        why="QEMU exited with status $qemu_rc before the guest finished"
    fi
    record FAIL "guest completion marker HIL-RESULT: missing: $why (console: $console)"
elif [[ $marker != 0 ]] && ((failed == 0)); then
    record FAIL "guest completion marker: HIL-RESULT rc=$marker although no check failed"
fi

kernel_secs=$boot_secs

# --- the appliance boot: a Debian 12 root with systemd as PID 1 and the package installed, the rig's
# devices made by rig-devices.service, the walk driven by `wayfinder-hil appliance` (docs/hil.md)
appliance_secs=-
if ((skip_swift == 0)) && [[ ${HIL_APPLIANCE:-1} != 0 ]]; then
    deb=${HIL_DEB:-}
    [[ -n $deb ]] || deb=$(ls -t "$HIL_ROOT"/dist/wayfinder_*_amd64.deb 2>/dev/null | head -n1)
    [[ $deb == /* || -z $deb ]] || deb=$HIL_ROOT/$deb
    if [[ -z $deb || ! -f $deb ]]; then
        record FAIL "appliance boot: no package ${deb:-dist/wayfinder_*_amd64.deb} (make hil builds it with make deb)"
    elif ! timed gpiod2 "$HIL_SCRIPTS/build-gpiod2.sh" "$HIL_CACHE/wayfinder-gpiod2"; then
        record FAIL "appliance boot: wayfinder could not be linked against libgpiod 2 (scripts/hil/build-gpiod2.sh, above)"
    else
        # At most two boots: a second only when the first hit the Bluetooth teardown race of Debian
        # 12's kernel (docs/hil.md, "Traps"), which is the kernel's bug, not ours; it is reported.
        appliance_timeout=${HIL_APPLIANCE_TIMEOUT:-600}
        appliance_console=$HIL_CACHE/appliance-console.log
        # The S3 storage the guest uploads its walks to (the `upload` check): SeaweedFS on the host's
        # loopback, which the guest reaches through QEMU's one forwarded address (boot.sh).
        storage=$HIL_CACHE/storage
        as_root rm -rf "$storage"
        mkdir -p "$storage"
        storage_port=''
        if storage_port=$(timed storage env WEED="${HIL_WEED:-}" "$HIL_ROOT/scripts/storage.py" start "$storage"); then
            say "the rig's S3 storage (SeaweedFS) listens on 127.0.0.1:$storage_port"
        else
            storage_port=''
            record FAIL "upload (host): the rig's S3 storage could not start (scripts/storage.py; HIL_WEED=${HIL_WEED:-unset}, make hil sets it)"
        fi
        for attempt in 1 2; do
            if ! HIL_GPIOD2=$HIL_CACHE/wayfinder-gpiod2 timed appliance-root "$HIL_SCRIPTS/build-root.sh" "$KVER" "$deb" "$share/wayfinder-hil"; then
                record FAIL "appliance boot: the Debian 12 root with $(basename "$deb") could not be built (see above)"
                break
            fi
            say "booting the appliance guest (systemd, 1 vCPU, ${HIL_APPLIANCE_MEM:-1024} MiB, time limit ${appliance_timeout}s)"
            saved_timeout=$timeout_s
            timeout_s=$appliance_timeout
            HIL_DISK=$HIL_CACHE/appliance.img HIL_MEM=${HIL_APPLIANCE_MEM:-1024} HIL_STORAGE_PORT=$storage_port \
                boot_batch "$appliance_console" appliance appliance-boot+walk hil.boot=disk
            timeout_s=$saved_timeout
            appliance_secs=$boot_secs
            a_results=() a_p=0 a_f=0 a_summary='' a_marker=''
            while IFS= read -r line; do
                if [[ $line =~ wayfinder-hil\[[0-9]+\]:\ (PASS|FAIL):\ (.*)$ ]]; then
                    a_results+=("${BASH_REMATCH[1]}: ${BASH_REMATCH[2]}")
                    if [[ ${BASH_REMATCH[1]} == PASS ]]; then a_p=$((a_p + 1)); else a_f=$((a_f + 1)); fi
                elif [[ $line =~ wayfinder-hil\[[0-9]+\]:\ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
                    a_summary=$line
                    a_sum_p=${BASH_REMATCH[1]} a_sum_f=${BASH_REMATCH[2]}
                elif [[ $line =~ HIL-RESULT\ rc=([0-9]+) ]]; then
                    a_marker=${BASH_REMATCH[1]}
                elif [[ $line =~ wayfinder-hil\[[0-9]+\]:\ rig:\ (.*)$ ]]; then
                    # Figures the checks measure (the service's memory), for the log.
                    say "${BASH_REMATCH[1]}"
                fi
            done < <(sed 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\r//g' "$appliance_console")
            # The kernel's own failures, named: a BUG or Oops in the appliance guest fails the run even
            # when every check passed, with the function it happened in.
            bug=$(sed 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\r//g' "$appliance_console" \
                | grep -m1 -E 'kernel BUG at|Oops: |list_del corruption' | sed 's/^\[[ 0-9.]*\] //') || true
            where=''
            if [[ -n $bug ]]; then
                where=$(sed 's/\r//g' "$appliance_console" | grep -m1 -A12 'Call Trace:' \
                    | grep -m1 -oE '[a-z_0-9]+\+0x[0-9a-f]+/0x[0-9a-f]+' | head -n1) || true
                a_results+=("FAIL: appliance guest: the kernel reported \"$bug\"${where:+ in $where} (console: $appliance_console)")
                a_f=$((a_f + 1))
            fi
            if ((attempt == 1)) && [[ $where == hci_chan_del+* ]]; then
                cp "$appliance_console" "$HIL_CACHE/appliance-console.first.log"
                results+=("NOTE: the first appliance boot hit Debian 12's L2CAP teardown race (\"$bug\" in $where; docs/hil.md, trap 6; console kept in $HIL_CACHE/appliance-console.first.log): booting it once more")
                continue
            fi
            if [[ -n $a_summary ]]; then
                if ((a_sum_f > a_f)); then
                    a_results+=("FAIL: wayfinder-hil appliance: $((a_sum_f - a_f)) failure(s) not named on a FAIL: line")
                    a_f=$a_sum_f
                fi
                ((a_sum_p > a_p)) && a_p=$a_sum_p
            else
                a_results+=("FAIL: wayfinder-hil appliance: no closing 'N passed, M failed' line (console: $appliance_console)")
                a_f=$((a_f + 1))
            fi
            if [[ -z $a_marker ]]; then
                a_results+=("FAIL: appliance guest: completion marker HIL-RESULT missing (QEMU status $qemu_rc; a timeout after ${appliance_timeout}s is 124)")
                a_f=$((a_f + 1))
            elif [[ $a_marker != 0 ]] && ((a_f == 0)); then
                a_results+=("FAIL: appliance guest: HIL-RESULT rc=$a_marker although no check failed")
                a_f=$((a_f + 1))
            fi
            results+=("${a_results[@]}")
            passed=$((passed + a_p)) failed=$((failed + a_f))
            break
        done
        # What the guest uploaded, read back on the host and compared with the state directory the
        # guest left on the share (finish.sh).
        if [[ -n $storage_port ]]; then
            while IFS= read -r line; do
                [[ $line =~ ^(PASS|FAIL):\ (.*)$ ]] && record "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
            done < <("$HIL_ROOT/scripts/storage.py" check "$storage" "$share/out/appliance-state" 2>&1 \
                || echo "FAIL: upload (host): storage.py check failed")
            "$HIL_ROOT/scripts/storage.py" stop "$storage" || true
        fi
    fi
fi

echo
echo "== hardware-in-loop results (kernel checks ${kernel_secs}s, appliance boot and walk ${appliance_secs}s, whole run $(elapsed)s; logs in $HIL_CACHE/share/out) =="
printf '%s\n' "${results[@]}"
echo "$passed passed, $failed failed"
((failed == 0))
