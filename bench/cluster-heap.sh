#!/usr/bin/env bash
# Peak live heap of every JVM of a loopback cluster run, sampled while the run lasts.
#
#   bench/cluster-heap.sh N SCENARIO [INTERVAL_SECONDS]
#
# Runs `cluster-conf/start-local-cluster.sh N SCENARIO --out DIR` (the environment passes through:
# PRIVSIM_JAVA_OPTS, PRIVSIM_NODE_JAVA_OPTS, PRIVSIM_TLS …) and, every INTERVAL_SECONDS (default 3),
# asks each of its JVMs for its live heap: the total of `jcmd PID GC.class_histogram`, which runs a
# full collection first, so the figure is the bytes reachable then (not the collector's used heap).
# Prints, per JVM, its role (node PORT or submitter) and peak live heap in MB, then the wall time,
# and leaves the report in DIR (a temporary folder, printed). Full collections every few seconds slow
# the run: time it without this script.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '4p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
n="$1"; scenario="$2"; interval="${3:-3}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(mktemp -d)"
peaks="$out/peaks"
: >"$peaks"
start=$(date +%s.%N)
"$root/cluster-conf/start-local-cluster.sh" "$n" "$scenario" --out "$out/report" >"$out/run.log" 2>&1 &
script=$!
while kill -0 "$script" 2>/dev/null; do
  for pid in $(pgrep -f "privsim.jar" || true); do
    [ -r "/proc/$pid/cmdline" ] || continue
    args="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true)"
    case "$args" in *" node"*|*" run "*"--runner cluster"*) ;; *) continue ;; esac
    live=$(jcmd "$pid" GC.class_histogram 2>/dev/null | awk '/^Total/ { print $3 }')
    [ -n "$live" ] || continue
    port=$(tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | sed -n 's/^PRIVSIM_PORT=//p' || true)
    echo "${port:-submitter} $live" >>"$peaks"
  done
  sleep "$interval"
done
wait "$script" && status=0 || status=$?
end=$(date +%s.%N)
awk '{ if ($2 > max[$1]) max[$1] = $2 } END { for (k in max) printf "%s peak live heap %.0f MB\n", (k == "submitter" ? "submitter" : "node " k), max[k] / 1048576 }' "$peaks" | sort
awk -v a="$start" -v b="$end" 'BEGIN { printf "wall %.1f s (sampling included)\n", b - a }'
echo "report: $out/report (run log: $out/run.log)"
exit "$status"
