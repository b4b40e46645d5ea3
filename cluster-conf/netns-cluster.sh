#!/usr/bin/env bash
# Run a privsim cluster of N nodes, each in its own network namespace, submit one scenario (or a few
# jobs back to back) from another namespace, optionally strike a fault mid-job, tear everything down.
#
#   cluster-conf/netns-cluster.sh N SCENARIO [--fault kill-users|cut-users|cut-curator] [--heal]
#                                 [--jobs K] [extra `privsim run` args, e.g. --out DIR --seed 3]
#
# Needs root (ip netns) and iproute2. The script makes a bridge ps<ID>br (no address on the host)
# and, for node i = 1..N, a namespace privsim-<ID>-node<i> whose veth pair (host end ps<ID>n<i> on
# the bridge) carries 10.213.<X>.<i>/24, plus privsim-<ID>-submit with 10.213.<X>.200; these are
# the only addresses it uses and nothing is routed to or from the host. Node i is `privsim node`
# on port 2551 of its address; node 1 has roles curator,users,adversary and is the seed, the
# others users,adversary (`privsim node` adds role node to each); every member waits for N nodes
# before it is Up (pekko.cluster.role.node.min-nr-of-members = N), while the shard coordinators
# allocate as soon as one users node has registered (role.users.min-nr-of-members stays 1). The submitter is a client, not a member:
#   privsim run SCENARIO --runner cluster --seed-nodes 10.213.<X>.1:2551 --host 10.213.<X>.200 --port 2551 [args]
# (a fixed port: with --jobs K the nodes keep one association for every submission, not one each).
# Artery runs over TLS with mutual authentication by default: cluster-conf/make-tls.sh makes one
# key pair and its self-signed certificate for this cluster in the work directory (PRIVSIM_TLS=off:
# plain TCP).
#
# --fault strikes once the first job is under way and the node it strikes holds work:
# PRIVSIM_FAULT_DELAY seconds (default 3) after the shard coordinator logged the job's first shard on
# that node, or PRIVSIM_FAULT_WAIT seconds (default 60) after the curator logged that it runs the job
# if no shard reached it by then. kill-users: SIGKILL node N; cut-users: link of node N
# down; cut-curator: link of node 1 down. --heal (with cut-users): after the first job the link goes
# up again, the cut node (which downed itself) is restarted and rejoins, and a second job runs;
# the script checks that a shard of that job was allocated to the rejoined node (the curator's node
# logs each job's shard set, `job J: runs on shard set G`, and the shard coordinator each
# allocation: `TYPE: shard set G: shard ID on ADDRESS`). --jobs K (default 1; 2 with
# --heal) submits K jobs one after the other; with K > 1 job k writes to OUT/job-k (--out OUT).
# Prints `netns-cluster: fault <kind> at <epoch ms>` when the fault strikes and
# `netns-cluster: job <k> exit <rc> after <s> s (<s> s after the fault)` per job.
#
# Exits with the first failing job's code (0 ok, 1 failure, 2 invalid input), or 1 when a node does
# not start or the cluster cannot be built. On exit, failure, Ctrl-C or SIGTERM it stops every
# process it started (SIGTERM, SIGKILL after PRIVSIM_STOP_TIMEOUT, 20 s), kills whatever still runs
# in its namespaces, deletes the namespaces, veth pairs and bridge, and its work directory.
#
# Environment: PRIVSIM_NETNS_ID (4 hex digits naming this cluster's namespaces and links; random by
# default), PRIVSIM_LOG_DIR (node logs, default out/netns-logs), PRIVSIM_START_TIMEOUT (120; the
# first submitter waits twice that for the cluster), PRIVSIM_STOP_TIMEOUT (20), PRIVSIM_FAULT_DELAY (3),
# PRIVSIM_FAULT_WAIT (60), PRIVSIM_HEAP_LOG (a file: after each job, one
# line with every node's used and live heap after a full collection, from jcmd), PRIVSIM_HISTO_DIR (with
# PRIVSIM_HEAP_LOG: each node's class histogram after each job, DIR/job-K-node-I.txt),
# PRIVSIM_HEAP_DUMP_DIR (with PRIVSIM_HEAP_LOG: each node's heap dump after the last job, or after
# each job listed in PRIVSIM_HEAP_DUMP_JOBS, e.g. "5 30"; DIR/job-K-node-I.hprof), PRIVSIM_TLS
# (on|off), PRIVSIM_TLS_DIR (TLS material to use instead of making one), PRIVSIM_JAVA_OPTS and
# PRIVSIM_NODE_JAVA_OPTS as for cluster-conf/start-local-cluster.sh.
set -euo pipefail

