package org.privsim.core.scenario;

import java.util.List;
import java.util.function.ToIntBiFunction;
import org.privsim.core.audit.AuditAdversary;
import org.privsim.core.audit.ThreatModel;

/**
 * How an audit of one algorithm reads and is checked, as the algorithm's family module declares it:
 * the task types its games play on, the kind of release it makes, whether it takes run settings through
 * the experiment fields, the threat models, adversaries, collusion and faults it allows. An algorithm is
 * auditable exactly when a module declares its audit form; {@link AuditReader} and the schema
 * ({@link SchemaRules}) read the same forms.
 *
 * <p>Guarantee: {@code taskTypes} is non-empty and never holds {@code dataset} (games play on synthetic
 * populations); {@code threatModels} is non-empty and holds {@code defaultThreatModel} when that is set.
 *
 * @param algorithm                the audited mechanism
 * @param taskTypes                the task types its game plays on, in message order
 * @param release                  what it releases
 * @param readsRunSettings         whether the audit takes the run settings of an experiment of the
 *                                 algorithm (one value of each candidate list); on a ratings task an audit
 *                                 always takes those of a ratings experiment
 * @param threatModels             the threat models it may be audited under
 * @param defaultThreatModel       the threat model without one given, or null when the audit must name it
 * @param threatModelRule          why the others are refused (after the algorithm's id, e.g. {@code is
 *                                 audited under white-box only (…)}), or null when every threat model is
 *                                 allowed
 * @param adversaries              the adversaries an audit may choose (the canary scale applies with one);
 *                                 empty when it has a built-in canary
 * @param member                   what its canary is: a {@code user} or a {@code task}
 * @param allButTargetOnly         whether every other member colludes whatever the audit says
 * @param skipClippingRefusal      the message refusing {@code inject.skipClipping}, or null when allowed
 * @param ignoreCompositionRefusal the message refusing {@code inject.ignoreComposition}, or null when allowed
 * @param oneRunDimension          the dimension of the released statistic a {@code method: one-run} audit
 *                                 places its canaries in on a task with the audit's representation (null
 *                                 when it names none): the most canaries it supports there; null when the
 *                                 module plays no one-run audit of the algorithm
 */
