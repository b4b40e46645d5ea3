#!/usr/bin/env bash
# Where the whole-process time of a loopback cluster run goes, phase by phase, with TLS on and off:
#
#   bench/cluster-phases.sh [PAIRS] [SCENARIO]     (defaults: 3, scenarios/cluster-50k.yaml)
#
# Each pair runs `cluster-conf/start-local-cluster.sh 3 SCENARIO` with PRIVSIM_TLS=on, then with
# PRIVSIM_TLS=off, each timed from launch to exit (the jar and the class archive are made first,
# untimed), and reads the phases off the script's own lines and the nodes' logs (their clock is this
# host's):
#   prelude  launch to "starting N node(s)": the jar check, the JVM options and, with TLS, the
#            cluster's TLS material (cluster-conf/make-tls.sh)
#   boot     to the last of: each node's Pekko cluster "Started up successfully", and the submitter's
#            JOINING on the seed node (the JVMs start side by side, sharing the cores)
#   join     to the last member moved Up by the leader (with TLS: the handshakes of every connection)
#   submit   to the seed's "job …: running scenario"
#   run      to the seed's "job …: report sent"
#   leave    to the script's exit: the submitter writes the report and leaves, then the nodes leave
# Prints every run and the mean of each phase per TLS setting. The machine should be otherwise idle.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pairs="${1:-3}"
scenario="${2:-$root/scenarios/cluster-50k.yaml}"
[[ "$pairs" =~ ^[1-9][0-9]*$ ]] || { echo "error: PAIRS: must be a positive integer, got '$pairs'" >&2; exit 2; }
[ -f "$scenario" ] || { echo "error: SCENARIO: no such file: $scenario" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$root/privsim" --version >/dev/null
# shellcheck source=../scripts/jvm-options.sh
. "$root/scripts/jvm-options.sh"
privsim_class_archive "$root" >/dev/null
stamp() { while IFS= read -r line; do printf '%s %s\n' "$(date +%T.%N | cut -c1-12)" "$line"; done; }
for ((i = 1; i <= pairs; i++)); do
  for tls in on off; do
    run="$work/$tls-$i"
    mkdir -p "$run"
    { printf '%s launch\n' "$(date +%T.%N | cut -c1-12)"
      PRIVSIM_TLS=$tls PRIVSIM_LOG_DIR="$run/logs" "$root/cluster-conf/start-local-cluster.sh" 3 "$scenario" \
        --out "$run/out" 2>&1 | stamp
      printf '%s exit %s\n' "$(date +%T.%N | cut -c1-12)" "${PIPESTATUS[0]}"; } >"$run/script.log"
    grep -q ' exit 0$' "$run/script.log" || { echo "error: run $tls-$i failed:" >&2; tail -n 20 "$run/script.log" >&2; exit 1; }
  done
done
python3 - "$work" "$pairs" <<'PY'
import glob, re, sys
work, pairs = sys.argv[1], int(sys.argv[2])
def t(stamp):
    h, m, s = stamp.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)
def first(lines, pattern):
    for line in lines:
        if re.search(pattern, line):
            return t(line.split()[0])
    raise SystemExit(f"error: no line matching {pattern!r}")
def last(lines, pattern):
    found = [t(l.split()[0]) for l in lines if re.search(pattern, l)]
    if not found:
        raise SystemExit(f"error: no line matching {pattern!r}")
    return max(found)
phases = ["prelude", "boot", "join", "submit", "run", "leave", "total"]
means = {}
for tls in ("on", "off"):
    rows = []
    for i in range(1, pairs + 1):
        run = f"{work}/{tls}-{i}"
        script = open(f"{run}/script.log").read().splitlines()
        seed = open(f"{run}/logs/node-2551.log").read().splitlines()
        nodes = [l for f in glob.glob(f"{run}/logs/node-*.log") for l in open(f).read().splitlines()]
        nodes = [l for l in nodes if re.match(r"\d\d:\d\d:\d\d\.\d+ ", l)]
        seed = [l for l in seed if re.match(r"\d\d:\d\d:\d\d\.\d+ ", l)]
        launch = first(script, r" launch$")
        starting = first(script, r"start-local-cluster: starting")
        booted = max(last(nodes, r"Started up successfully"), first(seed, r"submitter.*is JOINING|is JOINING, roles \[submitter"))
        up = last(seed, r"to \[Up\]")
        job = first(seed, r"job \d+: running scenario")
        report = first(seed, r"job \d+: report sent")
        end = first(script, r" exit 0$")
        row = [starting - launch, booted - starting, up - booted, job - up, report - job, end - report, end - launch]
        rows.append(row)
        print(f"TLS {tls:3s} run {i}: " + ", ".join(f"{p} {v:.2f} s" for p, v in zip(phases, row)))
    means[tls] = [sum(r[k] for r in rows) / len(rows) for k in range(len(phases))]
for tls in ("on", "off"):
    print(f"mean, TLS {tls:3s}: " + ", ".join(f"{p} {v:.2f} s" for p, v in zip(phases, means[tls])))
PY
