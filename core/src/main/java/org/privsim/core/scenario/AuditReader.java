package org.privsim.core.scenario;


import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.privsim.core.audit.AuditAdversary;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.Collusion;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.audit.Verdict;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.privacy.CompositionBound;

/**
 * Reads one entry of a scenario's {@code audits} list.
 *
 * <p>Guarantee: like {@link ExperimentReader}, construction records every problem that needs no
 * task, {@link #checkAgainst} those that do (the audit's own {@code task} or the scenario's: its
 * type must be the algorithm's, the target and the collusion set must exist in its population), and
 * {@link #resolve} may only be called when no problem was recorded anywhere. Rules checked: only
 * priv-altmin, single-model-dp and sufficient-statistics (under white-box only), item-mean-dp and
 * priv-altmin on a synthetic ratings task (white-box only, run settings of a ratings experiment, 2L
 * ≤ items for the canary pair, default calibration tight as a ratings experiment's), mp-mtl-low-rank,
 * mp-mtl-group-sparse, dp-sgd, dp-fedavg, dp-fedrep and the indexed-mean mechanisms can be audited, under white-box only those with
 * Gaussian releases (dp-sgd under billboard or white-box only, without calibration, a Gaussian-DP method or
 * noiseMultiplier, on a task with one n₂; dp-fedavg and dp-fedrep the same, under white-box only and
 * without skipClipping);
 * {@code method: one-run} only where the module plays one run ({@link AuditForm#oneRunDimension}), with
 * {@code canaries} (required there and only there, 2 ≤ canaries ≤ the population and the released
 * statistic's dimension), optional {@code guesses} ≤ canaries and no {@code trials};
 * {@code trials} is a multiple of 4 (two
 * halves, each with both worlds equally); {@code gaussian-dp} and {@code gaussian-dp-auc} only for
 * Gaussian mechanisms, {@code sampled-gaussian-auc} only for the sampled mechanisms, and the default
 * method is {@link #defaultMethod} (sampled-gaussian-auc for them under white-box); each
 * injected fault only where it can act ({@code ignoreComposition} needs a mechanism whose
 * calibration composes several releases); priv-altmin audits run one epoch count and take their
 * other run settings through the experiment fields. MP-MTL audits take theirs the same way with one
 * λ, are audited under jdp (every task receives the same M, so the JDP adversary — all other
 * tasks colluding — is the natural one and the only collusion) or, with Gaussian releases, white-box, claim (CB, δ) of their pure-ε
 * releases with δ ∈ [0, 1) optional (default the experiments', 1/(m ln m)), have no calibration and
 * no Gaussian-DP method (unless {@code covarianceNoise: gaussian}, a zCDP-calibrated Gaussian release
 * with an (ε, δ) claim), and run on a task with one structure.
 */
final class AuditReader {

    /** Largest number of trials an audit may ask for. */
    static final int MAX_TRIALS = 10_000_000;
    /**
     * Largest t·d·n of a tracing audit: each of its trials draws every person's samples in all d
     * coordinates (10⁸ draws, about a second per trial).
     */
    static final long MAX_TRACING_DRAWS = 100_000_000L;
    /** Fewest canaries of a one-run audit. */
    static final int MIN_CANARIES = 2;
    /** Most canaries of a one-run audit (each is a user or sample of the run). */
    static final int MAX_CANARIES = 1_000_000;
    /** Smallest number of trials: every world needs at least two trials in each half. */
    static final int MIN_TRIALS = 8;

    private static final List<String> AUDIT_FIELDS = ScenarioFields.namesOf(AuditFields.audit());
    private static final Set<String> PRIVACY_FIELDS = AuditFields.AUDIT_PRIVACY;
    /** What an audit on a ratings task reads itself of its experiment fields. */
    private static final Set<String> RATINGS_HANDLED = Set.of("epsilon", "delta", "calibration", "repeats");

    private final FieldReader fields;
    private final Algorithm algorithm;
    /** How its family audits the algorithm; null when the algorithm is missing, unknown or not auditable. */
    private final AuditForm form;
    private final ThreatModel threatModel;
    private final Collusion collusion;
    private final Integer target;
    private final Double epsilon;
    private final Double delta;
    private final Calibration calibration;
    private final Integer trials;
    private final Double confidence;
    private final AuditMethod method;
    private final Injection inject;
    private final Verdict expect;
    private final Optional<Task> ownTask;
    private final Double canaryScale;
    private final AuditAdversary adversary;
    private final Integer canaries;
    private final Integer guesses;
    /** Reads the run settings of a priv-altmin audit; null otherwise. */
    private final ExperimentReader settings;
    /** Whether the audit runs on a ratings task (its own, or the scenario's). */
    private final boolean ratings;
    /** Reads the run settings of a priv-altmin or item-mean-dp audit on a ratings task; null otherwise. */
    private final RatingsExperimentReader ratingsSettings;

