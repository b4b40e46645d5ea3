package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldReader.Presence.OPTIONAL;

import java.util.List;
import java.util.Optional;
import org.privsim.core.audit.AuditAdversary;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.Collusion;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.privacy.Calibration;

/**
 * Reads an audit's own choices for {@link AuditReader} — threat model, calibration, collusion, trials,
 * method, injected fault, canary scale and adversary — each checked against how the audited algorithm's
 * family audits it ({@link AuditForm}).
 *
 * <p>Guarantee: each method returns the value given when it is valid for the algorithm, else null (or
 * {@link Injection#NONE}) after recording the problem at the field to blame; an absent field reads as
 * null, except a threat model the form requires.
 */
final class AuditChoices {

    private static final List<String> COLLUSION_WORDS = List.of("all-but-target", "single", "none");

    private final FieldReader fields;
    private final Algorithm algorithm;
    /** Null when the algorithm is missing, unknown or not auditable; then only the fields' own checks apply. */
    private final AuditForm form;
    private final boolean onRatings;
    private final boolean gaussianCovariance;

    /**
     * The choices of the audit read from {@code fields} of {@code form}'s algorithm (null: none valid);
     * {@code onRatings}: it plays on a ratings task; {@code gaussianCovariance}: its run settings ask for the
     * Gaussian covariance release.
     */
    AuditChoices(FieldReader fields, AuditForm form, boolean onRatings, boolean gaussianCovariance) {
        this.fields = fields;
        this.form = form;
        this.algorithm = form == null ? null : form.algorithm();
        this.onRatings = onRatings;
        this.gaussianCovariance = gaussianCovariance;
    }

    ThreatModel readThreatModel() {
        ThreatModel read = fields.choice(form != null && form.defaultThreatModel() == null
                ? AuditFields.THREAT_MODEL.required() : AuditFields.THREAT_MODEL, List.of(ThreatModel.values()),
                ThreatModel::id).orElse(null);
        if (read != null && read != ThreatModel.WHITE_BOX && onRatings) {
            fields.error("threatModel", algorithm.id() + " on a ratings task is audited under white-box only (the"
                    + " adversary sees every noisy release), got " + read.id());
            return null;
        }
        if (read == ThreatModel.WHITE_BOX && form != null
                && !form.whiteBox(releases(AuditForm.Release.COVARIANCE) && gaussianCovariance)) {
            fields.error("threatModel", "white-box is implemented for priv-altmin, single-model-dp, mp-mtl-* with"
                    + " covarianceNoise gaussian, dp-sgd, sufficient-statistics, dp-fedavg, dp-fedrep, item-mean-dp and"
                    + " the private indexed-mean mechanisms (Gaussian releases), got " + algorithm.id());
            return null;
        }
        if (read != null && form != null && !form.threatModels().contains(read)) {
            fields.error("threatModel", algorithm.id() + " " + form.threatModelRule() + ", got " + read.id());
            return null;
        }
        return read;
    }

    Calibration readCalibration() {
        if (fields.has("calibration") && releases(AuditForm.Release.SAMPLED_GAUSSIAN)) {
            fields.error("calibration", "not used by " + algorithm.id()
                    + " (its σ is set by the sampled-Gaussian RDP accountant)");
            return null;
        }
        if (fields.has("calibration") && releases(AuditForm.Release.COVARIANCE) && !gaussianCovariance) {
            fields.error("calibration", "only used by " + algorithm.id() + " with covarianceNoise gaussian (its"
                    + " Wishart releases claim pure ε_t, composed by the KOV bound)");
            return null;
        }
        return fields.choice(AuditFields.AUDIT_CALIBRATION, List.of(Calibration.values()), Calibration::id).orElse(null);
    }

    /** {@code read}, unless an audit whose form fixes all-but-target (MP-MTL) names another collusion (then an error). */
    Collusion onlyAllButTarget(Collusion read) {
        if (read != null && !read.equals(Collusion.ALL_BUT_TARGET) && form != null && form.allButTargetOnly()) {
            fields.error("collusion", algorithm.id() + " is audited with every other " + form.member() + " colluding"
                    + " (all-but-target), got " + read.describe());
            return null;
        }
        return read;
    }

