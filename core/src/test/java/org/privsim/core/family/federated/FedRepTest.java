package org.privsim.core.family.federated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.privsim.core.data.UserDataset;
import org.privsim.core.linalg.Subspaces;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Progress;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.Accountant;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;

/** DP-FedRep ({@link FedRepFamily}): the local step, the published U, and recovery of the planted subspace. */
class FedRepTest {

    /**
     * d = 2, k = 1, U = e₁, rows x₁ = e₁ (y = 2) and x₂ = e₂ (y = 1), ridge 0. The head fitted on U
     * is v = 2 (only x₁ projects on U); the residuals of θ = Uv = (2, 0) are 0 and −1, so the
     * gradient sum is −e₂ and one step of η = 0.5 over m = 2 rows moves U by η·(1/2)·e₂·v = 0.5 e₂.
     * A second step (τ = 2) with v kept fixed sees θ = (2, 1), which fits both rows: no further move.
     * Clipped to C = 0.25 the update is 0.25 e₂.
     */
    @Test
    void localUpdateFitsTheHeadThenStepsOnUWithTheHeadFixed() {
        UserDataset data = new UserDataset(0, 2, new double[] {1, 0, 0, 1}, new double[] {2, 1}, null, null);
        double[] u = {1, 0};
        FedAvgSettings oneStep = new FedAvgSettings(1, 1, null, 100, 0.5, 1, Accountant.PLD);
        assertArrayEquals(new double[] {0, 0.5}, FedRepFamily.update(data, u, 1, 0, oneStep), 1e-15);
        FedAvgSettings twoSteps = new FedAvgSettings(1, 1, null, 100, 0.5, 2, Accountant.PLD);
        assertArrayEquals(new double[] {0, 0.5}, FedRepFamily.update(data, u, 1, 0, twoSteps), 1e-15);
        FedAvgSettings clipped = new FedAvgSettings(1, 1, null, 0.25, 0.5, 1, Accountant.PLD);
        assertArrayEquals(new double[] {0, 0.25}, FedRepFamily.update(data, u, 1, 0, clipped), 1e-15);
    }

    /**
     * Almost noiseless dp-fedrep recovers the planted subspace. Label noise 0 and ridge 0: at U = U*
     * every user's head fit is exact (v_j = v_j*, 10 rows ≥ k = 2), every residual and update is 0,
     * so span U* is a fixed point whatever the clipping. Population dynamics of one round (q = 1,
     * τ = 1, x ~ N(0, I), E v*v*ᵀ = I): U + η(I − UUᵀ)U*U*ᵀU, then QR; writing the principal angles
     * of U to U* as θ_i with c_i = cos θ_i, a round maps tan θ_i to tan θ_i (1 − ηc_i²)/(1 + η sin²θ_i),
     * a factor at most ρ = 1/(1 + η) = 2/3 at η = 0.5. After 100 rounds the start's error is gone
     * (ρ¹⁰⁰ ≈ 2e-18) and only the noise is left: N(0, (σC/n)²) per entry of U each round, contracted
     * by ρ, a stationary ‖(I − U*U*ᵀ)U‖_F² of expectation at most (d − k)k(σC/n)²/(1 − ρ²). The
     * test allows 10 times its square root (a χ² with 8 degrees of freedom exceeds 100 times its
     * mean with probability below 1e-40), and finite-sample deviations from the population contraction
     * are absorbed by the 100 rounds. sin of the largest principal angle ≤ that Frobenius norm.
     */
    @Test
    void almostNoiselessRoundsRecoverThePlantedSubspace() {
        int n = 400;
        int d = 6;
        int k = 2;
        double clip = 10;
        Scenario s = FederatedRuns.scenario(n, 10, d, k, 0,
                "{ algorithm: dp-fedrep, epsilon: 1.0e8, delta: 1.0e-6, samplingRate: 1, rounds: 100, clipUpdate: "
                        + clip + ", learningRate: 0.5, ridge: 0, accountant: rdp, repeats: 1 }");
        FederatedFamily.Cell cell = FedRepFamily.INSTANCE.cells(s).get(0);
        double rho = 1 / 1.5;
        double perEntry = cell.noiseMultiplier() * clip / n;
        double bound = 10 * Math.sqrt((d - k) * k) * perEntry / Math.sqrt(1 - rho * rho);
        assertTrue(bound < 0.05, "the bound must be informative: " + bound);
        double[] u = FederatedRuns.lastPublishedModel(FedRepFamily.INSTANCE, cell, s.seed());
        DMatrixRMaj published = DMatrixRMaj.wrap(d, k, u);
        DMatrixRMaj gram = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(published, published, gram);
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                assertEquals(a == b ? 1 : 0, gram.get(a, b), 1e-12, "UᵀU");
            }
        }
        DMatrixRMaj uStar = FedRepFamily.INSTANCE.context(cell, 0, s.seed()).uStar();
        double sine = Subspaces.sinTheta(uStar, published);
        double distance = Subspaces.distance(uStar, published);
        assertTrue(sine <= distance + 1e-12);
        assertTrue(distance <= bound, "‖(I − U*U*ᵀ)U‖_F = " + distance + " > " + bound);
        // The row reports the same distance, and the start was far from U* (a random U₀).
        ExperimentResult row = new SequentialRunner(s).run(Progress.NONE).lowRankRows().get(0);
        assertEquals(distance, row.subspaceDistance(), 1e-15);
        double[] start = FedRepFamily.INSTANCE.initialModel(cell, FedRepFamily.INSTANCE.context(cell, 0, s.seed()).seed());
        assertTrue(Subspaces.distance(uStar, DMatrixRMaj.wrap(d, k, start)) > 100 * bound);
    }

    /** rank is dp-fedrep's on a dataset task only; fields it does not use are refused. */
    @Test
    void readerChecksItsFields() {
        ScenarioException rank = assertThrows(ScenarioException.class, () -> FederatedRuns.scenario(50, 10, 6, 2, 0.1,
                "{ algorithm: dp-fedrep, epsilon: 1, delta: 1.0e-6, rank: 2 }"));
        assertTrue(rank.getMessage().contains("rank: only used with a dataset task"), rank.getMessage());
        ScenarioException unused = assertThrows(ScenarioException.class, () -> FederatedRuns.scenario(50, 10, 6, 2, 0.1,
                "{ algorithm: dp-fedrep, epsilon: 1, delta: 1.0e-6, uStep: kronecker }"));
        assertTrue(unused.getMessage().contains("uStep: not used by dp-fedrep"), unused.getMessage());
    }
}
