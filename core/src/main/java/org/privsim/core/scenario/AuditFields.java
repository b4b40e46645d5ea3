package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldSpec.bool;
import static org.privsim.core.scenario.FieldSpec.choice;
import static org.privsim.core.scenario.FieldSpec.integer;
import static org.privsim.core.scenario.FieldSpec.number;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;
import org.privsim.core.audit.AuditAdversary;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.audit.Verdict;

/**
 * The fields of an audit and of its injected fault, each declared once as a {@link FieldSpec}, which
 * {@link AuditReader} reads through and {@link ScenarioSchema} publishes; an audit also takes the run
 * settings of its algorithm through the experiment fields ({@link ScenarioFields}).
 *
 * <p>Guarantee: every field the audit reader accepts is listed here, in the order of its "expected
 * one of" message.
 */
final class AuditFields {

    private AuditFields() {}

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    // ---- audits ----------------------------------------------------------------------------------

    /** The audited mechanism: one of the algorithms whose module declares an {@link AuditForm}. */
    static FieldSpec auditAlgorithm() {
        return Catalog.auditAlgorithm();
    }

    /** The audited mechanism among {@code auditable}. */
    static FieldSpec auditAlgorithm(Set<Algorithm> auditable) {
        return choice("algorithm", Algorithm::id, auditable.toArray(new Algorithm[0])).required()
                .doc("The audited mechanism.");
    }

    static final FieldSpec THREAT_MODEL = choice("threatModel", ThreatModel::id, ThreatModel.values())
            .defaultWords("jdp for indexed-mean-jdp and mp-mtl-*, one-out-of-t for indexed-mean-1-out-of-t,"
                    + " white-box for single-model-dp, sufficient-statistics, dp-fedavg, dp-fedrep and on a ratings task,"
                    + " billboard otherwise; required for"
                    + " indexed-mean-nonprivate")
            .doc("The guarantee tested (white-box: priv-altmin, single-model-dp, mp-mtl-* with covarianceNoise"
                    + " gaussian, dp-sgd, sufficient-statistics, dp-fedavg, dp-fedrep, item-mean-dp and the private"
                    + " indexed-mean mechanisms; on a ratings task white-box only).");
    static final FieldSpec COLLUSION = FieldSpec.custom("collusion", collusion())
            .defaultWords("the threat model's")
            .doc("Whose outputs the adversary sees: all-but-target, single, none, a size, or a list of user ids.");
    static final FieldSpec TARGET = integer("target", Bounds.atLeast(0)).byDefault(Defaults.TARGET)
            .doc("The user whose data differs between the worlds (< the population).");
    static final FieldSpec AUDIT_EPSILON = number("epsilon", Bounds.between(Bounds.MIN_EPSILON,
            Bounds.MAX_AUDIT_EPSILON)).required().doc("The claimed ε.");
    static final FieldSpec AUDIT_DELTA = ScenarioFields.DELTA.doc("The claimed δ ∈ [1e-12, 0.1].");
    static final FieldSpec AUDIT_PURE_DELTA = ScenarioFields.DELTA.optional().within(new Bounds(0, true, 1, false))
            .defaultWords("1/(m ln m)").doc("δ ∈ [0, 1) of the claimed composition bound (> 0 with covarianceNoise"
                    + " gaussian).");
    static final FieldSpec AUDIT_CALIBRATION = ScenarioFields.CALIBRATION.defaultWords("paper (tight for mp-mtl-* with gaussian and on"
            + " a ratings task)")
            .doc("How the mechanism turns (ε, δ) into ρ (not for dp-sgd, dp-fedavg, dp-fedrep; mp-mtl-* only with"
                    + " covarianceNoise gaussian).");
    static final FieldSpec TRIALS = integer("trials", Bounds.between(AuditReader.MIN_TRIALS, AuditReader.MAX_TRIALS))
            .multipleOf(4).byDefault(Defaults.TRIALS).doc("Games played (not with method one-run, which plays one run).");
    static final FieldSpec CONFIDENCE = number("confidence", Bounds.strictlyBetween(0, 1))
            .byDefault(Defaults.CONFIDENCE).doc("Confidence of the bounds.");
    static final FieldSpec METHOD = choice("method", AuditMethod::id, AuditMethod.values())
            .defaultWords("gaussian-dp-auc for Gaussian mechanisms, sampled-gaussian-auc for dp-sgd under white-box"
                    + " and dp-fedavg/dp-fedrep, clopper-pearson otherwise")
            .doc("How the verdict's bounds are computed.");
    static final FieldSpec INJECT = FieldSpec.custom("inject", ScenarioFields.ref("inject")).doc("A fault injected into the mechanism.");
    static final FieldSpec EXPECT = choice("expect", Verdict::id, Verdict.values())
            .doc("The expected verdict; when it differs, run exits 1.");
    static final FieldSpec AUDIT_TASK = FieldSpec.custom("task", ScenarioFields.ref("auditTask")).defaultWords("the scenario's task")
            .doc("The audit's own task (no dataset, no ratings file); its type must be the algorithm's.");
    static final FieldSpec CANARY_SCALE = number("canaryScale", Bounds.scale()).byDefault(Defaults.CANARY_SCALE)
            .doc("Indexed mean only: the canary's magnitude.");
    static final FieldSpec ADVERSARY = choice("adversary", AuditAdversary::id, AuditAdversary.values())
            .byDefault(AuditAdversary.LLR.id()).doc("Indexed mean only: llr or tracing.");
    static final FieldSpec CANARIES = integer("canaries", Bounds.between(AuditReader.MIN_CANARIES,
            AuditReader.MAX_CANARIES)).doc("Method one-run only (and required there): the canaries of the run, each"
                    + " included with probability 1/2; at most the population and the released statistic's dimension.");
    static final FieldSpec GUESSES = integer("guesses", Bounds.atLeast(1)).defaultWords("the best of canaries, canaries/2,"
                    + " canaries/4, … (at most 6, at least 2), each at confidence 1 − (1 − confidence)/6")
            .doc("Method one-run only: how many canaries the adversary guesses (half the highest scores in, half the"
                    + " lowest out), at most canaries.");
    /** The audit's own fields, in the order of its unknown-field message (after {@code algorithm}). */
    static final List<FieldSpec> AUDIT_SETTINGS = List.of(THREAT_MODEL, COLLUSION, TARGET, AUDIT_EPSILON,
            AUDIT_DELTA, AUDIT_CALIBRATION, TRIALS, CONFIDENCE, METHOD, INJECT, EXPECT, AUDIT_TASK, CANARY_SCALE,
            ADVERSARY, CANARIES, GUESSES);