    Collusion readCollusion() {
        if (!fields.has("collusion")) {
            return null;
        }
        if (fields.isText("collusion")) {
            return fields.choice("collusion", OPTIONAL, COLLUSION_WORDS, w -> w).map(word -> switch (word) {
                case "all-but-target" -> Collusion.ALL_BUT_TARGET;
                case "single" -> Collusion.SINGLE;
                default -> Collusion.NONE;
            }).orElse(null);
        }
        if (fields.isList("collusion")) {
            Optional<List<Integer>> ids = fields.integers("collusion", OPTIONAL, Bounds.atLeast(0));
            return ids.map(Collusion::ofIds).orElse(null);
        }
        if (!fields.isNumber("collusion")) {
            fields.error("collusion", "expected all-but-target, single, none, a size or a list of user ids");
            return null;
        }
        return fields.integer("collusion", OPTIONAL, Bounds.atLeast(0)).map(Collusion::ofSize).orElse(null);
    }

    Integer readTrials(AuditMethod method) {
        if (method == AuditMethod.ONE_RUN && fields.has("trials")) {
            fields.error("trials", "not used by method one-run (it plays one run of the population with its canaries;"
                    + " see canaries)");
            return null;
        }
        Optional<Integer> read = fields.integer(AuditFields.TRIALS);
        if (read.isPresent() && read.get() % AuditFields.TRIALS.multipleOf() != 0) {
            fields.error("trials", "must be a multiple of " + AuditFields.TRIALS.multipleOf() + " (half select the threshold, half are counted, each"
                    + " half split equally between the two worlds), got " + read.get());
            return null;
        }
        return read.orElse(null);
    }

    AuditMethod readMethod() {
        AuditMethod read = fields.choice(AuditFields.METHOD, List.of(AuditMethod.values()), AuditMethod::id)
                .orElse(null);
        boolean gaussian = read == AuditMethod.GAUSSIAN_DP || read == AuditMethod.GAUSSIAN_DP_AUC;
        if (gaussian && releases(AuditForm.Release.NONE)) {
            fields.error("method", read.id() + " is valid only for Gaussian mechanisms; " + algorithm.id()
                    + " adds no noise (use clopper-pearson)");
            return null;
        }
        if (gaussian && releases(AuditForm.Release.SAMPLED_GAUSSIAN)) {
            fields.error("method", read.id() + " is valid only for Gaussian mechanisms; " + algorithm.id()
                    + " subsamples"
                    + " (use clopper-pearson or sampled-gaussian-auc)");
            return null;
        }
        if (read == AuditMethod.SAMPLED_GAUSSIAN_AUC && form != null && !releases(AuditForm.Release.SAMPLED_GAUSSIAN)) {
            fields.error("method", "sampled-gaussian-auc reads the area against a Poisson-subsampled Gaussian"
                    + " composition, which only dp-sgd, dp-fedavg and dp-fedrep release, not " + algorithm.id());
            return null;
        }
        if (read == AuditMethod.ONE_RUN && form != null && form.oneRunDimension() == null) {
            fields.error("method", "one-run is implemented for dp-fedavg, dp-fedrep, dp-sgd and priv-altmin"
                    + " (u-step kronecker), not " + algorithm.id());
            return null;
        }
        if (gaussian && releases(AuditForm.Release.COVARIANCE) && !gaussianCovariance) {
            fields.error("method", read.id() + " is valid only for Gaussian mechanisms; " + algorithm.id()
                    + " adds Wishart noise (use clopper-pearson, or covarianceNoise: gaussian)");
            return null;
        }
        return read;
    }

