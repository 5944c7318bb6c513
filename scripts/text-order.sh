#!/bin/sh
# text-order.sh [BINARY] - writes deploy/package/wayfinder.order, the functions the demo walk runs,
# which the release link lays out first (the Makefile's release-link-flags; docs/packaging.md).
#
# BINARY is a release build with its symbol table (default .build/release/wayfinder, `make release`).
# It walks the demo (deploy/demo.toml at 300x, start to the end of the walk) under callgrind
# (scripts/callgrind.sh) and lists every function of the binary that ran, by its symbol (mangled, as
# the linker knows it). The demo runs the simulated devices in the same process, so their code is in
# the list too; the code only a Pi runs (BlueZ's sockets, I2C, GPIO lines) is not, and stays where the
# linker puts it. Run it again when the build prints that the file names few of the binary's symbols.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
binary=${1:-$repo/.build/release/wayfinder}
out=$repo/deploy/package/wayfinder.order
[ -x "$binary" ] || { echo "error: $binary is not built (make release)" >&2; exit 66; }
command -v python3 >/dev/null 2>&1 || { echo "error: python3 is needed (Debian: apt-get install python3)" >&2; exit 69; }
work=$(mktemp -d "${TMPDIR:-/tmp}/text-order.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The walk's exit status is not checked: under callgrind's slow-down the orderly stop can overrun
# its limit (the appliance then exits 70), and what ran before it is what the file is for.
WAYFINDER_BOARDS=$repo/boards CALLGRIND_ARGS="--dump-instr=no --compress-strings=no --demangle=no" \
    "$here/callgrind.sh" "$work/walk.cg" "$binary" run "$repo/deploy/demo.toml" --exit-when-done --fresh \
    --acceleration 300 --log-level warning --control-socket none --state-directory "$work/state" \
    >"$work/walk.log" 2>&1 || true
[ -s "$work/walk.cg" ] || { cat "$work/walk.log" >&2; echo "error: callgrind wrote no profile" >&2; exit 70; }
python3 - "$work/walk.cg" "$(basename "$binary")" "$out" <<'EOF'
import sys
profile, name, out = sys.argv[1:]
# callgrind.sh runs a copy of the binary named .callgrind-NAME.XXXXXX beside it.
mine = '/.callgrind-' + name + '.'
functions, seen, obj = [], set(), ''
with open(profile, errors='replace') as f:
    for line in f:
        if line.startswith('ob='):
            obj = line[3:].strip()
        elif line.startswith('fn=') and mine in obj:
            symbol = line[3:].strip()
            # Code without a symbol is named by its address; it cannot be ordered.
            if symbol and not symbol.startswith('0x') and symbol not in seen:
                seen.add(symbol)
                functions.append(symbol)
if len(functions) < 1000:
    sys.exit(f'error: only {len(functions)} functions of {name} in the profile: did the walk run?')
with open(out, 'w') as f:
    f.write('# The functions the demo walk runs, laid out first by the release link (lld\n'
            '# --symbol-ordering-file; docs/packaging.md). Written by scripts/text-order.sh.\n')
    # Sorted by name: a module's functions come together, and a new profile's file differs from the
    # last one only by the functions that came or went.
    f.write('\n'.join(sorted(functions)) + '\n')
print(f'{out}: {len(functions)} functions')
EOF