usage() { sed -n '5,6p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 2 ] || usage
n="$1"; scenario="$2"; shift 2
[[ "$n" =~ ^[1-9][0-9]?$ ]] && [ "$n" -le 50 ] || { echo "error: N: must be an integer from 1 to 50, got '$n'" >&2; exit 2; }
fault=""; heal=0; jobs=""; out=""; run_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --fault) [ $# -ge 2 ] || usage; fault="$2"; shift 2 ;;
    --fault=*) fault="${1#--fault=}"; shift ;;
    --heal) heal=1; shift ;;
    --jobs) [ $# -ge 2 ] || usage; jobs="$2"; shift 2 ;;
    --out) [ $# -ge 2 ] || usage; out="$2"; shift 2 ;;
    --out=*) out="${1#--out=}"; shift ;;
    *) run_args+=("$1"); shift ;;
  esac
done
case "$fault" in
  "" | kill-users | cut-users | cut-curator) ;;
  *) echo "error: --fault: expected kill-users, cut-users or cut-curator, got '$fault'" >&2; exit 2 ;;
esac
if [ "$heal" = 1 ] && [ "$fault" != cut-users ]; then
  echo "error: --heal: only with --fault cut-users" >&2; exit 2
fi
if [ -n "$fault" ] && [ "$n" -lt 3 ]; then
  echo "error: --fault: needs N >= 3 (a majority must survive the loss of one node)" >&2; exit 2
fi
[ -z "$jobs" ] && jobs=$((heal == 1 ? 2 : 1))
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "error: --jobs: must be a positive integer, got '$jobs'" >&2; exit 2; }
if [ "$heal" = 1 ] && [ "$jobs" -lt 2 ]; then echo "error: --heal: needs --jobs >= 2" >&2; exit 2; fi
if [ "$jobs" -gt 1 ] && [ -z "$out" ]; then echo "error: --jobs: more than one job needs --out DIR" >&2; exit 2; fi
[ "$(id -u)" = 0 ] || { echo "error: netns-cluster.sh needs root (ip netns)" >&2; exit 1; }
command -v ip >/dev/null 2>&1 || { echo "error: ip (iproute2) is missing: apt-get install iproute2" >&2; exit 1; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/actors/target/privsim.jar"
id="${PRIVSIM_NETNS_ID:-$(printf '%04x' $((RANDOM)))}"
[[ "$id" =~ ^[0-9a-f]{4}$ ]] || { echo "error: PRIVSIM_NETNS_ID: must be 4 lower-case hex digits, got '$id'" >&2; exit 2; }
subnet="10.213.$(( 16#$id % 250 + 1 ))"
log_dir="${PRIVSIM_LOG_DIR:-out/netns-logs}"
start_timeout="${PRIVSIM_START_TIMEOUT:-120}"
stop_timeout="${PRIVSIM_STOP_TIMEOUT:-20}"
fault_delay="${PRIVSIM_FAULT_DELAY:-3}"
fault_wait="${PRIVSIM_FAULT_WAIT:-60}"
tls="${PRIVSIM_TLS:-on}"
case "$tls" in on | off) ;; *) echo "error: PRIVSIM_TLS: expected on or off, got '$tls'" >&2; exit 2 ;; esac
port=2551
bridge="ps${id}br"
ns_name() { [ "$1" = s ] && echo "privsim-$id-submit" || echo "privsim-$id-node$1"; }
veth_name() { echo "ps${id}n$1"; }
addr() { [ "$1" = s ] && echo "$subnet.200" || echo "$subnet.$1"; }
seed="$(addr 1):$port"

