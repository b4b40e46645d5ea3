#!/usr/bin/env python3
"""Checks a privsim privacy-events.json and shows how dp_accounting recomputes its epsilons.

    python3 scripts/epsilon-from-events.py OUT_DIR/privacy-events.json

With the standard library only, it validates the file's structure: every row names its accountant
(zcdp, pure-composition-bound, rdp or pld), delta and accountedEpsilon; every run's event is a
ComposedDpEvent of GaussianDpEvent{noise_multiplier}, PoissonSampledDpEvent{sampling_probability,
event}, SampledWithoutReplacementDpEvent{source_dataset_size, sample_size, event},
EpsilonDeltaDpEvent{epsilon, delta}, SingleEpochTreeAggregationDpEvent{noise_multiplier,
step_counts} or SelfComposedDpEvent{event, count} events (a private selection's run: a
RepeatAndSelectDpEvent{event, mean, shape} of one), with a
neighbouring relation of dp_accounting's NeighboringRelation. It prints one line per row and exits 1
on the first malformed object.

When Google's dp_accounting is importable (pip install dp-accounting; privsim does not need it), it
also rebuilds each run's event as dp_accounting objects and prints dp_accounting's epsilon beside
privsim's accountedEpsilon:

  * rows accounted by pld or rdp (dp-sgd, dp-fedavg): PLDAccountant / RdpAccountant with the stated
    NeighboringRelation; the same accountant agrees to about 1e-4 (pld) or exactly up to the orders
    (rdp); tree aggregation epochs (noise: tree, REPLACE_SPECIAL) by RdpAccountant, to rounding;
  * rows accounted in zcdp (Gaussian releases calibrated in rho): dp_accounting has no zCDP
    accountant; its PLD accountant gives the Gaussian composition's exact epsilon, which is at most
    privsim's (the tight zCDP conversion is an upper bound; calibration gdp is the exact value);
  * rows accounted by the pure composition bound (Wishart, l2-Laplace): EpsilonDeltaDpEvent(eps, 0)
    events composed by PLDAccountant, the optimal composition, at most the KOV bound privsim states.
"""
import json
import sys

LEAVES = {
    "GaussianDpEvent": {"noise_multiplier"},
    "EpsilonDeltaDpEvent": {"epsilon", "delta"},
    "SingleEpochTreeAggregationDpEvent": {"noise_multiplier", "step_counts"},
}
ACCOUNTANTS = {"zcdp", "pure-composition-bound", "rdp", "pld"}
RELATIONS = {"ADD_OR_REMOVE_ONE", "REPLACE_ONE", "REPLACE_SPECIAL"}


class Malformed(Exception):
    pass


def check_event(event, path):
    """Validates one event (recursively); returns the number of leaf releases it stands for."""
    if not isinstance(event, dict) or "type" not in event:
        raise Malformed(f"{path}: not an event object")
    kind = event["type"]
    if kind in LEAVES:
        missing = LEAVES[kind] - event.keys()
        if missing:
            raise Malformed(f"{path}: {kind} lacks {sorted(missing)}")
        for key in LEAVES[kind]:
            if not isinstance(event[key], (int, float)) or event[key] < 0:
                raise Malformed(f"{path}.{key}: not a non-negative number")
        return 1
    if kind == "PoissonSampledDpEvent":
        q = event.get("sampling_probability")
        if not isinstance(q, (int, float)) or not 0 < q <= 1:
            raise Malformed(f"{path}.sampling_probability: not in (0, 1]")
        if event.get("event", {}).get("type") != "GaussianDpEvent":
            raise Malformed(f"{path}.event: privsim samples Gaussian events only")
        return check_event(event["event"], path + ".event")
    if kind == "SampledWithoutReplacementDpEvent":
        n, m = event.get("source_dataset_size"), event.get("sample_size")
        if not isinstance(n, int) or not isinstance(m, int) or not 0 < m <= n:
            raise Malformed(f"{path}: sample_size must be an integer in [1, source_dataset_size]")
        if event.get("event", {}).get("type") != "GaussianDpEvent":
            raise Malformed(f"{path}.event: privsim samples Gaussian events only")
        return check_event(event["event"], path + ".event")
    if kind == "SelfComposedDpEvent":
        count = event.get("count")
        if not isinstance(count, int) or count < 1:
            raise Malformed(f"{path}.count: not a positive integer")
        return count * check_event(event.get("event"), path + ".event")
    if kind == "RepeatAndSelectDpEvent":
        if not isinstance(event.get("mean"), (int, float)) or event["mean"] < 1:
            raise Malformed(f"{path}.mean: not a number >= 1")
        if not isinstance(event.get("shape"), (int, float)) or event["shape"] < 0:
            raise Malformed(f"{path}.shape: not a non-negative number")
        if event.get("event", {}).get("type") != "ComposedDpEvent":
            raise Malformed(f"{path}.event: a selection repeats a run's ComposedDpEvent")
        return check_event(event["event"], path + ".event")
    if kind == "ComposedDpEvent":
        events = event.get("events")
        if not isinstance(events, list):
            raise Malformed(f"{path}.events: not a list")
        return sum(check_event(e, f"{path}.events[{i}]") for i, e in enumerate(events))
    raise Malformed(f"{path}: unknown event type {kind!r}")


