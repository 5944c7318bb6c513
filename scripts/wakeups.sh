#!/usr/bin/env bash
# Wake-ups and CPU of a running command, for the battery figures in docs/performance.md:
#   scripts/wakeups.sh SECONDS COMMAND [ARGS...]
# Starts COMMAND, lets it settle for 5 s (start-up is not counted), then reads every thread's
# voluntary and involuntary context switches (/proc/PID/task/*/status) and the process's user and
# system CPU time (/proc/PID/stat, fields 14 and 15) before and after SECONDS, prints them per
# second, and stops COMMAND with SIGTERM. A thread that ends within the window takes its switches
# with it, so the figure is a lower bound for short-lived threads.
set -euo pipefail
[[ $# -ge 2 ]] || { echo "usage: $0 SECONDS COMMAND [ARGS...]" >&2; exit 2; }
seconds=$1; shift
"$@" > "${TMPDIR:-/tmp}/wakeups-output.log" 2>&1 &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true' EXIT
sleep 5
kill -0 $pid 2>/dev/null || { echo "$1 exited during start-up; see ${TMPDIR:-/tmp}/wakeups-output.log" >&2; exit 1; }
snapshot() {
    local voluntary=0 involuntary=0 status
    for task in /proc/$pid/task/*; do
        status=$(cat "$task/status" 2>/dev/null) || continue
        voluntary=$((voluntary + $(awk '/^voluntary_ctxt_switches/ {print $2}' <<<"$status")))
        involuntary=$((involuntary + $(awk '/^nonvoluntary_ctxt_switches/ {print $2}' <<<"$status")))
    done
    echo "$voluntary $involuntary $(awk '{print $14 + $15}' /proc/$pid/stat)"
}
read -r v0 n0 t0 < <(snapshot)
sleep "$seconds"
read -r v1 n1 t1 < <(snapshot)
hz=$(getconf CLK_TCK)
awk -v v=$((v1 - v0)) -v n=$((n1 - n0)) -v t=$((t1 - t0)) -v s="$seconds" -v hz="$hz" -v threads="$(ls /proc/$pid/task | wc -l)" \
    'BEGIN { printf "wake-ups %.1f/s (voluntary %.1f, involuntary %.1f), CPU %.2f %% of a core, %d threads, over %d s\n", (v + n) / s, v / s, n / s, 100 * t / hz / s, threads, s }'
