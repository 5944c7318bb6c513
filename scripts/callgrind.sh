#!/bin/sh
# callgrind.sh OUT-FILE COMMAND [ARGS...] - runs COMMAND under valgrind's callgrind, writing the
# profile to OUT-FILE (/dev/null for the count alone), and prints the instruction count.
#
# Two workarounds make valgrind 3.19 (Debian 12's) run our binaries:
# - libdispatch passes sigsuspend() a read-only mask, which crashes valgrind: the shim in
#   scripts/valgrind-sigsuspend.c, built here into ~/.cache/wayfinder, is preloaded;
# - valgrind gives up on the DWARF 5 of SwiftPM's release build: COMMAND is run from a copy without
#   debug sections beside the original (so it finds boards/ as the original would; its symbol table
#   stays, so callgrind_annotate names functions).
# Example: the start-up to READY=1, annotated by function:
#   scripts/until-ready.py scripts/callgrind.sh /tmp/startup.cg .build/release/wayfinder run \
#       --config deploy/demo.toml --fresh --state-directory /tmp/state
#   callgrind_annotate --inclusive=yes /tmp/startup.cg | head -40
# CALLGRIND_ARGS adds valgrind options. To count the start-up to READY=1 alone, dump the profile when
# the notifier is first entered (a build with its symbols, not the package's stripped binary): the
# first part, /tmp/startup.cg.1, ends at READY=1.
#   CALLGRIND_ARGS='--dump-before=$s8Platform15SystemdNotifierV4sendys5Int32VSgSSF' scripts/until-ready.py ...
set -eu
[ $# -ge 2 ] || { sed -n '2,3s/^# //p' "$0" >&2; exit 64; }
out=$1
shift
command -v valgrind >/dev/null 2>&1 || { echo "error: valgrind is not installed (Debian: apt-get install valgrind)" >&2; exit 69; }
command -v gcc >/dev/null 2>&1 || { echo "error: gcc is needed to build the valgrind shim (Debian: apt-get install gcc)" >&2; exit 69; }
here=$(cd "$(dirname "$0")" && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/wayfinder
mkdir -p "$cache"
shim=$cache/valgrind-sigsuspend.so
if [ ! -f "$shim" ] || [ "$here/valgrind-sigsuspend.c" -nt "$shim" ]; then
    gcc -shared -fPIC -O2 -o "$shim" "$here/valgrind-sigsuspend.c" -ldl
fi
program=$1
shift
if command -v "$program" >/dev/null 2>&1; then program=$(command -v "$program"); fi
copy=$(mktemp "$(dirname "$program")/.callgrind-$(basename "$program").XXXXXX")
log=$(mktemp "${TMPDIR:-/tmp}/callgrind-log.XXXXXX")
trap 'rm -f "$copy" "$log"' EXIT
objcopy --strip-debug "$program" "$copy"
chmod +x "$copy"
# In the background, so a SIGTERM to this script (until-ready.py's, systemctl's) reaches the program.
LD_PRELOAD=$shim valgrind --tool=callgrind ${CALLGRIND_ARGS:-} --callgrind-out-file="$out" --log-file="$log" "$copy" "$@" &
child=$!
signalled=0
trap 'signalled=1; kill -TERM "$child" 2>/dev/null || true' TERM INT
status=0
wait "$child" || status=$?
# A trapped signal ends the first wait early, before the program is reaped: wait again for its own
# status (and for every further signal, which the trap passes on).
while [ "$signalled" = 1 ]; do
    signalled=0
    # 127: the program had already been reaped; its status is the one the first wait returned.
    if wait "$child"; then status=0; else code=$?; [ "$code" -eq 127 ] || status=$code; fi
done
count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log" | tail -1)
if [ -z "$count" ]; then
    echo "error: callgrind did not finish; its log:" >&2
    tail -20 "$log" >&2
    exit 70
fi
echo "callgrind: $count instructions" >&2
exit "$status"
