package org.privsim.core.family.indexedmean;

import java.util.List;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.scenario.Defaults;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.GivenFields;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.Task;

/**
 * Resolves an experiment of an indexed-mean mechanism on an indexed-mean (or indexed-sign) task.
 * Guarantee: the swept persons default to [task.persons], the repeats to {@link Defaults#REPEATS}, the
 * calibration (private mechanisms) to {@link Defaults#CALIBRATION}; every other field null.
 */
final class IndexedMeanResolver {

    private IndexedMeanResolver() {}

    /** The {@link ExperimentForm.Resolver} of the module's mechanisms. */
    static ExperimentSpec resolve(ExperimentForm form, GivenFields given, Task on) {
        IndexedMeanTask indexed = (IndexedMeanTask) on;
        return new ExperimentSpec(form.algorithm(), given.list("epsilon"), given.get("delta", Double.class),
                form.reads("calibration") ? given.or("calibration", Calibration.class, Defaults.CALIBRATION) : null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                given.orList("persons", List.of(indexed.persons())), given.or("repeats", Integer.class, Defaults.REPEATS),
                null);
    }
}
