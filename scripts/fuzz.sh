#!/usr/bin/env bash
# `make fuzz`: builds the fuzz targets with libFuzzer and AddressSanitizer (a release build of its own in
# .build/fuzz) and runs each for FUZZ_SECONDS, starting from its committed seeds
# (Tests/FuzzingTests/Corpus/<target>) plus what earlier runs on this machine found (.build/fuzz/corpus).
# Prints one line per target (executions, coverage, crashes) and exits non-zero when any target
# crashed or broke a property; each such input is saved under .build/fuzz/crashes/<target>/.
#
#   FUZZ_SECONDS=600 make fuzz                      every target for ten minutes
#   FUZZ_TARGETS="nmea-stream gpx" make fuzz         only these
#   FUZZ_JOBS=2 FUZZ_SECONDS=3600 make fuzz          two processes (libFuzzer -fork), an hour a target
#
# docs/fuzzing.md says how to turn a crash into a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-30}
JOBS=${FUZZ_JOBS:-1}
BUILD=.build/fuzz
BIN=$BUILD/release/wayfinder-fuzz
SEEDS=Tests/FuzzingTests/Corpus

# swiftc's -sanitize=fuzzer links libFuzzer but adds no coverage instrumentation of its own; the
# counters and comparison tracing libFuzzer steers by are asked for explicitly.
$SWIFT build -c release --build-path "$BUILD" --product wayfinder-fuzz \
  --sanitize=fuzzer --sanitize=address -Xswiftc -DFUZZING \
  -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table

# The Swift runtime's own crash handler would attach to the dying process and hold it; libFuzzer
# reports the crash itself. Leak checking is off: the Swift runtime keeps metadata for the whole run.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:handle_abort=1:allocator_may_return_null=1}

mapfile -t TARGETS < <(WAYFINDER_FUZZ_TARGET=list "$BIN" | cut -f1,2)
failed=0
total_runs=0
printf '%-18s %10s %8s %6s  %s\n' target executions edges corpus result
for line in "${TARGETS[@]}"; do
  name=${line%%$'\t'*}
  max_len=${line##*$'\t'}
  if [ -n "${FUZZ_TARGETS:-}" ] && [[ " $FUZZ_TARGETS " != *" $name "* ]]; then continue; fi
  corpus=$BUILD/corpus/$name
  crashes=$BUILD/crashes/$name
  log=$BUILD/logs/$name.log
  mkdir -p "$corpus" "$crashes" "$(dirname "$log")"
  set +e
  parallel=()
  if [ "$JOBS" -gt 1 ]; then parallel=(-fork="$JOBS"); fi
  WAYFINDER_FUZZ_TARGET=$name "$BIN" -max_total_time="$SECONDS_PER_TARGET" -max_len="$max_len" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "${parallel[@]}" \
    -artifact_prefix="$crashes/" "$corpus" "$SEEDS/$name" >"$log" 2>&1
  status=$?
  set -e
  runs=$(grep -ho 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s += $2} END {print s + 0}')
  edges=$(grep -E '^#[0-9]+' "$log" | grep -o 'cov: [0-9]*' | tail -1 | awk '{print $2}')
  units=$(find "$corpus" -type f | wc -l)
  total_runs=$((total_runs + runs))
  if [ "$status" -eq 0 ]; then
    result=ok
  else
    failed=1
    artifact=$(grep -ho "Test unit written to [^ ]*" "$log" | tail -1 | sed 's/Test unit written to //')
    reason=$(grep -hE "Fatal error|ERROR: (AddressSanitizer|libFuzzer)" "$log" | head -1 | cut -c1-160 || true)
    result="FAILED: ${reason:-exit $status} ${artifact:+(input: $artifact)}"
  fi
  printf '%-18s %10s %8s %6s  %s\n' "$name" "$runs" "${edges:-?}" "$units" "$result"
done
echo "fuzzing: $total_runs executions in all, $SECONDS_PER_TARGET s a target; logs in $BUILD/logs"
if [ "$failed" -ne 0 ]; then
  echo "error: a target crashed or broke a property. Reproduce with: swift build --product wayfinder-fuzz &&"
  echo "       .build/debug/wayfinder-fuzz TARGET INPUT   (then see docs/fuzzing.md, \"A crash\")"
fi
exit "$failed"
