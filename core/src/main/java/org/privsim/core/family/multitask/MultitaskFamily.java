package org.privsim.core.family.multitask;

import java.util.List;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;

/**
 * Model-protected multi-task learning (Liang et al.) and its baselines as a {@link Family}: a cell
 * is a {@link MultitaskRunPlan}; its runs are (repeat, candidate) pairs, run = repeat × candidates +
 * candidate; the participants are the m tasks, each a {@link TaskLearner} over its own data; the
 * curator is the {@link MultitaskCurator} (perturbed covariance release, ledger, projection).
 *
 * <p>Guarantee: a run asks every task every request in task-id order, so its outcome is the one
 * the tasks' learners and the core curator give in that order, on any runner.
 */
public final class MultitaskFamily
        implements Family<MultitaskRunPlan, MultitaskFamily.Context, TaskRequest, Object, MultitaskOutcome,
        MultitaskResult> {
    /** The one instance. */
    public static final MultitaskFamily INSTANCE = new MultitaskFamily();

    /**
     * What the tasks of one run share: the repeat's population (the basis of the task models) and
     * their settings.
     *
     * @param population the repeat's population
     * @param settings   what each task needs
     */
    public record Context(MultitaskPopulation population, TaskSettings settings) {}

    private MultitaskFamily() {}

    @Override
    public String id() {
        return "multitask";
    }

    @Override
    public boolean runs(Algorithm algorithm) {
        return algorithm.isMultitask();
    }

    @Override
    public List<MultitaskRunPlan> cells(Scenario scenario) {
        return MultitaskRunPlan.cells(scenario);
    }

    @Override
    public int runs(MultitaskRunPlan cell) {
        return cell.runs();
    }

    @Override
    public String label(MultitaskRunPlan cell) {
        return cell.label();
    }

    @Override
    public Context context(MultitaskRunPlan cell, int run, long seed) {
        int repeat = cell.picks().get(run).repeat();
        return new Context(cell.population(seed, repeat), cell.taskSettings(seed, repeat));
    }

    @Override
    public RunCurator<TaskRequest, Object, MultitaskOutcome> curator(MultitaskRunPlan cell, int run, long seed,
                                                                    Context context) {
        MultitaskCurator curator = new MultitaskCurator(cell, cell.picks().get(run), seed);
        int tasks = cell.task().tasks();
        return new RunCurator<>() {
            private boolean evaluating;

            @Override
            public Step<TaskRequest, MultitaskOutcome> start() {
                return ask(curator.start());
            }

            @Override
            public Step<TaskRequest, MultitaskOutcome> onAnswers(List<Object> answers) {
                if (evaluating) {
                    return new Step.Done<>(curator.onScores(answers.toArray(new TaskScore[0])));
                }
                return ask(curator.onModels(answers.toArray(new double[0][])));
            }

            private Step<TaskRequest, MultitaskOutcome> ask(TaskRequest request) {
                evaluating = request instanceof TaskRequest.Evaluate;
                return Step.askAll(tasks, request);
            }
        };
    }

    @Override
    public Participant<TaskRequest, Object> participant(MultitaskRunPlan cell, int run, long seed, Context context,
                                                        int id) {
        TaskLearner learner = new TaskLearner(context.population().task(id), context.settings());
        return request -> request instanceof TaskRequest.Evaluate evaluate
                ? learner.evaluate(evaluate) : learner.answer(request);
    }

    @Override
    public MultitaskResult row(MultitaskRunPlan cell, List<MultitaskOutcome> outcomes) {
        if (cell.selection() != null) {
            return MultitaskResult.selected(cell, outcomes);
        }
        int candidates = cell.candidates().size();
        MultitaskOutcome[][] byCandidate = new MultitaskOutcome[candidates][cell.spec().repeats()];
        for (int run = 0; run < outcomes.size(); run++) {
            byCandidate[run % candidates][run / candidates] = outcomes.get(run);
        }
        return MultitaskResult.of(cell, byCandidate);
    }
}