def to_dp_accounting(event, dp_event):
    """The dp_accounting object of an event already checked by check_event."""
    kind = event["type"]
    if kind == "GaussianDpEvent":
        return dp_event.GaussianDpEvent(event["noise_multiplier"])
    if kind == "EpsilonDeltaDpEvent":
        return dp_event.EpsilonDeltaDpEvent(event["epsilon"], event["delta"])
    if kind == "SingleEpochTreeAggregationDpEvent":
        return dp_event.SingleEpochTreeAggregationDpEvent(event["noise_multiplier"], event["step_counts"])
    if kind == "PoissonSampledDpEvent":
        return dp_event.PoissonSampledDpEvent(event["sampling_probability"],
                                              to_dp_accounting(event["event"], dp_event))
    if kind == "SampledWithoutReplacementDpEvent":
        return dp_event.SampledWithoutReplacementDpEvent(event["source_dataset_size"], event["sample_size"],
                                                         to_dp_accounting(event["event"], dp_event))
    if kind == "SelfComposedDpEvent":
        return dp_event.SelfComposedDpEvent(to_dp_accounting(event["event"], dp_event), event["count"])
    if kind == "RepeatAndSelectDpEvent":
        return dp_event.RepeatAndSelectDpEvent(to_dp_accounting(event["event"], dp_event), event["mean"],
                                               event["shape"])
    return dp_event.ComposedDpEvent([to_dp_accounting(e, dp_event) for e in event["events"]])


def dp_accounting_epsilon(row, run, dp_accounting):
    """dp_accounting's epsilon at the row's delta for one run (PLD, or RDP for rows privsim accounted by RDP)."""
    relation = getattr(dp_accounting.NeighboringRelation, run["neighboringRelation"])
    event = to_dp_accounting(run["event"], dp_accounting.dp_event)
    if row["accountant"] == "rdp":
        accountant = dp_accounting.rdp.RdpAccountant(neighboring_relation=relation)
    else:
        accountant = dp_accounting.pld.PLDAccountant(neighboring_relation=relation, value_discretization_interval=1e-4)
    accountant.compose(event)
    return accountant.get_epsilon(row["delta"])


def main():
    if len(sys.argv) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    try:
        import dp_accounting  # optional: only for the recomputation
    except ImportError:
        dp_accounting = None
    try:
        if not isinstance(doc.get("rows"), list):
            raise Malformed("$.rows: not a list")
        for i, row in enumerate(doc["rows"]):
            path = f"$.rows[{i}]"
            if row.get("accountant") not in ACCOUNTANTS:
                raise Malformed(f"{path}.accountant: {row.get('accountant')!r} is not one of {sorted(ACCOUNTANTS)}")
            for key in ("delta", "accountedEpsilon"):
                if not isinstance(row.get(key), (int, float)):
                    raise Malformed(f"{path}.{key}: not a number")
            releases = []
            for j, run in enumerate(row.get("runs", [])):
                if run.get("neighboringRelation") not in RELATIONS:
                    raise Malformed(f"{path}.runs[{j}].neighboringRelation: not one of {sorted(RELATIONS)}")
                if run.get("event", {}).get("type") not in ("ComposedDpEvent", "RepeatAndSelectDpEvent"):
                    raise Malformed(f"{path}.runs[{j}].event: a run's event is a ComposedDpEvent"
                                    " (or a private selection's RepeatAndSelectDpEvent of one)")
                releases.append(check_event(run["event"], f"{path}.runs[{j}].event"))
            line = (f"row {row['row']} experiment {row['experiment']} {row['algorithm']}: {row['accountant']}, "
                    f"{len(releases)} runs of {max(releases, default=0)} releases, "
                    f"accountedEpsilon {row['accountedEpsilon']:.6g} at delta {row['delta']:g}")
            if dp_accounting is not None and row["runs"]:
                eps = [dp_accounting_epsilon(row, run, dp_accounting) for run in row["runs"]]
                line += f"; dp_accounting {max(eps):.6g}"
            print(line)
    except Malformed as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(1)
    if dp_accounting is None:
        print("(dp_accounting is not installed: structure checked, epsilons not recomputed)")


if __name__ == "__main__":
    main()
