package org.privsim.actors.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.privsim.core.family.Families;
import org.privsim.core.privacy.PrivateSelection;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.report.RowDescription;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.run.Report;

/**
 * The report's recorded releases as files: {@code releases.jsonl}, one line per (folded) release of
 * every run, and {@code privacy-events.json}, each private row's runs as dp_accounting events
 * (docs/report-schema.md describes both).
 *
 * <p>Guarantees: both are pure functions of the report's rows, in row, run and release order. An
 * event mirrors a class of dp_accounting's {@code dp_event} module by its {@code type} and attribute
 * names: a Gaussian release is {@code GaussianDpEvent{noise_multiplier}} with the multiplier the
 * accounting assumed (in units of the sensitivity), a sampled one
 * {@code PoissonSampledDpEvent{sampling_probability, event}}, one on a fixed cohort (m of n drawn without
 * replacement, replace-one, the multiplier in units of the replace-one sensitivity 2C)
 * {@code SampledWithoutReplacementDpEvent{source_dataset_size, sample_size, event}}, an epoch of tree
 * aggregation (DP-FTRL: one record per epoch) {@code SingleEpochTreeAggregationDpEvent{noise_multiplier,
 * step_counts}}, a pure ε-DP release (Wishart, ℓ2-Laplace:
 * mechanisms dp_accounting has no class for) {@code EpsilonDeltaDpEvent{epsilon, delta = 0}} with its
 * own stated cost, a folded record of count c &gt; 1 {@code SelfComposedDpEvent{event, count}}, and a run
 * the {@code ComposedDpEvent{events}} of the releases behind its ledger's largest spend — the winning
 * candidate's of a private selection, wrapped as {@code RepeatAndSelectDpEvent{event, mean, shape}}.
 */
public final class PrivacyEvents {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private PrivacyEvents() {}

    /** {@code releases.jsonl}: one JSON object per line, for every release of every run of every row. */
    public static String releasesJsonl(Report report) {
        ObjectMapper mapper = new ObjectMapper();
        StringBuilder out = new StringBuilder();
        List<ExperimentRow> rows = report.experiments();
        for (int r = 0; r < rows.size(); r++) {
            ExperimentRow row = rows.get(r);
            for (int run = 0; run < row.releases().size(); run++) {
                ReleaseLog log = row.releases().get(run);
                for (int i = 0; i < log.releases().size(); i++) {
                    Release release = log.releases().get(i);
                    ObjectNode line = NODES.objectNode();
                    line.put("experiment", row.experiment());
                    line.put("row", r);
                    line.put("algorithm", row.algorithm());
                    line.put("run", run);
                    line.put("population", log.population());
                    line.put("release", i);
                    line.put("round", release.round());
                    line.put("name", release.name());
                    line.put("mechanism", release.mechanism().id());
                    line.put("relation", release.relation().id());
                    line.put("sensitivity", release.sensitivity());
                    line.put("sigma", release.sigma());
                    line.put("noiseMultiplier", release.noiseMultiplier());
                    line.put("samplingRate", release.samplingRate());
                    line.put("count", release.count());
                    line.put("participants", release.participants());
                    line.put("currency", release.currency().id());
                    line.put("cost", release.cost());
                    line.put("accounted", log.accounted().contains(i));
                    out.append(write(mapper, line)).append('\n');
                }
            }
        }
        return out.toString();
    }

