package org.privsim.core.family.ratings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.privsim.core.data.RatingsSource;
import org.privsim.core.data.UserRatings;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Zcdp;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.sim.RunKey;

/** The ratings family ({@link RatingsFamily}): accounting, estimators against closed forms and known cases. */
class RatingsFamilyTest {
    @TempDir
    Path dir;

    /** Three users of 3 to 5 ratings on 4 items; testFraction 0.3 holds round(0.3·m) = 1 (m = 3, 4) or 2 (m = 5) out. */
    private static final String SMALL = "u,i,r\na,x,1\na,y,2\na,z,3\nb,x,5\nb,y,4\nb,w,4\nb,z,2\n"
            + "c,w,3.5\nc,x,4.5\nc,y,2.5\nc,z,1.5\nc,v,5\n";

    private Scenario scenario(String csv, String experiments) throws Exception {
        Files.writeString(dir.resolve("r.csv"), csv);
        return ScenarioParser.parse("name: t\nseed: 3\ntask: { type: ratings, path: r.csv, userColumn: u,"
                + " itemColumn: i, ratingColumn: r, minRating: 1, maxRating: 5, testFraction: 0.3 }\nexperiments:\n"
                + experiments, dir.resolve("s.yaml").toString());
    }

    private static List<RatingsResult> rows(Scenario s) {
        List<RatingsResult> rows = new ArrayList<>();
        for (BoundCell cell : BoundCell.cells(RatingsFamily.INSTANCE, s, 0)) {
            rows.add((RatingsResult) SequentialInterpreter.row(cell, s.seed()));
        }
        return rows;
    }

    /** Per-user RMSE averaged over users for predictions {@code predict(user, train, item)}. */
    private interface Predictor {
        double predict(int user, UserRatings train, int item);
    }

    private static double rmse(Scenario s, Predictor predictor) {
        RatingsTask task = (RatingsTask) s.task();
        long repeatSeed = RunKey.repeatSeed(s.seed(), 0);
        RatingsSource source = RatingsSource.of(task, repeatSeed);
        double sum = 0;
        for (int j = 0; j < source.users(); j++) {
            UserRatings.Split split = source.user(j).split(repeatSeed, j, task.testFraction());
            double sse = 0;
            for (int t = 0; t < split.test().count(); t++) {
                double p = Math.min(5, Math.max(1, predictor.predict(j, split.train(), split.test().items()[t])));
                sse += Math.pow(p - split.test().ratings()[t], 2);
            }
            sum += Math.sqrt(sse / split.test().count());
        }
        return sum / source.users();
    }

    private static List<UserRatings> trains(Scenario s) {
        RatingsTask task = (RatingsTask) s.task();
        long repeatSeed = RunKey.repeatSeed(s.seed(), 0);
        RatingsSource source = RatingsSource.of(task, repeatSeed);
        List<UserRatings> trains = new ArrayList<>();
        for (int j = 0; j < source.users(); j++) {
            trains.add(source.user(j).split(repeatSeed, j, task.testFraction()).train());
        }
        return trains;
    }

    /**
     * own-data predicts the user's training mean, global-mean the pooled training mean, item-mean
     * (κ = 2) c + (S_i + κ·m̄)/(C_i + κ) with S_i, C_i the item's training residual sum and count about
     * c = 3 and m̄ the pooled mean residual. Computed here from the same splits; equal to 1e-12 (only
     * the order of floating-point sums may differ).
     */
    @Test
    void ownDataGlobalAndItemMeansMatchTheirClosedForms() throws Exception {
        Scenario s = scenario(SMALL, "  - { algorithm: own-data }\n  - { algorithm: global-mean }\n"
                + "  - { algorithm: item-mean, ridge: 2 }\n");
        List<RatingsResult> rows = rows(s);
        List<UserRatings> trains = trains(s);
        assertEquals(rmse(s, (j, train, item) -> train.sum() / train.count()), rows.get(0).rmse(), 1e-12);
        double total = 0;
        int count = 0;
        double[] sums = new double[5];
        int[] counts = new int[5];
        for (UserRatings train : trains) {
            total += train.sum();
            count += train.count();
            for (int t = 0; t < train.count(); t++) {
                sums[train.items()[t]] += train.ratings()[t] - 3;
                counts[train.items()[t]]++;
            }
        }
        double global = total / count;
        assertEquals(rmse(s, (j, train, item) -> global), rows.get(1).rmse(), 1e-12);
        double meanResidual = global - 3;
        assertEquals(rmse(s, (j, train, item) -> 3 + (sums[item] + 2 * meanResidual) / (counts[item] + 2)),
                rows.get(2).rmse(), 1e-12);
        // The bottom quartile of 3 users is ⌈3/4⌉ = 1 user: the one with the fewest training ratings (a: 2).
        assertEquals(1, rows.get(0).bottomQuartileUsers());
        assertEquals(2, rows.get(0).bottomQuartileMaxRatings());
    }

