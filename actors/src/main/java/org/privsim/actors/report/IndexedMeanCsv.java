package org.privsim.actors.report;

import java.util.Arrays;
import java.util.List;
import org.privsim.core.family.indexedmean.IndexedMeanResult;
import org.privsim.core.run.Report;

/**
 * Renders a report's indexed-mean rows as CSV ({@code indexed-mean.csv}). Guarantee: RFC 4180, one
 * header row then one line per indexed-mean row in report order (experiment, ε, t), empty cell for
 * null; the columns are the report fields of the same names.
 */
public final class IndexedMeanCsv {
    private static final List<String> HEADER = List.of("experiment", "algorithm", "epsilon", "delta", "calibration",
            "zcdpRho", "accountedEpsilon", "outputs", "persons", "dimension", "samplesPerPerson", "indices",
            "lossFunction", "noiseVariance", "repeats", "loss", "lossStdErr", "lossClosedForm");

    private IndexedMeanCsv() {}

    /** The CSV text. */
    public static String render(Report report) {
        Csv csv = new Csv(HEADER);
        for (IndexedMeanResult r : report.rows(IndexedMeanResult.class)) {
            csv.row(Arrays.asList(r.experiment(), r.algorithm(), r.epsilon(), r.delta(), r.calibration(),
                    r.zcdpRho(), r.accountedEpsilon(), r.outputs(), r.persons(), r.dimension(),
                    r.samplesPerPerson(), r.indices(), r.lossFunction(), r.noiseVariance(), r.repeats(), r.loss(), r.lossStdErr(),
                    r.lossClosedForm()));
        }
        return csv.text();
    }
}
