#!/bin/sh
# wayfinder-firstboot.sh - the first-boot set-up of a Wayfinder unit on Raspberry Pi OS.
#
# Copy it to the boot partition (/boot/firmware) beside the package. Both ways of provisioning a card
# call it there (docs/install.md, "First boot"):
#   - Trixie, cloud-init:  user-data's runcmd runs `sh /boot/firmware/wayfinder-firstboot.sh --install --now`
#   - Bookworm, first-run: firstrun-bookworm.sh runs `sh /boot/firmware/wayfinder-firstboot.sh --install`
#
# --install copies the script to /usr/local/sbin/wayfinder-firstboot and enables
# wayfinder-firstboot.service, which runs it after the network is up; --now also starts it. The
# service runs at every boot until the set-up has gone through once, so a first boot without a
# network (apt cannot fetch the package's dependencies) is retried at the next one. Each run:
#   1. switches on I2C and the header UART without a login console on it (raspi-config's
#      non-interactive mode), unless they are on already;
#   2. installs the newest /boot/firmware/wayfinder_*_arm64.deb with apt-get, which resolves its
#      dependencies, unless that version is installed;
#   3. once: copies /boot/firmware/wayfinder.toml (and any *.gpx beside it, into
#      /etc/wayfinder/routes/) over the packaged configuration; without one, sets the packaged
#      example's board (and, on a Pi 5, its GPS device) to this Pi; then `wayfinder config check`;
#   4. reboots once if step 1 changed what only takes effect at boot; otherwise runs
#      `wayfinder board check`, enables and restarts wayfinder.service, and disables itself.
# Everything it does is logged to the journal (journalctl -u wayfinder-firstboot) and to
# /boot/firmware/wayfinder-firstboot.log, which can be read on another computer.
set -u

# Empty on a Pi; a scratch directory lets the script be exercised elsewhere.
ROOT=${WAYFINDER_FIRSTBOOT_ROOT:-}
BOOT=$ROOT/boot/firmware
ETC=$ROOT/etc/wayfinder
STATE=$ROOT/var/lib/wayfinder-firstboot
SBIN=$ROOT/usr/local/sbin
UNITDIR=$ROOT/etc/systemd/system
LOG=$BOOT/wayfinder-firstboot.log

log() {
    echo "wayfinder-firstboot: $*"
    # The boot partition is the one place a person without SSH can read, on any computer.
    echo "$(date -u '+%Y-%m-%d %H:%M:%S') $*" >>"$LOG" 2>/dev/null || true
}

install_service() {
    install -D -m 0755 "$0" "$SBIN/wayfinder-firstboot" || return 1
    mkdir -p "$UNITDIR" || return 1
    # After cloud-final.service: when cloud-init's runcmd starts this, it runs once cloud-init is done,
    # so a reboot here never cuts cloud-init short (the ordering is void where cloud-init is absent).
    cat >"$UNITDIR/wayfinder-firstboot.service" <<'EOF'
[Unit]
Description=Wayfinder first-boot set-up (I2C, UART, package, configuration)
Documentation=file:///usr/share/doc/wayfinder/docs/install.md
Wants=network-online.target
After=network-online.target cloud-final.service

[Service]
Type=oneshot
ExecStart=/usr/local/sbin/wayfinder-firstboot
# apt on a Zero 2 W over Wi-Fi is slow.
TimeoutStartSec=30min

[Install]
WantedBy=multi-user.target
EOF
    systemctl enable wayfinder-firstboot.service || return 1
    log "installed wayfinder-firstboot.service; it runs at the next boot until the set-up has gone through (journalctl -u wayfinder-firstboot)"
}

# The board file for this Pi, from the model the firmware reports; empty if it is not one we support.
board_for_model() {
    case $1 in
        # "Raspberry Pi 5" covers the 500, "Raspberry Pi 4" the 400.
        *"Raspberry Pi 5"* | *"Compute Module 5"*) echo pi-5 ;;
        *"Raspberry Pi 4"* | *"Compute Module 4"*) echo pi-4b ;;
        *"Raspberry Pi 3 Model B Plus"*) echo pi-3b-plus ;;
        *"Raspberry Pi Zero 2 W"*) echo pi-zero-2w ;;
        *) echo "" ;;
    esac
}

