package org.privsim.core.family.transfer;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Arrays;
import java.util.List;
import org.privsim.core.data.UserDataset;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;

/**
 * Public→private transfer (Thaker et al.) as a {@link Family}: a cell is a {@link TransferRunPlan},
 * its runs are its repeats, the curator is the {@link TransferDriver}. A run's participants are the
 * t public tasks (ids 0 … t−1: {@link PublicTask}, for the representation's moments or as
 * Priv-AltMin users) and the n₂ users of the private task (ids t … t+n₂−1, user i as id t+i: a
 * {@link SampleHolder} of private row i, built on its first request from the representation the
 * request carries).
 *
 * <p>Guarantee: requests go to exactly the participants the driver names, in its order (a DP-SGD
 * step to its Poisson sample only, its clipped gradients folded in the sample's order into the sum
 * the driver noises), so a run's outcome is the sequential one on any runner.
 */
public final class TransferFamily
        implements Family<TransferRunPlan, TransferPopulation, TransferFamily.Request, Object, TransferOutcome,
        TransferResult> {
    /** The one instance. */
    public static final TransferFamily INSTANCE = new TransferFamily();

    /**
     * A driver's request with the representation the private task's users see.
     *
     * @param request the driver's request
     * @param basis   the representation, row-major d×p, or null (public phase, or no projection)
     */
    public record Request(@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) TransferRequest request, double[] basis) {}

    private TransferFamily() {}

    @Override
    public String id() {
        return "transfer";
    }

    @Override
    public boolean runs(Algorithm algorithm) {
        return algorithm.isTransfer();
    }

    @Override
    public List<TransferRunPlan> cells(Scenario scenario) {
        return TransferRunPlan.cells(scenario);
    }

    @Override
    public int runs(TransferRunPlan cell) {
        return cell.spec().repeats();
    }

    @Override
    public String label(TransferRunPlan cell) {
        return cell.label();
    }

    @Override
    public TransferPopulation context(TransferRunPlan cell, int run, long seed) {
        return cell.population(seed, run);
    }

    @Override
    public RunCurator<Request, Object, TransferOutcome> curator(TransferRunPlan cell, int run, long seed,
                                                               TransferPopulation population) {
        TransferDriver driver = new TransferDriver(cell, run, seed, population);
        int publicTasks = cell.task().publicTasks();
        return new RunCurator<>() {
            private TransferRequest last;

            @Override
            public Step<Request, TransferOutcome> start() {
                return ask(driver.start());
            }

            @Override
            public Step<Request, TransferOutcome> onAnswers(List<Object> answers) {
                if (last instanceof TransferRequest.Moments) {
                    return ask(driver.onMoments(answers.toArray(new double[0][])));
                }
                if (last instanceof TransferRequest.PublicAltMin) {
                    return ask(driver.onPublicAltMin(answers.toArray(new PublicAltMinAnswer[0])));
                }
                if (last instanceof TransferRequest.Gradients) {
                    return ask(driver.onGradientSum((double[]) answers.get(0)));
                }
                return ask(driver.onAnswers(answers.toArray(new double[0][])));
            }

            private Step<Request, TransferOutcome> ask(TransferRequest request) {
                last = request;
                if (request instanceof TransferRequest.Done done) {
                    return new Step.Done<>(done.outcome());
                }
                if (request instanceof TransferRequest.Moments || request instanceof TransferRequest.PublicAltMin) {
                    return Step.askAll(publicTasks, new Request(request, null));
                }
                Request withBasis = new Request(request, driver.basis());
                if (request instanceof TransferRequest.Gradients g) {
                    int[] ids = Arrays.copyOf(g.users(), g.users().length);
                    for (int i = 0; i < ids.length; i++) {
                        ids[i] += publicTasks;
                    }
                    return Step.fold(ids, withBasis, driver.gradientSum());
                }
                return Step.askRange(publicTasks, publicTasks + cell.privateSamples(), withBasis);
            }
        };
    }

    @Override
    public Participant<Request, Object> participant(TransferRunPlan cell, int run, long seed,
                                                    TransferPopulation population, int id) {
        int publicTasks = cell.task().publicTasks();
        return id < publicTasks ? publicTask(population, id) : user(cell, population, id - publicTasks);
    }

    private static Participant<Request, Object> publicTask(TransferPopulation population, int task) {
        UserDataset[] rows = new UserDataset[1];
        return r -> {
            if (r.request() instanceof TransferRequest.Moments m) {
                return PublicTask.moments(population, task, m.publicSamples(), m.estimator());
            }
            TransferRequest.PublicAltMin altMin = (TransferRequest.PublicAltMin) r.request();
            if (rows[0] == null) {
                rows[0] = PublicTask.altMinData(population, task, altMin.publicSamples());
            }
            return PublicTask.answer(rows[0], altMin.task());
        };
    }

    private static Participant<Request, Object> user(TransferRunPlan cell, TransferPopulation population, int row) {
        SampleHolder[] holder = new SampleHolder[1];
        return r -> {
            if (holder[0] == null) {
                holder[0] = new SampleHolder(population, row, r.basis(), cell.featureDimension());
            }
            if (r.request() instanceof TransferRequest.Gradients g) {
                return holder[0].gradient(g.model(), g.clip());
            }
            TransferRequest.Statistics s = (TransferRequest.Statistics) r.request();
            return holder[0].statistics(s.clipFeature(), s.clipLabel());
        };
    }

    @Override
    public TransferResult row(TransferRunPlan cell, List<TransferOutcome> outcomes) {
        return TransferResult.of(cell, outcomes.toArray(new TransferOutcome[0]));
    }
}
