package org.privsim.core.module;

/**
 * The units a scenario's work is counted in, each with its CPU seconds on one core of the measured
 * machine (bench/RESULTS.md, "Run-time model": fitted to the bundled scenarios' measured CPU times).
 * An operation is a multiply-add or a sample drawn; a run costs messages, a curator and its
 * bookkeeping besides its operations.
 *
 * <p>Guarantee: each unit's seconds are the cost fitted to the bundled scenarios' measured CPU
 * times, the same on every runner; each module counts its experiments' and audits' units into a
 * {@link Work}, which sums their costs.
 */
public enum WorkUnit {
    /** The process itself, once: JVM start, actor system, report and plots. */
    START(6.8),
    /** A low-rank operation (priv-altmin, non-private-altmin, own-data, single-model-dp). */
    LOW_RANK_OP(2.7e-10),
    /** A user's visit in a low-rank run's pass (its request, its answer, its slot in the fold). */
    LOW_RANK_USER(2.6e-6),
    /**
     * A value drawn to rebuild a regenerated user's data set (m·(d + 1) per visit): 5.4–6.3 ns measured
     * by {@code LowRankData.user} in a loop at d = 20 and 50 (bench/RESULTS.md, "Regenerated populations").
     */
    REGENERATED_DRAW(6e-9),
    /** A federated operation (dp-fedavg, dp-fedrep). */
    FEDERATED_OP(1.1e-9),
    /** A federated round (its release and the accountant's charge). */
    FEDERATED_ROUND(3.5e-5),
    /** A person of an indexed-mean experiment's run (its data, its participant, its loss term). */
    INDEXED_PERSON(5e-5),
    /** A term of a sign loss's exact expectation (a binomial probability and a normal CDF). */
    SIGN_TERM(1.8e-7),
    /** A sample drawn by an indexed-mean audit trial (the tracing attack's: t·d per trial). */
    INDEXED_SAMPLE(2.7e-8),
    /** An indexed-mean run or audit trial. */
    INDEXED_RUN(8.5e-5),
    /** A multi-task operation. */
    MULTITASK_OP(2.5e-9),
    /** A multi-task run (one λ candidate), or a multi-task audit trial. */
    MULTITASK_RUN(7.2e-4),
    /** A transfer operation. */
    TRANSFER_OP(8.8e-10),
    /** A DP-SGD step (its release and the accountant's charge). */
    SGD_STEP(7.5e-6),
    /** A transfer run, or a transfer audit trial. */
    TRANSFER_RUN(4.1e-4),
    /** A ratings operation. */
    RATINGS_OP(1.2e-8),
    /** A ratings run, or a ratings audit trial. */
    RATINGS_RUN(5.3e-4),
    /** A noise calibration of a Poisson-sampled Gaussian (dp-sgd, dp-fedavg, dp-fedrep; memoized per target). */
    CALIBRATION(2.8);

    /** CPU seconds of one unit. */
    private final double seconds;

    WorkUnit(double seconds) {
        this.seconds = seconds;
    }

    /** CPU seconds of one unit on one core of the measured machine. */
    public double seconds() {
        return seconds;
    }
}
