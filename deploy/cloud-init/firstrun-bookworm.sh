#!/bin/sh
# Wayfinder: the first boot of a unit on Raspberry Pi OS Bookworm, as a first-run script in the form
# Raspberry Pi Imager uses for Bookworm images (docs/install.md, "First boot").
#
# It goes onto the boot partition as firstrun.sh, beside wayfinder-firstboot.sh and the package, and
# runs once from the kernel command line. Either
#   rpi-imager --cli --first-run-script deploy/cloud-init/firstrun-bookworm.sh <image> <device>
# which writes it as firstrun.sh and appends to cmdline.txt
#   systemd.run=/boot/firstrun.sh systemd.run_success_action=reboot systemd.unit=kernel-command-line.target
# (raspberrypi-sys-mods' initramfs hook imager_fixup rewrites /boot/ to /boot/firmware/ there), or by
# hand: copy it to the boot partition as firstrun.sh and append to the single line of cmdline.txt
#   systemd.run=/boot/firmware/firstrun.sh systemd.run_success_action=reboot systemd.unit=kernel-command-line.target
# systemd then boots into kernel-command-line.target, runs this script instead of the normal
# services, and reboots when it exits 0.
#
# It sets the hostname, renames the first user and gives it your SSH key (and Wi-Fi, if you fill that
# in), with the same helpers Imager's own first-run script calls, then installs
# wayfinder-firstboot.service, which does the rest at the next boot with the network up: I2C and the
# UART, the package, the configuration, the service.
#
# Lines marked CHANGE ME must be edited. The script must always exit 0: systemd shuts the Pi down when
# a systemd.run= command fails (systemd-run-generator(8)), and the command line would still ask for it.
set +e

NEW_HOSTNAME=wayfinder-01                                  # CHANGE ME
NEW_USER=walker                                            # CHANGE ME
SSH_KEY='ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIChangeMeChangeMeChangeMeChangeMeChangeMe you@laptop'   # CHANGE ME
# Optional: Wi-Fi for the SSH session (leave WIFI_SSID empty for Ethernet or no network).
WIFI_SSID=''                                               # CHANGE ME (optional)
WIFI_PASSWORD=''                                           # CHANGE ME (optional)
WIFI_COUNTRY='DE'                                          # CHANGE ME (optional): two-letter country code

CUSTOM=/usr/lib/raspberrypi-sys-mods/imager_custom

if [ -x "$CUSTOM" ]; then
    "$CUSTOM" set_hostname "$NEW_HOSTNAME"
    "$CUSTOM" enable_ssh -k "$SSH_KEY"
    if [ -n "$WIFI_SSID" ]; then
        "$CUSTOM" set_wlan "$WIFI_SSID" "$WIFI_PASSWORD" "$WIFI_COUNTRY"
    fi
else
    echo "$NEW_HOSTNAME" >/etc/hostname
    sed -i "s/127\.0\.1\.1.*/127.0.1.1\t$NEW_HOSTNAME/" /etc/hosts
    FIRSTUSERHOME=$(getent passwd 1000 | cut -d: -f6)
    install -o 1000 -g 1000 -m 700 -d "$FIRSTUSERHOME/.ssh"
    echo "$SSH_KEY" >>"$FIRSTUSERHOME/.ssh/authorized_keys"
    chown 1000:1000 "$FIRSTUSERHOME/.ssh/authorized_keys"
    chmod 600 "$FIRSTUSERHOME/.ssh/authorized_keys"
    systemctl enable ssh
fi

# Renames the first user (uid 1000), keeps its groups and passwordless sudo, sets no password (login
# with the key only) and cancels the rename wizard, as Imager's script does.
if [ -x /usr/lib/userconf-pi/userconf ]; then
    /usr/lib/userconf-pi/userconf "$NEW_USER" ''
fi

sh /boot/firmware/wayfinder-firstboot.sh --install ||
    echo "wayfinder: could not install wayfinder-firstboot.service; after the reboot run: sudo sh /boot/firmware/wayfinder-firstboot.sh --install --now" >>/boot/firmware/wayfinder-firstboot.log

# Runs once: remove the script and the command-line entries. When Imager wrote the card, imager_fixup
# has already cut this file at the next line and put its own equivalent lines there, so nothing above
# this comment may end in the name of this file.
rm -f /boot/firmware/firstrun.sh /boot/firstrun.sh
sed -i 's| systemd\.run.*||g' /boot/firmware/cmdline.txt
exit 0