    /**
     * Reads and checks {@code fields}, recording every problem that needs no task to find;
     * {@code ratingsScenario}: whether the scenario's task is a ratings task.
     */
    AuditReader(FieldReader fields, boolean ratingsScenario) {
        this.fields = fields;
        this.ratings = fields.has("task") ? RatingsTask.TYPE.equals(fields.peekText("task", "type")) : ratingsScenario;
        boolean given = fields.has(ScenarioFields.ALGORITHM.name());
        if (!given) {
            fields.rejectUnknown(AUDIT_FIELDS); // first: a near miss (`algoritm:`) then stands for the algorithm
        }
        Algorithm read = fields.choice(ScenarioFields.ALGORITHM, List.of(Algorithm.values()), Algorithm::id)
                .orElse(null);
        if (read != null && Catalog.auditForm(read) == null) {
            fields.error("algorithm", read.id() + " cannot be audited (auditable: " + String.join(", ",
                    Catalog.auditForms().stream().map(f -> f.algorithm().id()).toList()) + ")");
            read = null;
        }
        algorithm = read;
        form = read == null ? null : Catalog.auditForm(read);
        if (onRatings()) {
            settings = null;
            ratingsSettings = new RatingsExperimentReader(fields, AUDIT_FIELDS, RATINGS_HANDLED);
            if (fields.has("repeats")) {
                fields.error("repeats", "not used by audits (an audit's trials are its independent runs; see trials)");
            }
        } else if (form != null && form.readsRunSettings()) {
            settings = new ExperimentReader(fields, AUDIT_FIELDS, PRIVACY_FIELDS);
            ratingsSettings = null;
            rejectSeveralRuns();
        } else {
            settings = null;
            ratingsSettings = null;
            if (given) {
                fields.rejectUnknown(AUDIT_FIELDS);
            }
        }
        AuditChoices choices = new AuditChoices(fields, form, onRatings(), settings != null && settings.gaussianCovariance());
        threatModel = choices.readThreatModel();
        collusion = choices.onlyAllButTarget(choices.readCollusion());
        target = fields.integer(AuditFields.TARGET).orElse(null);
        epsilon = fields.number(AuditFields.AUDIT_EPSILON).orElse(null);
        if (settings != null && settings.representation() == Representation.PRIVATE_ALTMIN) {
            fields.error("representation", "a " + algorithm.id() + " audit runs with representation none, public or"
                    + " true (the private-altmin representation's own Priv-AltMin run is audited as priv-altmin)");
        }
        delta = ExperimentReader.readDelta(fields, releases(AuditForm.Release.COVARIANCE));
        if (delta != null && delta == 0 && settings != null && settings.gaussianCovariance()) {
            fields.error("delta", "must be > 0 with covarianceNoise gaussian (a Gaussian release is not pure ε-DP)");
        }
        calibration = choices.readCalibration();
        confidence = fields.number(AuditFields.CONFIDENCE).orElse(null);
        method = choices.readMethod();
        trials = choices.readTrials(method);
        canaries = choices.readCanaries(method);
        guesses = choices.readGuesses(method, canaries);
        inject = fields.object(AuditFields.INJECT.name(), AuditFields.INJECT.presence()).map(choices::readInjection).orElse(Injection.NONE);
        expect = fields.choice(AuditFields.EXPECT, List.of(Verdict.values()), Verdict::id).orElse(null);
        ownTask = fields.object(AuditFields.AUDIT_TASK.name(), AuditFields.AUDIT_TASK.presence()).flatMap(TaskReader::read);
        canaryScale = choices.readCanaryScale();
        adversary = choices.readAdversary(threatModel, inject);
    }

