package org.privsim.core.family.indexedmean;

import static org.privsim.core.scenario.HeapBytes.add;
import static org.privsim.core.scenario.HeapBytes.array;
import static org.privsim.core.scenario.HeapBytes.mul;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.module.RunHeap;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.Scenario;

/**
 * What a scenario's indexed-mean runs hold in the heap, whatever the runner: one run with t persons
 * holds each person's sums at the support (a double per coordinate of the support, at most min(t, d)
 * coordinates; its contribution shares them) and {@link #PERSON_BYTES}; the runs are the experiments'
 * repeats per ε and t and the audits' trials (an audit's runs are batches of its trials, so at most
 * its trials).
 *
 * <p>Guarantee: {@link #PERSON_BYTES} is counted and checked against a measured heap
 * ({@code MemoryModelTest}); the largest run is that of the largest t the scenario runs.
 */
public final class IndexedMeanHeap {
    private IndexedMeanHeap() {}

    /**
     * What an indexed-mean run holds per person besides its sums at the support, on every runner:
     * the participant (a closure over its data, the population, its position and id: 32 bytes), its
     * {@link PersonData} (40; its clipped and raw sums are one array for a population person), its
     * table slot (up to 8), its contribution (a 24-byte record sharing the sums) and five 4-byte slots
     * (the step's ids, the answers, the curator's arrays of contributions and of indices, the
     * population's indices): 124, rounded up. The loss terms of the second step (28 bytes a person)
     * replace the contributions. Measured: {@code MemoryModelTest} weighs 200,000 persons; the peak
     * live heap of one run per person ({@code privsim bench --live-every 200}, bench/RESULTS.md,
     * "Per-participant memory") is this plus the sums.
     */
    public static final long PERSON_BYTES = 128;

    /** The heap of {@code scenario}'s indexed-mean runs: {@link RunHeap#NONE} when it has none. */
    static RunHeap of(Scenario scenario) {
        long largest = 0;
        for (IndexedMeanTask task : tasks(scenario)) {
            largest = Math.max(largest, runBytes(task));
        }
        return new RunHeap(0, runs(scenario), largest);
    }

    /** Bytes of one indexed-mean run with t persons. */
    static long runBytes(IndexedMeanTask task) {
        long t = task.persons();
        long support = Math.min(t, task.dimension());
        return mul(t, add(array(support), PERSON_BYTES));
    }

    private static long runs(Scenario scenario) {
        long runs = 0;
        if (scenario.task() instanceof IndexedMeanTask) {
            for (ExperimentSpec spec : scenario.experiments()) {
                long cells = (spec.epsilons() == null ? 1 : spec.epsilons().size())
                        * (spec.persons() == null ? 1 : Math.max(1, spec.persons().size()));
                runs = add(runs, mul(cells, spec.repeats()));
            }
        }
        for (AuditSpec audit : scenario.audits()) {
            if (audit.task() instanceof IndexedMeanTask) {
                runs = add(runs, audit.trials());
            }
        }
        return runs;
    }

    /** Every indexed-mean shape the scenario runs: the task at each swept t, and each audit's task. */
    private static List<IndexedMeanTask> tasks(Scenario scenario) {
        List<IndexedMeanTask> tasks = new ArrayList<>();
        if (scenario.task() instanceof IndexedMeanTask task) {
            tasks.add(task);
            for (ExperimentSpec spec : scenario.experiments()) {
                if (spec.persons() != null) {
                    spec.persons().forEach(t -> tasks.add(task.withPersons(t)));
                }
            }
        }
        for (AuditSpec audit : scenario.audits()) {
            if (audit.task() instanceof IndexedMeanTask task) {
                tasks.add(task);
            }
        }
        return tasks;
    }
}
