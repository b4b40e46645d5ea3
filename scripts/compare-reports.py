"""Compares two privsim output directories for scripts/compare-reports.sh.

    python3 compare-reports.py [--exact] BASE_DIR NEW_DIR [SIBLING_DIR]

Every field of BASE_DIR/report.json must be in NEW_DIR/report.json with an equal value (fields the
new report adds are allowed), except `runner`, `wallMillis` and the cluster-only `placement`;
every CSV file of BASE_DIR must be in NEW_DIR with each of its columns (by header name) equal, row
for row (new columns may be added). With SIBLING_DIR (another runner's
output of the new jar), NEW_DIR's report must equal it whole, on the same exceptions, and so must the recorded
releases (releases.jsonl and privacy-events.json, byte for byte, where both wrote them). With --exact,
NEW_DIR must also hold exactly BASE_DIR's files, each byte for byte equal but report.json (compared as
above) and report.html (equal but for its runner, wall time and written rows), and the text each run
printed before its `runner` line (the results tables; BASE_DIR.out and NEW_DIR.out) must be equal.
Prints the differences (JSON paths) and exits 1 when there are any.
"""
import csv
import json
import pathlib
import re
import sys

IGNORED = {"runner", "wallMillis", "placement"}


def subset(old, new, path, out):
    if isinstance(old, dict):
        if not isinstance(new, dict):
            out.append(f"{path}: object became {type(new).__name__}")
            return
        for key, value in old.items():
            if key in IGNORED and path == "$":
                continue
            if key not in new:
                out.append(f"{path}.{key}: missing in the new report")
            else:
                subset(value, new[key], f"{path}.{key}", out)
    elif isinstance(old, list):
        if not isinstance(new, list) or len(new) != len(old):
            out.append(f"{path}: list of {len(old)} became {len(new) if isinstance(new, list) else new!r}")
            return
        for i, (a, b) in enumerate(zip(old, new)):
            subset(a, b, f"{path}[{i}]", out)
    elif old != new or type(old) is not type(new):
        out.append(f"{path}: {old!r} -> {new!r}")


def csv_subset(base_file, new_file, out):
    """Every column of the base CSV must be in the new one (by header name), row for row equal."""
    old_rows = list(csv.reader(base_file.read_text().splitlines()))
    new_rows = list(csv.reader(new_file.read_text().splitlines()))
    if not old_rows or not new_rows or len(old_rows) != len(new_rows):
        if old_rows != new_rows:
            out.append(f"{base_file.name}: {len(old_rows)} -> {len(new_rows)} lines")
        return
    header = new_rows[0]
    for c, name in enumerate(old_rows[0]):
        if name not in header:
            out.append(f"{base_file.name}: column {name} missing")
            continue
        n = header.index(name)
        for i in range(1, len(old_rows)):
            if old_rows[i][c] != new_rows[i][n]:
                out.append(f"{base_file.name}: row {i} {name}: {old_rows[i][c]} -> {new_rows[i][n]}")
                break


STAMPS = re.compile(rb'<tr><th class="t">(runner|wall time|written)</th><td>[^<]*</td></tr>\n')


def printed(run_dir):
    """The text a run printed on stdout before its closing `runner ...` line."""
    lines = pathlib.Path(f"{run_dir}.out").read_text().splitlines()
    return lines[:next((i for i, line in enumerate(lines) if line.startswith("runner ")), len(lines))]


def exact(base, new, out):
    """NEW_DIR holds BASE_DIR's files, byte for byte (report.html without its run stamps), and printed the same tables."""
    names = sorted(p.name for p in base.iterdir() if p.is_file())
    new_names = sorted(p.name for p in new.iterdir() if p.is_file())
    if names != new_names:
        out.append(f"files: {names} -> {new_names}")
    for name in names:
        if name == "report.json" or not (new / name).exists():
            continue
        old_bytes, new_bytes = (base / name).read_bytes(), (new / name).read_bytes()
        if name == "report.html":
            old_bytes, new_bytes = STAMPS.sub(b"", old_bytes), STAMPS.sub(b"", new_bytes)
        if old_bytes != new_bytes:
            out.append(f"{name}: differs")
    if printed(base) != printed(new):
        out.append("the printed results tables differ")


def main():
    args = sys.argv[1:]
    strict = args[:1] == ["--exact"]
    args = args[1:] if strict else args
    base, new = pathlib.Path(args[0]), pathlib.Path(args[1])
    out = []
    old_report = json.loads((base / "report.json").read_text())
    new_report = json.loads((new / "report.json").read_text())
    subset(old_report, new_report, "$", out)
    for table in sorted(base.glob("*.csv")):
        other = new / table.name
        if not other.exists():
            out.append(f"{table.name}: missing in the new output")
        else:
            csv_subset(table, other, out)
    if strict:
        exact(base, new, out)
    if len(args) > 2:
        sibling_dir = pathlib.Path(args[2])
        sibling = json.loads((sibling_dir / "report.json").read_text())
        subset(sibling, new_report, "$", out)
        subset(new_report, sibling, "$", out)
        for name in ("releases.jsonl", "privacy-events.json"):
            mine, theirs = new / name, sibling_dir / name
            if mine.exists() != theirs.exists():
                out.append(f"{name}: written by one runner only")
            elif mine.exists() and mine.read_bytes() != theirs.read_bytes():
                out.append(f"{name}: differs between the runners")
    print("\n".join(out))
    sys.exit(1 if out else 0)


if __name__ == "__main__":
    main()