    /** Records the problems that depend on the task the audit runs on. */
    void checkAgainst(Optional<Task> scenarioTask) {
        Optional<Task> task = fields.has("task") ? ownTask : scenarioTask;
        if (algorithm == null || task.isEmpty()) {
            return;
        }
        String taskField = fields.has("task") ? fields.pathOf("task") : "the scenario's task";
        if (!form.playsOn(task.get().type())) {
            // Audits play games on synthetic populations: a low-rank algorithm's audit needs its own task type.
            fields.error("algorithm", algorithm.id() + " needs a task of type " + form.taskTypesText() + ", but "
                    + taskField + " is of type " + task.get().type());
            return;
        }
        if (task.get() instanceof RatingsTask ratingsTask && !checkRatings(ratingsTask, taskField)) {
            return;
        }
        if (settings != null) {
            settings.checkAgainst(task.get(), taskField);
        }
        if (task.get() instanceof TransferRegressionTask transfer && transfer.privateSamples().size() > 1) {
            fields.error("algorithm", "an audit runs on one n₂, but " + taskField + " lists "
                    + transfer.privateSamples().size() + " privateSamples; give the audit its own task with one");
            return;
        }
        if (task.get() instanceof MultitaskRegressionTask multitask && multitask.structures().size() > 1) {
            fields.error("algorithm", "an audit runs on one structure, but " + taskField + " lists "
                    + multitask.structures().size() + "; give the audit its own task with one structure");
            return;
        }
        if (adversary == AuditAdversary.TRACING && task.get() instanceof IndexedMeanTask indexed
                && (long) indexed.persons() * indexed.dimension() * indexed.samplesPerPerson() > MAX_TRACING_DRAWS) {
            fields.error("adversary", "a tracing trial draws persons × dimension × samplesPerPerson samples, at most "
                    + MAX_TRACING_DRAWS + ", but " + taskField + " needs " + (long) indexed.persons()
                    * indexed.dimension() * indexed.samplesPerPerson());
            return;
        }
        int population = population(task.get());
        if (canaries != null && form.oneRunDimension() != null) {
            int dimension = form.oneRunDimension().applyAsInt(task.get(),
                    settings == null ? null : settings.representation());
            if (canaries > population) {
                fields.error("canaries", "must be ≤ the population of " + taskField + " (" + population + "), got "
                        + canaries);
                return;
            }
            if (canaries > dimension) {
                fields.error("canaries", "must be ≤ the dimension of the released statistic on " + taskField + " ("
                        + dimension + ": one direction per canary), got " + canaries);
                return;
            }
        }
        int resolvedTarget = target == null ? Defaults.TARGET : target;
        if (resolvedTarget >= population) {
            fields.error("target", "must be < the population of " + taskField + " (" + population + "), got "
                    + resolvedTarget);
            return;
        }
        if (collusion != null) {
            try {
                collusion.members(population, resolvedTarget);
            } catch (IllegalArgumentException e) {
                fields.error("collusion", e.getMessage());
            }
        }
    }

    /** The audit with every default resolved; only valid when no problem was recorded. */
    AuditSpec resolve(Task scenarioTask) {
        Task task = ownTask.orElse(scenarioTask);
        ThreatModel model = threatModel != null ? threatModel
                : ratingsSettings != null ? ThreatModel.WHITE_BOX : form.defaultThreatModel();
        boolean mpMtl = releases(AuditForm.Release.COVARIANCE);
        boolean gaussianMpMtl = mpMtl && settings.gaussianCovariance();
        boolean noCalibration = (mpMtl && !gaussianMpMtl) || releases(AuditForm.Release.SAMPLED_GAUSSIAN);
        Calibration resolvedCalibration = noCalibration ? null
                : calibration != null ? calibration
                : gaussianMpMtl ? Defaults.GAUSSIAN_COVARIANCE_CALIBRATION
                : ratingsSettings != null ? Calibration.TIGHT : Defaults.CALIBRATION;
        double resolvedDelta = delta != null ? delta : Defaults.multitaskDelta((MultitaskRegressionTask) task);
        ExperimentSpec experiment = ratingsSettings != null
                ? ratingsSettings.resolve(task).withPrivacy(epsilon, resolvedDelta, resolvedCalibration)
                : settings == null ? null
                : settings.resolve(task).withPrivacy(epsilon, resolvedDelta, resolvedCalibration);
        return new AuditSpec(
                algorithm,
                model,
                collusion != null ? collusion : model.defaultCollusion(),
                target == null ? Defaults.TARGET : target,
                mpMtl && !gaussianMpMtl ? claimedEpsilon(experiment) : epsilon,
                resolvedDelta,
                resolvedCalibration,
                method == AuditMethod.ONE_RUN ? 1 : trials == null ? Defaults.TRIALS : trials,
                confidence == null ? Defaults.CONFIDENCE : confidence,
                method != null ? method : releases(AuditForm.Release.SAMPLED_GAUSSIAN) && model == ThreatModel.WHITE_BOX
                        ? AuditMethod.SAMPLED_GAUSSIAN_AUC : defaultMethod(algorithm, gaussianMpMtl),
                inject,
                expect,
                task,
                !form.adversaries().isEmpty() && adversary != AuditAdversary.TRACING
                        ? (canaryScale == null ? Defaults.CANARY_SCALE : canaryScale) : null,
                experiment,
                form.adversaries().isEmpty() ? null : adversary == null ? AuditAdversary.LLR : adversary,
                canaries,
                guesses);
    }