# raspi-config's own getters answer 0 for "on"; they know the Pi 5's UART from the others'.
rc_get() {
    raspi-config nonint "$1" 2>/dev/null
}

# Step 1. Sets reboot_needed when a change takes effect only at the next boot.
interfaces() {
    if ! command -v raspi-config >/dev/null 2>&1; then
        log "raspi-config is missing: switch on I2C and the UART by hand (docs/install.md, \"Troubleshooting\")"
        return
    fi
    if [ "$(rc_get get_i2c)" != 0 ]; then
        log "switching on I2C (dtparam=i2c_arm=on)"
        raspi-config nonint do_i2c 0 || log "error: raspi-config nonint do_i2c 0 failed"
    fi
    if [ "$(rc_get get_serial_cons)" = 0 ]; then
        log "removing the login console from the serial port (cmdline.txt)"
        raspi-config nonint do_serial_cons 1 || log "error: raspi-config nonint do_serial_cons 1 failed"
        reboot_needed=1
    fi
    if [ "$(rc_get get_serial_hw)" != 0 ]; then
        log "switching on the header UART (config.txt)"
        raspi-config nonint do_serial_hw 0 || log "error: raspi-config nonint do_serial_hw 0 failed"
        reboot_needed=1
    fi
    # What the running system has, whoever changed config.txt (cloud-init's rpi module reboots by
    # itself; a change without a reboot since shows here).
    if [ ! -e "$ROOT/dev/i2c-1" ]; then
        log "/dev/i2c-1 is not there yet"
        reboot_needed=1
    fi
    if [ ! -e "$ROOT$uart" ]; then
        log "$uart is not there yet"
        reboot_needed=1
    fi
    # On a Pi 5, serial0 is the debug connector's UART, so only a console on ttyAMA0 is in the way.
    console='console=(serial0|ttyS0|ttyAMA0)'
    [ "$uart" = /dev/ttyAMA0 ] && console='console=ttyAMA0'
    if grep -Eq "$console" "$ROOT/proc/cmdline" 2>/dev/null; then
        log "the running kernel has a login console on the GPS's serial port"
        reboot_needed=1
    fi
}

# Step 2.
install_package() {
    newest=""
    newest_version=""
    for f in "$BOOT"/wayfinder_*_arm64.deb; do
        [ -e "$f" ] || continue
        v=$(dpkg-deb -f "$f" Version 2>/dev/null) || { log "error: $f is not a Debian package"; continue; }
        if [ -z "$newest" ] || dpkg --compare-versions "$v" gt "$newest_version"; then
            newest=$f
            newest_version=$v
        fi
    done
    # shellcheck disable=SC2016 # dpkg-query's own ${field} syntax, not the shell's
    installed=$(dpkg-query -W -f '${db:Status-Status} ${Version}' wayfinder 2>/dev/null)
    if [ -z "$newest" ]; then
        case $installed in
            "installed "*) log "no package on the boot partition; wayfinder ${installed#installed } is installed"; return 0 ;;
        esac
        log "error: no wayfinder_<version>_arm64.deb in $BOOT and wayfinder is not installed"
        return 1
    fi
    if [ "$installed" = "installed $newest_version" ]; then
        log "wayfinder $newest_version is installed already"
        return 0
    fi
    log "installing $newest (apt-get fetches its dependencies)"
    # A Pi has no real-time clock: before NTP has run, its date can be older than the archive's
    # Release files, which apt would refuse as "not valid yet".
    DEBIAN_FRONTEND=noninteractive apt-get -q -o Acquire::Check-Date=false update ||
        log "warning: apt-get update failed (no network?); trying the installation anyway"
    if ! DEBIAN_FRONTEND=noninteractive apt-get -q -y -o Acquire::Check-Date=false \
        -o Dpkg::Options::=--force-confold install "$newest"; then
        log "error: installing $newest failed; the next boot tries again (or: sudo apt install $newest)"
        return 1
    fi
    log "installed wayfinder $newest_version"
}

