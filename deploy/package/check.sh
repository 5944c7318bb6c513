#!/usr/bin/env bash
# check.sh DISTDIR [ARCH] - the package as a user gets it: installed, upgraded and purged in a fresh
# Debian root (a chroot from scripts/debian-root.sh; no container engine, no booted systemd). The
# native package is checked in Debian 12, the release it is built on; the arm64 package in Debian 13
# for arm64, the release its Depends name, under qemu-user emulation (deploy/package/cross).
#
# Checks, each reported as "ok" or "FAIL" with what was seen:
#   apt installs the .deb and its dependencies, libcurl.so.4 among them, which the binary does not
#   link (it loads it for the upload); the wayfinder user and its groups exist; the unit is
#   enabled; `wayfinder config check` passes on the shipped configuration as the service's user;
#   the state directory the installed unit makes is accepted by `config check`;
#   `systemd-analyze verify` passes on the installed unit (systemd 252 may only call RestartSteps= and
#   RestartMaxDelaySec= unknown) and `systemd-analyze security` scores it
#   2.0 or lower; every man page renders; the completions parse; an upgrade keeps an edit of the
#   conffile and the state directory; `dpkg --purge` leaves no file of ours behind.
# Downloads are cached under $WAYFINDER_CACHE (default ~/.cache/wayfinder), so a second run is quick.
# WAYFINDER_CHECK_PREPARE=1 only makes the root's cached tarball (DISTDIR is then not read).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
dist=${1:?usage: check.sh DISTDIR [ARCH]}

if [[ $(id -u) != 0 ]]; then
    echo "check.sh: needs root (a chroot, and apt inside it); run it with sudo" >&2
    exit 77
fi

# Mounts made below vanish with this private mount namespace, however the script ends.
if [[ -z ${WAYFINDER_CHECK_UNSHARED:-} ]]; then
    exec env WAYFINDER_CHECK_UNSHARED=1 unshare --mount --propagation private -- "$0" "$@"
fi

version=$(dpkg-parsechangelog -l "$repo/deploy/debian/changelog" -S Version)
arch=${2:-$(dpkg --print-architecture)}
if [[ $arch == "$(dpkg --print-architecture)" ]]; then
    suite=bookworm
else
    suite=trixie
    "$here/cross/binfmt-arm64.sh"
fi
cache=${WAYFINDER_CACHE:-${HOME:-/root}/.cache/wayfinder}
start=$(date +%s)
root_packages=systemd,man-db,bash-completion
# WAYFINDER_CHECK_PREPARE=1: only make the Debian root's tarball (cached), so that a later check only
# unpacks it; CI does this while it builds.
if [[ ${WAYFINDER_CHECK_PREPARE:-} == 1 ]]; then
    scratch=$(mktemp -d /var/tmp/wayfinder-package-root.XXXXXX)
    trap 'rm -rf "$scratch"' EXIT
    "$repo/scripts/debian-root.sh" --suite "$suite" --arch "$arch" --include "$root_packages" "$scratch"
    echo "check.sh: the Debian $suite root for $arch is cached"
    exit 0
fi
[[ -d $dist ]] || { echo "check.sh: $dist is not a folder; run make deb" >&2; exit 66; }
dist=$(cd "$dist" && pwd)
deb=$dist/wayfinder_${version}_${arch}.deb
[[ -f $deb ]] || { echo "check.sh: $deb is missing; run make deb" >&2; exit 66; }

passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok - $*"; }
fail() { failed=$((failed + 1)); echo "FAIL - $*"; }
step() { echo "== $* ($(($(date +%s) - start)) s)"; }