    /**
     * The accounting of the calibration: the releases' ρ (each recomputed from its σ as Δ²/(2σ²)) add
     * up to the calibration's total ρ to 1e-9 relative, the tight conversion of that ρ is the target ε
     * to 1e-9, and every run's ledger charged exactly that much to every user. Known value: the paper
     * calibration's closed form ρ = ε²/(8 ln(1/δ)) (DESIGN.md), to 1e-12.
     */
    @Test
    void theReleasesSpendExactlyTheCalibratedBudget() throws Exception {
        Scenario s = scenario(SMALL, "  - { algorithm: priv-altmin, epsilon: [1, 4], delta: 1.0e-5, rounds: 4,"
                + " roundBudgetSplit: 0.3, maxRatingsPerUser: 2, rank: 2 }\n"
                + "  - { algorithm: item-mean-dp, epsilon: 2, delta: 1.0e-5, calibration: paper, repeats: 2 }\n");
        List<RatingsResult> rows = rows(s);
        assertEquals(4 / (8 * Math.log(1e5)), rows.get(2).zcdpRho(), 1e-12);
        for (RatingsResult r : rows) {
            Calibration calibration = Calibration.byId(r.calibration()).orElseThrow();
            double rho = calibration.totalRho(r.epsilon(), r.delta());
            double spent = 0;
            for (RatingsResult.Release release : r.noise()) {
                assertEquals(Zcdp.gaussianRho(release.sensitivity(), release.sigma()), release.rho(), 1e-12 * rho);
                spent += release.times() * release.rho();
            }
            assertEquals(rho, spent, 1e-9 * rho);
            assertEquals(rho, r.zcdpRho(), 0);
            assertEquals(rho, r.maxLedgerRho(), 1e-9 * rho);
            assertEquals(calibration == Calibration.TIGHT ? r.epsilon() : Conversions.tightEpsilon(rho, r.delta()),
                    r.accountedEpsilon(), 1e-9);
        }
        RatingsResult.Release gram = rows.get(0).noise().get(0);
        assertEquals(4, gram.times());
        assertEquals(0.3 * rows.get(0).zcdpRho() / 4, gram.rho(), 1e-12);
        assertEquals(Math.sqrt(2 * 2) * 2, gram.sensitivity(), 1e-12); // √(2L)·(R² + 1), L = 2, R = 1
        assertEquals(List.of("sum of user mean residuals", "item counts", "item residual sums"),
                rows.get(2).noise().stream().map(RatingsResult.Release::mechanism).toList());
        assertEquals(2 * 1.0, rows.get(2).noise().get(0).sensitivity(), 1e-12); // 2ζ, ζ = 1
    }

    /** A ledger with the cell's budget refuses a release past it: the rounds cannot overspend. */
    @Test
    void oneReleaseMoreThanCalibratedIsRefused() throws Exception {
        Scenario s = scenario(SMALL, "  - { algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, rounds: 2 }\n");
        RatingsFamily.Cell cell = RatingsFamily.INSTANCE.cells(s).get(0);
        Ledger ledger = Ledger.zcdp(3, cell.rho());
        for (int round = 1; round <= 2; round++) {
            for (RatingsResult.Release r : cell.releases()) {
                ledger.chargeAll(gaussian(round, r));
            }
        }
        assertEquals(cell.rho(), ledger.maxSpent(), 1e-9 * cell.rho());
        assertThrows(BudgetExceededException.class, () -> ledger.chargeAll(gaussian(3, cell.releases().get(0))));
    }