# shellcheck source=../scripts/ensure-jar.sh
. "$root/scripts/ensure-jar.sh"
privsim_ensure_jar "$root"
# shellcheck source=../scripts/jvm-options.sh
. "$root/scripts/jvm-options.sh"
archive="$(privsim_class_archive "$root")"
gc_threads=$(( $(nproc 2>/dev/null || echo 1) / (n + 1) ))
[ "$gc_threads" -ge 1 ] || gc_threads=1
shared_opts="$archive -XX:ParallelGCThreads=$gc_threads -Dpekko.cluster.role.node.min-nr-of-members=$n"
node_java_opts="$shared_opts $(privsim_jvm_options "${PRIVSIM_NODE_JAVA_OPTS:-${PRIVSIM_JAVA_OPTS:-}}" shared)"
# A bare submitter only joins, waits and writes the report: C1 alone compiles what it runs.
java_opts="$shared_opts -XX:TieredStopAtLevel=1 $(privsim_jvm_options "${PRIVSIM_JAVA_OPTS:-}" shared)"

if ip netns list | grep -q "^privsim-$id-" || ip link show "$bridge" >/dev/null 2>&1; then
  echo "error: a cluster with id $id exists already (PRIVSIM_NETNS_ID)" >&2; exit 1
fi

work="$(mktemp -d)"
node_pids=()     # node i's process at index i-1 (empty once stopped)
submitter=""
made_ns=()
made_bridge=0
stopping=0
teardown() {
  local rc=$?
  # In a trap a bare `return` returns the status before the trap (a failure), which errexit would
  # turn into the end of the teardown: no errexit here, and explicit return codes below.
  set +e
  [ "$stopping" = 1 ] && return "$rc"
  stopping=1
  trap '' INT TERM
  local deadline=$((SECONDS + stop_timeout)) i ns pid
  [ -n "$submitter" ] && stop_pids "$deadline" "$submitter"
  # Every node but the seed first, then the seed (it hosts the singletons; see start-local-cluster.sh).
  local rest=()
  for ((i = 1; i < ${#node_pids[@]}; i++)); do [ -n "${node_pids[$i]}" ] && rest+=("${node_pids[$i]}"); done
  stop_pids "$deadline" ${rest[@]+"${rest[@]}"}
  [ ${#node_pids[@]} -gt 0 ] && [ -n "${node_pids[0]}" ] && stop_pids "$deadline" "${node_pids[0]}"
  for ns in ${made_ns[@]+"${made_ns[@]}"}; do
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null || true; done
  done
  for pid in ${node_pids[@]+"${node_pids[@]}"} $submitter; do wait "$pid" 2>/dev/null || true; done
  for ns in ${made_ns[@]+"${made_ns[@]}"}; do
    ip netns del "$ns" 2>/dev/null || echo "netns-cluster: could not delete namespace $ns" >&2
  done
  for ((i = 1; i <= n; i++)); do ip link del "$(veth_name "$i")" 2>/dev/null || true; done
  ip link del "$(veth_name s)" 2>/dev/null || true
  [ "$made_bridge" = 1 ] && { ip link del "$bridge" 2>/dev/null || echo "netns-cluster: could not delete $bridge" >&2; }
  rm -rf "$work"
  return "$rc"
}
# shellcheck source=scripts/stop-pids.sh
. "$root/scripts/stop-pids.sh"
stop_pids_label=netns-cluster
trap teardown EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The network: one bridge, one namespace and veth pair per member.
ip link add "$bridge" type bridge
made_bridge=1
ip link set "$bridge" up
make_ns() {  # make_ns i|s
  local ns veth
  ns="$(ns_name "$1")"; veth="$(veth_name "$1")"
  ip netns add "$ns"
  made_ns+=("$ns")
  ip link add "$veth" type veth peer name "ps${id}p$1" netns "$ns"
  ip link set "$veth" master "$bridge" up
  ip -n "$ns" link set lo up
  ip -n "$ns" link set "ps${id}p$1" name eth0
  ip -n "$ns" addr add "$(addr "$1")/24" dev eth0
  ip -n "$ns" link set eth0 up
}
for ((i = 1; i <= n; i++)); do make_ns "$i"; done
make_ns s
echo "netns-cluster: cluster $id: $n node(s) at $subnet.1..$subnet.$n:$port, submitter at $subnet.200:$port, bridge $bridge" >&2

tls_opts="-Dprivsim.tls.dir="
if [ "$tls" = on ]; then
  tls_dir="${PRIVSIM_TLS_DIR:-}"
  if [ -z "$tls_dir" ]; then
    tls_dir="$work/tls"
    "$root/cluster-conf/make-tls.sh" "$tls_dir" >/dev/null
  fi
  tls_opts="-Dprivsim.tls.dir=$tls_dir"
fi

mkdir -p "$log_dir"
log_of() { echo "$log_dir/node-$id-$1.log"; }
start_node() {  # start_node i: node i in its namespace, in the background
  # A node gives up joining after --join-timeout (30 s by default): on a loaded host the seed may
  # take longer than that to answer, so the nodes wait as long as the script waits for them.
  local roles=users,adversary
  [ "$1" -eq 1 ] && roles=curator,users,adversary
  # shellcheck disable=SC2086
  PRIVSIM_PORT="$port" ip netns exec "$(ns_name "$1")" java $node_java_opts $tls_opts \
    -Dlogback.configurationFile="$root/cluster-conf/logback.xml" \
    -jar "$jar" node --roles "$roles" --host "$(addr "$1")" --port "$port" --seed-nodes "$seed" \
    --join-timeout "$start_timeout" \
    >>"$(log_of "$1")" 2>&1 </dev/null &
  node_pids[$(($1 - 1))]=$!
}
started_lines() { grep -c '^privsim node .* started' "$(log_of "$1")" 2>/dev/null || true; }
wait_started() {  # wait_started i COUNT: until node i printed its COUNT-th "started" line
  local deadline=$((SECONDS + start_timeout))
  until [ "$(started_lines "$1")" -ge "$2" ]; do
    if [ -n "$submitter" ] && ! kill -0 "$submitter" 2>/dev/null; then return 1; fi
    if ! kill -0 "${node_pids[$(($1 - 1))]}" 2>/dev/null; then
      echo "error: node $(addr "$1"):$port exited before it started; last lines of $(log_of "$1"):" >&2
      tail -n 20 "$(log_of "$1")" >&2
      exit 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "error: node $(addr "$1"):$port did not start within ${start_timeout}s; last lines of $(log_of "$1"):" >&2
      tail -n 20 "$(log_of "$1")" >&2
      exit 1
    fi
    sleep 0.2
  done
}

now_ms() { date +%s%3N; }
fault_ms=""
strike() {
  case "$fault" in
    kill-users) kill -KILL "${node_pids[$((n - 1))]}" ;;
    cut-users) ip link set "$(veth_name "$n")" down ;;
    cut-curator) ip link set "$(veth_name 1)" down ;;
  esac
  fault_ms=$(now_ms)
  echo "netns-cluster: fault $fault at $fault_ms" >&2
}
job_lines() { grep -c 'job [0-9]*: running scenario' "$(log_of 1)" 2>/dev/null || true; }
last_job() { grep -o 'job [0-9]*: running scenario' "$(log_of 1)" 2>/dev/null | tail -1 | cut -d' ' -f2 | tr -d :; }
fault_target() { case "$fault" in cut-curator) echo 1 ;; *) echo "$n" ;; esac; }
# The shard set job $1 runs on (the curator's node logs `job J: runs on shard set G`; jobs on an
# unchanged cluster share one), and whether the shard coordinator logged a shard of it on node $2.
shard_set() { grep -h -o "job $1: runs on shard set [0-9a-f]*" "$log_dir"/node-"$id"-*.log 2>/dev/null | tail -1 | awk '{print $NF}'; }
has_shard() {
  local set; set="$(shard_set "$1")"
  [ -n "$set" ] && grep -h -q ": shard set $set: shard .* on pekko://privsim@$(addr "$2"):$port\$" "$log_dir"/node-"$id"-*.log 2>/dev/null
}

