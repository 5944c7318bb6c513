#!/usr/bin/env bash
# build-gpiod2.sh OUT - the package's release `wayfinder` linked once more, with the GPIO shim compiled
# against libgpiod 2.2 (Debian 13's libgpiod-dev, linked statically), for the appliance guest's second
# run of the button checks (docs/hil.md, "libgpiod 2").
#
# Only the shim differs between the two builds: Sources/CGPIOShim/include/wf_gpio.h hides libgpiod's
# types, so every Swift object of the release build serves both APIs. The link command is SwiftPM's
# own, read from .build/release.yaml, with two substitutions: the v2 object for the v1 one, and
# trixie's libgpiod.a for -lgpiod. The result needs no libgpiod at run time, so the Debian 12 guest
# runs it beside the package's own libgpiod 1.6.
#
# Needs `make release` (make deb) to have built the release binary. trixie's header and archive are
# fetched once by scripts/check-gpiod-v2.sh --export and kept in $HIL_CACHE/gpiod2.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

out=${1:?usage: build-gpiod2.sh OUT}
v2=$HIL_CACHE/gpiod2
if [[ ! -e $v2/libgpiod.a || ! -e $v2/include/gpiod.h ]]; then
    rm -rf "$v2"
    "$HIL_ROOT/scripts/check-gpiod-v2.sh" --export "$v2" >&2 \
        || die "could not fetch Debian 13's libgpiod-dev (scripts/check-gpiod-v2.sh, above)"
fi
manifest=$HIL_ROOT/.build/release.yaml
[[ -e $manifest ]] || die "$manifest is missing: build the release binary first (make release)"

work=$(mktemp -d "${TMPDIR:-/tmp}/wf-gpiod2.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -std=c99 -O2 -fPIC -g -Wall -Wextra -Werror -I "$v2/include" -I "$HIL_ROOT/Sources/CGPIOShim/include" \
    -c "$HIL_ROOT/Sources/CGPIOShim/wf_gpio.c" -o "$work/wf_gpio.o" \
    || die "the GPIO shim does not compile against libgpiod $(cat "$v2/version")"

python3 - "$manifest" "$work" "$v2/libgpiod.a" "$out" <<'PY' || die "relinking wayfinder against libgpiod 2 failed"
import json, re, subprocess, sys

manifest, work, archive, out = sys.argv[1:]
text = open(manifest).read()
# The executable's link command: its block in llbuild's manifest, whose args line is a JSON list.
m = re.search(r'^  "C\.wayfinder-(?:x86_64|aarch64)-[^"]*-release\.exe":\n(?:    .*\n)*?    args: (\[.*\])$', text, re.M)
if not m:
    sys.exit("no link command for the wayfinder executable in " + manifest)
args = json.loads(m.group(1))
if args.count("-lgpiod") != 1:
    sys.exit("the link command does not name -lgpiod exactly once: " + " ".join(args))
args[args.index("-lgpiod")] = archive
args[args.index("-o") + 1] = out
lists = [i for i, a in enumerate(args) if a.startswith("@") and a.endswith(".LinkFileList")]
if len(lists) != 1:
    sys.exit("the link command has no single object list")
objects = open(args[lists[0]][1:]).read().splitlines()
shim = [i for i, o in enumerate(objects) if o.strip("'\"").endswith("/CGPIOShim.build/wf_gpio.c.o")]
if len(shim) != 1:
    sys.exit("the object list does not hold the GPIO shim's object exactly once")
objects[shim[0]] = work + "/wf_gpio.o"
with open(work + "/Objects.LinkFileList", "w") as f:
    f.write("\n".join(objects) + "\n")
args[lists[0]] = "@" + work + "/Objects.LinkFileList"
subprocess.run(args, check=True)
PY

# What the rig relies on: no libgpiod at run time, and the v2 API reported by the binary itself.
dynamic=$(readelf -d "$out")
if grep -q 'NEEDED.*libgpiod' <<<"$dynamic"; then
    die "$out still needs a shared libgpiod"
fi
say "$(basename "$out"): libgpiod $(cat "$v2/version") (v2 API), linked statically"
