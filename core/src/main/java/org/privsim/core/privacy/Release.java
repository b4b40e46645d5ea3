package org.privsim.core.privacy;

import java.util.Objects;

/**
 * One privacy-charged release, as data: what was released, by which mechanism, with which
 * sensitivity under which neighbour relation, how much noise was actually added, the noise the
 * accounting assumed, the sampling rate if any, how many identical releases in a row it stands for
 * (self-composition), how many participants' data it used and what it cost in its ledger's currency.
 * The mechanisms ({@link GaussianMechanism}, {@link L2LaplaceMechanism}, {@link WishartMechanism})
 * draw their noise from a release's {@link #sigma}, and one {@link Ledger} folds releases into the
 * accounting that applies, so the noise added, the record and the charge cannot disagree.
 *
 * <p>Guarantees: every field is validated on construction (positive finite sensitivity, σ and cost
 * when known, a sampled step's RDP or PLD cost non-negative: alone it may cost no ε at a large δ; q in (0, 1]; count and participants ≥ 1 and ≥ 0); a record is immutable, and two
 * records are {@link #sameAs the same release} when they differ only in round and count.
 *
 * @param round           the round of the (first) release, caller-defined (0: initialisation)
 * @param name            what was released, e.g. {@code "A"}, {@code "clipped gradient sum"}
 * @param mechanism       the mechanism
 * @param relation        the neighbour relation the sensitivity is stated for
 * @param sensitivity     the statistic's sensitivity under {@code relation}: L2 for Gaussian and ℓ2-Laplace
 *                        releases, the column clipping norm K for Wishart
 * @param sigma           the noise actually added: the Gaussian's standard deviation, the ℓ2-Laplace radius
 *                        scale Δ/ε, the Wishart scale s (noise W_d(d + 1, s·I))
 * @param noiseMultiplier Gaussian mechanisms: the σ/sensitivity the accounting assumes — sigma/sensitivity
 *                        unless a fault is injected (an audit's {@code noiseMultiplier} or
 *                        {@code ignoreComposition}); null for the pure-DP mechanisms
 * @param samplingRate    the Poisson sampling rate q of a sampled Gaussian, or the proportion m/n sampled
 *                        without replacement, else null
 * @param count           how many identical releases in a row this record stands for
 * @param participants    how many participants' data each release could use (the population for a sampled
 *                        mechanism: everybody is charged, whether drawn or not)
 * @param currency        the currency of {@code cost}
 * @param cost            the cost of ONE of the {@code count} releases in {@code currency}
 */
