#!/usr/bin/env bash
# Wake-ups and CPU of a running command, for the battery figures in docs/performance.md:
#   scripts/wakeups.sh SECONDS COMMAND [ARGS...]
# Starts COMMAND, lets it settle for 5 s (start-up is not counted), then reads every thread's
# voluntary and involuntary context switches (/proc/PID/task/*/status) once a second for SECONDS,
# and the process's user and system CPU time (/proc/PID/stat, fields 14 and 15) at both ends, prints
# them per second, and stops COMMAND with SIGTERM. A thread that ends within the window counts up to
# its last sample, so a figure is short by at most a second of such a thread; one that starts within
# it counts from zero.
set -euo pipefail
[[ $# -ge 2 ]] || { echo "usage: $0 SECONDS COMMAND [ARGS...]" >&2; exit 2; }
seconds=$1; shift
"$@" > "${TMPDIR:-/tmp}/wakeups-output.log" 2>&1 &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true' EXIT
sleep 5
kill -0 $pid 2>/dev/null || { echo "$1 exited during start-up; see ${TMPDIR:-/tmp}/wakeups-output.log" >&2; exit 1; }
# Per thread id: the voluntary and involuntary switches first and last seen.
declare -A first_v first_n last_v last_n
sample() {
    local task tid status v n
    for task in /proc/$pid/task/*; do
        status=$(cat "$task/status" 2>/dev/null) || continue
        tid=${task##*/}
        v=$(awk '/^voluntary_ctxt_switches/ {print $2}' <<<"$status")
        n=$(awk '/^nonvoluntary_ctxt_switches/ {print $2}' <<<"$status")
        [[ -n $v && -n $n ]] || continue
        last_v[$tid]=$v last_n[$tid]=$n
        if [[ $1 == first ]]; then first_v[$tid]=$v first_n[$tid]=$n; fi
    done
}
cpu() { awk '{print $14 + $15}' /proc/$pid/stat; }
sample first
t0=$(cpu)
for ((i = 0; i < seconds; i++)); do
    sleep 1
    sample later
done
t1=$(cpu)
v=0 n=0
for tid in "${!last_v[@]}"; do
    v=$((v + last_v[$tid] - ${first_v[$tid]:-0}))
    n=$((n + last_n[$tid] - ${first_n[$tid]:-0}))
done
hz=$(getconf CLK_TCK)
awk -v v="$v" -v n="$n" -v t=$((t1 - t0)) -v s="$seconds" -v hz="$hz" -v threads="$(ls /proc/$pid/task | wc -l)" -v seen="${#last_v[@]}" \
    'BEGIN { printf "wake-ups %.1f/s (voluntary %.1f, involuntary %.1f), CPU %.2f %% of a core, %d threads (%d seen), over %d s\n", (v + n) / s, v / s, n / s, 100 * t / hz / s, threads, seen, s }'
