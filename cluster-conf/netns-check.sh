#!/usr/bin/env bash
# Checks one fault case of cluster-conf/netns-cluster.sh against the local runner (docs/cluster.md).
#
#   cluster-conf/netns-check.sh CASE SCENARIO [N] [extra `privsim run` args, e.g. --seed 3]
#
# CASE: none, kill-users, cut-users, cut-curator or heal (cut-users --heal). Runs SCENARIO with the
# local runner, then on an N-node (default 3) namespace cluster with the fault, and checks:
#  * a job that completes (exit 0) wrote a report equal to the local one (scripts/compare-reports.py:
#    every field but runner, wallMillis and placement, and every CSV byte for byte) — with heal, both
#    jobs, and the second placed work on the rejoined node (netns-cluster.sh checks that);
#  * a job that fails exits 1 — allowed for cut-curator only — within 60 s of the fault, with
#    exactly one `error:` line, naming the lost node's address, and no report in its output
#    directory (nothing half-written);
#  * nothing is left behind: no namespace, link or process of the cluster.
# Prints one line `netns-check: CASE SCENARIO: ...` with the exit code, the wall time from the fault
# to the job's end and whether the report equals the local one; exits 0 when every check holds, 1
# otherwise. PRIVSIM_CHECK_LOCAL=DIR compares with an earlier local run's output instead of
# running the local twin again. The namespace script's output is in $PRIVSIM_CHECK_DIR (default: a
# temporary directory, removed unless a check failed).
set -euo pipefail
[ $# -ge 2 ] || { sed -n '4p' "$0" | sed 's/^# //' >&2; exit 2; }
case_="$1"; scenario="$2"; shift 2
n=3
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then n="$1"; shift; fi
case "$case_" in
  none) fault_args=() ;;
  kill-users | cut-users | cut-curator) fault_args=(--fault "$case_") ;;
  heal) fault_args=(--fault cut-users --heal) ;;
  *) echo "error: CASE: expected none, kill-users, cut-users, cut-curator or heal, got '$case_'" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${PRIVSIM_CHECK_DIR:-$(mktemp -d)}"
mkdir -p "$work"
id="$(printf '%04x' $((RANDOM)))"
subnet="10.213.$(( 16#$id % 250 + 1 ))"
# shellcheck source=../scripts/ensure-jar.sh
. "$root/scripts/ensure-jar.sh"
privsim_ensure_jar "$root"
# shellcheck source=../scripts/jvm-options.sh
. "$root/scripts/jvm-options.sh"

failures=()
# The local twin (or PRIVSIM_CHECK_LOCAL: the output directory of an earlier local run of the same
# scenario and arguments, to check several cases against one).
if [ -n "${PRIVSIM_CHECK_LOCAL:-}" ]; then
  [ -s "$PRIVSIM_CHECK_LOCAL/report.json" ] || { echo "error: PRIVSIM_CHECK_LOCAL: no report.json in $PRIVSIM_CHECK_LOCAL" >&2; exit 2; }
  rm -rf "$work/local"
  cp -r "$PRIVSIM_CHECK_LOCAL" "$work/local"
else
  # shellcheck disable=SC2046
  java $(privsim_jvm_options "${PRIVSIM_JAVA_OPTS:-}") -jar "$root/actors/target/privsim.jar" run "$scenario" \
    --out "$work/local" "$@" >"$work/local.log" 2>&1 || { echo "error: the local run failed; see $work/local.log" >&2; exit 1; }
fi

start=$(date +%s%3N)
rc=0
PRIVSIM_NETNS_ID="$id" PRIVSIM_LOG_DIR="$work/logs" "$root/cluster-conf/netns-cluster.sh" "$n" "$scenario" \
  "${fault_args[@]}" --out "$work/cluster" "$@" >"$work/cluster.out" 2>"$work/cluster.err" || rc=$?
end=$(date +%s%3N)
fault_ms="$(sed -n 's/^netns-cluster: fault .* at \([0-9]*\)$/\1/p' "$work/cluster.err" | head -1)"
after="-"
if [ -n "$fault_ms" ]; then
  # The job's end, as the namespace script measured it (before its teardown).
  after="$(sed -n 's/^netns-cluster: job 1 exit .*(\([0-9.]*\) s after the fault)$/\1/p' "$work/cluster.err")"
fi
[ "$case_" = none ] || [ -n "$fault_ms" ] || failures+=("the fault did not strike")

equal="n.a."
compare() {  # compare DIR: DIR's report against the local one
  if python3 "$root/scripts/compare-reports.py" "$work/local" "$1" >"$work/compare.txt" 2>&1; then
    return 0
  fi
  failures+=("$1 differs from the local report: $(head -3 "$work/compare.txt" | tr '\n' ' ')")
  return 1
}
if [ "$rc" = 0 ]; then
  equal=yes
  if [ "$case_" = heal ]; then
    compare "$work/cluster/job-1" || equal=no
    compare "$work/cluster/job-2" || equal=no
  else
    compare "$work/cluster" || equal=no
  fi
elif [ "$rc" = 1 ] && [ "$case_" = cut-curator ]; then
  errors="$(grep -c '^error:' "$work/cluster.err" || true)"
  [ "$errors" = 1 ] || failures+=("$errors error lines instead of one")
  grep '^error:' "$work/cluster.err" | grep -q "$subnet.1:2551" \
    || failures+=("the error line does not name the curator's node $subnet.1:2551")
  [ -n "$after" ] && [ "${after%.*}" -lt 60 ] || failures+=("the job failed ${after} s after the fault, not within 60 s")
  if [ -e "$work/cluster" ] && [ -n "$(ls -A "$work/cluster")" ]; then
    failures+=("the failed job left files in its output directory: $(ls "$work/cluster" | tr '\n' ' ')")
  fi
else
  failures+=("netns-cluster.sh exited $rc")
fi

# Nothing left behind.
if ip netns list | grep -q "^privsim-$id-"; then failures+=("namespaces left: $(ip netns list | grep "^privsim-$id-" | tr '\n' ' ')"); fi
if ip -o link show | grep -q "ps$id"; then failures+=("links left: $(ip -o link show | grep -o "ps$id[a-z0-9]*" | tr '\n' ' ')"); fi
if pgrep -f -- "--host $subnet\." >/dev/null; then failures+=("processes left: $(pgrep -f -- "--host $subnet\." | tr '\n' ' ')"); fi

echo "netns-check: $case_ $scenario: exit $rc, $(( (end - start) / 1000 )) s in all, fault to end ${after:--} s, report equals local: $equal$(
  [ ${#failures[@]} -eq 0 ] && echo ", nothing left behind")"
if [ ${#failures[@]} -gt 0 ]; then
  printf 'netns-check: FAILED: %s\n' "${failures[@]}" >&2
  echo "netns-check: output kept in $work (cluster.err, logs/)" >&2
  exit 1
fi
[ -n "${PRIVSIM_CHECK_DIR:-}" ] || rm -rf "$work"
exit 0
