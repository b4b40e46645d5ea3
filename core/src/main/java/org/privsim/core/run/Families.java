package org.privsim.core.run;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.audit.AuditFamily;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.family.federated.FedAvgFamily;
import org.privsim.core.family.federated.FedRepFamily;
import org.privsim.core.family.indexedmean.IndexedMeanFamily;
import org.privsim.core.family.lowrank.LowRankFamily;
import org.privsim.core.family.multitask.MultitaskFamily;
import org.privsim.core.family.ratings.RatingsFamily;
import org.privsim.core.family.transfer.TransferFamily;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Family;

/**
 * The families every runner executes through the curator–participant seam, in report order, and
 * the scenario's cells of all of them.
 *
 * <p>Guarantee: {@link #cells} lists the families' cells family by family in {@link #SEAM} order,
 * each family's in its own {@link Family#cells} order — the order every runner reports them in —
 * and each cell's {@link BoundCell#index} is its place in that list (unique across families, as the
 * runtimes' messages and actor names need: dp-fedavg and dp-fedrep share a scenario).
 */
public final class Families {
    /** The seam's families, in report order. */
    public static final List<Family<?, ?, ?, ?, ?, ?>> SEAM = List.of(LowRankFamily.INSTANCE, IndexedMeanFamily.INSTANCE,
            MultitaskFamily.INSTANCE, TransferFamily.INSTANCE, FedAvgFamily.INSTANCE, FedRepFamily.INSTANCE,
            RatingsFamily.INSTANCE, AuditFamily.INSTANCE);

    private Families() {}

    /** Every seam cell of {@code scenario}. */
    public static List<BoundCell> cells(Scenario scenario) {
        List<BoundCell> cells = new ArrayList<>();
        for (Family<?, ?, ?, ?, ?, ?> family : SEAM) {
            cells.addAll(BoundCell.cells(family, scenario, cells.size()));
        }
        return cells;
    }

    /**
     * The report of {@code scenario} from every job's results.
     *
     * @param seam      the seam cells' rows, in {@link #cells} order: experiment rows, then the
     *                  audits' rows ({@link AuditFamily} comes last) in scenario order
     */
    public static Report report(Scenario scenario, String runner, long wallMillis, List<?> seam) {
        Rows rows = split(seam);
        return Report.of(scenario.name(), scenario.seed(), runner, wallMillis, rows.experiments(), rows.audits())
                .withDataset(scenario.datasetTask());
    }

    /**
     * Seam rows split by kind, each list in the order given.
     *
     * @param experiments the experiment rows
     * @param audits      the audit rows
     */
    public record Rows(List<ExperimentRow> experiments, List<AuditResult> audits) {}

    /** {@code seam}'s rows split into experiment rows and audit rows (every row is one or the other). */
    public static Rows split(List<?> seam) {
        List<ExperimentRow> experiments = new ArrayList<>();
        List<AuditResult> audits = new ArrayList<>();
        for (Object row : seam) {
            if (row instanceof AuditResult audit) {
                audits.add(audit);
            } else {
                experiments.add((ExperimentRow) row);
            }
        }
        return new Rows(List.copyOf(experiments), List.copyOf(audits));
    }
}