submit() {  # submit K: runs job K in the submitter's namespace; sets rc
  local k="$1" job_out="$out" jobs_before started_ms struck_at="" job_id="" job_seen=0
  [ "$jobs" -gt 1 ] && job_out="$out/job-$k"
  jobs_before=$(job_lines)
  started_ms=$(now_ms)
  # shellcheck disable=SC2086
  # The first submitter boots with the nodes: it may wait as long as they may take to start and then
  # to join (each up to start_timeout; at load 50 the cluster was Up 170 s after the nodes started).
  ip netns exec "$(ns_name s)" java $java_opts $tls_opts -jar "$jar" run "$scenario" --runner cluster \
    --seed-nodes "$seed" --host "$(addr s)" --port "$port" --join-timeout "$((2 * start_timeout))" ${job_out:+--out "$job_out"} \
    ${run_args[@]+"${run_args[@]}"} </dev/null &
  submitter=$!
  if [ "$k" = 1 ]; then
    for ((i = 1; i <= n; i++)); do wait_started "$i" 1 || break; done
    kill -0 "$submitter" 2>/dev/null && echo "netns-cluster: all $n node(s) started; running $scenario" >&2
  fi
  while kill -0 "$submitter" 2>/dev/null; do
    if [ "$k" = 1 ] && [ -n "$fault" ] && [ -z "$fault_ms" ]; then
      # The job's id once the curator logged it; then the strike once the node to be struck holds
      # a shard of the job (so a fault always strikes a node with work), or after fault_wait.
      if [ -z "$job_id" ] && [ "$(job_lines)" -gt "$jobs_before" ]; then
        job_id="$(last_job)"; job_seen=$SECONDS
      fi
      if [ -n "$job_id" ] && [ -z "$struck_at" ]; then
        if has_shard "$job_id" "$(fault_target)"; then
          struck_at=$((SECONDS + fault_delay))
        elif [ $((SECONDS - job_seen)) -ge "$fault_wait" ]; then
          echo "netns-cluster: no shard of job $job_id on node $(fault_target) within ${fault_wait}s; striking anyway" >&2
          struck_at=$SECONDS
        fi
      fi
      [ -n "$struck_at" ] && [ "$SECONDS" -ge "$struck_at" ] && strike
    fi
    sleep 0.2
  done
  rc=0
  wait "$submitter" || rc=$?
  submitter=""
  local end_ms; end_ms=$(now_ms)
  echo "netns-cluster: job $k exit $rc after $(( (end_ms - started_ms) / 1000 )).$(( (end_ms - started_ms) % 1000 / 100 )) s$(
    [ "$k" = 1 ] && [ -n "$fault_ms" ] && echo " ($(( (end_ms - fault_ms) / 1000 )).$(( (end_ms - fault_ms) % 1000 / 100 )) s after the fault)")" >&2
  if [ "$k" = 1 ] && [ -n "$fault" ] && [ -z "$fault_ms" ]; then
    echo "error: --fault $fault: the job ended before the fault could strike (PRIVSIM_FAULT_DELAY=$fault_delay s)" >&2
    [ "$rc" = 0 ] && rc=1
  fi
}

