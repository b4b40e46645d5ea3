# Sourced by the data set exporters: r_package_ensure R_NAME DEBIAN_PACKAGE installs the Debian
# package with apt-get (apt-get update first; sudo when not root) unless Rscript can already load the
# R package R_NAME, and says how long the install took.
r_package_ensure() {
  local name="$1" package="$2" sudo="" start
  if command -v Rscript >/dev/null 2>&1 \
      && Rscript -e "quit(status = !requireNamespace(\"$name\", quietly = TRUE))" >/dev/null 2>&1; then
    return 0
  fi
  echo "installing $package with apt-get ..." >&2
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  start=$(date +%s)
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$package" >/dev/null
  echo "apt-get update + install took $(( $(date +%s) - start )) s" >&2
}
