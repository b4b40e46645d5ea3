package org.privsim.core.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.scenario.DatasetTask;

/**
 * The machine-readable result of running a scenario ({@code report.json}). Everything but
 * {@code wallMillis} and {@code runner} is a deterministic function of the scenario and seed.
 *
 * @param scenario    scenario name
 * @param seed        root seed used
 * @param runner      which runner produced it ({@code sequential}, {@code local}, …)
 * @param wallMillis  wall-clock time of the run
 * @param experiments one row per experiment and ε (and t for indexed mean), in scenario order
 * @param audits      one row per audit, in scenario order
 * @param dataset     the data set the low-rank rows ran on (file, hash, users, model columns and categories),
 *                    absent for synthetic tasks
 * @param placement   cluster runs only: where each seam experiment's participants ran (absent otherwise; not
 *                    part of the result: {@link #withoutTiming} drops it)
 * @param population  how the runs held the users' data sets ({@code stored} or {@code regenerated},
 *                    {@link org.privsim.core.scenario.PopulationMode}), absent for tasks without such a
 *                    population (not part of the result: both give the same numbers, {@link #withoutTiming}
 *                    drops it)
 */
@JsonPropertyOrder({"scenario", "seed", "runner", "wallMillis", "population", "dataset", "experiments", "audits",
        "placement"})
public record Report(String scenario, long seed, String runner, long wallMillis, List<ExperimentRow> experiments,
        List<AuditResult> audits, @JsonInclude(JsonInclude.Include.NON_NULL) DatasetTask dataset,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<Placement> placement,
        @JsonInclude(JsonInclude.Include.NON_NULL) String population) {

    /** A report without a population mode recorded. */
    public Report(String scenario, long seed, String runner, long wallMillis, List<ExperimentRow> experiments,
                  List<AuditResult> audits, DatasetTask dataset, List<Placement> placement) {
        this(scenario, seed, runner, wallMillis, experiments, audits, dataset, placement, null);
    }

    /** A report without placement (every runner but the cluster's). */
    public Report(String scenario, long seed, String runner, long wallMillis, List<ExperimentRow> experiments,
                  List<AuditResult> audits, DatasetTask dataset) {
        this(scenario, seed, runner, wallMillis, experiments, audits, dataset, null);
    }

    /** A report of a synthetic task. */
    public Report(String scenario, long seed, String runner, long wallMillis, List<ExperimentRow> experiments,
                  List<AuditResult> audits) {
        this(scenario, seed, runner, wallMillis, experiments, audits, null);
    }

    public Report {
        experiments = List.copyOf(experiments);
        audits = List.copyOf(audits);
        placement = placement == null ? null : List.copyOf(placement);
    }

    /**
     * A report whose rows are the seam families' rows in scenario order (stable: rows of one
     * experiment keep their order).
     */
    public static Report of(String scenario, long seed, String runner, long wallMillis,
            List<? extends ExperimentRow> seam, List<AuditResult> audits) {
        List<ExperimentRow> rows = new ArrayList<>(seam);
        rows.sort(Comparator.comparingInt(ExperimentRow::experiment));
        return new Report(scenario, seed, runner, wallMillis, rows, audits);
    }

    /** The same report recording the data set its low-rank rows ran on (null: synthetic). */
    public Report withDataset(DatasetTask newDataset) {
        return new Report(scenario, seed, runner, wallMillis, experiments, audits, newDataset, placement, population);
    }

    /** The rows of the low-rank algorithms, in order. */
    public List<ExperimentResult> lowRankRows() {
        return experiments.stream().filter(ExperimentResult.class::isInstance).map(ExperimentResult.class::cast)
                .toList();
    }

    /** The experiment rows of type {@code type} (a family's row type), in order. */
    public <T extends ExperimentRow> List<T> rows(Class<T> type) {
        return experiments.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** Whether every audit met its {@code expect} (vacuously true without audits). */
    public boolean expectationsMet() {
        return audits.stream().allMatch(AuditResult::expectMet);
    }

    /** The same report with another wall time. */
    public Report withWallMillis(long wallMillis) {
        return new Report(scenario, seed, runner, wallMillis, experiments, audits, dataset, placement, population);
    }

    /** The same report recording how its runs held the users' data sets (a {@code PopulationMode} id, or null). */
    public Report withPopulation(String mode) {
        return new Report(scenario, seed, runner, wallMillis, experiments, audits, dataset, placement, mode);
    }

    /** The same report recording where its participants ran (null: none recorded). */
    public Report withPlacement(List<Placement> newPlacement) {
        return new Report(scenario, seed, runner, wallMillis, experiments, audits, dataset, newPlacement, population);
    }

    /** The same report with another runner name, wall time zeroed and no placement (for comparing runners). */
    public Report withoutTiming() {
        return new Report(scenario, seed, "", 0, experiments, audits, dataset);
    }
}
