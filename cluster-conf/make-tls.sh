#!/usr/bin/env bash
# Make the TLS material of one privsim cluster (Artery over TLS with mutual authentication).
#
#   cluster-conf/make-tls.sh DIR
#
# Writes, with keytool (from the JDK), into DIR (created; must not hold a cluster's material yet):
#   node.p12        PKCS#12 key store: the cluster's key pair (EC P-256) and its self-signed
#                   certificate (for server and client use)
#   truststore.p12  PKCS#12 trust store holding only that certificate
#   password        the stores' random password (mode 600)
#   cluster.pem     the cluster's certificate (for inspection)
# A member must present exactly this certificate — the one key pair every member of the cluster
# shares — or its connection is refused: no other certificate, whoever signed it, is trusted.
# Every node and submitter of the cluster reads DIR (copy it to each host, readable only by the
# account that runs privsim) through PRIVSIM_TLS_DIR=DIR or -Dprivsim.tls.dir=DIR; see
# docs/cluster.md. Prints DIR. Two keytool runs, the second piped into a third that starts beside
# it: each run is a JVM start (about 0.6 s), so the material takes about 1.3 s where a certificate
# authority signing the cluster's certificate took eight runs (about 5.5 s).
set -euo pipefail
[ $# -eq 1 ] || { sed -n '4p' "$0" | sed 's/^# //' >&2; exit 2; }
dir="$1"
command -v keytool >/dev/null 2>&1 || { echo "error: keytool (from a JDK) is not on PATH" >&2; exit 1; }
if [ -e "$dir/node.p12" ] || [ -e "$dir/truststore.p12" ]; then
  echo "error: $dir already holds TLS material; remove it or choose another directory" >&2; exit 1
fi
mkdir -p "$dir"
chmod 700 "$dir"
umask 077
password="$(head -c 24 /dev/urandom | base64 | tr -d '/+=')"
printf '%s' "$password" >"$dir/password"
tag="$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')"
# One PBKDF2 iteration for the stores' key, certificate and MAC protection instead of the JDK's 10,000:
# the password sits beside the stores in DIR, so iterations protect nothing, and every JVM of the
# cluster pays them, interpreted, when it first opens a connection (bench/cluster-phases.sh: boot).
kt() {
  keytool -J-XX:TieredStopAtLevel=1 -J-Xshare:auto -J-Dkeystore.pkcs12.keyPbeIterationCount=1 \
    -J-Dkeystore.pkcs12.certPbeIterationCount=1 -J-Dkeystore.pkcs12.macIterationCount=1 "$@"
}

# The cluster's key pair and its self-signed certificate; then the certificate, exported, into the
# trust store (the importing JVM starts while the exporting one runs).
kt -genkeypair -alias node -dname "CN=privsim cluster $tag" -keyalg EC -groupname secp256r1 -validity 3650 \
  -ext ku:c=digitalSignature,keyCertSign -ext eku=serverAuth,clientAuth \
  -keystore "$dir/node.p12" -storetype PKCS12 -storepass "$password" 2>/dev/null
kt -exportcert -alias node -rfc -keystore "$dir/node.p12" -storepass "$password" 2>/dev/null \
  | tee "$dir/cluster.pem" \
  | kt -importcert -alias cluster -keystore "$dir/truststore.p12" -storetype PKCS12 -storepass "$password" \
    -noprompt 2>/dev/null
echo "$dir"
