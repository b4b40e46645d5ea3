#!/usr/bin/env bash
# False-alarm sweep: runs each given audit scenario with seeds 1..N (`privsim run --seed S`,
# sequential runner unless --runner says otherwise; one run at a time) and counts, per audit, how
# often it was judged violated. For an audit with `expect: consistent` every violated seed is a false
# alarm; for `expect: violated` every other verdict is a miss. Prints one line per audit:
#   scenario  audit  algorithm  threat-model  inject  expect  violated/N  ε_lower min–max
# and a last line with the total false alarms. Exit 0 whatever the counts (the sweep measures; it
# does not judge), 2 on bad arguments, 1 when a run fails for another reason than an unmet expect.
#
# Usage: scripts/false-alarm-sweep.sh SCENARIO... [--seeds N|A..B] [--runner sequential|local] [--keep DIR]
#   --seeds N     seeds 1..N (default 20); A..B: seeds A to B
#   --keep DIR    keep every run's output under DIR/<scenario>/seed-S (default: a temporary directory,
#                 removed); a seed whose report is already there is read, not run again (resume a sweep,
#                 or split one across processes with A..B and summarise it with the whole range)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seeds=20
runner=sequential
keep=""
scenarios=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seeds) seeds="${2:?--seeds needs a number}"; shift 2 ;;
        --runner) runner="${2:?--runner needs a name}"; shift 2 ;;
        --keep) keep="${2:?--keep needs a directory}"; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "error: unknown option $1" >&2; exit 2 ;;
        *) scenarios+=("$1"); shift ;;
    esac
done
if [ ${#scenarios[@]} -eq 0 ]; then
    echo "error: give at least one scenario file" >&2
    exit 2
fi
if [[ "$seeds" =~ ^[1-9][0-9]*$ ]]; then
    first=1
    last="$seeds"
elif [[ "$seeds" =~ ^([1-9][0-9]*)\.\.([1-9][0-9]*)$ ]] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ]; then
    first="${BASH_REMATCH[1]}"
    last="${BASH_REMATCH[2]}"
else
    echo "error: --seeds: expected a positive integer N or a range A..B with A <= B, got $seeds" >&2
    exit 2
fi
for s in "${scenarios[@]}"; do
    [ -f "$s" ] || { echo "error: $s: no such scenario file" >&2; exit 2; }
done
command -v jq >/dev/null || { echo "error: jq is needed to read report.json" >&2; exit 2; }
if [ -n "$keep" ]; then
    work="$keep"
    mkdir -p "$work"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
total=0
for scenario in "${scenarios[@]}"; do
    name="$(basename "$scenario")"
    name="${name%.*}"
    rows="$work/$name.rows"
    : > "$rows"
    for seed in $(seq "$first" "$last"); do
        out="$work/$name/seed-$seed"
        mkdir -p "$work/$name"
        rc=0
        if [ -f "$out/report.json" ]; then
            echo "  $name seed $seed: reading the report already in $out" >&2
        else
            "$root/privsim" run "$scenario" --seed "$seed" --runner "$runner" --out "$out" > "$out.log" 2>&1 || rc=$?
        fi
        if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
            echo "error: $scenario --seed $seed exited $rc (log: $out.log)" >&2
            exit 1
        fi
        if [ ! -f "$out/report.json" ]; then
            echo "error: $scenario --seed $seed wrote no report (log: $out.log)" >&2
            exit 1
        fi
        jq -r '.audits[] | [.audit, .algorithm, .threatModel,
                (if .inject == null then "-" else (.inject | to_entries | map(select(.value != false and .value != 1 and .value != 1.0)) | map("\(.key)=\(.value)") | join(",")) end),
                (.expect // "-"), .verdict, .empiricalEpsilonLower] | @tsv' "$out/report.json" >> "$rows"
        echo "  $name seed $seed done" >&2
    done
    # one line per audit: violated count and the range of ε_lower over the seeds
    awk -F'\t' -v scenario="$name" -v n="$((last - first + 1))" '
        { key = $1; alg[key] = $2; tm[key] = $3; inj[key] = $4; expect[key] = $5
          if ($6 == "violated") viol[key]++
          e = $7 + 0; if (!(key in lo) || e < lo[key]) lo[key] = e; if (!(key in hi) || e > hi[key]) hi[key] = e
          if (!(key in seen)) { seen[key] = 1; order[++count] = key } }
        END { for (i = 1; i <= count; i++) { k = order[i]
                printf "%-28s %3s %-24s %-13s %-26s %-11s %3d/%-3d eps_lower %.3f-%.3f\n", scenario, k, alg[k], tm[k],
                       inj[k] == "" ? "-" : inj[k], expect[k], viol[k] + 0, n, lo[k], hi[k]
              } }' "$rows"
    total=$((total + $(awk -F'\t' '$5 == "consistent" && $6 == "violated"' "$rows" | wc -l)))
done
echo "false alarms (violated audits with expect: consistent), all scenarios: $total"