public record AuditForm(Algorithm algorithm, List<String> taskTypes, Release release, boolean readsRunSettings,
                        List<ThreatModel> threatModels, ThreatModel defaultThreatModel, String threatModelRule,
                        List<AuditAdversary> adversaries, String member, boolean allButTargetOnly,
                        String skipClippingRefusal, String ignoreCompositionRefusal,
                        ToIntBiFunction<Task, Representation> oneRunDimension) {

    /** What an audited mechanism releases, which decides its calibration, claims and valid methods. */
    public enum Release {
        /** zCDP-calibrated Gaussian noise (the Gaussian-DP methods are valid). */
        GAUSSIAN,
        /** Poisson-subsampled Gaussian noise accounted by its accountant (no calibration field). */
        SAMPLED_GAUSSIAN,
        /**
         * A covariance release: Wishart noise claiming pure ε per release (composed to (ε, δ), δ ≥ 0, no
         * calibration), or zCDP-calibrated Gaussian noise with {@code covarianceNoise: gaussian}.
         */
        COVARIANCE,
        /** No noise at all (a baseline). */
        NONE
    }

    public AuditForm {
        taskTypes = List.copyOf(taskTypes);
        threatModels = List.copyOf(threatModels);
        adversaries = List.copyOf(adversaries);
        if (taskTypes.isEmpty() || taskTypes.contains(DatasetTask.TYPE)) {
            throw new IllegalArgumentException(algorithm.id() + " audits on " + taskTypes);
        }
        if (threatModels.isEmpty() || (defaultThreatModel != null && !threatModels.contains(defaultThreatModel))) {
            throw new IllegalArgumentException(algorithm.id() + " defaults to " + defaultThreatModel + " outside "
                    + threatModels);
        }
    }

    /**
     * The audit form of {@code algorithm}: on {@code taskTypes}, under every threat model (billboard by
     * default), with a built-in canary user, no run settings and every fault allowed.
     */
    public static AuditForm of(Algorithm algorithm, Release release, String... taskTypes) {
        return new AuditForm(algorithm, List.of(taskTypes), release, false, List.of(ThreatModel.values()),
                ThreatModel.BILLBOARD, null, List.of(), "user", false, null, null, null);
    }

    /** This form taking the run settings of an experiment of the algorithm. */
    public AuditForm withRunSettings() {
        return new AuditForm(algorithm, taskTypes, release, true, threatModels, defaultThreatModel, threatModelRule,
                adversaries, member, allButTargetOnly, skipClippingRefusal, ignoreCompositionRefusal, oneRunDimension);
    }

    /** This form allowing only {@code models} (the first the default; none when {@code byDefault} is false), refusing the others because of {@code rule}. */
    public AuditForm underOnly(String rule, boolean byDefault, ThreatModel... models) {
        return new AuditForm(algorithm, taskTypes, release, readsRunSettings, List.of(models),
                byDefault ? models[0] : null, rule, adversaries, member, allButTargetOnly, skipClippingRefusal,
                ignoreCompositionRefusal, oneRunDimension);
    }

    /** This form with default threat model {@code model}. */
    public AuditForm byDefault(ThreatModel model) {
        return new AuditForm(algorithm, taskTypes, release, readsRunSettings, threatModels, model, threatModelRule,
                adversaries, member, allButTargetOnly, skipClippingRefusal, ignoreCompositionRefusal, oneRunDimension);
    }

    /** This form letting the audit choose among {@code choices} (and scale its canary). */
    public AuditForm adversaries(AuditAdversary... choices) {
        return new AuditForm(algorithm, taskTypes, release, readsRunSettings, threatModels, defaultThreatModel,
                threatModelRule, List.of(choices), member, allButTargetOnly, skipClippingRefusal,
                ignoreCompositionRefusal, oneRunDimension);
    }

    /** This form whose canary is a task, with every other task colluding. */
    public AuditForm taskCanaryAllButTarget() {
        return new AuditForm(algorithm, taskTypes, release, readsRunSettings, threatModels, defaultThreatModel,
                threatModelRule, adversaries, "task", true, skipClippingRefusal, ignoreCompositionRefusal, oneRunDimension);
    }

    /** This form refusing {@code inject.skipClipping} with {@code message}. */
    public AuditForm refusingSkipClipping(String message) {
        return new AuditForm(algorithm, taskTypes, release, readsRunSettings, threatModels, defaultThreatModel,
                threatModelRule, adversaries, member, allButTargetOnly, message, ignoreCompositionRefusal, oneRunDimension);
    }

    /** This form refusing {@code inject.ignoreComposition} with {@code message}. */
    public AuditForm refusingIgnoreComposition(String message) {
        return new AuditForm(algorithm, taskTypes, release, readsRunSettings, threatModels, defaultThreatModel,
                threatModelRule, adversaries, member, allButTargetOnly, skipClippingRefusal, message, oneRunDimension);
    }

    /**
     * This form allowing {@code method: one-run}, whose canaries live in a released statistic of
     * {@code dimension} coordinates on a task with a representation (null when the audit names none).
     */
    public AuditForm withOneRun(ToIntBiFunction<Task, Representation> dimension) {
        return new AuditForm(algorithm, taskTypes, release, readsRunSettings, threatModels, defaultThreatModel,
                threatModelRule, adversaries, member, allButTargetOnly, skipClippingRefusal, ignoreCompositionRefusal,
                dimension);
    }

    /** Whether its game plays on a task of {@code type}. */
    public boolean playsOn(String type) {
        return taskTypes.contains(type);
    }

    /** Its task types for a message: {@code a}, {@code a or b}, {@code a, b or c}. */
    public String taskTypesText() {
        return taskTypes.size() == 1 ? taskTypes.get(0) : String.join(", ", taskTypes.subList(0, taskTypes.size() - 1))
                + " or " + taskTypes.get(taskTypes.size() - 1);
    }

    /** Whether it may be audited under white-box with {@code gaussianCovariance} (covarianceNoise gaussian). */
    public boolean whiteBox(boolean gaussianCovariance) {
        return threatModels.contains(ThreatModel.WHITE_BOX) && (release != Release.COVARIANCE || gaussianCovariance);
    }
}
