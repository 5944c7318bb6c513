#!/bin/sh
# checks.sh - the hardware-in-loop guest's set-up and checks (busybox sh). See docs/hil.md.
#
# Sourced by /init; also runs on its own from the interactive shell: `/hil/checks.sh all` or
# `/hil/checks.sh selftest` (any function name below).
#
# Every check prints one line for the host driver (scripts/hil/run.sh), which turns them into its
# PASS/FAIL lines:  HIL-CHECK PASS <name>   or   HIL-CHECK FAIL <name>: <why>
# The test binary's own output is framed by HIL-BIN-BEGIN and HIL-BIN-END rc=N.
#
# To add a check: write a function that ends in `pass NAME` or `fail NAME WHY`, and call it from
# run_all. Poll (wait_for) rather than sleep: under TCG everything is several times slower than on a
# host, and by a varying amount.

OUT=/mnt/host/out               # on the host: .hil/share/out (logs of the last run)
PERIPHERAL=hci0
PERIPHERAL_ADDRESS=00:AA:01:00:00:00
CENTRAL=hci1
CENTRAL_ADDRESS=00:AA:01:01:00:01
FAILED=0
SETUP_ERRORS=

say() { echo "hil: $*"; }
# param NAME DEFAULT: the value of NAME=... on the kernel command line.
param() {
    for word in $(cat /proc/cmdline); do
        case $word in "$1="*) echo "${word#*=}"; return 0 ;; esac
    done
    echo "$2"
}
# Progress with the guest's uptime, so the console shows where the time goes.
phase() { echo "hil: [$(cut -d' ' -f1 /proc/uptime)s] $*"; }
pass() { echo "HIL-CHECK PASS $1"; }
fail() {
    echo "HIL-CHECK FAIL $1: $2"
    FAILED=$((FAILED + 1))
}
setup_error() {
    say "set-up: $*"
    SETUP_ERRORS="${SETUP_ERRORS:+$SETUP_ERRORS; }$*"
}

# wait_for SECONDS COMMAND... : run COMMAND every 0.1 s until it succeeds; 1 if it never did.
wait_for() {
    _limit=$(($1 * 10))
    shift
    _n=0
    while [ "$_n" -lt "$_limit" ]; do
        "$@" >/dev/null 2>&1 && return 0
        usleep 100000
        _n=$((_n + 1))
    done
    return 1
}
in_file() { grep -q "$2" "$1"; }
# btmgmt waits for the kernel's answer without a time limit of its own.
mgmt() { timeout 10 btmgmt "$@"; }

# Shows the tail of a log on the console, for a failure's post-mortem (the whole file is in $OUT).
show_log() {
    [ -f "$1" ] || return 0
    echo "----- $1 (last ${2:-30} lines) -----"
    tail -n "${2:-30}" "$1" | sed 's/\x1b\[[0-9;]*m//g'
    echo "-----"
}

# ---------------------------------------------------------------------------------------------------
# Set-up

rig_setup() {
    phase "set-up: share, modules"
    # Loopback: Foundation's run loop on Linux makes its CFSocket wake-up pair from two UDP sockets
    # bound to 127.0.0.1; with lo down it logs "Could not create wakeup socket pair for CFSocket!!!"
    # and run-loop based APIs (Process, FileHandle.readabilityHandler) stop working.
    ip link set lo up || setup_error "bringing up lo failed"
    # The 9p host share.
    modprobe -a virtio_pci 9pnet_virtio 9p || setup_error "loading the 9p modules failed"
    if mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 host /mnt/host 2>/tmp/mount.err; then
        mkdir -p "$OUT"
    else
        setup_error "mounting the host share failed: $(cat /tmp/mount.err)"
        OUT=/tmp/out
        mkdir -p "$OUT"
    fi
    mount -t debugfs none /sys/kernel/debug || setup_error "mounting debugfs failed"
    mount -t configfs none /sys/kernel/config 2>/dev/null || {
        modprobe configfs && mount -t configfs none /sys/kernel/config
    } || setup_error "configfs unavailable"

    # Bluetooth: the emulated controllers need AF_ALG (trap 4) before btvirt opens /dev/vhci.
    modprobe -a af_alg algif_hash algif_skcipher cmac ecb aes || setup_error "loading the crypto modules failed"
    modprobe hci_vhci || setup_error "loading hci_vhci failed"
    if [ "$(param hil.btmon 0)" = 1 ]; then
        btmon -w "$OUT/btmon.snoop" >/dev/null 2>&1 &
    fi
    phase "set-up: btvirt -l2"
    btvirt -l2 >"$OUT/btvirt.log" 2>&1 &
    for hci in $PERIPHERAL $CENTRAL; do
        wait_for 20 test -e "/sys/class/bluetooth/$hci" || {
            setup_error "$hci did not appear (btvirt: $(head -c 300 "$OUT/btvirt.log"))"
            continue
        }
        # A controller only takes management commands once the kernel has finished its set-up.
        phase "set-up: $hci registered"
        wait_for 20 controller_ready "$hci" || setup_error "$hci never answered btmgmt info"
        phase "set-up: $hci ready"
        for cmd in "le on" "bredr off" "power on"; do
            # shellcheck disable=SC2086 # $cmd is two words on purpose
            mgmt -i $hci $cmd >>"$OUT/btmgmt.log" 2>&1 || setup_error "btmgmt -i $hci $cmd failed"
        done
    done
    phase "set-up: done"
}
controller_ready() { mgmt -i "$1" info 2>/dev/null | grep -q 'addr '; }

