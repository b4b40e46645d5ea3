package org.privsim.core.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.privsim.core.privacy.PldAccountant;
import org.privsim.core.privacy.StandardNormal;

/**
 * The ROC-area reading of the sampled Gaussian composition: the area is an upper bound close to
 * the closed forms, decreases in σ, and the σ and ε it returns are on the conservative side.
 */
class SampledGaussianAucTest {

    /**
     * At q = 1 the composition of T Gaussians of noise multiplier σ is μ-GDP with μ = √T/σ, whose
     * optimal area is Φ(μ/√2): T = 4, σ = 2 gives Φ(1/√2) = 0.760250. The PLD's area is pessimistic
     * (at least the exact one) and its discretization error at interval 1e-3 is far below 1e-3.
     */
    @Test
    void gaussianAreaIsTheClosedForm() {
        double exact = StandardNormal.cdf(1 / Math.sqrt(2));
        double area = new SampledGaussianAuc(1, 4).area(2);
        assertTrue(area >= exact - 1e-12, area + " below the exact " + exact);
        assertEquals(exact, area, 1e-3);
    }

    /**
     * q = 0.1, σ = 3.9417 (the PLD σ of ε = 1, δ = 1e-5 over 100 steps), T = 100: the composition
     * is close to μ-GDP with the central-limit μ = q·√(T(e^{1/σ²} − 1)) = 0.2579 (Dong, Roth & Su
     * 2022, Thm 5), area Φ(μ/√2) = 0.5723; the CLT's error at q√T = 1 is a few 1e-3, allowed 0.01.
     */
    @Test
    void sampledAreaIsNearTheCentralLimit() {
        double sigma = 3.9416547614706006;
        double mu = 0.1 * Math.sqrt(100 * Math.expm1(1 / (sigma * sigma)));
        double area = new SampledGaussianAuc(0.1, 100).area(sigma);
        assertEquals(StandardNormal.cdf(mu / Math.sqrt(2)), area, 0.01);
        assertTrue(new SampledGaussianAuc(0.1, 100).area(sigma / 2) > area + 0.05, "the area decreases in σ");
    }

    /**
     * The inverse is conservative: the σ found for σ₀'s own area is at least σ₀ and within the
     * tolerance (relative 1e-3) above it, so its ε at δ is at most σ₀'s and within 1 % of it.
     */
    @Test
    void inverseIsConservative() {
        SampledGaussianAuc auc = new SampledGaussianAuc(0.1, 100);
        double sigma = 1.9708;
        double found = auc.sigmaUpper(auc.area(sigma));
        assertTrue(found >= sigma && found <= sigma * (1 + 2.1e-3), "σ = " + found);
        double epsilon = PldAccountant.dpSgdEpsilon(0.1, sigma, 100, 1e-5);
        double read = auc.epsilon(auc.area(sigma), 1e-5);
        assertTrue(read <= epsilon && read >= 0.99 * epsilon, read + " against " + epsilon);
        assertEquals(0, auc.epsilon(0.5, 1e-5));
    }
}
