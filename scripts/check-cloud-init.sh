#!/usr/bin/env bash
# check-cloud-init.sh - validates the first-boot files in deploy/cloud-init/ (docs/install.md, "First boot").
#
#   scripts/check-cloud-init.sh              # the files in deploy/cloud-init/
#   scripts/check-cloud-init.sh my-user-data # an edited copy of user-data instead of the one there
#
# 1. user-data against Debian's cloud-init schema (`cloud-init schema --config-file`): an error, an
#    "invalid" verdict or a deprecation fails the check.
# 2. user-data's rpi: block. It is read by Raspberry Pi's cloud-init module (cc_raspberry_pi, in
#    cloud-init from 25.2 as Raspberry Pi OS Trixie ships it); Debian 12's cloud-init 22.4 does not
#    know that module and passes any rpi: block, so its keys and types are checked here against the
#    module's schema (https://docs.cloud-init.io/en/latest/reference/modules.html#raspberry-pi-configuration),
#    together with what Wayfinder needs from it: I2C on, the UART on, no login console on the UART.
# 3. meta-data is YAML with an instance-id.
# 4. The shell scripts: sh -n, bash -n and shellcheck; no carriage returns (a script saved with
#    Windows line ends fails on the Pi).
# 5. firstrun-bookworm.sh survives raspberrypi-sys-mods' initramfs hook imager_fixup, which cuts a
#    firstrun.sh at its first line matching `rm.*firstrun\.sh$` and appends its own clean-up: that
#    line must be the script's own clean-up, after everything else.
#
# cloud-init and shellcheck come from Debian's archive: when missing they are installed with apt-get
# (as root, or through sudo).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$root/deploy/cloud-init
user_data=${1:-$dir/user-data}
ud_name=${user_data#"$root"/}
failures=0
fail() {
    echo "check-cloud-init: FAIL: $*" >&2
    failures=$((failures + 1))
}
ok() { echo "check-cloud-init: ok    $*"; }

sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
missing=()
command -v cloud-init >/dev/null 2>&1 || missing+=(cloud-init)
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
if ((${#missing[@]})); then
    echo "check-cloud-init: installing Debian packages: ${missing[*]}"
    $sudo apt-get -o DPkg::Lock::Timeout=300 update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq \
        --no-install-recommends "${missing[@]}" >/dev/null
    if [[ " ${missing[*]} " == *" cloud-init "* ]] && [ ! -e /etc/cloud/cloud-init.disabled ]; then
        # Installed here only to validate files: it must not try to configure this machine at boot.
        $sudo touch /etc/cloud/cloud-init.disabled
        echo "check-cloud-init: created /etc/cloud/cloud-init.disabled so cloud-init does not run at this machine's boot"
    fi
fi

# 1. The schema.
status=0
out=$(cloud-init schema --config-file "$user_data" 2>&1) || status=$?
version=$(cloud-init --version 2>&1 | awk '{print $NF}')
if [ "$status" != 0 ]; then
    fail "$ud_name: cloud-init $version schema (exit $status):"
    printf '%s\n' "$out" | sed 's/^/    /' >&2
elif grep -qi 'invalid' <<<"$out" || grep -Eq 'deprecations: *[^[:space:]]' <<<"$out"; then
    fail "$ud_name: cloud-init $version schema reports:"
    printf '%s\n' "$out" | sed 's/^/    /' >&2
else
    ok "$ud_name: valid for cloud-init $version's schema"
fi

# 2 and 3. Read with the Python that runs cloud-init, which has PyYAML.
python=$(sed -n '1s/^#! *//p' "$(command -v cloud-init)")
# shellcheck disable=SC2086 # the interpreter line may be "/usr/bin/env python3"
if report=$($python - "$user_data" "$dir/meta-data" <<'EOF' 2>&1
import sys
import yaml

problems = []
with open(sys.argv[1], encoding="utf-8") as f:
    doc = yaml.safe_load(f)
if not isinstance(doc, dict):
    doc = {}

# cc_raspberry_pi's schema: rpi: {interfaces: {spi, i2c, onewire: boolean;
# serial: boolean or {console, hardware: boolean}}, enable_usb_gadget: boolean}. The module skips
# keys it does not know with only a log line, so they are errors here.
rpi = doc.get("rpi")
if not isinstance(rpi, dict):
    problems.append("rpi: missing or not a mapping")
    rpi = {}
for key in rpi:
    if key not in ("interfaces", "enable_usb_gadget"):
        problems.append(f"rpi.{key}: not a key of cc_raspberry_pi")
if "enable_usb_gadget" in rpi and not isinstance(rpi["enable_usb_gadget"], bool):
    problems.append("rpi.enable_usb_gadget: not a boolean")
interfaces = rpi.get("interfaces", {})
if not isinstance(interfaces, dict):
    problems.append("rpi.interfaces: not a mapping")
    interfaces = {}
for key, value in interfaces.items():
    if key in ("spi", "i2c", "onewire"):
        if not isinstance(value, bool):
            problems.append(f"rpi.interfaces.{key}: not a boolean")
    elif key == "serial":
        if isinstance(value, dict):
            for k, v in value.items():
                if k not in ("console", "hardware"):
                    problems.append(f"rpi.interfaces.serial.{k}: not a key of cc_raspberry_pi")
                elif not isinstance(v, bool):
                    problems.append(f"rpi.interfaces.serial.{k}: not a boolean")
        elif not isinstance(value, bool):
            problems.append("rpi.interfaces.serial: neither a boolean nor a mapping")
    else:
        problems.append(f"rpi.interfaces.{key}: not an interface cc_raspberry_pi knows (spi, i2c, serial, onewire)")

# What the compass and the GPS need.
if interfaces.get("i2c") is not True:
    problems.append("rpi.interfaces.i2c must be true (the compass)")
serial = interfaces.get("serial")
if not (isinstance(serial, dict) and serial.get("hardware") is True and serial.get("console") is False):
    problems.append("rpi.interfaces.serial must be {console: false, hardware: true} (the GPS on the UART, no login on it)")
runcmd = doc.get("runcmd") if isinstance(doc.get("runcmd"), list) else []
runcmd = [" ".join(map(str, c)) if isinstance(c, list) else str(c) for c in runcmd]
if not any("wayfinder-firstboot.sh --install --now" in c for c in runcmd):
    problems.append("runcmd does not run wayfinder-firstboot.sh --install --now")

with open(sys.argv[2], encoding="utf-8") as f:
    meta = yaml.safe_load(f)
if not isinstance(meta, dict) or not meta.get("instance-id"):
    problems.append("meta-data: no instance-id")

print("\n".join(problems))
sys.exit(1 if problems else 0)
EOF
); then
    ok "$ud_name: rpi: block matches cc_raspberry_pi's schema and switches on I2C and the UART; meta-data has an instance-id"
else
    fail "$ud_name / meta-data:"
    printf '%s\n' "$report" | sed 's/^/    /' >&2
fi

# 4. The scripts.
for script in "$dir/firstrun-bookworm.sh" "$dir/wayfinder-firstboot.sh"; do
    name=${script#"$root"/}
    if grep -q $'\r' "$script"; then
        fail "$name: has carriage returns (Windows line ends)"
    fi
    if ! sh -n "$script" || ! bash -n "$script"; then
        fail "$name: sh -n / bash -n"
        continue
    fi
    if ! shellcheck -s sh "$script"; then
        fail "$name: shellcheck"
        continue
    fi
    ok "$name: sh -n, bash -n, shellcheck"
done
if grep -q $'\r' "$user_data" "$dir/meta-data"; then
    fail "user-data or meta-data has carriage returns"
fi

# 5. imager_fixup (raspberrypi-sys-mods, initramfs-tools/scripts/local-bottom/imager_fixup) does this to
# firstrun.sh when Imager wrote the card.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
first=$(grep -n 'rm.*firstrun\.sh$' "$dir/firstrun-bookworm.sh" | head -n 1 | cut -d: -f1)
total=$(wc -l <"$dir/firstrun-bookworm.sh")
cp "$dir/firstrun-bookworm.sh" "$tmp/firstrun.sh"
sed -n -i '/rm.*firstrun\.sh$/q;p' "$tmp/firstrun.sh"
cat >>"$tmp/firstrun.sh" <<'EOF'
rm -f /boot/firmware/firstrun.sh
sed -i 's| systemd\.[^ ]*||g' /boot/firmware/cmdline.txt
exit 0
EOF
if [ -z "$first" ]; then
    fail "firstrun-bookworm.sh: no clean-up line (rm … firstrun.sh) at its end"
elif [ $((total - first)) -gt 2 ]; then
    fail "firstrun-bookworm.sh: line $first matches imager_fixup's cut (rm.*firstrun\\.sh\$); everything from it on would be dropped"
elif ! grep -q 'wayfinder-firstboot\.sh --install' "$tmp/firstrun.sh" || ! sh -n "$tmp/firstrun.sh"; then
    fail "firstrun-bookworm.sh: after imager_fixup's edit the wayfinder-firstboot.sh call is gone or the script is broken"
else
    ok "firstrun-bookworm.sh: imager_fixup's cut keeps everything before the clean-up (line $first of $total)"
fi

if [ "$failures" != 0 ]; then
    echo "check-cloud-init: $failures problem(s)" >&2
    exit 1
fi
echo "check-cloud-init: all checks passed"
