#!/usr/bin/env bash
# One-run audit sweep: runs a scenario whose audits repeat each configuration (bench/one-run/*.yaml:
# every copy plays its own run, seeded by the audit's index) and prints, per configuration
# (algorithm, claimed ε, injected noise multiplier), how many runs were judged violated, the range and
# mean of ε_lower, and the mean guesses and right guesses. Exit 0 whatever the verdicts (it measures),
# 2 on bad arguments, 1 when the run fails for another reason than an unmet expect.
#
# Usage: bench/one-run/sweep.sh SCENARIO [--runner sequential|local] [--out DIR]
#   --out DIR   keep the run's report under DIR (default: a temporary directory, removed); a report
#               already there is read, not run again
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runner=local
out=""
scenario=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runner) runner="${2:?--runner needs a name}"; shift 2 ;;
        --out) out="${2:?--out needs a directory}"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "error: unknown option $1" >&2; exit 2 ;;
        *) [ -z "$scenario" ] || { echo "error: give one scenario" >&2; exit 2; }; scenario="$1"; shift ;;
    esac
done
[ -n "$scenario" ] || { echo "error: give a scenario file" >&2; exit 2; }
command -v jq > /dev/null || { echo "error: jq is needed" >&2; exit 2; }
if [ -z "$out" ]; then
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
fi
if [ ! -f "$out/report.json" ]; then
    start=$(date +%s)
    rc=0
    "$root/privsim" run "$scenario" --runner "$runner" --out "$out" > "$out.log" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
        echo "error: the run failed (exit $rc); see $out.log" >&2
        exit 1
    fi
    echo "wall time $(( $(date +%s) - start )) s for the whole scenario ($runner runner)"
fi
jq -r '.audits | group_by([.algorithm, .claimedEpsilon, (.inject.noiseMultiplier // 1)])[]
    | [.[0].algorithm, .[0].claimedEpsilon, (.[0].inject.noiseMultiplier // 1),
       "\(map(select(.verdict == "violated")) | length)/\(length)",
       (map(.empiricalEpsilonLower) | min * 1000 | round / 1000),
       (map(.empiricalEpsilonLower) | max * 1000 | round / 1000),
       (map(.empiricalEpsilonLower) | add / length * 1000 | round / 1000),
       (map(.guesses) | add / length | round), (map(.correctGuesses) | add / length | round)] | @tsv' \
    "$out/report.json" | (echo -e "algorithm\tclaimed\tnoise\tviolated\tlower-min\tlower-max\tlower-mean\tguesses\tright"; cat) | column -t
