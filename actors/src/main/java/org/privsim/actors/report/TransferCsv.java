package org.privsim.actors.report;

import java.util.Arrays;
import java.util.List;
import org.privsim.core.run.Report;
import org.privsim.core.family.transfer.TransferResult;

/**
 * Renders a report's transfer rows as CSV ({@code transfer.csv}). Guarantee: RFC 4180, one header
 * row then one line per transfer row in report order, empty cell for null; the columns are every
 * field of those rows under its own name, in report-schema order.
 */
public final class TransferCsv {
    private static final List<String> HEADER = List.of("experiment", "algorithm", "representation",
            "representationEpsilon", "publicSamples", "subspaceEstimator", "privateSamples", "epsilon", "delta", "accountedEpsilon", "accountant", "rdpEpsilon", "classicEpsilon", "zcdpRho",
            "maxLedgerEpsilon", "noiseMultiplier", "samplingRate", "steps", "clipGradient", "learningRate",
            "averageIterates",
            "clipFeature", "clipLabel", "dimension", "rank", "publicTasks", "subspaceShift", "featureDimension",
            "repeats", "parameterError", "parameterErrorStdErr", "excessRisk", "subspaceError", "rateBound");

    private TransferCsv() {}

    /** The CSV text. */
    public static String render(Report report) {
        Csv csv = new Csv(HEADER);
        for (TransferResult r : report.rows(TransferResult.class)) {
            csv.row(Arrays.asList(r.experiment(), r.algorithm(), r.representation(), r.representationEpsilon(),
                    r.publicSamples(), r.subspaceEstimator(),
                    r.privateSamples(), r.epsilon(), r.delta(), r.accountedEpsilon(), r.accountant(), r.rdpEpsilon(), r.classicEpsilon(), r.zcdpRho(),
                    r.maxLedgerEpsilon(), r.noiseMultiplier(), r.samplingRate(), r.steps(), r.clipGradient(),
                    r.learningRate(), r.averageIterates(), r.clipFeature(), r.clipLabel(), r.dimension(), r.rank(),
                    r.publicTasks(),
                    r.subspaceShift(), r.featureDimension(), r.repeats(), r.parameterError(),
                    r.parameterErrorStdErr(), r.excessRisk(), r.subspaceError(), r.rateBound()));
        }
        return csv.text();
    }
}