# How often a leader (any node's log: the leader is not always node 1) moved node $1 Up.
up_lines() { cat "$log_dir"/node-"$id"-*.log 2>/dev/null | grep -c "Leader is moving node \[pekko://privsim@$(addr "$1"):$port\] to \[Up\]" || true; }

# Heal: the link up again, the cut node (it downed itself as the minority) gone and restarted.
heal_cut_node() {
  local pid="${node_pids[$((n - 1))]}" deadline=$((SECONDS + 60)) ups
  ip link set "$(veth_name "$n")" up
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "netns-cluster: the cut node $(addr "$n") still runs 60 s after the heal; killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
    sleep 0.2
  done
  wait "$pid" 2>/dev/null || true
  ups=$(up_lines "$n")
  echo "netns-cluster: heal: link of node $n up, its old process ended; restarting it" >&2
  start_node "$n"
  wait_started "$n" 2
  deadline=$((SECONDS + start_timeout))
  until [ "$(up_lines "$n")" -gt "$ups" ]; do
    [ "$SECONDS" -lt "$deadline" ] || { echo "error: heal: node $(addr "$n") did not rejoin within ${start_timeout}s" >&2; exit 1; }
    sleep 0.2
  done
  echo "netns-cluster: heal: node $(addr "$n") is Up again" >&2
}