    /** {@code privacy-events.json}: the private rows, each run's accounted releases as dp_accounting events. */
    public static ObjectNode events(Report report) {
        ObjectNode root = NODES.objectNode();
        root.put("scenario", report.scenario());
        root.put("seed", report.seed());
        ArrayNode out = root.putArray("rows");
        List<ExperimentRow> rows = report.experiments();
        for (int r = 0; r < rows.size(); r++) {
            ExperimentRow row = rows.get(r);
            if (row.releases().stream().allMatch(log -> log.releases().isEmpty())) {
                continue;
            }
            ObjectNode node = out.addObject();
            node.put("row", r);
            node.put("experiment", row.experiment());
            node.put("algorithm", row.algorithm());
            node.put("epsilon", row.epsilon());
            node.put("delta", row.delta());
            node.put("accountedEpsilon", row.accountedEpsilon());
            Release.Currency currency = row.releases().stream().filter(log -> log.currency() != null).findFirst()
                    .orElseThrow().currency();
            // A private selection is accounted in RDP (RepeatAndSelectRdp), whatever its candidates' currency.
            node.put("accountant", row.privateSelection() != null ? "rdp" : accountant(currency));
            node.put("calibration", currency == Release.Currency.ZCDP_RHO && row.privateSelection() == null
                    ? calibration(Families.describing(row), row) : null);
            ArrayNode runs = node.putArray("runs");
            for (int run = 0; run < row.releases().size(); run++) {
                ReleaseLog log = row.releases().get(run);
                List<Release> accounted = log.accountedReleases();
                ObjectNode runNode = runs.addObject();
                runNode.put("run", run);
                runNode.put("population", log.population());
                runNode.put("neighboringRelation", relation(accounted));
                PrivateSelection selection = row.privateSelection();
                ObjectNode composed = runNode.putObject("event");
                if (selection != null) {
                    composed.put("type", "RepeatAndSelectDpEvent");
                    composed.put("mean", selection.mean());
                    composed.put("shape", selection.shape());
                    composed = composed.putObject("event");
                }
                composed.put("type", "ComposedDpEvent");
                ArrayNode events = composed.putArray("events");
                for (Release release : accounted) {
                    events.add(event(release));
                }
            }
        }
        return root;
    }

    /** The dp_accounting event of one (folded) release. */
    static ObjectNode event(Release release) {
        ObjectNode base = NODES.objectNode();
        switch (release.mechanism()) {
            case GAUSSIAN -> gaussian(base, release);
            case SAMPLED_GAUSSIAN -> {
                base.put("type", "PoissonSampledDpEvent");
                base.put("sampling_probability", release.samplingRate());
                gaussian(base.putObject("event"), release);
            }
            case SAMPLED_WITHOUT_REPLACEMENT_GAUSSIAN -> {
                base.put("type", "SampledWithoutReplacementDpEvent");
                base.put("source_dataset_size", release.participants());
                base.put("sample_size", Math.round(release.samplingRate() * release.participants()));
                gaussian(base.putObject("event"), release);
            }
            case TREE_AGGREGATION -> {
                // One record is one epoch's tree: its count is the epoch's steps, not a repetition.
                base.put("type", "SingleEpochTreeAggregationDpEvent");
                base.put("noise_multiplier", release.noiseMultiplier());
                base.put("step_counts", release.count());
                return base;
            }
            case WISHART, L2_LAPLACE -> {
                base.put("type", "EpsilonDeltaDpEvent");
                base.put("epsilon", release.cost());
                base.put("delta", 0.0);
            }
        }
        if (release.count() == 1) {
            return base;
        }
        ObjectNode composed = NODES.objectNode();
        composed.put("type", "SelfComposedDpEvent");
        composed.set("event", base);
        composed.put("count", release.count());
        return composed;
    }

    private static void gaussian(ObjectNode node, Release release) {
        node.put("type", "GaussianDpEvent");
        node.put("noise_multiplier", release.noiseMultiplier());
    }

    /** dp_accounting's name of the one relation of a run's releases (null without releases). */
    private static String relation(List<Release> releases) {
        List<Release.Relation> relations = releases.stream().map(Release::relation).distinct().toList();
        if (relations.size() > 1) {
            throw new IllegalStateException("a run mixes neighbour relations " + relations);
        }
        return relations.isEmpty() ? null : relations.get(0).dpAccounting();
    }

    private static String accountant(Release.Currency currency) {
        return switch (currency) {
            case ZCDP_RHO -> "zcdp";
            case PURE_EPSILON -> "pure-composition-bound";
            case RDP_EPSILON -> "rdp";
            case PLD_EPSILON -> "pld";
        };
    }

    /**
     * The zCDP calibration {@code row} (of {@code description}'s type) states, or null
     * ({@link RowDescription#eventCalibration}).
     */
    private static <R> String calibration(RowDescription<R> description, ExperimentRow row) {
        return description.eventCalibration(description.rowType().cast(row));
    }

    private static String write(ObjectMapper mapper, ObjectNode node) {
        try {
            return mapper.writeValueAsString(node);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + node, e);
        }
    }
}
