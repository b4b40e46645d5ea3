#!/usr/bin/env bash
# Exports the multilevel data sets of Debian's r-cran-mlmrev (Exam, Hsb82, Chem97, bdf) to CSV.
#   scripts/datasets/mlmrev.sh [DIR]      (DIR defaults to data/mlmrev under the repository)
# Installs r-cran-mlmrev with apt-get when R cannot load it (needs root or sudo), then writes
# DIR/exam.csv, DIR/hsb82.csv, DIR/chem97.csv and DIR/bdf.csv (header row, UTF-8, factors as their
# labels) and prints the rows and users (schools) of each.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:-$root/data/mlmrev}"
mkdir -p "$dir"

# shellcheck source=scripts/datasets/r-package.sh
. "$root/scripts/datasets/r-package.sh"
r_package_ensure mlmRev r-cran-mlmrev

Rscript - "$dir" <<'R'
args <- commandArgs(trailingOnly = TRUE)
dir <- args[[1]]
suppressPackageStartupMessages(library(mlmRev))
sets <- list(exam = list(Exam, "school"), hsb82 = list(Hsb82, "school"),
             chem97 = list(Chem97, "school"), bdf = list(bdf, "schoolNR"))
for (name in names(sets)) {
  df <- sets[[name]][[1]]
  user <- sets[[name]][[2]]
  file <- file.path(dir, paste0(name, ".csv"))
  write.csv(df, file, row.names = FALSE, fileEncoding = "UTF-8")
  cat(sprintf("%-7s %6d rows %5d users (%s)  %s\n", name, nrow(df), length(unique(df[[user]])), user, file))
}
R