# With PRIVSIM_HEAP_LOG=FILE: after each job, every node's heap after a full collection (jcmd):
# `nodeI USEDK/LIVEK`, USED the heap in use right after `GC.run` (GC.heap_info; the collectors'
# "used", which counts whatever the node allocated between the two commands, ±2 MB here), LIVE the
# bytes of all objects reachable then (the total of `GC.class_histogram`, which collects first).
heap_log="${PRIVSIM_HEAP_LOG:-}"
log_heap() {  # log_heap K
  local i pid line used live histo
  line="job $1"
  for ((i = 1; i <= n; i++)); do
    pid="${node_pids[$((i - 1))]}"
    used="-"; live="-"
    if kill -0 "$pid" 2>/dev/null && jcmd "$pid" GC.run >/dev/null 2>&1; then
      # ParallelGC: "PSYoungGen total …K, used …K" and "ParOldGen total …K, used …K"
      used="$(jcmd "$pid" GC.heap_info 2>/dev/null | sed -n 's/.*Gen *total [0-9]*K, used \([0-9]*\)K.*/\1/p' \
        | awk '{s += $1} END {print s}')"
      histo="$work/histo-$i.txt"
      jcmd "$pid" GC.class_histogram >"$histo" 2>/dev/null || true
      live="$(awk '/^Total/ {print int($3 / 1024)}' "$histo")"
      [ -n "$live" ] || live="-"
    fi
    line="$line node$i ${used}K/${live}K"
    if [ -n "${PRIVSIM_HISTO_DIR:-}" ] && [ "$used" != - ]; then
      mkdir -p "$PRIVSIM_HISTO_DIR"
      cp "$histo" "$PRIVSIM_HISTO_DIR/job-$1-node-$i.txt" 2>/dev/null || true
    fi
    if [ -n "${PRIVSIM_HEAP_DUMP_DIR:-}" ] && [ "$used" != - ] \
      && [[ " ${PRIVSIM_HEAP_DUMP_JOBS:-$jobs} " == *" $1 "* ]]; then
      mkdir -p "$PRIVSIM_HEAP_DUMP_DIR"
      jcmd "$pid" GC.heap_dump "$(cd "$PRIVSIM_HEAP_DUMP_DIR" && pwd)/job-$1-node-$i.hprof" >/dev/null 2>&1 || true
    fi
  done
  echo "$line" >>"$heap_log"
}

for ((i = 1; i <= n; i++)); do : >"$(log_of "$i")"; start_node "$i"; done
first_rc=0
for ((k = 1; k <= jobs; k++)); do
  submit "$k"
  [ "$first_rc" = 0 ] && first_rc=$rc
  [ -n "$heap_log" ] && log_heap "$k"
  if [ "$k" = 1 ] && [ "$heal" = 1 ]; then
    heal_cut_node
  fi
  if [ "$heal" = 1 ] && [ "$k" = 2 ] && [ "$rc" = 0 ]; then
    job2="$(grep -h -o 'job [0-9]*: running scenario' "$log_dir"/node-"$id"-*.log | tail -1 | cut -d' ' -f2 | tr -d :)"
    if has_shard "$job2" "$n"; then
      echo "netns-cluster: heal: job 2 ($job2) placed work on the rejoined node $(addr "$n")" >&2
    else
      echo "error: heal: job 2 ($job2) placed no shard on the rejoined node $(addr "$n")" >&2
      [ "$first_rc" = 0 ] && first_rc=1
    fi
  fi
done
exit "$first_rc"
