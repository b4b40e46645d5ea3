#!/usr/bin/env bash
# Runs every bundled scenario on the jar of a previous commit and on the working tree's jar and
# compares the reports: a refactor that changes a result is a bug until explained.
#
#   scripts/compare-reports.sh BASE_REF [--runners local,sequential] [--only GLOB] [--keep DIR] [--exact]
#
# BASE_REF is any commit (e.g. the commit before a refactor began). Its jar is built once in a
# temporary worktree and cached under ${PRIVSIM_COMPARE_CACHE:-$HOME/.cache/privsim-compare}/<sha>.jar.
# The scenarios are scenarios/*.yaml, bench/*.yaml and, when data/mlmrev holds the exported
# data sets (scripts/datasets/mlmrev.sh), scenarios/real/*.yaml (movielens.yaml only when
# scripts/datasets/movielens.sh wrote data/movielens); --only keeps those whose path
# matches GLOB (e.g. '*liang*'). The base jar runs each with the local runner; the new jar runs
# each with every runner of --runners (default local,sequential). Every field of the base
# report.json must appear in the new one with an equal value (new fields may be added), except
# `runner` and `wallMillis`; the new runners' reports must also equal each other (and their
# releases.jsonl and privacy-events.json too), and so must every column of every CSV file the base
# run wrote (new columns may be added). With --exact (a refactor that must not change any output),
# every file must also be byte-identical (report.html but for its runner, wall time and written
# rows; PNG plots included) and the results tables printed on stdout equal.
# Prints one line per scenario and runner (`same` or the first
# differences; `new` for a scenario the base jar refuses as invalid, e.g. one using an algorithm it
# does not have) and exits 1 when any differs or fails, 0 otherwise.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 1 ] || usage
base_ref="$1"; shift
runners="local,sequential"; only="*"; keep=""; exact=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runners) runners="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    --exact) exact="--exact"; shift ;;
    *) usage ;;
  esac
done

sha="$(git -C "$root" rev-parse --verify "$base_ref^{commit}")"
cache="${PRIVSIM_COMPARE_CACHE:-$HOME/.cache/privsim-compare}"
mkdir -p "$cache"
base_jar="$cache/$sha.jar"
if [ ! -f "$base_jar" ]; then
  tree="$(mktemp -d)"
  echo "building the jar of $base_ref ($sha) ..." >&2
  git -C "$root" worktree add -q --detach "$tree/src" "$sha"
  (cd "$tree/src" && mvn -B -q -o -Dstyle.color=never -DskipTests package >&2) || \
    (cd "$tree/src" && mvn -B -q -Dstyle.color=never -DskipTests package >&2)
  cp "$tree/src/actors/target/privsim.jar" "$base_jar"
  git -C "$root" worktree remove --force "$tree/src"
  rm -rf "$tree"
fi
# shellcheck source=scripts/ensure-jar.sh
. "$root/scripts/ensure-jar.sh"
privsim_ensure_jar "$root"
new_jar="$root/actors/target/privsim.jar"
# shellcheck source=scripts/jvm-options.sh
. "$root/scripts/jvm-options.sh"
opts="$(privsim_jvm_options "${PRIVSIM_JAVA_OPTS:-}")"

work="${keep:-$(mktemp -d)}"
mkdir -p "$work"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT

scenarios=()
for f in "$root"/scenarios/*.yaml "$root"/bench/*.yaml; do scenarios+=("$f"); done
[ -f "$root/data/mlmrev/exam.csv" ] || \
  echo "note: data/mlmrev is missing (scripts/datasets/mlmrev.sh): its scenarios/real/ files not compared" >&2
[ -f "$root/data/movielens/movielens.csv" ] || \
  echo "note: data/movielens is missing (scripts/datasets/movielens.sh): scenarios/real/movielens.yaml not compared" >&2
for f in "$root"/scenarios/real/*.yaml; do
  case "$f" in
    */movielens.yaml) [ ! -f "$root/data/movielens/movielens.csv" ] || scenarios+=("$f") ;;
    *) [ ! -f "$root/data/mlmrev/exam.csv" ] || scenarios+=("$f") ;;
  esac
done

run() { # jar scenario outdir runner
  local rel="${2#"$root"/}"
  # shellcheck disable=SC2086 # the options are words
  echo 0 >"$3.rc"
  (cd "$root" && java $opts -jar "$1" run "$rel" --out "$3" --runner "$4" >"$3.out" 2>"$3.log") || {
    local rc=$?
    echo "$rc" >"$3.rc"
    # exit 1 with a report is an audit whose expectation failed: still a result to compare
    [ "$rc" -eq 1 ] && [ -f "$3/report.json" ] && return 0
    [ "$rc" -eq 2 ] && [ "$4" = local ] && [ "$1" != "$new_jar" ] && return 1
    echo "  run failed (exit $rc): $1 $rel --runner $4; see $3.log" >&2; tail -3 "$3.log" >&2; return 1
  }
}

status=0
for scenario in "${scenarios[@]}"; do
  rel="${scenario#"$root"/}"
  # shellcheck disable=SC2053 # glob match intended
  [[ "$rel" == $only ]] || continue
  name="$(echo "$rel" | tr '/' '_' | sed 's/\.yaml$//')"
  start=$(date +%s)
  if ! run "$base_jar" "$scenario" "$work/$name.base" local; then
    if [ "$(cat "$work/$name.base.rc")" = 2 ]; then
      echo "new        $rel (invalid for the base jar: nothing to compare)"
    else
      status=1
    fi
    continue
  fi
  base_secs=$(( $(date +%s) - start ))
  first=""
  IFS=',' read -ra rs <<<"$runners"
  for r in "${rs[@]}"; do
    start=$(date +%s)
    if ! run "$new_jar" "$scenario" "$work/$name.$r" "$r"; then status=1; continue; fi
    secs=$(( $(date +%s) - start ))
    if python3 "$root/scripts/compare-reports.py" $exact "$work/$name.base" "$work/$name.$r" \
        ${first:+"$work/$name.$first"} >"$work/$name.$r.diff"; then
      echo "same       $rel [$r] (base ${base_secs}s, new ${secs}s)"
    else
      echo "DIFFERENT  $rel [$r]"; head -20 "$work/$name.$r.diff" | sed 's/^/    /'; status=1
    fi
    first="${first:-$r}"
  done
done
exit $status
