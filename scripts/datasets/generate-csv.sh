#!/usr/bin/env bash
# Writes a synthetic user-partitioned CSV for load tests of the dataset task:
#   scripts/datasets/generate-csv.sh ROWS USERS FEATURES OUT.csv
# Row i belongs to user (i mod USERS); features are uniform in [-1, 1], one column "group" is
# categorical (g0..g2), and y = Σ_p x_p·w_{u,p} + noise with user-specific weights. Deterministic (awk
# srand(1)); the header is: user,y,x1..xF,group.
set -euo pipefail
rows="$1"; users="$2"; features="$3"; out="$4"
awk -v rows="$rows" -v users="$users" -v f="$features" 'BEGIN {
  srand(1)
  printf "user,y"; for (p = 1; p <= f; p++) printf ",x%d", p; print ",group"
  for (u = 0; u < users; u++) for (p = 1; p <= f; p++) w[u, p] = rand() * 2 - 1
  for (i = 0; i < rows; i++) {
    u = i % users; y = 0; line = ""
    for (p = 1; p <= f; p++) { x = rand() * 2 - 1; y += x * w[u, p]; line = line sprintf(",%.6f", x) }
    printf "u%d,%.6f%s,g%d\n", u, y + 0.1 * (rand() - 0.5), line, i % 3
  }
}' > "$out"