public record Release(int round, String name, Mechanism mechanism, Relation relation, double sensitivity,
        double sigma, Double noiseMultiplier, Double samplingRate, int count, int participants, Currency currency,
        double cost) {

    /** A release mechanism. */
    public enum Mechanism {
        /** Independent N(0, σ²) per coordinate (or per upper-triangle entry of a symmetric matrix). */
        GAUSSIAN("gaussian"),
        /** The Gaussian mechanism on a Poisson sample of the participants (DP-SGD, DP-FedAvg). */
        SAMPLED_GAUSSIAN("sampled-gaussian"),
        /**
         * The Gaussian mechanism on a sample of exactly round(q·n) of the n participants drawn without
         * replacement (DP-FedAvg's fixed-size cohorts), replace-one.
         */
        SAMPLED_WITHOUT_REPLACEMENT_GAUSSIAN("sampled-without-replacement-gaussian"),
        /** Noise of density ∝ exp(−ε‖z‖₂/Δ) ({@link L2LaplaceMechanism}): pure ε-DP. */
        L2_LAPLACE("l2-laplace"),
        /** Wishart noise W_d(d + 1, K²/(2ε)·I) on a covariance ({@link WishartMechanism}): pure ε-DP. */
        WISHART("wishart"),
        /**
         * Tree aggregation (DP-FTRL): each step releases one node of a binary tree over the epoch's steps,
         * the node's sum plus N(0, σ²); a record of {@code count} steps is one epoch's tree.
         */
        TREE_AGGREGATION("tree-aggregation");

        private final String id;

        Mechanism(String id) {
            this.id = id;
        }

        /** The name in {@code releases.jsonl}. */
        public String id() {
            return id;
        }

        /** Whether it is a Gaussian on a sample of the participants (Poisson or without replacement). */
        public boolean sampled() {
            return this == SAMPLED_GAUSSIAN || this == SAMPLED_WITHOUT_REPLACEMENT_GAUSSIAN;
        }
    }

    /** The neighbour relation a sensitivity is stated for. */
    public enum Relation {
        /** Neighbours differ by replacing one participant's data. */
        REPLACE_ONE("replace-one", "REPLACE_ONE"),
        /** Neighbours differ by adding or removing one participant. */
        ADD_REMOVE("add-remove", "ADD_OR_REMOVE_ONE"),
        /**
         * Neighbours differ by replacing one participant's contribution with a zero one, the population
         * size n public: tree aggregation, and the Poisson-sampled Gaussian whose noisy sum is divided by
         * the expected cohort q·n (which names n; dp_accounting gives the same Poisson numbers as under
         * add/remove).
         */
        REPLACE_SPECIAL("replace-special", "REPLACE_SPECIAL");

        private final String id;
        private final String dpAccounting;

        Relation(String id, String dpAccounting) {
            this.id = id;
            this.dpAccounting = dpAccounting;
        }

        /** The name in {@code releases.jsonl}. */
        public String id() {
            return id;
        }

        /** The name of dp_accounting's {@code NeighboringRelation} member. */
        public String dpAccounting() {
            return dpAccounting;
        }
    }

    /** What a ledger charges in. */
    public enum Currency {
        /** zCDP ρ, composed by adding. */
        ZCDP_RHO("zcdp-rho"),
        /** Pure ε, composed by the composition bound at the ledger's δ. */
        PURE_EPSILON("pure-epsilon"),
        /** ε at the ledger's δ by the tight conversion of the RDP curve (curves compose by adding). */
        RDP_EPSILON("rdp-epsilon"),
        /** ε at the ledger's δ by the privacy loss distribution (PLDs compose by convolution). */
        PLD_EPSILON("pld-epsilon");

        private final String id;

        Currency(String id) {
            this.id = id;
        }

        /** The name in {@code releases.jsonl}. */
        public String id() {
            return id;
        }
    }

    public Release {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name must be a non-blank name, got '" + name + "'");
        }
        Objects.requireNonNull(mechanism, "mechanism");
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(currency, "currency");
        Args.positive("sensitivity", sensitivity);
        Args.positive("sigma", sigma);
        boolean gaussian = mechanism == Mechanism.GAUSSIAN || mechanism.sampled()
                || mechanism == Mechanism.TREE_AGGREGATION;
        if (gaussian != (noiseMultiplier != null)) {
            throw new IllegalArgumentException("a noise multiplier is stated exactly for Gaussian mechanisms");
        }
        if (noiseMultiplier != null) {
            Args.positive("noiseMultiplier", noiseMultiplier);
        }
        if (mechanism.sampled() != (samplingRate != null)) {
            throw new IllegalArgumentException("a sampling rate is stated exactly for sampled mechanisms");
        }
        if (samplingRate != null) {
            Args.openClosedUnit("samplingRate", samplingRate);
        }
        Args.positiveCount("count", count);
        if (participants < 0) {
            throw new IllegalArgumentException("participants must be non-negative, got " + participants);
        }
        if (mechanism == Mechanism.TREE_AGGREGATION && currency != Currency.RDP_EPSILON) {
            throw new IllegalArgumentException("tree aggregation is accounted by RDP only");
        }
        if (currency == Currency.RDP_EPSILON || currency == Currency.PLD_EPSILON) {
            Args.nonNegative("cost", cost); // one sampled step alone may cost no ε at a large δ
        } else {
            Args.positive("cost", cost);
        }
    }

    /**
     * A Gaussian release charged ρ zCDP: noise std {@code sigma} actually added, and the noise
     * multiplier the accounting assumes, 1/√(2ρ) (ρ = 1/(2·multiplier²) for a Gaussian of
     * sensitivity 1).
     */
    public static Release gaussian(int round, String name, Relation relation, double sensitivity, double sigma,
                                   double rho, int participants) {
        Args.positive("rho", rho);
        return new Release(round, name, Mechanism.GAUSSIAN, relation, sensitivity, sigma, 1 / Math.sqrt(2 * rho),
                null, 1, participants, Currency.ZCDP_RHO, rho);
    }

    /**
     * A Poisson-sampled Gaussian release under the replace-special relation (its users divide by the
     * expected cohort q·n, so n is public: a user is swapped for a zero contribution; dp_accounting's
     * Poisson numbers are the same as under add/remove) whose cost the ledger states
     * ({@link Ledger#charge} returns the record with it; here it is a placeholder 1 in the ledger's
     * currency).
     *
     * @param noiseMultiplier the σ/sensitivity the accounting assumes
     */
    public static Release sampledGaussian(int round, String name, double sensitivity, double sigma,
                                          double noiseMultiplier, double samplingRate, int participants) {
        return new Release(round, name, Mechanism.SAMPLED_GAUSSIAN, Relation.REPLACE_SPECIAL, sensitivity, sigma,
                noiseMultiplier, samplingRate, 1, participants, Currency.RDP_EPSILON, 1);
    }

    /**
     * A Gaussian release on a sample of exactly m of the {@code participants} users drawn without
     * replacement, replace-one, whose cost the ledger states (a placeholder 1 here, as
     * {@link #sampledGaussian}).
     *
     * @param sensitivity     the replace-one sensitivity of the sum (2C for contributions clipped to C)
     * @param noiseMultiplier the σ/sensitivity the accounting assumes
     * @param samplingRate    m/n
     */
    public static Release sampledWithoutReplacement(int round, String name, double sensitivity, double sigma,
            double noiseMultiplier, double samplingRate, int participants) {
        return new Release(round, name, Mechanism.SAMPLED_WITHOUT_REPLACEMENT_GAUSSIAN, Relation.REPLACE_ONE,
                sensitivity, sigma, noiseMultiplier, samplingRate, 1, participants, Currency.RDP_EPSILON, 1);
    }

    /**
     * One step of tree aggregation under the replace-special relation, its cost stated by the ledger
     * (here a placeholder 1 in RDP ε). The steps of one epoch share {@code name}, so the ledger folds
     * them into one record whose count is the epoch's steps.
     *
     * @param noiseMultiplier the σ/sensitivity the accounting assumes
     */
    public static Release treeAggregation(int round, String name, double sensitivity, double sigma,
                                          double noiseMultiplier, int participants) {
        return new Release(round, name, Mechanism.TREE_AGGREGATION, Relation.REPLACE_SPECIAL, sensitivity, sigma,
                noiseMultiplier, null, 1, participants, Currency.RDP_EPSILON, 1);
    }

    /** A pure ε-DP release (ℓ2-Laplace or Wishart) with noise scale {@code sigma}, replace-one. */
    public static Release pure(int round, String name, Mechanism mechanism, double sensitivity, double sigma,
                               double epsilon, int participants) {
        if (mechanism != Mechanism.L2_LAPLACE && mechanism != Mechanism.WISHART) {
            throw new IllegalArgumentException(mechanism.id() + " is not a pure-DP mechanism");
        }
        return new Release(round, name, mechanism, Relation.REPLACE_ONE, sensitivity, sigma, null, null, 1,
                participants, Currency.PURE_EPSILON, epsilon);
    }

    /** Whether {@code other} is the same release, up to its round and count. */
    public boolean sameAs(Release other) {
        return name.equals(other.name) && mechanism == other.mechanism && relation == other.relation
                && Double.compare(sensitivity, other.sensitivity) == 0 && Double.compare(sigma, other.sigma) == 0
                && Objects.equals(noiseMultiplier, other.noiseMultiplier)
                && Objects.equals(samplingRate, other.samplingRate) && participants == other.participants
                && currency == other.currency && Double.compare(cost, other.cost) == 0;
    }

    /** The same release made in round {@code newRound}. */
    public Release atRound(int newRound) {
        return new Release(newRound, name, mechanism, relation, sensitivity, sigma, noiseMultiplier, samplingRate,
                count, participants, currency, cost);
    }

    /** This record with {@code newSigma} as the noise actually added (the accounting's multiplier kept). */
    public Release withNoise(double newSigma) {
        return new Release(round, name, mechanism, relation, sensitivity, newSigma, noiseMultiplier, samplingRate,
                count, participants, currency, cost);
    }

    /** This record standing for {@code newCount} releases. */
    public Release withCount(int newCount) {
        return new Release(round, name, mechanism, relation, sensitivity, sigma, noiseMultiplier, samplingRate,
                newCount, participants, currency, cost);
    }

    /** This record with its cost stated in {@code newCurrency}. */
    Release withCost(Currency newCurrency, double newCost) {
        return new Release(round, name, mechanism, relation, sensitivity, sigma, noiseMultiplier, samplingRate,
                count, participants, newCurrency, newCost);
    }
}
