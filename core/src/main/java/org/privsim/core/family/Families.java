package org.privsim.core.family;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.family.federated.FederatedModule;
import org.privsim.core.family.indexedmean.IndexedMeanModule;
import org.privsim.core.family.lowrank.LowRankModule;
import org.privsim.core.family.multitask.MultitaskModule;
import org.privsim.core.family.ratings.RatingsModule;
import org.privsim.core.family.transfer.TransferModule;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.report.RowDescription;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.run.Report;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Family;

/**
 * The registry: the family modules ({@code core/family/<name>/}), the families every runner executes
 * through the curator–participant seam in report order (the modules' families, then the audits'), and
 * the scenario's cells of all of them. Adding a family adds one line to {@link #MODULES}.
 *
 * <p>Guarantee: {@link #cells} lists the families' cells family by family in {@link #SEAM} order,
 * each family's in its own {@link Family#cells} order — the order every runner reports them in —
 * and each cell's {@link BoundCell#index} is its place in that list (unique across families, as the
 * runtimes' messages and actor names need: dp-fedavg and dp-fedrep share a scenario).
 */
public final class Families {
    /** The family modules, in report order. */
    public static final List<FamilyModule> MODULES = List.of(LowRankModule.INSTANCE, IndexedMeanModule.INSTANCE,
            MultitaskModule.INSTANCE, TransferModule.INSTANCE, FederatedModule.INSTANCE, RatingsModule.INSTANCE);

    /** The seam's families, in report order: every module's, then {@link AuditFamily}. */
    public static final List<Family<?, ?, ?, ?, ?, ?>> SEAM = Stream.concat(
            MODULES.stream().flatMap(m -> m.families().stream()), Stream.of(AuditFamily.INSTANCE)).toList();

    /**
     * How the report shows the experiment rows: every module's row descriptions, in report order, each
     * once (the order of the report's per-family files and tables).
     */
    public static final List<RowDescription<?>> ROWS = MODULES.stream().flatMap(m -> m.rows().stream()).distinct()
            .toList();

    private Families() {}

    /**
     * The description of experiment row {@code row}: the one of {@link #ROWS} whose row type it is.
     *
     * @throws IllegalStateException when no module describes the row's type
     */
    public static RowDescription<?> describing(Object row) {
        return ROWS.stream().filter(d -> d.rowType().isInstance(row)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no module describes rows of " + row.getClass().getSimpleName()));
    }

    /**
     * The module that plays audit {@code spec}: exactly one module {@link FamilyModule#audits} every
     * audit a scenario reader accepts.
     *
     * @throws IllegalStateException when none or several claim it
     */
    public static FamilyModule auditing(AuditSpec spec) {
        List<FamilyModule> claiming = MODULES.stream().filter(m -> m.audits(spec)).toList();
        if (claiming.size() != 1) {
            throw new IllegalStateException("an audit of " + spec.algorithm().id() + " must be claimed by one module, got "
                    + claiming.stream().map(FamilyModule::id).toList());
        }
        return claiming.get(0);
    }

    /** The module whose families run experiment {@code spec} of {@code scenario}, if any ({@link FamilyModule#runs}). */
    public static Optional<FamilyModule> running(Scenario scenario, ExperimentSpec spec) {
        return MODULES.stream().filter(m -> m.runs(scenario, spec)).findFirst();
    }

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
