#!/usr/bin/env bash
# Validates every bundled scenario (scenarios/*.yaml, scenarios/real/*.yaml, bench/*.yaml,
# scripts/*.yaml) with the usual Python pair — PyYAML (a YAML 1.1 reader) and python-jsonschema
# (draft 2020-12) — against the schema `./privsim schema` prints: what a user of another language
# sees with the published schema.
#
#   scripts/check-schema-python.sh [PYTHON]
#
# PYTHON (default: /usr/bin/python3 when it has both modules, else python3) must import yaml and
# jsonschema (Debian: apt-get install python3-yaml python3-jsonschema). Prints one line per refused
# scenario with the failing value's path and the schema's reason. Exit 0 when every scenario is
# accepted, 1 when one is refused, 2 when the modules are missing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
has_modules() { "$1" -c 'import yaml, jsonschema' 2>/dev/null; }
python="${1:-}"
if [ -z "$python" ]; then
  if has_modules /usr/bin/python3; then python=/usr/bin/python3; else python=python3; fi
fi
if ! has_modules "$python"; then
  echo "check-schema-python: $python cannot import yaml and jsonschema (apt-get install python3-yaml python3-jsonschema)" >&2
  exit 2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$root/privsim" schema >"$work/schema.json"

cd "$root"
"$python" - "$work/schema.json" scenarios/*.yaml scenarios/real/*.yaml bench/*.yaml scripts/*.yaml <<'EOF'
import json
import sys

import jsonschema
import yaml

with open(sys.argv[1]) as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
refused = 0
files = sys.argv[2:]
for name in files:
    with open(name) as f:
        document = yaml.safe_load(f)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    if errors:
        refused += 1
    for e in errors:
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in e.absolute_path).lstrip(".")
        print(f"{name}: {where or '(top level)'}: {e.message}")
print(f"check-schema-python: {len(files) - refused} of {len(files)} scenarios accepted"
      f" (PyYAML {yaml.__version__}, python-jsonschema, draft 2020-12)")
sys.exit(1 if refused else 0)
EOF