root=$(mktemp -d /var/tmp/wayfinder-package-check.XXXXXX)
cleanup() {
    umount -R "$root/proc" "$root/var/cache/apt/archives" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT

step "a fresh Debian $suite root for $arch"
"$repo/scripts/debian-root.sh" --suite "$suite" --arch "$arch" --include "$root_packages" "$root"
mkdir -p "$cache/apt/$suite-$arch/partial" "$root/proc"
mount -t proc proc "$root/proc"
mount --bind "$cache/apt/$suite-$arch" "$root/var/cache/apt/archives"
cp /etc/resolv.conf "$root/etc/resolv.conf"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/root "$@"; }
apt_in_root() {
    in_root env DEBIAN_FRONTEND=noninteractive apt-get -q -y -o Dpkg::Use-Pty=0 \
        -o APT::Keep-Downloaded-Packages=true "$@"
}

# A second package, one version newer, whose shipped configuration also changed: the upgrade a user
# meets. dpkg must then keep the user's edit (and offer the new file beside it).
newer=$root/tmp/newer
dpkg-deb -R "$deb" "$newer"
sed -i "s/^Version: .*/Version: ${version}+check1/" "$newer/DEBIAN/control"
echo "# a line the next release added" >> "$newer/etc/wayfinder/wayfinder.toml"
(cd "$newer" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
dpkg-deb --root-owner-group -b "$newer" "$root/tmp/wayfinder_${version}+check1_${arch}.deb" >/dev/null
rm -rf "$newer"
cp "$deb" "$root/tmp/"

step "install with apt"
apt_in_root update >/dev/null
if apt_in_root install --no-install-recommends "/tmp/$(basename "$deb")" > "$root/tmp/install.log" 2>&1; then
    ok "apt installs $(basename "$deb") and its dependencies ($(dpkg-deb -f "$deb" Depends))"
else
    fail "apt install failed:"; tail -20 "$root/tmp/install.log"
    echo "package-check: $passed passed, $failed failed"; exit 1
fi

# libcurl is loaded with dlopen by the upload (docs/upload.md), so dpkg-shlibdeps cannot add it:
# the control file names it, and apt must have installed the file the binary opens.
# A producer's whole output is taken before it is searched: under pipefail, `producer | grep -q` fails
# whenever grep's early exit makes the producer die of SIGPIPE, which depends on the scheduler.
depends=$(dpkg-deb -f "$deb" Depends)
libraries=$(in_root ldconfig -p)
if [[ $depends == *libcurl4* ]] && grep -q 'libcurl\.so\.4 ' <<<"$libraries"; then
    ok "Depends names libcurl and libcurl.so.4 is installed, for the upload's dlopen"
else
    fail "libcurl.so.4 is not installed or not in Depends ($depends)"
fi
# The release link packs relative relocations (DT_RELR, docs/packaging.md): a glibc before 2.36
# refuses the binary ("version GLIBC_ABI_DT_RELR not found"), and dpkg-shlibdeps, which reads the
# symbols the binary takes, not that version need, does not raise libc6 for it: the control file does.
libc_floor=$(grep -o 'libc6 (>= [0-9.]*)' <<<"$depends" | sed 's/^libc6 (>= \([0-9.]*\))$/\1/' | sort -V | tail -1)
versions=$(readelf -V "$root/usr/bin/wayfinder")
if ! grep -q GLIBC_ABI_DT_RELR <<<"$versions"; then
    ok "the binary has no DT_RELR version need (libc6 floor in Depends: ${libc_floor:-none})"
elif [[ -n $libc_floor ]] && dpkg --compare-versions "$libc_floor" ge 2.36; then
    ok "the binary needs GLIBC_ABI_DT_RELR and Depends asks libc6 (>= $libc_floor)"
else
    fail "the binary needs GLIBC_ABI_DT_RELR (glibc 2.36) but Depends asks libc6 (>= ${libc_floor:-nothing}): $depends"
fi
if needed=$(readelf -d "$root/usr/bin/wayfinder" | grep '(NEEDED)') && [[ $needed != *libcurl* ]]; then
    ok "the binary does not link libcurl (readelf -d: $(grep -c . <<<"$needed") NEEDED entries)"
else
    fail "the binary links libcurl, or readelf cannot read it: $needed"
fi

step "the user, the groups, the unit"
if entry=$(in_root getent passwd wayfinder); then ok "user: $entry"; else fail "no wayfinder user"; fi
groups=$(in_root id -nG wayfinder || true)
for g in gpio i2c dialout bluetooth; do
    if [[ " $groups " == *" $g "* ]]; then ok "wayfinder is in group $g"; else fail "wayfinder is not in group $g (groups: $groups)"; fi
done
if [[ -L $root/etc/systemd/system/multi-user.target.wants/wayfinder.service ]]; then
    ok "the unit is enabled (multi-user.target.wants)"
else
    fail "the unit is not enabled"
fi

step "the shipped configuration, the unit"
if out=$(in_root runuser -u wayfinder -- wayfinder config check /etc/wayfinder/wayfinder.toml 2>&1); then
    ok "wayfinder config check /etc/wayfinder/wayfinder.toml, as the wayfinder user: $(echo "$out" | tail -1)"
else
    fail "wayfinder config check failed:"; echo "$out"
fi
unit=/lib/systemd/system/wayfinder.service
# RestartSteps= and RestartMaxDelaySec= came with systemd 254; 252 (Debian 12) ignores them with one
# "Unknown key" line each, which the unit's comment accepts. Any other line is a finding.
systemd_version=$(in_root systemctl --version | sed -n '1s/^systemd \([0-9]*\).*/\1/p')
tolerated='^/[^:]*:[0-9]+: Unknown key .(RestartSteps|RestartMaxDelaySec). in section .Service., ignoring\.$'
if out=$(in_root systemd-analyze verify "$unit" 2>&1) \
    && { (( ${systemd_version:-0} >= 254 )) || out=$(grep -Ev "$tolerated" <<<"$out" || true); } \
    && [[ -z $out ]]; then
    ok "systemd-analyze verify $unit: no findings (systemd ${systemd_version:-?})"
else
    fail "systemd-analyze verify $unit:"; echo "$out"
fi
score=$(in_root systemd-analyze security --offline=yes "$unit" 2>&1 | sed -n 's/.*Overall exposure level for wayfinder.service: \([0-9.]*\).*/\1/p')
if [[ -n $score ]] && awk -v s="$score" 'BEGIN { exit !(s <= 2.0) }'; then
    ok "systemd-analyze security --offline=yes: exposure $score (at most 2.0)"
else
    fail "systemd-analyze security --offline=yes: exposure '${score:-not reported}', above 2.0"
fi
# The state directory as systemd makes it for the installed unit (StateDirectory= under /var/lib, with
# StateDirectoryMode=, whose default is 0755: systemd.exec(5)); the appliance refuses one that group or
# others can get into, so `config check` as the service's user must accept it. Removed again, so the
# upgrade below starts from a package that never ran.
state=/var/lib/$(sed -n 's/^StateDirectory=//p' "$root$unit")
state_mode=$(sed -n 's/^StateDirectoryMode=//p' "$root$unit")
in_root install -d -m "${state_mode:-0755}" -o wayfinder -g wayfinder "$state"
if out=$(in_root runuser -u wayfinder -- wayfinder config check /etc/wayfinder/wayfinder.toml 2>&1); then
    ok "the unit's state directory $state (mode ${state_mode:-0755}) is accepted by config check"
else
    fail "the unit's state directory $state (mode ${state_mode:-0755}) is refused:"; echo "$out"
fi
rm -rf "${root:?}$state"
if [[ $(in_root sh -c 'wayfinder --version') == "$version" ]]; then ok "wayfinder --version is $version"; else fail "wayfinder --version is not $version"; fi

step "man pages and completions"
# Every page on the native package. The arm64 package's pages are the same files (generated from the
# native binary, docs/packaging.md), and man runs under emulation there at about ten seconds a page:
# its own man renders the main page, which shows the pages install and man-db reads them.
if [[ $arch == "$(dpkg --print-architecture)" ]]; then which='wayfinder*.1.gz'; else which='wayfinder.1.gz'; fi
pages=0 bad=()
while IFS= read -r page; do
    pages=$((pages + 1))
    rendered=$(in_root env MANWIDTH=80 sh -c 'man -l "$1" 2>/tmp/man-errors' man "$page" || true)
    text=$(grep -v 'warning' "$root/tmp/man-errors" || true)
    [[ -z $text && $rendered == *NAME* && $rendered == *SYNOPSIS* ]] || bad+=("$page")
done < <(cd "$root" && find usr/share/man/man1 -name "$which" -printf '/%p\n' | sort)
if ((pages > 0 && ${#bad[@]} == 0)); then ok "$pages man pages render with NAME and SYNOPSIS (man -l)"; else fail "man pages that do not render: ${bad[*]:-none found}"; fi
if in_root man -w wayfinder >/dev/null 2>&1; then ok "man wayfinder finds its page"; else fail "man wayfinder finds no page"; fi
if in_root bash -c 'source /usr/share/bash-completion/bash_completion; source /usr/share/bash-completion/completions/wayfinder && complete -p wayfinder' >/dev/null 2>&1; then
    ok "the bash completion loads and registers wayfinder"
else
    fail "the bash completion does not load"
fi

step "upgrade"
in_root sed -i 's/^log_level = .*/log_level = "debug"/' /etc/wayfinder/wayfinder.toml
mkdir -p "$root/var/lib/wayfinder"
echo '{"kept":true}' > "$root/var/lib/wayfinder/progress.json"
in_root chown -R wayfinder:wayfinder /var/lib/wayfinder
if apt_in_root -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
        install "/tmp/wayfinder_${version}+check1_${arch}.deb" > "$root/tmp/upgrade.log" 2>&1; then
    ok "apt upgrades to ${version}+check1"
else
    fail "the upgrade failed:"; tail -20 "$root/tmp/upgrade.log"
fi
if grep -qx 'log_level = "debug"' "$root/etc/wayfinder/wayfinder.toml"; then
    ok "the upgrade kept the edited /etc/wayfinder/wayfinder.toml"
else
    fail "the upgrade lost the edit of /etc/wayfinder/wayfinder.toml"
fi
if [[ -f $root/etc/wayfinder/wayfinder.toml.dpkg-dist ]]; then ok "the new release's configuration is beside it as wayfinder.toml.dpkg-dist"; else fail "no wayfinder.toml.dpkg-dist after the upgrade"; fi
if [[ $(cat "$root/var/lib/wayfinder/progress.json" 2>/dev/null) == '{"kept":true}' ]]; then
    ok "the upgrade kept the state directory"
else
    fail "the upgrade lost /var/lib/wayfinder"
fi
if [[ -L $root/etc/systemd/system/multi-user.target.wants/wayfinder.service ]]; then ok "the unit is still enabled"; else fail "the upgrade disabled the unit"; fi

step "purge"
owned=$(in_root dpkg -L wayfinder | sort)
uid=$(in_root id -u wayfinder)
if in_root dpkg --purge wayfinder > "$root/tmp/purge.log" 2>&1; then ok "dpkg --purge wayfinder"; else fail "dpkg --purge failed:"; cat "$root/tmp/purge.log"; fi
left=()
while IFS= read -r path; do
    [[ -e $root$path && ! -d $root$path ]] && left+=("$path")
done <<< "$owned"
# /var/cache/man is man-db's cache of pages it rendered (systemd-analyze verify opens the unit's
# Documentation= page); man-db's daily job removes entries whose page is gone.
while IFS= read -r path; do left+=("/$path"); done < <(cd "$root" && find . -xdev \( -path ./proc -o -path ./tmp -o -path ./var/cache/apt/archives -o -path ./var/cache/man \) -prune \
    -o \( -name '*wayfinder*' -o -uid "$uid" \) -printf '%P\n')
if ((${#left[@]} == 0)); then
    ok "nothing of ours is left: no packaged file, nothing named wayfinder, nothing owned by its user"
else
    fail "left behind after purge: ${left[*]}"
fi

echo "package-check: $(basename "$deb"), $(du -h "$deb" | cut -f1); took $(($(date +%s) - start)) s"
echo "package-check: $passed passed, $failed failed"
((failed == 0))
