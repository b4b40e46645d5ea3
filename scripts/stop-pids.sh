# Sourced by the cluster scripts: stop_pids DEADLINE PID... sends SIGTERM to every PID, waits for them
# to exit, and SIGKILLs whatever still runs when $SECONDS reaches DEADLINE, saying so on stderr as
# "$stop_pids_label: N process(es) still running after ${stop_timeout}s, killing: PIDS".
stop_pids() {
  local deadline="$1" pid alive
  shift
  [ $# -eq 0 ] && return 0
  for pid in "$@"; do kill -TERM "$pid" 2>/dev/null || true; done
  while :; do
    alive=()
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null && alive+=("$pid"); done
    [ ${#alive[@]} -eq 0 ] && break
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "${stop_pids_label:-stop_pids}: ${#alive[@]} process(es) still running after ${stop_timeout}s, killing: ${alive[*]}" >&2
      for pid in "${alive[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
      break
    fi
    sleep 0.2
  done
}
