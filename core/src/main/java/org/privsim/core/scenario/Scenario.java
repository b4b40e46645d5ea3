package org.privsim.core.scenario;

import java.util.List;
import org.privsim.core.audit.AuditSpec;

/**
 * A validated scenario: what to simulate, which experiments to run on it and which audits to play.
 *
 * <p>Guarantee: every instance produced by {@link ScenarioParser} has passed field-by-field
 * validation, and every optional field has been resolved to the concrete default it will run
 * with, so a report can state exactly what ran — except a synthetic low-rank task's
 * {@code population}, which the runner settles by its heap ({@link #populationOpen}; both modes give
 * the same numbers, and the report records the one used). Every experiment's algorithm runs on
 * {@link #task}'s type; it has at least one experiment or audit.
 *
 * @param name        scenario name (also the default output folder name)
 * @param seed        root seed; every random draw derives from it
 * @param task        the data-generating task shared by all experiments (and audits without their own)
 * @param aggregation how user contributions are pre-summed (fixed id ranges)
 * @param runPlacement where a cluster places each run (whole or spread over its users nodes)
 * @param experiments experiments to run, in order
 * @param audits      audits to play, in order
 */
public record Scenario(
        String name,
        long seed,
        Task task,
        Aggregation aggregation,
        RunPlacement runPlacement,
        List<ExperimentSpec> experiments,
        List<AuditSpec> audits) {

    public Scenario {
        experiments = List.copyOf(experiments);
        audits = List.copyOf(audits);
    }

    /** The same scenario with another root seed (the CLI's {@code --seed}). */
    public Scenario withSeed(long newSeed) {
        return new Scenario(name, newSeed, task, aggregation, runPlacement, experiments, audits);
    }

    /**
     * The same scenario with {@code users} users in its synthetic low-rank task (every other task
     * field kept), or null when the task is not a {@code low-rank-regression} task.
     */
    public Scenario withUsers(int users) {
        if (!(task instanceof LowRankRegressionTask t)) {
            return null;
        }
        return new Scenario(name, seed, new LowRankRegressionTask(users, t.samplesPerUser(), t.dimension(), t.rank(),
                t.labelNoise(), t.population()), aggregation, runPlacement, experiments, audits);
    }

    /**
     * The same scenario with population mode {@code mode} in its synthetic low-rank task (the
     * runner's choice when the file leaves it open), or this scenario when the task is of another type.
     */
    public Scenario withPopulation(PopulationMode mode) {
        if (!(task instanceof LowRankRegressionTask t)) {
            return this;
        }
        return new Scenario(name, seed, t.withPopulation(mode), aggregation, runPlacement, experiments, audits);
    }

    /**
     * How the scenario's runs hold their users' data sets: the synthetic low-rank task's mode (null
     * when left to the runner), {@link PopulationMode#STORED} for a data set (read from its file),
     * null for the other tasks (a synthetic ratings task regenerates its users' ratings per request
     * whatever the mode; the remaining tasks hold no population of users).
     */
    public PopulationMode population() {
        if (task instanceof LowRankRegressionTask t) {
            return t.population();
        }
        return task instanceof DatasetTask ? PopulationMode.STORED : null;
    }

    /**
     * Whether the runner chooses the population mode: a synthetic low-rank task without
     * {@code population} whose experiments hold its population (audits build their own).
     */
    public boolean populationOpen() {
        return task instanceof LowRankRegressionTask t && t.population() == null && hasLowRankExperiments();
    }

    /**
     * The task as low-rank regression, for the runners of the low-rank algorithms; a data set's shape
     * at rank 1 (the user count and dimension every experiment shares).
     *
     * @throws IllegalStateException when the task is of another type
     */
    public LowRankRegressionTask lowRankTask() {
        if (task instanceof LowRankRegressionTask lowRank) {
            return lowRank;
        }
        if (task instanceof DatasetTask dataset) {
            return dataset.shape(1);
        }
        throw new IllegalStateException("scenario " + name + " has a task of type " + task.type());
    }

    /**
     * The low-rank shape experiment {@code spec} runs with: the synthetic task itself, or a data set's
     * {@link DatasetTask#shape} at the experiment's rank (1 for algorithms without one).
     *
     * @throws IllegalStateException when the task is of neither type
     */
    public LowRankRegressionTask lowRankTask(ExperimentSpec spec) {
        if (task instanceof DatasetTask dataset) {
            return dataset.shape(spec.rank() == null ? 1 : spec.rank());
        }
        return lowRankTask();
    }

    /**
     * How many participants the task describes: the persons of an indexed-mean task, the users of a
     * ratings task, the users of the low-rank task or data set; 0 for the other tasks (multi-task,
     * transfer), whose participants are no population of users.
     */
    public int populationSize() {
        if (task instanceof IndexedMeanTask indexed) {
            return indexed.persons();
        }
        if (task instanceof RatingsTask ratings) {
            return ratings.users();
        }
        if (task instanceof LowRankRegressionTask || task instanceof DatasetTask) {
            return lowRankTask().users();
        }
        return 0;
    }

    /** The task as a data set, or null when it is synthetic. */
    public DatasetTask datasetTask() {
        return task instanceof DatasetTask dataset ? dataset : null;
    }

    /**
     * Whether the scenario's experiments need the low-rank population (users, data, U*): a low-rank or
     * data-set task with experiments (every algorithm that runs on those tasks draws it; on a
     * {@code ratings} task the same algorithms run in their ratings form, without it).
     */
    public boolean hasLowRankExperiments() {
        return (task instanceof LowRankRegressionTask || task instanceof DatasetTask) && !experiments.isEmpty();
    }
}