    /** The audit's own fields, in the order of its unknown-field message. */
    static List<FieldSpec> audit() {
        return Catalog.audit();
    }
    /** The audit fields that replace the experiment fields of the same name. */
    static final Set<String> AUDIT_PRIVACY = Set.of("epsilon", "delta", "calibration");
    /** Experiment fields an audit must give (it runs one configuration, so no candidate grid). */
    static final Set<String> REQUIRED_IN_AUDITS = Set.of("lambda");
    /** Experiment fields of candidates of which an audit takes one value (it runs one configuration). */
    static final Set<String> ONE_VALUE_IN_AUDITS = Set.of("epochs", "covarianceShift", "lambda");
    /** Experiment fields an audit refuses (it runs one configuration and reports verdicts). */
    static final Set<String> NOT_IN_AUDITS = Set.of("repeats", "noiseMultiplier", "exportModels", "selection",
            "selectionMean", "selectionShape");

    static final FieldSpec INJECT_NOISE = number("noiseMultiplier", Bounds.scale()).byDefault(1.0)
            .doc("Every noise standard deviation × k.");
    static final FieldSpec INJECT_SKIP = bool("skipClipping").byDefault(false).doc("Contributions are not clipped.");
    static final FieldSpec INJECT_IGNORE = bool("ignoreComposition").byDefault(false)
            .doc("Each release is calibrated as if it spent the whole budget.");
    static final List<FieldSpec> INJECT_FIELDS = List.of(INJECT_NOISE, INJECT_SKIP, INJECT_IGNORE);


    private static ObjectNode collusion() {
        ObjectNode word = NODES.objectNode().put("type", "string");
        List.of("all-but-target", "single", "none").forEach(word.putArray("enum")::add);
        ObjectNode size = NODES.objectNode().put("type", "integer").put("minimum", 0);
        ObjectNode ids = NODES.objectNode().put("type", "array").put("minItems", 1).put("uniqueItems", true);
        ids.set("items", size.deepCopy());
        ObjectNode either = NODES.objectNode();
        either.putArray("anyOf").add(word).add(size).add(ids);
        return either;
    }
}
