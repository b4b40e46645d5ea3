#!/usr/bin/env bash
# Start an N-node privsim cluster on this host (127.0.0.1), run one scenario on it, stop every node.
#
#   cluster-conf/start-local-cluster.sh N SCENARIO [extra `privsim run` args, e.g. --out DIR --seed 3]
#
# The N users nodes are N JVMs: N-1 `privsim node` processes and the submitter,
#   privsim run SCENARIO --runner cluster --seed-nodes 127.0.0.1:<base> --roles users,adversary [extra args],
# which hosts its share of the users while the run lasts (with N = 1: one node and a bare
# submitter). Node i (i = 1..N-1, or 1 when N = 1) listens on port PRIVSIM_BASE_PORT+i-1 (default
# base 2551), the submitter on any free port. Node 1 has the roles curator,users,adversary and is
# the seed node every member joins; the others have users,adversary. Each node logs to
# $PRIVSIM_LOG_DIR/node-<port>.log (default out/cluster-logs, relative to the current directory);
# the submitter writes its progress and result to this terminal as `privsim run` does. All start
# together: no member is Up before all N users nodes joined
# (pekko.cluster.role.users.min-nr-of-members = N), so the submitter submits, and the shards are
# spread, only over the whole cluster. The script exits with that run's exit code (0 ok, 1 failure,
# 2 invalid input), or 1 when a node exits or does not start within PRIVSIM_START_TIMEOUT. The
# submitter leaves by itself once it has the report (handing its shards off), and once the seed
# node has removed it the nodes leave too: SIGTERM (graceful leave) to every node but the seed, then
# to the seed once it has removed them; every process the script started is stopped the same way on
# exit, Ctrl-C or SIGTERM, and SIGKILLed if it still runs PRIVSIM_STOP_TIMEOUT seconds (default 20)
# after the stop began.
#
# Environment: PRIVSIM_BASE_PORT (2551), PRIVSIM_LOG_DIR (out/cluster-logs), PRIVSIM_START_TIMEOUT
# (seconds to wait for the nodes, 120), PRIVSIM_STOP_TIMEOUT (20), PRIVSIM_JAVA_OPTS (JVM options
# of the submitter and, unless PRIVSIM_NODE_JAVA_OPTS is set, of every node; both after the
# defaults of scripts/jvm-options.sh for JVMs that share the machine: its collector and Vector API
# module, not the single-process initial heap; all after -XX:ParallelGCThreads=<cores / N, at least
# 1>, and a bare submitter's also after -XX:TieredStopAtLevel=1),
# PRIVSIM_CLASS_ARCHIVE (off: no class archive; by default every JVM maps the one
# scripts/jvm-options.sh records once per build), PRIVSIM_TLS (on: Artery over TLS with mutual
# authentication, with material cluster-conf/make-tls.sh makes for this cluster in a temporary
# directory removed on exit — the default; off: plain TCP), PRIVSIM_TLS_DIR (TLS material to use
# instead of making one).
set -euo pipefail