    Injection readInjection(FieldReader inject) {
        inject.rejectUnknown(ScenarioFields.namesOf(AuditFields.INJECT_FIELDS));
        Optional<Double> multiplier = inject.number(AuditFields.INJECT_NOISE);
        Optional<Boolean> skipClipping = inject.bool(AuditFields.INJECT_SKIP);
        Optional<Boolean> ignoreComposition = inject.bool(AuditFields.INJECT_IGNORE);
        if (releases(AuditForm.Release.NONE) && !inject.fieldNames().isEmpty()) {
            fields.error("inject", algorithm.id() + " has no privacy mechanism to break");
            return Injection.NONE;
        }
        if (form != null && form.skipClippingRefusal() != null && skipClipping.orElse(false)) {
            inject.error("skipClipping", form.skipClippingRefusal());
            return Injection.NONE;
        }
        if (form != null && form.ignoreCompositionRefusal() != null && ignoreComposition.orElse(false)) {
            inject.error("ignoreComposition", form.ignoreCompositionRefusal());
            return Injection.NONE;
        }
        return new Injection(multiplier.orElse(1.0), skipClipping.orElse(false), ignoreComposition.orElse(false));
    }

    /** {@code canaries}: required with method one-run, refused with the others. */
    Integer readCanaries(AuditMethod method) {
        if (method == AuditMethod.ONE_RUN && !fields.has("canaries")) {
            fields.error("canaries", "required with method one-run (the canaries of its one run)");
            return null;
        }
        if (method != AuditMethod.ONE_RUN && fields.has("canaries")) {
            fields.error("canaries", "only used with method one-run (the other methods play trials; see trials)");
            return null;
        }
        return fields.integer(AuditFields.CANARIES).orElse(null);
    }

    /** {@code guesses}: method one-run only, at most {@code canaries}. */
    Integer readGuesses(AuditMethod method, Integer canaries) {
        if (method != AuditMethod.ONE_RUN && fields.has("guesses")) {
            fields.error("guesses", "only used with method one-run");
            return null;
        }
        Integer read = fields.integer(AuditFields.GUESSES).orElse(null);
        if (read != null && canaries != null && read > canaries) {
            fields.error("guesses", "must be ≤ canaries (" + canaries + "), got " + read);
            return null;
        }
        return read;
    }

    Double readCanaryScale() {
        if (fields.has("canaryScale") && form != null && form.adversaries().isEmpty()) {
            fields.error("canaryScale", "not used by " + algorithm.id() + " (its canary " + form.member()
                    + " is built in)");
            return null;
        }
        return fields.number(AuditFields.CANARY_SCALE).orElse(null);
    }

    /**
     * {@code adversary}: indexed mean only; {@code tracing} needs the whole release (the billboard or
     * nonprivate mechanism, under the billboard threat model) and has no canary and no collusion set.
     */
    AuditAdversary readAdversary(ThreatModel threatModel, Injection inject) {
        if (!fields.has("adversary")) {
            return null;
        }
        if (form != null && form.adversaries().isEmpty()) {
            fields.error("adversary", "not used by " + algorithm.id() + " (only indexed-mean audits choose one)");
            return null;
        }
        AuditAdversary read = fields.choice(AuditFields.ADVERSARY, List.of(AuditAdversary.values()),
                AuditAdversary::id).orElse(null);
        if (read != AuditAdversary.TRACING || form == null) {
            return read;
        }
        if (!form.adversaries().contains(AuditAdversary.TRACING)) {
            fields.error("adversary", "tracing reads the whole release p̂, which only indexed-mean-billboard and "
                    + "indexed-mean-nonprivate publish, not " + algorithm.id());
        } else if (threatModel != null && threatModel != ThreatModel.BILLBOARD) {
            fields.error("threatModel", "a tracing audit reads the billboard, so it must be billboard, got "
                    + threatModel.id());
        } else if (fields.has("canaryScale")) {
            fields.error("canaryScale", "not used by a tracing audit (members vs fresh draws, no canary)");
        } else if (fields.has("collusion")) {
            fields.error("collusion", "not used by a tracing audit (it reads the billboard)");
        } else if (inject.skipClipping()) {
            fields.error("inject.skipClipping", "has no effect on a tracing audit (every sample is ±1, within the"
                    + " clip range)");
        } else {
            return read;
        }
        return null;
    }

    /** Whether the audited algorithm makes a release of kind {@code release}. */
    private boolean releases(AuditForm.Release release) {
        return form != null && form.release() == release;
    }
}
