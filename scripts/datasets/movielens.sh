#!/usr/bin/env bash
# Exports the MovieLens ratings sample of Debian's r-cran-dslabs (data set `movielens`) to CSV.
#   scripts/datasets/movielens.sh [DIR]      (DIR defaults to data/movielens under the repository)
# Installs r-cran-dslabs with apt-get when R cannot load it (apt-get update first; needs root or
# sudo), then writes DIR/movielens.csv with the columns userId, movieId, rating, timestamp (header
# row, UTF-8; the titles and genres are left out) and prints its rows, users and movies.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:-$root/data/movielens}"
mkdir -p "$dir"

# shellcheck source=scripts/datasets/r-package.sh
. "$root/scripts/datasets/r-package.sh"
r_package_ensure dslabs r-cran-dslabs

Rscript - "$dir" <<'R'
args <- commandArgs(trailingOnly = TRUE)
dir <- args[[1]]
suppressPackageStartupMessages(library(dslabs))
data("movielens", package = "dslabs")
df <- movielens[, c("userId", "movieId", "rating", "timestamp")]
file <- file.path(dir, "movielens.csv")
write.csv(df, file, row.names = FALSE, fileEncoding = "UTF-8")
cat(sprintf("movielens %6d rows %5d users %5d movies, ratings %.1f to %.1f  %s\n", nrow(df),
            length(unique(df$userId)), length(unique(df$movieId)), min(df$rating), max(df$rating), file))
R