usage() { echo "usage: $0 N SCENARIO [privsim run args...]" >&2; exit 2; }
[ $# -ge 2 ] || usage
n="$1"; scenario="$2"; shift 2
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "error: N: must be a positive integer, got '$n'" >&2; exit 2; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/actors/target/privsim.jar"
base="${PRIVSIM_BASE_PORT:-2551}"
[[ "$base" =~ ^[0-9]+$ ]] && [ "$base" -ge 1 ] && [ $((base + n - 1)) -le 65535 ] \
  || { echo "error: PRIVSIM_BASE_PORT: ports $base..$((base + n - 1)) are not all in 1..65535" >&2; exit 2; }
log_dir="${PRIVSIM_LOG_DIR:-out/cluster-logs}"
start_timeout="${PRIVSIM_START_TIMEOUT:-120}"
stop_timeout="${PRIVSIM_STOP_TIMEOUT:-20}"
# Build the jar the way the ./privsim launcher does (only when missing or older than the sources).
# shellcheck source=../scripts/ensure-jar.sh
. "$root/scripts/ensure-jar.sh"
privsim_ensure_jar "$root"
# shellcheck source=../scripts/jvm-options.sh
. "$root/scripts/jvm-options.sh"
archive="$(privsim_class_archive "$root")"
# JVMs that share the cores share the collector's threads too: cores / N each, at least one (the
# JVM's default is one per core), so a young collection's stop-the-world does not wait for a GC
# thread the other JVMs keep off the cores. cluster-50k on 3 nodes and 2 cores, 6 alternated
# pairs: 18.2 s mean with one GC thread per JVM against 19.5 s with two, 5 pairs of 6 faster.
gc_threads=$(( $(nproc 2>/dev/null || echo 1) / n ))
[ "$gc_threads" -ge 1 ] || gc_threads=1
shared_opts="$archive -XX:ParallelGCThreads=$gc_threads"
node_java_opts="$shared_opts $(privsim_jvm_options "${PRIVSIM_NODE_JAVA_OPTS:-${PRIVSIM_JAVA_OPTS:-}}" shared)"
if [ "$n" -ge 2 ]; then
  # The submitter is the N-th users node: a fourth JVM for three nodes cost its start (~2 s of
  # CPU with the class archive) and its compilers on two cores — scenarios/cluster-50k.yaml on
  # 2 nodes + a bare submitter took 21 s, on 3 nodes + a bare submitter 25 s.
  nodes=$((n - 1))
  java_opts="$shared_opts -Dpekko.cluster.role.users.min-nr-of-members=$n $(privsim_jvm_options "${PRIVSIM_JAVA_OPTS:-}" shared)"
  submitter_roles=(--roles users,adversary)
else
  # A bare submitter only joins, waits and writes the report: C1 alone compiles what it runs.
  nodes=1
  java_opts="$shared_opts -XX:TieredStopAtLevel=1 $(privsim_jvm_options "${PRIVSIM_JAVA_OPTS:-}" shared)"
  submitter_roles=()
fi
seed="127.0.0.1:$base"
tls="${PRIVSIM_TLS:-on}"
case "$tls" in on | off) ;; *) echo "error: PRIVSIM_TLS: expected on or off, got '$tls'" >&2; exit 2 ;; esac


# Refuse ports that something already listens on (a node would fail to bind and exit).
port_in_use() {
  if command -v ss >/dev/null 2>&1; then
    ss -Htln "sport = :$1" 2>/dev/null | grep -q .
  else
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
  fi
}
for ((i = 0; i < nodes; i++)); do
  port=$((base + i))
  if port_in_use "$port"; then
    echo "error: port $port on 127.0.0.1 is already in use (another privsim node?); stop it or set PRIVSIM_BASE_PORT" >&2
    exit 1
  fi
done