rig_teardown() {
    # Everything still running was started by us; stop it before the share goes away.
    killall btvirt btmon btgatt-server btgatt-client 2>/dev/null
    sync
    umount /mnt/host 2>/dev/null
    return 0
}

# ---------------------------------------------------------------------------------------------------
# Checks

# The two controllers: the addresses the contract names, powered, LE on, BR/EDR off.
check_controllers() {
    name="rig: hci0 and hci1 up, powered, LE only"
    if [ -n "$SETUP_ERRORS" ]; then
        fail "$name" "$SETUP_ERRORS"
        return
    fi
    problems=
    for pair in "$PERIPHERAL $PERIPHERAL_ADDRESS" "$CENTRAL $CENTRAL_ADDRESS"; do
        # shellcheck disable=SC2086 # split into controller and address
        set -- $pair
        info=$(mgmt -i "$1" info 2>&1)
        settings=$(echo "$info" | sed -n 's/.*current settings: //p')
        echo "$info" | grep -q "addr $2 " || problems="$problems; $1 is not $2"
        case " $settings " in *" powered "*) ;; *) problems="$problems; $1 not powered ($settings)" ;; esac
        case " $settings " in *" le "*) ;; *) problems="$problems; $1 LE off ($settings)" ;; esac
        case " $settings " in *" br/edr "*) problems="$problems; $1 BR/EDR on ($settings)" ;; esac
    done
    if [ -n "$problems" ]; then
        fail "$name" "${problems#; }"
    else
        pass "$name"
    fi
}

# gpio-sim (built out of tree) and i2c-stub load and work; left loaded, with no chip configured.
check_gpio_i2c() {
    name="rig: gpio-sim and i2c-stub load and work"
    problems=
    chip=/sys/kernel/config/gpio-sim/hil-selftest
    if ! modprobe gpio-sim 2>/tmp/gpio.err; then
        problems="$problems; modprobe gpio-sim: $(cat /tmp/gpio.err)"
    elif ! { mkdir $chip && mkdir $chip/bank0 && echo 8 >$chip/bank0/num_lines &&
        mkdir $chip/bank0/line0 && echo selftest >$chip/bank0/line0/name && echo 1 >$chip/live; }; then
        problems="$problems; configuring a gpio-sim chip failed"
    else
        dev=$(cat $chip/bank0/chip_name 2>/dev/null)
        pdev=$(cat $chip/dev_name 2>/dev/null)
        gpiofind selftest >/tmp/gpiofind.out 2>&1 || problems="$problems; gpiofind does not see the line"
        echo pull-up >"/sys/devices/platform/$pdev/$dev/sim_gpio0/pull" 2>/dev/null
        [ "$(gpioget "$dev" 0 2>/dev/null)" = 1 ] || problems="$problems; gpioget $dev 0 does not read the pull-up"
        echo 0 >$chip/live
        rmdir $chip/bank0/line0 $chip/bank0 $chip 2>/dev/null
    fi
    if ! modprobe i2c-dev || ! modprobe i2c-stub chip_addr=0x1e; then
        problems="$problems; loading i2c-dev / i2c-stub failed"
    else
        bus=$(i2cdetect -l | awk '/SMBus stub/ { sub("i2c-", "", $1); print $1; exit }')
        i2cset -y "$bus" 0x1e 0x10 0xab 2>/dev/null
        [ "$(i2cget -y "$bus" 0x1e 0x10 2>/dev/null)" = 0xab ] || problems="$problems; i2c-stub byte round trip failed"
        rmmod i2c-stub
    fi
    if [ -n "$problems" ]; then
        fail "$name" "${problems#; }"
    else
        pass "$name"
    fi
}

