package org.privsim.core.privacy;

import java.util.SplittableRandom;

/**
 * Private hyperparameter selection by random repetition (Papernot &amp; Steinke, ICLR 2022): train K
 * candidates, K drawn from a truncated negative binomial distribution of mean {@code mean} and shape
 * {@code shape} (η; 1 the geometric, 0 the logarithmic distribution), each with a hyperparameter drawn
 * uniformly from the candidate list and scored by a private release of its own, and publish only the
 * best-scoring candidate. Accounted as dp_accounting's {@code RepeatAndSelectDpEvent(event, mean, shape)}
 * with {@link RepeatAndSelectRdp}.
 *
 * <p>Guarantees: {@link #epsilon} is what dp_accounting's RDP accountant states for the selection of a
 * ρ-zCDP candidate (RDP curve ρα at its default orders, tight conversion); {@link #candidateRho} is the
 * largest candidate ρ (bisection to adjacent doubles) whose selection meets the target ε; {@link #count}
 * draws K ≥ 1 by inversion from one uniform of the stream given. Pure and deterministic.
 *
 * @param mean  the mean number of candidates, at least 1
 * @param shape η, the truncated negative binomial's shape, at least 0 and finite
 */
public record PrivateSelection(double mean, double shape) {

    /**
     * Share of a candidate's ρ spent on its score (the noisy sum of the users' clipped validation
     * losses); the rest trains the candidate.
     */
    public static final double SCORE_BUDGET_FRACTION = 0.1;

    public PrivateSelection {
        if (!(mean >= 1) || Double.isInfinite(mean)) {
            throw new IllegalArgumentException("selectionMean must be finite and at least 1, got " + mean);
        }
        if (!(shape >= 0) || Double.isInfinite(shape)) {
            throw new IllegalArgumentException("selectionShape must be finite and at least 0, got " + shape);
        }
    }

    /** The ε at δ of the selection of candidates that are each ρ-zCDP (RDP ρα at dp_accounting's orders). */
    public double epsilon(double rho, double delta) {
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = Zcdp.rdp(rho, orders[i]);
        }
        return RepeatAndSelectRdp.epsilon(curve, mean, shape, delta);
    }

    /**
     * The largest candidate ρ whose selection is (ε, δ)-DP by {@link #epsilon}.
     *
     * @throws IllegalArgumentException when even a vanishing ρ exceeds ε (the selection's own overhead
     *                                  ln(mean)/(λ − 1) and the γ term do not fit under ε)
     */
    public double candidateRho(double epsilon, double delta) {
        if (!(epsilon(Double.MIN_NORMAL, delta) <= epsilon)) {
            throw new IllegalArgumentException("no candidate budget meets ε = " + epsilon + " at δ = " + delta
                    + " with selectionMean " + mean + " and selectionShape " + shape);
        }
        double high = Bisection.firstFalseByDoubling(Math.max(Double.MIN_NORMAL, epsilon * epsilon / 100),
                rho -> epsilon(rho, delta) <= epsilon);
        return Bisection.boundary(Double.MIN_NORMAL, high, rho -> epsilon(rho, delta) <= epsilon).lastTrue();
    }

    /** K, the number of candidates trained: the truncated negative binomial's inverse CDF at one uniform of {@code random}. */
    public int count(SplittableRandom random) {
        double u = random.nextDouble();
        double gamma = RepeatAndSelectRdp.gammaForMean(shape, mean);
        double p = firstMass(gamma);
        double cumulative = p;
        int k = 1;
        while (u >= cumulative && p > 0) {
            p *= (1 - gamma) * (k + shape) / (k + 1); // P(K = k + 1) / P(K = k)
            k++;
            cumulative += p;
        }
        return k;
    }

    /**
     * P(K = 1) of the truncated negative binomial of parameters (η, γ): η(1 − γ)γ^η / (1 − γ^η), its limit
     * (1 − γ)/ln(1/γ) at η = 0.
     */
    private double firstMass(double gamma) {
        if (gamma >= 1) {
            return 1;
        }
        if (shape == 0) {
            return (1 - gamma) / -Math.log(gamma);
        }
        return shape * (1 - gamma) * Math.pow(gamma, shape) / -Math.expm1(shape * Math.log(gamma));
    }
}
