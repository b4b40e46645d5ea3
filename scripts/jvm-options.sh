# privsim's default JVM options, sourced by ./privsim and cluster-conf/start-local-cluster.sh.
#
#   privsim_jvm_options "$PRIVSIM_JAVA_OPTS"          # one JVM on the machine (./privsim)
#   privsim_jvm_options "$PRIVSIM_JAVA_OPTS" shared   # several JVMs share it (a loopback cluster)
#
# prints the defaults followed by the caller's options.
#
# The Parallel collector with promotion at the first young collection (MaxTenuringThreshold=0)
# and the initial heap at the default maximum's 25% of RAM (pages are only touched as the heap
# fills): a simulation's users and their data sets live for the whole run, so a generational
# collector that copies them between survivor spaces, grows the old generation by full
# collections, or marks them concurrently on one of the two cores is what made the actor runtime
# slower than a loop (README "Performance": G1 against these options on bench/paper-scale.yaml,
# scenarios/demo.yaml and bench/million.yaml). The caller's options come last and win; a caller
# that selects a collector (-XX:+Use…GC) or an initial heap (-Xms, InitialRAMPercentage) gets none
# of the corresponding defaults (the JVM refuses two collectors). JVMs that share the machine
# ("shared") keep the JVM's own small initial heap: four JVMs each starting with a quarter of RAM
# touched gigabytes of fresh young-generation pages (cluster-50k on a 3-node loopback cluster:
# 19-25 s of system time, against 6-8 s with the JVM's own; README "Performance").
#
# --add-modules jdk.incubator.vector lets the U-step's and the initialisation's kernels run on
# 256-bit SIMD lanes (core's VectorGram, bit-identical to the scalar kernels that run without it);
# the JVM prints "WARNING: Using incubator modules: jdk.incubator.vector" once on standard error at
# start. It is only added when the `java` on PATH lists the module in its image's `release` file
# (a trimmed runtime without it would refuse to start).
privsim_jvm_options() {
  local user="${1:-}" sharing="${2:-}" opts=""
  case " $user " in
    *" -XX:+Use"*"GC"*) ;;
    *) opts="-XX:+UseParallelGC -XX:MaxTenuringThreshold=0" ;;
  esac
  case "$sharing: $user " in
    shared:* | *" -Xms"* | *"InitialRAMPercentage"* | *"InitialHeapSize"*) ;;
    *) opts="$opts -XX:InitialRAMPercentage=25" ;;
  esac
  if privsim_java_has_vector_module; then
    opts="--add-modules jdk.incubator.vector $opts"
  fi
  echo "$opts $user"
}

privsim_java_has_vector_module() {
  local java home
  java="$(command -v java)" || return 1
  home="$(dirname "$(dirname "$(readlink -f "$java")")")"
  grep -q 'MODULES=.*jdk\.incubator\.vector' "$home/release" 2>/dev/null
}
