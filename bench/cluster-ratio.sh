#!/usr/bin/env bash
# Whole-process wall time of the 3-node loopback cluster against the local runner, alternated:
#
#   bench/cluster-ratio.sh [PAIRS] [SCENARIO]     (defaults: 4, scenarios/cluster-50k.yaml)
#
# Each pair runs `cluster-conf/start-local-cluster.sh 3 SCENARIO` then `./privsim run SCENARIO`
# (the local runner), each timed from launch to exit; the jar and the class archive are made
# first, untimed. Prints every pair, the mean of each side, the ratio of the means and the pairs'
# range, and exits 1 if a cluster report differs from the local one in anything but `runner`,
# `wallMillis` and `placement` (which only cluster reports carry). The machine should be otherwise idle: this is what bench/RESULTS.md reports.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pairs="${1:-4}"
scenario="${2:-$root/scenarios/cluster-50k.yaml}"
[[ "$pairs" =~ ^[1-9][0-9]*$ ]] || { echo "error: PAIRS: must be a positive integer, got '$pairs'" >&2; exit 2; }
[ -f "$scenario" ] || { echo "error: SCENARIO: no such file: $scenario" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$root/privsim" --version >/dev/null
now() { date +%s.%N; }
cluster=() local_=()
for ((i = 1; i <= pairs; i++)); do
  t0=$(now)
  PRIVSIM_LOG_DIR="$work/logs-$i" "$root/cluster-conf/start-local-cluster.sh" 3 "$scenario" --out "$work/cluster-$i" \
    >"$work/cluster-$i.out" 2>&1 || { echo "error: cluster run $i failed:" >&2; tail -n 20 "$work/cluster-$i.out" >&2; exit 1; }
  t1=$(now)
  "$root/privsim" run "$scenario" --out "$work/local-$i" >"$work/local-$i.out" 2>&1 \
    || { echo "error: local run $i failed:" >&2; tail -n 20 "$work/local-$i.out" >&2; exit 1; }
  t2=$(now)
  cluster+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')")
  local_+=("$(awk -v a="$t1" -v b="$t2" 'BEGIN { print b - a }')")
  awk -v i="$i" -v c="${cluster[-1]}" -v l="${local_[-1]}" \
    'BEGIN { printf "pair %d: cluster %.2f s, local %.2f s, ratio %.2f\n", i, c, l, c / l }'
done
python3 - "$work" "$pairs" "${cluster[*]}" "${local_[*]}" <<'PY'
import json, sys
work, pairs = sys.argv[1], int(sys.argv[2])
c = [float(x) for x in sys.argv[3].split()]; l = [float(x) for x in sys.argv[4].split()]
ratios = [a / b for a, b in zip(c, l)]
print(f"mean: cluster {sum(c)/pairs:.2f} s, local {sum(l)/pairs:.2f} s, ratio of means {sum(c)/sum(l):.2f}"
      f" (pairs {min(ratios):.2f}-{max(ratios):.2f})")
def load(d):
    r = json.load(open(f"{work}/{d}/report.json"))
    r.pop("runner"); r.pop("wallMillis"); r.pop("placement", None)  # placement: cluster reports only
    return r
unequal = [i for i in range(1, pairs + 1) if load(f"cluster-{i}") != load(f"local-{i}")]
if unequal:
    print(f"error: the cluster report of pair(s) {unequal} differs from the local one", file=sys.stderr)
    sys.exit(1)
print("reports equal (but runner, wallMillis, placement)")
PY