# Step 3. The boot partition's configuration is copied once, so later edits on the Pi are kept.
install_config() {
    if [ -e "$STATE/config-done" ]; then
        return 0
    fi
    if [ -f "$BOOT/wayfinder.toml" ]; then
        install -m 0644 "$BOOT/wayfinder.toml" "$ETC/wayfinder.toml" || return 1
        log "copied $BOOT/wayfinder.toml to $ETC/wayfinder.toml"
        for g in "$BOOT"/*.gpx; do
            [ -e "$g" ] || continue
            install -D -m 0644 "$g" "$ETC/routes/${g##*/}" || return 1
            log "copied $g to $ETC/routes/ (gpx = \"routes/${g##*/}\" in the configuration)"
        done
    elif [ -n "$board" ] && [ -f "$ETC/wayfinder.toml" ]; then
        # The packaged example is written for a Pi 4.
        if [ "$board" != pi-4b ] && grep -q '^board = "pi-4b"' "$ETC/wayfinder.toml"; then
            sed -i "s/^board = \"pi-4b\"/board = \"$board\"/" "$ETC/wayfinder.toml" || return 1
            log "set board = \"$board\" in $ETC/wayfinder.toml"
        fi
        if [ "$board" = pi-5 ] && grep -q '^device = "/dev/serial0"' "$ETC/wayfinder.toml"; then
            sed -i 's|^device = "/dev/serial0"|device = "/dev/ttyAMA0"|' "$ETC/wayfinder.toml" || return 1
            log "set [gps] device = \"/dev/ttyAMA0\" (the Pi 5's header UART) in $ETC/wayfinder.toml"
        fi
    fi
    mkdir -p "$STATE" && touch "$STATE/config-done"
}

if [ "${1:-}" = --install ]; then
    install_service || { log "error: could not install wayfinder-firstboot.service"; exit 1; }
    if [ "${2:-}" = --now ]; then
        # --no-block: cloud-init's runcmd is still running, and the service is ordered after it.
        systemctl start --no-block wayfinder-firstboot.service
    fi
    exit 0
fi

mkdir -p "$STATE"
model=$(tr -d '\000' <"$ROOT/proc/device-tree/model" 2>/dev/null)
board=$(board_for_model "$model")
uart=/dev/serial0
[ "$board" = pi-5 ] && uart=/dev/ttyAMA0
log "starting on ${model:-an unknown model} (board ${board:-unknown})"
[ -n "$board" ] || log "warning: not a board Wayfinder has a board file for; the configuration's board is left as it is"

reboot_needed=0
interfaces
install_package || exit 1
install_config || { log "error: could not put the configuration in place"; exit 1; }

problems=0
wayfinder config check "$ETC/wayfinder.toml" >"$STATE/config-check.txt" 2>&1
config_status=$?
while IFS= read -r l; do log "config check: $l"; done <"$STATE/config-check.txt"
if [ "$config_status" != 0 ]; then
    log "error: the configuration has problems; fix $ETC/wayfinder.toml, then: sudo systemctl restart wayfinder"
    problems=1
fi

if [ "$reboot_needed" = 1 ]; then
    if [ ! -e "$STATE/rebooted" ]; then
        touch "$STATE/rebooted"
        log "rebooting once so the I2C and UART settings take effect; the set-up continues after it"
        systemctl --no-block reboot
        exit 0
    fi
    log "error: I2C or the UART is still not on after a reboot; check config.txt and cmdline.txt (docs/install.md, \"Troubleshooting\")"
    problems=1
fi

# What the board needs, as the appliance will find it; a failure here is for the person to read.
wayfinder board check -c "$ETC/wayfinder.toml" >"$STATE/board-check.txt" 2>&1
while IFS= read -r l; do log "board check: $l"; done <"$STATE/board-check.txt"

systemctl enable wayfinder.service
systemctl restart wayfinder.service || log "wayfinder.service did not start: journalctl -u wayfinder -p warning"
# Done either way: what is left (a configuration error, an interface that stays off) needs a person.
systemctl disable wayfinder-firstboot.service
if [ "$problems" = 1 ]; then
    log "finished with the errors above; wayfinder.service is enabled"
    exit 1
fi
log "done: wayfinder.service is enabled and started"
exit 0
