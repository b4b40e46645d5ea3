#!/usr/bin/env bash
# Make the TLS material of one privsim cluster (Artery over TLS with mutual authentication).
#
#   cluster-conf/make-tls.sh DIR
#
# Writes, with keytool (from the JDK), into DIR (created; must not hold a cluster's material yet):
#   node.p12        PKCS#12 key store: the cluster's key pair (EC P-256), its certificate signed by
#                   the cluster's own certificate authority, and the authority's certificate
#   truststore.p12  PKCS#12 trust store holding only the authority's certificate
#   password        the stores' random password (mode 600)
#   ca.pem          the authority's certificate (for inspection)
# The authority's private key exists only while the script runs: no further certificate can be
# signed by it, so a member that presents anything but this cluster's certificate is refused.
# Every node and submitter of the cluster reads DIR (copy it to each host, readable only by the
# account that runs privsim) through PRIVSIM_TLS_DIR=DIR or -Dprivsim.tls.dir=DIR; see
# docs/cluster.md. Prints DIR.
set -euo pipefail
[ $# -eq 1 ] || { sed -n '4p' "$0" | sed 's/^# //' >&2; exit 2; }
dir="$1"
command -v keytool >/dev/null 2>&1 || { echo "error: keytool (from a JDK) is not on PATH" >&2; exit 1; }
if [ -e "$dir/node.p12" ] || [ -e "$dir/truststore.p12" ]; then
  echo "error: $dir already holds TLS material; remove it or choose another directory" >&2; exit 1
fi
mkdir -p "$dir"
chmod 700 "$dir"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
umask 077
password="$(head -c 24 /dev/urandom | base64 | tr -d '/+=')"
printf '%s' "$password" >"$dir/password"
tag="$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')"
kt() { keytool -J-XX:TieredStopAtLevel=1 -J-Xshare:auto "$@"; }

# The authority: a self-signed CA certificate; its key stays in the scratch directory.
kt -genkeypair -alias ca -dname "CN=privsim cluster CA $tag" -keyalg EC -groupname secp256r1 -validity 3650 \
  -ext bc:c -ext ku:c=keyCertSign,cRLSign -keystore "$scratch/ca.p12" -storetype PKCS12 \
  -storepass "$password" 2>/dev/null
kt -exportcert -alias ca -rfc -keystore "$scratch/ca.p12" -storepass "$password" -file "$dir/ca.pem" 2>/dev/null
# The cluster's key pair, its certificate signed by the authority (server and client use).
kt -genkeypair -alias node -dname "CN=privsim node $tag" -keyalg EC -groupname secp256r1 -validity 3650 \
  -keystore "$dir/node.p12" -storetype PKCS12 -storepass "$password" 2>/dev/null
kt -certreq -alias node -keystore "$dir/node.p12" -storepass "$password" -file "$scratch/node.csr" 2>/dev/null
kt -gencert -alias ca -keystore "$scratch/ca.p12" -storepass "$password" -infile "$scratch/node.csr" \
  -outfile "$scratch/node.pem" -rfc -validity 3650 -ext ku:c=digitalSignature \
  -ext eku=serverAuth,clientAuth 2>/dev/null
kt -importcert -alias ca -file "$dir/ca.pem" -keystore "$dir/node.p12" -storepass "$password" -noprompt 2>/dev/null
kt -importcert -alias node -file "$scratch/node.pem" -keystore "$dir/node.p12" -storepass "$password" 2>/dev/null
kt -importcert -alias ca -file "$dir/ca.pem" -keystore "$dir/truststore.p12" -storetype PKCS12 \
  -storepass "$password" -noprompt 2>/dev/null
echo "$dir"
