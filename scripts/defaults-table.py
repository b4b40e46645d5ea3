#!/usr/bin/env python3
"""Prints the "defaults that work" table of bench/RESULTS.md from the reports of bench/defaults/*.yaml.

    for f in bench/defaults/*.yaml; do ./privsim run "$f" --runner sequential --out "out/defaults/$(basename "$f" .yaml)"; done
    scripts/defaults-table.py out/defaults

Each row is one algorithm run with only its required fields (ε and δ for the private ones; the
scenarios add repeats for the standard error) at the largest ε of its experiment, with the error
metric its report gives (mean ± standard error over repeats) beside the family's non-sharing
baseline (the first experiment of each scenario) and their ratio; per structure for multi-task.
"""
import json
import sys
from pathlib import Path


def metric(row):
    """The first field with a standard error beside it: (name, mean, s.e.)."""
    for key, value in row.items():
        if isinstance(value, (int, float)) and not isinstance(value, bool) and key + "StdErr" in row:
            return key, value, row[key + "StdErr"]
    raise SystemExit("no metric with a standard error in row: " + json.dumps(row)[:200])


def main(folder):
    print("| family | algorithm | ε | metric | with only required fields | baseline | ratio |")
    print("|---|---|---|---|---|---|---|")
    for family in ["low-rank", "ratings", "indexed-mean", "multitask", "transfer"]:
        report = Path(folder) / family / "report.json"
        if not report.exists():
            print(f"(no {report}: skipped)", file=sys.stderr)
            continue
        rows = json.loads(report.read_text())["experiments"]
        groups = {}
        for row in rows:
            key = (row.get("structure"), row.get("persons") if family == "indexed-mean" else None)
            groups.setdefault(key, []).append(row)
        for (structure, _), group in groups.items():
            if family == "indexed-mean" and _ != max(r.get("persons") or 0 for r in rows):
                continue
            best = {}
            for row in group:
                e = row["experiment"]
                eps = row.get("epsilon")
                if e not in best or (eps is not None and eps > (best[e].get("epsilon") or 0)):
                    best[e] = row
            base = best[min(best)]
            name, bmean, bse = metric(base)
            label = family + (" (" + structure + ")" if structure else "")
            for e in sorted(best):
                row = best[e]
                _, mean, se = metric(row)
                eps = row.get("epsilon")
                who = row["algorithm"] + (" (baseline)" if row is base else "")
                if row.get("representation") and family == "transfer":
                    who += ", representation " + str(row["representation"])
                print(f"| {label} | {who} | {'-' if eps is None else f'{eps:g}'} | {name} | "
                      f"{mean:.4g} ± {se:.2g} | {bmean:.4g} ± {bse:.2g} | {mean / bmean:.3f} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "out/defaults")
