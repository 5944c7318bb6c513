#!/bin/sh
# Instructions per touch event through the gesture pipeline (budget 2 000).
# Runs the benchmark's small mode under callgrind twice, driving the same trace once and twice, so the
# difference is the pipeline's work alone (start-up and trace generation cancel out).
#   scripts/gesture-callgrind.sh [BENCHMARK_BINARY] [EVENTS]
# The binary defaults to the release build: swift build -c release --product WayfinderBenchmarks
# Needs valgrind (Debian: apt-get install valgrind).
set -eu
BIN=${1:-.build/release/WayfinderBenchmarks}
EVENTS=${2:-20000}
command -v valgrind >/dev/null 2>&1 || { echo "error: valgrind is not installed (Debian: apt-get install valgrind)"; exit 1; }
[ -x "$BIN" ] || { echo "error: $BIN is not built (swift build -c release --product WayfinderBenchmarks)"; exit 1; }
# Valgrind 3.19 gives up on the DWARF of SwiftPM's release build ("possibly corrupted debuginfo"),
# so it runs a copy without debug sections; the instruction count does not need symbols.
RUN=$(mktemp /tmp/gesture-callgrind.XXXXXX)
trap 'rm -f "$RUN"' EXIT
objcopy --strip-debug "$BIN" "$RUN"
collected() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$RUN" gestures "$EVENTS" "$1" "$2" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for layout in all split; do
    once=$(collected 1 "$layout")
    twice=$(collected 2 "$layout")
    [ -n "$once" ] && [ -n "$twice" ] || { echo "error: callgrind did not run; try: valgrind --tool=callgrind $RUN gestures $EVENTS 1 $layout"; exit 1; }
    events=$("$BIN" gestures "$EVENTS" 1 "$layout" | sed -n 's/^events \([0-9]*\) .*/\1/p')
    echo "gesture pipeline ($layout): $(( (twice - once) / events )) instructions per event ($events events, 8 recognizers)"
done
