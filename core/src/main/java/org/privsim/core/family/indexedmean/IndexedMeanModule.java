package org.privsim.core.family.indexedmean;

import static org.privsim.core.scenario.ScenarioFields.CALIBRATION;
import static org.privsim.core.scenario.ScenarioFields.DELTA;
import static org.privsim.core.scenario.ScenarioFields.EPSILON;
import static org.privsim.core.scenario.ScenarioFields.INDEXED_REPEATS;
import static org.privsim.core.scenario.ScenarioFields.PERSONS;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.module.ParticipantAudit;
import org.privsim.core.module.RunHeap;
import org.privsim.core.module.Work;
import org.privsim.core.module.WorkUnit;
import org.privsim.core.report.RowDescription;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.IndexedLoss;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.AuditForm;
import org.privsim.core.scenario.AuditForm.Release;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.audit.AuditAdversary;

/**
 * The indexed-mean family (Aliakbarpour et al.'s mechanisms on {@code indexed-mean} and
 * {@code indexed-sign} tasks) as a module. Guarantee: it audits exactly the indexed-mean algorithms —
 * with {@link TracingGame} under the tracing adversary, else {@link IndexedMeanGame} — each on the
 * population of key (1, audit) under the root seed itself.
 */
public final class IndexedMeanModule implements FamilyModule {
    /** The one instance. */
    public static final IndexedMeanModule INSTANCE = new IndexedMeanModule();

    private IndexedMeanModule() {}

    @Override
    public String id() {
        return "indexedmean";
    }

    @Override
    public List<Family<?, ?, ?, ?, ?, ?>> families() {
        return List.of(IndexedMeanFamily.INSTANCE);
    }

    @Override
    public List<RowDescription<?>> rows() {
        return List.of(IndexedMeanRows.INSTANCE);
    }

    @Override
    public boolean audits(AuditSpec spec) {
        return spec.algorithm().isIndexedMean();
    }

    @Override
    public DistinguishingGame game(Scenario scenario, AuditSpec spec, int index, long root) {
        return spec.tracing() ? new TracingGame(spec, index, root) : new IndexedMeanGame(spec, index, root);
    }

    /** Its canary games are played with the persons and the adversary as participants; the tracing game in core. */
    @Override
    public boolean playsWithParticipants(AuditSpec spec) {
        return !spec.tracing();
    }

    @Override
    public ParticipantAudit participantAudit(AuditSpec spec, int index, long seed) {
        return new IndexedMeanAuditRun(spec, index, seed);
    }

    @Override
    public AuditClaim claim(AuditSpec spec) {
        return AuditClaim.zcdp(spec, ((IndexedMeanTask) spec.task()).persons());
    }

    @Override
    public boolean runs(Scenario scenario, ExperimentSpec spec) {
        return scenario.task() instanceof IndexedMeanTask;
    }

    /** An experiment on an indexed-mean task: per run, its persons (and a sign loss's exact terms). */
    @Override
    public void addWork(Scenario scenario, ExperimentSpec spec, Work work) {
        IndexedMeanTask indexed = (IndexedMeanTask) scenario.task();
        double runs = Work.runs(spec);
        List<Integer> persons = spec.persons() == null || spec.persons().isEmpty()
                ? List.of(indexed.persons()) : spec.persons();
        for (int t : persons) {
            work.add(WorkUnit.INDEXED_PERSON, runs * t);
            if (indexed.loss() == IndexedLoss.SIGN) {
                work.add(WorkUnit.SIGN_TERM, runs * signTerms(t, indexed.samplesPerPerson()));
            }
        }
        work.add(WorkUnit.INDEXED_RUN, runs * persons.size());
    }

    /** Its experiments' and audits' runs ({@link IndexedMeanHeap}). */
    @Override
    public RunHeap heap(Scenario scenario) {
        return IndexedMeanHeap.of(scenario);
    }

    /** An audit's trials: the samples each draws (the tracing attack's t·d per trial). */
    @Override
    public void addAuditWork(AuditSpec spec, Work work) {
        IndexedMeanTask indexed = (IndexedMeanTask) spec.task();
        double trials = spec.trials();
        double samples = (double) indexed.persons() * indexed.samplesPerPerson();
        work.add(WorkUnit.INDEXED_SAMPLE, trials * (spec.tracing() ? samples * indexed.dimension() : samples));
        work.add(WorkUnit.INDEXED_RUN, trials);
    }

    /**
     * Terms of the exact expected sign loss of a run with t persons of n samples: per person the
     * binomial's values within 12 standard deviations of its mean (at most 12·√(tn) + 3).
     */
    private static double signTerms(int t, int n) {
        return t * (12 * Math.sqrt((double) t * n) + 3);
    }

    /** The experiment fields of the indexed-mean mechanisms. */
    @Override
    public List<ExperimentForm> forms() {
        return List.of(
                ExperimentForm.of(Algorithm.INDEXED_MEAN_NONPRIVATE, IndexedMeanResolver::resolve, PERSONS,
                        INDEXED_REPEATS),
                ExperimentForm.of(Algorithm.INDEXED_MEAN_BILLBOARD, IndexedMeanResolver::resolve, EPSILON, DELTA,
                        CALIBRATION, PERSONS, INDEXED_REPEATS),
                ExperimentForm.of(Algorithm.INDEXED_MEAN_JDP, IndexedMeanResolver::resolve, EPSILON, DELTA,
                        CALIBRATION, PERSONS, INDEXED_REPEATS),
                ExperimentForm.of(Algorithm.INDEXED_MEAN_ONE_OUT_OF_T, IndexedMeanResolver::resolve, EPSILON, DELTA,
                        CALIBRATION, PERSONS, INDEXED_REPEATS));
    }

    /**
     * Every mechanism audits on an indexed-mean or indexed-sign task with the llr adversary (tracing too where
     * the whole release is published); the non-private one names its threat model and has no fault to inject.
     */
    @Override
    public List<AuditForm> auditForms() {
        String[] types = {IndexedMeanTask.TYPE, IndexedMeanTask.SIGN_TYPE};
        return List.of(
                AuditForm.of(Algorithm.INDEXED_MEAN_NONPRIVATE, Release.NONE, types)
                        .underOnly(null, false, ThreatModel.BILLBOARD, ThreatModel.JDP, ThreatModel.ONE_OUT_OF_T)
                        .adversaries(AuditAdversary.LLR, AuditAdversary.TRACING),
                AuditForm.of(Algorithm.INDEXED_MEAN_BILLBOARD, Release.GAUSSIAN, types)
                        .adversaries(AuditAdversary.LLR, AuditAdversary.TRACING),
                AuditForm.of(Algorithm.INDEXED_MEAN_JDP, Release.GAUSSIAN, types).byDefault(ThreatModel.JDP)
                        .adversaries(AuditAdversary.LLR),
                AuditForm.of(Algorithm.INDEXED_MEAN_ONE_OUT_OF_T, Release.GAUSSIAN, types)
                        .byDefault(ThreatModel.ONE_OUT_OF_T).adversaries(AuditAdversary.LLR)
                        .refusingIgnoreComposition(Algorithm.INDEXED_MEAN_ONE_OUT_OF_T.id() + " calibrates a single"
                                + " output per observer; there is no composition to ignore"));
    }
}
