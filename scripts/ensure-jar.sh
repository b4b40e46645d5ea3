# Sourced by ./privsim and cluster-conf/start-local-cluster.sh: privsim_ensure_jar ROOT builds
# ROOT/actors/target/privsim.jar with Maven when it is missing or older than any source, POM,
# bundled scenario (the demo) or configuration the jar carries (cluster-conf/*.conf), and does
# nothing otherwise — without starting a JVM.
privsim_ensure_jar() {
  local root="$1" jar="$1/actors/target/privsim.jar"
  if [ ! -f "$jar" ] || [ -n "$(find "$root/pom.xml" "$root/core" "$root/protocol" "$root/actors/pom.xml" \
        "$root/actors/src" "$root/scenarios/demo.yaml" -newer "$jar" -type f -not -path '*/target/*' \
        -print -quit 2>/dev/null)$(find "$root/cluster-conf" -name '*.conf' -newer "$jar" -print -quit \
        2>/dev/null)" ]; then
    echo "privsim: building $jar (first run or sources changed)..." >&2
    (cd "$root" && mvn -B -q -Dstyle.color=never -DskipTests package) >&2
  fi
}
