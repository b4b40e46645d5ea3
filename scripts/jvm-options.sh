# privsim's default JVM options, sourced by ./privsim and cluster-conf/start-local-cluster.sh.
#
#   privsim_jvm_options "$PRIVSIM_JAVA_OPTS"          # one JVM on the machine (./privsim)
#   privsim_jvm_options "$PRIVSIM_JAVA_OPTS" shared   # several JVMs share it (a loopback cluster)
#
# prints the defaults followed by the caller's options.
#
# The maximum heap at 75% of RAM unless the caller sets one (below); the Parallel collector with
# promotion at the first young collection (MaxTenuringThreshold=0) and the initial heap at 25% of RAM
# (pages are only touched as the heap fills): a simulation's users and their data sets live for the
# whole run, so a generational collector that copies them between survivor spaces, grows the old generation by full
# collections, or marks them concurrently on one of the two cores is what made the actor runtime
# slower than a loop (docs/performance.md: G1 against these options on bench/paper-scale.yaml,
# scenarios/demo.yaml and bench/million.yaml). The caller's options come last and win; a caller
# that selects a collector (-XX:+Use…GC) or an initial heap (-Xms, InitialRAMPercentage) gets none
# of the corresponding defaults (the JVM refuses two collectors). JVMs that share the machine
# ("shared") keep the JVM's own small initial heap: four JVMs each starting with a quarter of RAM
# touched gigabytes of fresh young-generation pages (cluster-50k on a 3-node loopback cluster:
# 19-25 s of system time, against 6-8 s with the JVM's own); they also
# compile later (-XX:CompileThresholdScaling=3, below).
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
  # The heap may grow to 75% of the machine's memory (the JVM's own default is 25%): a simulation's
  # population is its heap (1,000,000 users at d = 50 need about 6.4 GB, more than a quarter of a
  # 24 GB machine). Pages are only touched as the heap fills; on bench/million.yaml the collector
  # then collects less often and the peak RSS is 6.6 GB instead of 5.0 GB, at no more CPU
  # (bench/RESULTS.md). A caller that sets a maximum heap (-Xmx, MaxHeapSize, MaxRAMPercentage,
  # MaxRAMFraction, MaxRAM) keeps it; JVMs that share the machine keep the JVM's default, so that N
  # of them fit together.
  case "$sharing: $user " in
    shared:* | *" -Xmx"* | *"MaxHeapSize"* | *"MaxRAMPercentage"* | *"MaxRAMFraction"* | *"MaxRAM="*) ;;
    *) opts="$opts -XX:MaxRAMPercentage=75" ;;
  esac
  # JVMs that share the machine warm up at once, each compiling the same hot code, and their
  # compiler threads take the cores from the others' work: with compile thresholds three times the
  # JVM's defaults, lukewarm code stays in the interpreter or C1 a little longer and the compilers
  # have less to do (cluster-50k on a 3-node loopback cluster: job 18.7-18.8 s against 20.7-20.8 s
  # in alternated runs; ten times: 19.6-20.7 s).
  case "$sharing: $user " in
    shared:*) case " $user " in *"CompileThreshold"*) ;; *) opts="$opts -XX:CompileThresholdScaling=3" ;; esac ;;
  esac
  if privsim_java_has_vector_module; then
    opts="--add-modules jdk.incubator.vector $opts"
  fi
  echo "$opts $user"
}

privsim_java_has_vector_module() {
  local home
  home="$(privsim_java_home)" || return 1
  grep -q 'MODULES=.*jdk\.incubator\.vector' "$home/release" 2>/dev/null
}

# privsim_java_home: the image directory of the `java` on PATH (the one holding its `release` file).
privsim_java_home() {
  local java
  java="$(command -v java)" || return 1
  dirname "$(dirname "$(readlink -f "$java")")"
}

# privsim_class_archive ROOT: the options that map ROOT's class archive (application class-data
# sharing, a JDK feature: the classes privsim loads, parsed and verified once, mapped into every
# JVM instead of read from the jar again), recording the archive first when there is none for this
# jar and this JDK — once per build, a ~10 s training run of scripts/class-archive.yaml on a
# two-node cluster in one JVM (its messages go to ROOT/actors/target/class-archive.log). Prints
# nothing when recording fails (the JVM then loads classes from the jar as usual; not retried
# until the jar is rebuilt) or when PRIVSIM_CLASS_ARCHIVE=off. A cluster node started in 2.7-3.1 s
# of CPU with it against 4.8-5.2 s without (one node alone), which matters most when several JVMs
# start together on two cores; the JVM checks the archive against the jar and itself and silently
# ignores one that does not match.
privsim_class_archive() {
  local root="$1" jar="$1/actors/target/privsim.jar" home key jsa tmp out
  [ "${PRIVSIM_CLASS_ARCHIVE:-on}" = off ] && return 0
  home="$(privsim_java_home)" || return 0
  key="$(cksum < "$home/release" 2>/dev/null | cut -d' ' -f1)"
  jsa="$root/actors/target/privsim-${key:-jdk}.jsa"
  # A failed recording is not retried until the jar changes (it would cost every command its time).
  if { [ ! -f "$jsa" ] || [ "$jar" -nt "$jsa" ]; } && { [ ! -f "$jsa.failed" ] || [ "$jar" -nt "$jsa.failed" ]; }; then
    echo "privsim: recording the class archive $jsa (once per build)..." >&2
    tmp="$jsa.$$.tmp"
    out="$(mktemp -d)"
    # Recorded over TLS when keytool can make the material, so that the TLS classes (JSSE, the key
    # stores, the ciphers) are archived too: cluster-50k's three loopback JVMs booted 2.2 s later with
    # TLS than without while they were not (bench/cluster-phases.sh).
    tls=""
    "$root/cluster-conf/make-tls.sh" "$out/tls" >/dev/null 2>&1 && tls="-Dprivsim.tls.dir=$out/tls"
    # shellcheck disable=SC2046,SC2086 # the options are words
    if timeout 300 java $(privsim_jvm_options "" shared) $tls -XX:ArchiveClassesAtExit="$tmp" \
        -Xlog:cds=off,cds+dynamic=off -jar "$jar" run "$root/scripts/class-archive.yaml" --runner cluster \
        --nodes 2 --out "$out/report" >"$root/actors/target/class-archive.log" 2>&1 </dev/null && [ -s "$tmp" ] \
        && mv -f "$tmp" "$jsa"; then
      rm -f "$jsa.failed"
    else
      rm -f "$tmp"
      touch "$jsa.failed" 2>/dev/null
      echo "privsim: could not record the class archive (see actors/target/class-archive.log); going on" \
        "without it until the jar is rebuilt" >&2
    fi
    rm -rf "$out"
  fi
  [ -f "$jsa" ] && [ ! "$jar" -nt "$jsa" ] && echo "-XX:SharedArchiveFile=$jsa -Xlog:cds=off,cds+dynamic=off"
  return 0
}