pids=()      # every process this script started: nodes, then the submitter
stopping=0
stop_all() {
  [ "$stopping" = 1 ] && return 0
  stopping=1
  [ ${#pids[@]} -eq 0 ] && return 0
  local deadline pid
  deadline=$((SECONDS + stop_timeout))
  # Every node but the seed first, then the seed: the seed is the oldest node and hosts the
  # singletons (scenario curator, shard coordinator), which hand over to the next-oldest node when
  # their node leaves — to a node that is itself leaving, if all leave at once, and the hand-over
  # then retries until Pekko's cluster-exiting phase times out (10 s).
  stop_pids "$deadline" "${pids[@]:1}"
  stop_pids "$deadline" "${pids[0]}"
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
# The seed's log line saying the leader removed the member at 127.0.0.1:PORT (it left for good).
removed_from_seed() {
  grep -q "Leader is removing confirmed Exiting node \[pekko://privsim@127.0.0.1:$1\]" "$log_dir/node-$base.log" 2>/dev/null
}
# shellcheck source=scripts/stop-pids.sh
. "$root/scripts/stop-pids.sh"
stop_pids_label=start-local-cluster
tls_made=""
cleanup() {
  # In a trap a bare `return` returns the status before the trap, which errexit would turn into the
  # end of the cleanup: no errexit here.
  set +e
  stop_all
  [ -n "$tls_made" ] && rm -rf "$tls_made"
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Every JVM reads the cluster's TLS material through -Dprivsim.tls.dir (cluster-conf/cluster.conf).
if [ "$tls" = on ]; then
  tls_dir="${PRIVSIM_TLS_DIR:-}"
  if [ -z "$tls_dir" ]; then
    tls_made="$(mktemp -d)"
    tls_dir="$tls_made/tls"
    "$root/cluster-conf/make-tls.sh" "$tls_dir" >/dev/null
  fi
  node_java_opts="$node_java_opts -Dprivsim.tls.dir=$tls_dir"
  java_opts="$java_opts -Dprivsim.tls.dir=$tls_dir"
else
  node_java_opts="$node_java_opts -Dprivsim.tls.dir="
  java_opts="$java_opts -Dprivsim.tls.dir="
fi

mkdir -p "$log_dir"
start_node() {  # start_node INDEX: node INDEX (0-based) in the background, logging to its file
  local port=$((base + $1)) roles=users,adversary
  [ "$1" -eq 0 ] && roles=curator,users,adversary
  # PRIVSIM_PORT also tags every line of cluster-conf/logback.xml with the node's port.
  # shellcheck disable=SC2086
  PRIVSIM_PORT="$port" java -Dpekko.cluster.role.users.min-nr-of-members="$n" $node_java_opts \
    -Dlogback.configurationFile="$root/cluster-conf/logback.xml" \
    -jar "$jar" node --roles "$roles" --host 127.0.0.1 --port "$port" --seed-nodes "$seed" \
    >"$log_dir/node-$port.log" 2>&1 </dev/null &
  pids+=("$!")
}
wait_started() {  # wait_started INDEX: until node INDEX printed "privsim node <address> with roles [...] started"
  local port=$((base + $1)); local log="$log_dir/node-$port.log"
  until grep -q '^privsim node .* started' "$log" 2>/dev/null; do
    # The submitter already ended (e.g. exit 2 on an invalid scenario): its exit code is the answer.
    kill -0 "$submitter" 2>/dev/null || return 1
    if ! kill -0 "${pids[$1]}" 2>/dev/null; then
      echo "error: node 127.0.0.1:$port exited before it started; last lines of $log:" >&2
      tail -n 20 "$log" >&2
      exit 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "error: node 127.0.0.1:$port did not start within ${start_timeout}s (PRIVSIM_START_TIMEOUT); last lines of $log:" >&2
      tail -n 20 "$log" >&2
      exit 1
    fi
    sleep 0.2
  done
}
deadline=$((SECONDS + start_timeout))
echo "start-local-cluster: starting $nodes node(s) on 127.0.0.1:$base..$((base + nodes - 1)) and the submitter$([ "$n" -ge 2 ] && echo " (users node $n)"), logs in $log_dir/node-<port>.log" >&2
for ((i = 0; i < nodes; i++)); do start_node "$i"; done
# The submitter starts with the nodes (the JVMs boot side by side) and runs in the background so
# that INT/TERM reach the trap at once. It joins, waits until it is Up — which the leader grants
# only once all N users nodes have joined (pekko.cluster.role.users.min-nr-of-members = N above),
# and the shard coordinator allocates no shard before N regions registered — then submits.
# shellcheck disable=SC2086
java $java_opts -jar "$jar" run "$scenario" --runner cluster --seed-nodes "$seed" \
  ${submitter_roles[@]+"${submitter_roles[@]}"} "$@" </dev/null &
pids+=("$!")
submitter=$!
started=1
for ((i = 0; i < nodes; i++)); do wait_started "$i" || { started=0; break; }; done
[ "$started" = 1 ] && echo "start-local-cluster: all $nodes node(s) up; running $scenario" >&2
# The submitter leaves the cluster before it writes its report and exits: once the seed has removed it,
# the nodes start leaving too (every node but the seed at once, then the seed as soon as the seed has
# removed them), while the submitter finishes — 0.5 to 1 s of the teardown the nodes no longer wait for.
submitter_port=""
while kill -0 "$submitter" 2>/dev/null; do
  if [ -z "$submitter_port" ]; then
    submitter_port="$(sed -n 's/.*Node \[pekko:\/\/privsim@127\.0\.0\.1:\([0-9]*\)\] is JOINING, roles \[submitter.*/\1/p' \
      "$log_dir/node-$base.log" 2>/dev/null | tail -n 1)"
  fi
  if [ -n "$submitter_port" ] && [ "$n" -ge 2 ] && removed_from_seed "$submitter_port"; then
    deadline=$((SECONDS + stop_timeout))
    for ((i = 1; i < nodes; i++)); do kill -TERM "${pids[$i]}" 2>/dev/null || true; done
    until [ "$SECONDS" -ge "$deadline" ]; do
      left=1
      for ((i = 1; i < nodes; i++)); do
        removed_from_seed $((base + i)) || ! kill -0 "${pids[$i]}" 2>/dev/null || left=0
      done
      [ "$left" = 1 ] && break
      sleep 0.05
    done
    kill -TERM "${pids[0]}" 2>/dev/null || true
    break
  fi
  sleep 0.05
done
rc=0
wait "$submitter" || rc=$?
exit "$rc"
