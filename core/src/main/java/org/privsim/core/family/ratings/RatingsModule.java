package org.privsim.core.family.ratings;

import static org.privsim.core.scenario.ScenarioFields.CALIBRATION;
import static org.privsim.core.scenario.ScenarioFields.CLIP_FACTOR;
import static org.privsim.core.scenario.ScenarioFields.CLIP_RATING;
import static org.privsim.core.scenario.ScenarioFields.DELTA;
import static org.privsim.core.scenario.ScenarioFields.EPSILON;
import static org.privsim.core.scenario.ScenarioFields.MAX_RATINGS_PER_USER;
import static org.privsim.core.scenario.ScenarioFields.RATINGS_CALIBRATION;
import static org.privsim.core.scenario.ScenarioFields.RATINGS_RANK;
import static org.privsim.core.scenario.ScenarioFields.RATINGS_REPEATS;
import static org.privsim.core.scenario.ScenarioFields.RATINGS_RIDGE;
import static org.privsim.core.scenario.ScenarioFields.RATINGS_ROUNDS;
import static org.privsim.core.scenario.ScenarioFields.RATINGS_ROUND_BUDGET;
import static org.privsim.core.scenario.ScenarioFields.REPEATS;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.module.RunHeap;
import org.privsim.core.module.Work;
import org.privsim.core.module.WorkUnit;
import org.privsim.core.report.RowDescription;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.RatingsSettings;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.AuditForm;
import org.privsim.core.scenario.AuditForm.Release;

/**
 * The ratings family (matrix completion on a {@code ratings} task) as a module. Guarantee: it audits
 * exactly the audits on a ratings task, with {@link RatingsWhiteBoxGame}; the population is the n users.
 */
public final class RatingsModule implements FamilyModule {
    /** The one instance. */
    public static final RatingsModule INSTANCE = new RatingsModule();

    private RatingsModule() {}

    @Override
    public String id() {
        return "ratings";
    }

    @Override
    public List<Family<?, ?, ?, ?, ?, ?>> families() {
        return List.of(RatingsFamily.INSTANCE);
    }

    @Override
    public List<RowDescription<?>> rows() {
        return List.of(RatingsRows.INSTANCE);
    }

    @Override
    public boolean audits(AuditSpec spec) {
        return spec.task() instanceof RatingsTask;
    }

    @Override
    public DistinguishingGame game(Scenario scenario, AuditSpec spec, int index, long root) {
        return new RatingsWhiteBoxGame((RatingsTask) spec.task(), spec.experiment(),
                FamilyModule.gameSeed(root, index), spec.target(), spec.inject());
    }

    @Override
    public AuditClaim claim(AuditSpec spec) {
        return AuditClaim.zcdp(spec, ((RatingsTask) spec.task()).users());
    }

    /** Its runs on the scenario's ratings task ({@link RatingsHeap}). */
    @Override
    public RunHeap heap(Scenario scenario) {
        return RatingsHeap.of(scenario);
    }

    @Override
    public boolean runs(Scenario scenario, ExperimentSpec spec) {
        return scenario.task() instanceof RatingsTask;
    }

    /** An experiment on a ratings task. */
    @Override
    public void addWork(Scenario scenario, ExperimentSpec spec, Work work) {
        RatingsTask ratings = (RatingsTask) scenario.task();
        double runs = Work.runs(spec);
        work.add(WorkUnit.RATINGS_OP, runs * runOps(ratings, spec));
        work.add(WorkUnit.RATINGS_RUN, runs);
    }

    @Override
    public void addAuditWork(AuditSpec spec, Work work) {
        double trials = spec.trials();
        work.add(WorkUnit.RATINGS_OP, trials * runOps((RatingsTask) spec.task(), spec.experiment()));
        work.add(WorkUnit.RATINGS_RUN, trials);
    }

    /**
     * A ratings run: global-mean and the item means read every rating once; an altmin run, per round,
     * each user's sent ratings (all its training ratings, at most L when private) times K² (K = k + 1)
     * plus its K³ solve, the items' K³ solves, and the ratings regenerated (synthetic) or read.
     */
    private static double runOps(RatingsTask t, ExperimentSpec spec) {
        double users = t.users();
        double ratings = t.ratings();
        double items = t.items();
        Algorithm a = spec.algorithm();
        if (a == Algorithm.GLOBAL_MEAN || a == Algorithm.ITEM_MEAN || a == Algorithm.ITEM_MEAN_DP) {
            return ratings + items;
        }
        RatingsSettings s = spec.settings(RatingsSettings.class);
        double k = (s.rank() == null ? RatingsSettings.RANK : s.rank()) + 1;
        if (a == Algorithm.OWN_DATA) {
            return ratings * k * k + users * k * k * k;
        }
        double perUser = ratings / Math.max(1, users);
        double sent = s.maxRatingsPerUser() == null ? perUser : Math.min(s.maxRatingsPerUser(), perUser);
        double rounds = s.rounds() == null ? RatingsSettings.ROUNDS : s.rounds();
        return rounds * (users * (sent * k * k + k * k * k) + items * k * k * k + ratings * k);
    }

    /** The experiment fields of the ratings algorithms on every task (where the reader then names the ratings task they need) and every algorithm that runs on a ratings task. */
    @Override
    public List<ExperimentForm> forms() {
        return List.of(
                ExperimentForm.of(Algorithm.GLOBAL_MEAN, RatingsResolver::offRatings, REPEATS),
                ExperimentForm.of(Algorithm.ITEM_MEAN, RatingsResolver::offRatings, REPEATS),
                ExperimentForm.of(Algorithm.ITEM_MEAN_DP, RatingsResolver::offRatings, EPSILON, DELTA, CALIBRATION,
                        REPEATS),
                ExperimentForm.onRatings(Algorithm.PRIV_ALTMIN, RatingsResolver::resolve, EPSILON, DELTA,
                        RATINGS_CALIBRATION, RATINGS_RANK, RATINGS_ROUNDS, MAX_RATINGS_PER_USER, CLIP_FACTOR,
                        CLIP_RATING, RATINGS_RIDGE, RATINGS_ROUND_BUDGET, RATINGS_REPEATS),
                ExperimentForm.onRatings(Algorithm.NON_PRIVATE_ALTMIN, RatingsResolver::resolve, RATINGS_RANK,
                        RATINGS_ROUNDS, RATINGS_RIDGE, RATINGS_REPEATS),
                ExperimentForm.onRatings(Algorithm.OWN_DATA, RatingsResolver::resolve, RATINGS_REPEATS),
                ExperimentForm.onRatings(Algorithm.GLOBAL_MEAN, RatingsResolver::resolve, RATINGS_REPEATS),
                ExperimentForm.onRatings(Algorithm.ITEM_MEAN, RatingsResolver::resolve, RATINGS_RIDGE,
                        RATINGS_REPEATS),
                ExperimentForm.onRatings(Algorithm.ITEM_MEAN_DP, RatingsResolver::resolve, EPSILON, DELTA,
                        RATINGS_CALIBRATION, MAX_RATINGS_PER_USER, CLIP_RATING, RATINGS_RIDGE, RATINGS_REPEATS));
    }

    /** item-mean-dp audits on a (synthetic) ratings task. */
    @Override
    public List<AuditForm> auditForms() {
        return List.of(AuditForm.of(Algorithm.ITEM_MEAN_DP, Release.GAUSSIAN, RatingsTask.TYPE));
    }
}
