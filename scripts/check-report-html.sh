#!/usr/bin/env bash
# Renders a run's report.html in a real browser (Debian's headless Chromium) and fails unless the
# screenshot is produced.
#
#   scripts/check-report-html.sh [SCENARIO] [SCREENSHOT]
#
# runs SCENARIO (default: the demo, `./privsim demo`) through ./privsim into a fresh directory, then
# `chromium --headless --screenshot` of its report.html into SCREENSHOT (default: a file beside the
# report; its path is printed). Chromium runs with every host name unresolvable, so a page that needed
# the network would render without it. Installs chromium with apt-get when it is missing (root or
# sudo, and the network). Exit 0 when the screenshot is a non-empty PNG, 1 otherwise.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scenario="${1:-}"
work="$(mktemp -d)"
screenshot="${2:-$work/report.png}"

if ! command -v chromium >/dev/null 2>&1; then
  echo "check-report-html: installing chromium with apt-get..." >&2
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -q >&2 && apt-get install -y -q chromium >&2
  else
    sudo apt-get update -q >&2 && sudo apt-get install -y -q chromium >&2
  fi
fi

if [ -z "$scenario" ]; then
  "$root/privsim" demo --out "$work/run" >/dev/null
else
  "$root/privsim" run "$scenario" --out "$work/run" >/dev/null
fi
report="$work/run/report.html"
if [ ! -s "$report" ]; then
  echo "check-report-html: $report was not written" >&2
  exit 1
fi

rm -f "$screenshot"
# --no-sandbox: CI containers run as root, where Chromium's sandbox cannot start.
timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2400 \
  --host-resolver-rules="MAP * ~NOTFOUND" --screenshot="$screenshot" "file://$report" >"$work/chromium.log" 2>&1 || true
if [ ! -s "$screenshot" ] || [ "$(head -c 8 "$screenshot" | od -An -tx1 | tr -d ' \n')" != "89504e470d0a1a0a" ]; then
  echo "check-report-html: chromium produced no screenshot of $report; its output:" >&2
  cat "$work/chromium.log" >&2
  exit 1
fi
echo "check-report-html: $report rendered to $screenshot ($(wc -c <"$screenshot") bytes)"