    private static org.privsim.core.privacy.Release gaussian(int round, RatingsResult.Release r) {
        return org.privsim.core.privacy.Release.gaussian(round, r.mechanism(),
                org.privsim.core.privacy.Release.Relation.REPLACE_ONE, r.sensitivity(), r.sigma(), r.rho(), 3);
    }

    /**
     * Noiseless rank-2 ratings (noise 0, range ±100 so nothing is clamped), 400 users rating 16 to 40
     * of 40 items: alternating least squares of rank 2 with a small ridge (0.01) fits them — its
     * held-out RMSE is below 0.02, against a rating standard deviation of 1 (⟨u*, v*⟩ has variance 1)
     * that global-mean leaves. The 0.02 allows the ridge's shrinkage and unconverged directions
     * after 30 rounds (measured 0.0074 at this seed).
     */
    @Test
    void alternatingLeastSquaresRecoversNoiselessLowRankRatings() {
        Scenario s = ScenarioParser.parse("""
                name: als
                seed: 11
                task: { type: ratings, users: 400, items: 40, rank: 2, noise: 0, minRating: -100, maxRating: 100,
                        minRatingsPerUser: 16, testFraction: 0.2 }
                experiments:
                  - { algorithm: non-private-altmin, rank: 2, rounds: 30, ridge: 0.01 }
                  - { algorithm: global-mean }
                """, "als.yaml");
        List<RatingsResult> rows = rows(s);
        assertTrue(rows.get(0).rmse() < 0.02, "ALS RMSE " + rows.get(0).rmse());
        assertTrue(rows.get(1).rmse() > 0.6, "global-mean RMSE " + rows.get(1).rmse());
    }

    /**
     * As ε grows with nothing clipped (R = 5, ζ = 10 above every head and residual here) and every
     * training rating contributed (L = 1000), priv-altmin's noise and eigenvalue floor (both ∝ 1/√ρ)
     * vanish and it runs non-private-altmin's arithmetic from the same initial factors: at ε = 10¹²
     * (σ_A ≈ 2e-3 and σ_b ≈ 6e-3 against A_i and b_i entries of order 10², and a floor of 7e-3 below
     * the ridge λ = 5) the RMSEs agree to 1e-4; at ε = 1 the noise costs more than 0.01.
     */
    @Test
    void privateAltMinTendsToNonPrivateAltMinAsNoiseVanishes() {
        Scenario s = ScenarioParser.parse("""
                name: limit
                seed: 12
                task: { type: ratings, users: 300, items: 30, rank: 2, noise: 0.3, minRatingsPerUser: 12 }
                experiments:
                  - { algorithm: non-private-altmin, rank: 2, rounds: 3 }
                  - { algorithm: priv-altmin, rank: 2, rounds: 3, epsilon: 1.0e12, delta: 1.0e-5,
                      maxRatingsPerUser: 1000, clipFactor: 5, clipRating: 10 }
                  - { algorithm: priv-altmin, rank: 2, rounds: 3, epsilon: 1, delta: 1.0e-5 }
                """, "limit.yaml");
        List<RatingsResult> rows = rows(s);
        assertEquals(rows.get(0).rmse(), rows.get(1).rmse(), 1e-4);
        assertTrue(rows.get(2).rmse() > rows.get(0).rmse() + 0.01, "noise at ε = 1 must cost accuracy: " + rows);
    }

    /** The same scenario twice gives the same rows, bit for bit (every draw from a seeded stream). */
    @Test
    void rowsAreDeterministic() throws Exception {
        Scenario s = scenario(SMALL, "  - { algorithm: priv-altmin, epsilon: [1, 5], delta: 1.0e-5, repeats: 3 }\n"
                + "  - { algorithm: item-mean-dp, epsilon: 3, delta: 1.0e-5, repeats: 2 }\n");
        assertEquals(rows(s), rows(s));
    }
}