    /** CB of the releases' ε_t at δ: the ε an MP-MTL run actually claims (Σε_t, the pure ε, when δ = 0). */
    private static double claimedEpsilon(ExperimentSpec experiment) {
        MultitaskSettings m = experiment.settings(MultitaskSettings.class);
        return CompositionBound.of(m.allocation().epsilons(m.iterations(), experiment.epsilons().get(0),
                experiment.delta()), experiment.delta());
    }

    /**
     * The most powerful valid method for a mechanism whose scenario names none: gaussian-dp-auc for
     * the zCDP-calibrated Gaussian mechanisms (indexed mean, priv-altmin, mp-mtl-* with
     * {@code gaussianCovariance}: ρ-zCDP Gaussian noise composes to √(2ρ)-GDP); clopper-pearson for
     * those whose claim is not μ-GDP — mp-mtl-* with Wishart noise (a pure (ε, 0) claim), dp-sgd (a sampled-Gaussian RDP claim; subsampled Gaussian mechanisms
     * are not μ-GDP for the μ of their ε) — and for indexed-mean-nonprivate, which adds no noise.
     */
    static AuditMethod defaultMethod(Algorithm algorithm, boolean gaussianCovariance) {
        AuditForm.Release release = Catalog.auditForm(algorithm).release();
        return release == AuditForm.Release.GAUSSIAN
                || (release == AuditForm.Release.COVARIANCE && gaussianCovariance)
                ? AuditMethod.GAUSSIAN_DP_AUC : AuditMethod.CLOPPER_PEARSON;
    }

    /**
     * Records the problems of an audit on ratings task {@code task}: its game needs synthetic ratings
     * and 2L distinct items for the canary pair. Whether there were none.
     */
    private boolean checkRatings(RatingsTask task, String taskField) {
        if (!task.synthetic()) {
            fields.error("task", "an audit plays its game on synthetic ratings, but " + taskField + " reads the"
                    + " file " + task.path() + "; give the audit its own synthetic ratings task (one without path)");
            return false;
        }
        int limit = ratingsSettings.maxRatingsPerUser();
        if (2L * limit > task.items()) {
            fields.error("maxRatingsPerUser", "the canary pair rates 2 × maxRatingsPerUser = " + 2L * limit
                    + " distinct items, but " + taskField + " has " + task.items() + " items");
            return false;
        }
        return true;
    }

    /** Whether this is an audit on a ratings task of an algorithm audited there (priv-altmin, item-mean-dp). */
    private boolean onRatings() {
        return ratings && form != null && form.playsOn(RatingsTask.TYPE);
    }

    /** Whether the audited algorithm makes a release of kind {@code release}. */
    private boolean releases(AuditForm.Release release) {
        return form != null && form.release() == release;
    }

    private static int population(Task task) {
        if (task instanceof IndexedMeanTask indexed) {
            return indexed.persons();
        }
        if (task instanceof TransferRegressionTask transfer) {
            return transfer.privateSamples().get(0);
        }
        if (task instanceof RatingsTask ratingsTask) {
            return ratingsTask.users();
        }
        return task instanceof MultitaskRegressionTask multitask
                ? multitask.tasks() : ((LowRankRegressionTask) task).users();
    }

    private void rejectSeveralRuns() {
        List<Integer> epochs = settings.epochs();
        if (epochs != null && epochs.size() > 1) {
            fields.error("epochs", "an audit runs one epoch count; give a single integer, got " + epochs);
        }
        List<Double> shifts = settings.covarianceShifts();
        if (shifts != null && shifts.size() > 1) {
            fields.error("covarianceShift", "an audit runs one shift; give a single number, got " + shifts);
        }
        List<Double> lambdas = settings.lambdas();
        if (lambdas != null && lambdas.size() > 1) {
            fields.error("lambda", "an audit runs one λ; give a single number, got " + lambdas);
        }
        if (fields.has("repeats")) {
            fields.error("repeats", "not used by audits (an audit's trials are its independent runs; see trials)");
        }
        if (fields.has("noiseMultiplier")) {
            fields.error("noiseMultiplier", "not used by audits (σ is calibrated to the audit's epsilon; to break the"
                    + " mechanism use inject.noiseMultiplier)");
        }
        if (fields.has("exportModels")) {
            fields.error("exportModels", "not used by audits (they report verdicts, not models)");
        }
    }
}
