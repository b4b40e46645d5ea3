package org.privsim.actors.report;

import java.util.Arrays;
import java.util.List;
import org.privsim.core.family.multitask.MultitaskResult;
import org.privsim.core.run.Report;

/**
 * Renders a report's multi-task rows as CSV ({@code multitask.csv}). Guarantee: RFC 4180, one
 * header row then one line per multi-task row in report order, empty cell for null; the columns
 * are every scalar report field of those rows under its own name, in report-schema order (the lists
 * {@code releaseEpsilons}, {@code releaseRhos}, {@code lambdasTried} and {@code models} are left to {@code report.json}).
 */
public final class MultitaskCsv {
    private static final List<String> HEADER = List.of("experiment", "algorithm", "epsilon", "delta",
            "accountedEpsilon", "basicEpsilon", "zcdpRho", "zcdpEpsilon", "maxLedgerEpsilon", "covarianceNoise",
            "calibration", "allocation", "tasks",
            "samplesPerTask", "dimension", "structure", "iterations", "stepSize", "lambda",
            "covarianceShift", "clipModel",
            "acceleration", "ridge", "initialModels", "repeats", "nmse", "nmseStdErr", "validationNmse");

    private MultitaskCsv() {}

    /** The CSV text. */
    public static String render(Report report) {
        Csv csv = new Csv(HEADER);
        for (MultitaskResult r : report.rows(MultitaskResult.class)) {
            csv.row(Arrays.asList(r.experiment(), r.algorithm(), r.epsilon(), r.delta(), r.accountedEpsilon(),
                    r.basicEpsilon(), r.zcdpRho(), r.zcdpEpsilon(), r.maxLedgerEpsilon(), r.covarianceNoise(),
                    r.calibration(), r.allocation(), r.tasks(),
                    r.samplesPerTask(), r.dimension(), r.structure(), r.iterations(), r.stepSize(), r.lambda(),
                    r.covarianceShift(), r.clipModel(), r.acceleration(), r.ridge(), r.initialModels(), r.repeats(), r.nmse(),
                    r.nmseStdErr(), r.validationNmse()));
        }
        return csv.text();
    }
}