# BlueZ's btgatt-client against BlueZ's btgatt-server over the two virtual controllers: proves the
# rig (LE connection, GATT discovery, read, notifications, write) independently of our code.
# Both tools take commands on stdin, so each gets a FIFO that this shell holds open: the server
# needs a pollable stdin (a /dev/null stdin makes it exit: trap 5) and the client quits on EOF.
# The FIFOs are opened read-write (<>), which never blocks: a blocking open of a FIFO for writing
# can be interrupted by SIGCHLD (busybox timeout's watcher processes end up as our children), and
# a failed redirection on `exec` ends a non-interactive shell; as PID 1, that panicked the kernel
# in 3 of 21 boots. The tools get the FIFO only as stdin (4>&- 5>&-), so closing ours is their EOF.
selftest() {
    name="rig self-test: BlueZ btgatt-client against btgatt-server (discover, read, notify, write)"
    d=/tmp/selftest
    rm -rf $d
    mkdir -p $d
    mkfifo $d/server.in $d/client.in
    mgmt -i $PERIPHERAL connectable on >>$d/btmgmt.log 2>&1
    mgmt -i $PERIPHERAL add-adv -c -g 1 >>$d/btmgmt.log 2>&1

    exec 4<>$d/server.in
    btgatt-server -i $PERIPHERAL -t public -r <$d/server.in >$d/server.log 2>&1 4>&- &
    server=$!
    step=
    # The server prints nothing until a client connects: wait for its listening L2CAP socket.
    wait_for 10 att_listening || step="btgatt-server is not listening"

    if [ -z "$step" ]; then
        exec 5<>$d/client.in
        btgatt-client -i $CENTRAL -d $PERIPHERAL_ADDRESS -t public <$d/client.in >$d/client.log 2>&1 4>&- 5>&- &
        client=$!
        wait_for 60 discovered_or_gone
        if ! in_file $d/client.log "GATT discovery procedures complete"; then
            step="no GATT discovery"
        elif [ "$(grep -c 'Service Added - UUID' $d/client.log)" -lt 3 ] ||
            ! in_file $d/client.log 'Service Added - UUID: 0000180d'; then
            step="discovery did not find GAP, GATT and Heart Rate"
        else
            echo "read-value 0x0003" >&5
            if ! wait_for 20 in_file $d/client.log "Read value ("; then
                step="read of 0x0003 failed"
            else
                echo "register-notify 0x000d" >&5
                if ! wait_for 20 in_file $d/client.log "Handle Value Not/Ind: 0x000d"; then
                    step="no notification from 0x000d"
                else
                    echo "write-value 0x0012 01" >&5
                    wait_for 20 in_file $d/client.log "Write successful" || step="write to 0x0012 failed"
                fi
            fi
        fi
        exec 5>&-                                   # EOF: the client disconnects and exits
        wait_for 15 not_running $client || { step="${step:-btgatt-client did not exit on EOF}"; kill $client; }
    fi
    exec 4>&-
    wait_for 15 not_running $server || kill $server 2>/dev/null
    mgmt -i $PERIPHERAL clr-adv >>$d/btmgmt.log 2>&1
    mgmt -i $PERIPHERAL connectable off >>$d/btmgmt.log 2>&1
    for log in "$d"/*.log; do cp "$log" "$OUT/selftest-${log##*/}"; done
    if [ -n "$step" ]; then
        fail "$name" "$step (logs: .hil/share/out/selftest-*.log)"
        show_log $d/server.log 15
        show_log $d/client.log 30
    else
        pass "$name"
    fi
}
# debugfs bluetooth/l2cap: "src (type) dst (type) state psm scid dcid imtu omtu sec mode"; the ATT
# fixed channel has scid 0x0004, and state 4 is BT_LISTEN.
att_listening() {
    awk -v a="$(echo $PERIPHERAL_ADDRESS | tr A-F a-f)" '$1 == a && $5 == 4 && $7 == "0x0004" { found = 1 }
        END { exit !found }' /sys/kernel/debug/bluetooth/l2cap
}
not_running() { ! kill -0 "$1" 2>/dev/null; }
discovered_or_gone() { in_file "$d/client.log" "GATT discovery procedures complete" || not_running "$client"; }

# The project's hardware-in-loop binary from the share, with the contract's environment.
# Watched while it runs: past hil.bin_timeout it is stopped (rc 124); 10 s after a kernel BUG or
# Oops it is stopped too (rc 125), since its sockets are then usually wedged in the kernel and it
# would otherwise sit out the whole time limit. A process stuck in the kernel may not die even on
# SIGKILL, so a stopped binary is not waited for.
run_binary() {
    if [ ! -x /mnt/host/wayfinder-hil ]; then
        echo "HIL-BIN-BEGIN"
        echo "FAIL: wayfinder-hil: /mnt/host/wayfinder-hil is missing"
        echo "HIL-BIN-END rc=127"
        return 1
    fi
    work=/tmp/wayfinder-hil
    mkdir -p $work
    limit=$(param hil.bin_timeout 300)
    echo "HIL-BIN-BEGIN"
    (cd $work && exec env HIL_PERIPHERAL_ADAPTER=$PERIPHERAL HIL_PERIPHERAL_ADDRESS=$PERIPHERAL_ADDRESS \
        HIL_CENTRAL_ADAPTER=$CENTRAL HIL_CENTRAL_ADDRESS=$CENTRAL_ADDRESS HIL_SHARE=/mnt/host \
        HIL_LOG_LEVEL=$(param hil.log_level warning) HIL_ONLY=$(param hil.only '') \
        /mnt/host/wayfinder-hil </dev/null 2>&1) &
    pid=$!
    start=$(now)
    bug_at=
    rc=
    while kill -0 $pid 2>/dev/null; do
        if [ -z "$bug_at" ] && dmesg | grep -qE 'BUG|Oops'; then
            bug_at=$(now)
            say "kernel BUG/Oops while wayfinder-hil runs: stopping it in 10 s unless it ends"
        fi
        if [ -n "$bug_at" ] && [ $(($(now) - bug_at)) -ge 10 ]; then
            rc=125
        elif [ $(($(now) - start)) -ge "$limit" ]; then
            rc=124
        fi
        if [ -n "$rc" ]; then
            kill -TERM $pid 2>/dev/null
            wait_for 5 not_running $pid || kill -KILL $pid 2>/dev/null
            break
        fi
        usleep 250000
    done
    if [ -z "$rc" ]; then
        wait $pid
        rc=$?
    fi
    echo "HIL-BIN-END rc=$rc"
    [ $rc = 0 ]
}
now() { cut -d. -f1 /proc/uptime; }

# A kernel BUG or Oops anywhere in the boot (the 6.1 Bluetooth stack hit one once: trap 6) fails it.
check_dmesg() {
    name="dmesg clean (no BUG or Oops)"
    dmesg >"$OUT/dmesg.txt"
    if grep -E 'BUG|Oops' "$OUT/dmesg.txt" >/tmp/dmesg.hits; then
        fail "$name" "$(head -n1 /tmp/dmesg.hits)"
        show_log "$OUT/dmesg.txt" 60
    else
        pass "$name"
    fi
}

run_all() {
    phase "checks"
    check_controllers
    check_gpio_i2c
    phase "rig self-test"
    selftest
    bin_rc=0
    if [ "$(param hil.bin 1)" = 1 ]; then
        phase "wayfinder-hil"
        run_binary || bin_rc=1
    fi
    phase "dmesg"
    check_dmesg
    [ "$FAILED" = 0 ] && [ "$bin_rc" = 0 ]
}

# Run on its own (from the interactive shell): /hil/checks.sh FUNCTION...
case $0 in
    */checks.sh)
        [ $# = 0 ] && set -- all
        for f in "$@"; do
            [ "$f" = all ] && f=run_all
            "$f"
        done
        ;;
esac
