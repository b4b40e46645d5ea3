package org.privsim.core.family.lowrank;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.privsim.core.data.Populations;
import org.privsim.core.data.UserDataset;
import org.privsim.core.data.UserStore;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.ResultAssembler;
import org.privsim.core.run.RunPlan;
import org.privsim.core.sim.SequentialCollector;
import org.privsim.core.scenario.Aggregation;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;
import org.privsim.core.seam.Folding;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.seam.Spread;
import org.privsim.core.seam.Step;
import org.privsim.core.sim.Driver;
import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.InitSum;
import org.privsim.core.sim.RoundSum;
import org.privsim.core.sim.RunOutcome;
import org.privsim.core.sim.UserInitStep;
import org.privsim.core.sim.UserStep;
import org.privsim.core.sim.UserTask;

/**
 * The low-rank family on the seam: priv-altmin, non-private-altmin, single-model-dp and own-data on
 * a low-rank task or a data set. A cell is one experiment at one ε ({@link ScenarioPlan}'s runs of
 * that pair), its runs are those planned runs (repeats × epoch candidates, in plan order), the curator
 * of a run wraps the run's {@link Driver}, and the participants are the users of the run's population.
 *
 * <p>Every collection of a driver is one {@link Step.Fold} in ranges: the scenario's
 * {@code aggregation} ranges of consecutive ids, each folded in ascending id order (a user adds its
 * statistics into the running sum in place, {@link UserInitStep#foldInit}/{@link UserStep#foldRound}),
 * and the ranges' partial sums added in range order — the order of {@link SequentialCollector}, so
 * the sums and every release are bit for bit those of the runs before the seam.
 *
 * <p>Shared context: every run on one population (one repeat's seed) has the same context key, the
 * population; the participants are views of it answering from it and the request alone, so runtimes
 * keep one participant set per population across runs ({@link Family#contextKey}). A stored population
 * ({@code task.population: stored}, or left open) builds a user's data set once, on its first request,
 * and keeps it; a regenerated one rebuilds it from (seed, id) at every request and keeps nothing per
 * user — the data set is a pure function of (task, seed, id), so the sums and releases are the same
 * bit for bit.
 */
public final class LowRankFamily implements Family<LowRankFamily.Cell, UserStore, UserTask, Object,
        RunOutcome, ExperimentResult> {

    /** The family. */
    public static final LowRankFamily INSTANCE = new LowRankFamily();

    private LowRankFamily() {}

    /**
     * One experiment at one ε: its planned runs in plan order.
     *
     * @param scenario the scenario
     * @param runs     the runs (repeat-major, then epoch candidates)
     */
    public record Cell(Scenario scenario, List<RunPlan> runs) {}

    @Override
    public String id() {
        return "low-rank";
    }

    @Override
    public boolean runs(Algorithm algorithm) {
        return switch (algorithm) {
            case PRIV_ALTMIN, NON_PRIVATE_ALTMIN, SINGLE_MODEL_DP, OWN_DATA -> true;
            default -> false;
        };
    }

    @Override
    public List<Cell> cells(Scenario scenario) {
        Map<List<Integer>, List<RunPlan>> byCell = new TreeMap<>(
                Comparator.<List<Integer>>comparingInt(key -> key.get(0)).thenComparingInt(key -> key.get(1)));
        for (RunPlan run : ScenarioPlan.runs(scenario)) {
            byCell.computeIfAbsent(List.of(run.experiment(), run.epsilonIndex()), k -> new ArrayList<>()).add(run);
        }
        return byCell.values().stream().map(runs -> new Cell(scenario, List.copyOf(runs))).toList();
    }

    @Override
    public int runs(Cell cell) {
        return cell.runs().size();
    }

    @Override
    public String label(Cell cell) {
        RunPlan first = cell.runs().get(0);
        return first.spec().algorithm().id() + (first.epsilon() == null ? "" : " ε=" + first.epsilon());
    }

    @Override
    public Object contextKey(Cell cell, int run, long seed) {
        return cell.runs().get(run).population();
    }

    @Override
    public UserStore context(Cell cell, int run, long seed) {
        Scenario scenario = cell.scenario();
        return new UserStore(Populations.create(scenario.task(), cell.runs().get(run).population()),
                scenario.lowRankTask().users(), scenario.lowRankTask().population());
    }

    @Override
    public RunCurator<UserTask, Object, RunOutcome> curator(Cell cell, int run, long seed, UserStore context) {
        RunPlan plan = cell.runs().get(run);
        Scenario scenario = cell.scenario();
        return new Curator(LowRankDrivers.newDriver(plan, scenario.lowRankTask(plan.spec()), context.uStar()),
                scenario.lowRankTask().users(), scenario.lowRankTask().dimension(), scenario.aggregation());
    }

    @Override
    public Participant<UserTask, Object> participant(Cell cell, int run, long seed, UserStore context, int id) {
        return new User(context, id, cell.scenario().lowRankTask().dimension());
    }

    /** Users spread in blocks of whole aggregation ranges, so that each range is folded on one node. */
    @Override
    public Spread spread(Cell cell) {
        return new Spread(cell.scenario().lowRankTask().users(), cell.scenario().aggregation().rangeSize());
    }

    @Override
    public ExperimentResult row(Cell cell, List<RunOutcome> outcomes) {
        return ResultAssembler.cellRow(cell.scenario(), cell.runs(), outcomes);
    }

    /** A run's curator: the driver's collections as folds in aggregation ranges. */
    private static final class Curator implements RunCurator<UserTask, Object, RunOutcome> {
        private final Driver driver;
        private final int users;
        private final int dimension;
        private final Aggregation aggregation;
        private UserTask pending;

        Curator(Driver driver, int users, int dimension, Aggregation aggregation) {
            this.driver = driver;
            this.users = users;
            this.dimension = dimension;
            this.aggregation = aggregation;
        }

        @Override
        public Step<UserTask, RunOutcome> start() {
            return next(driver.start());
        }

        @Override
        public Step<UserTask, RunOutcome> onAnswers(List<Object> answers) {
            Object sum = answers.get(0);
            if (pending instanceof UserTask.Init) {
                return next(driver.onInit((InitSum) sum));
            }
            if (pending instanceof UserTask.Round) {
                return next(driver.onRound((RoundSum) sum));
            }
            return next(driver.onEvaluate((ErrorSum) sum));
        }

        private Step<UserTask, RunOutcome> next(org.privsim.core.sim.Step step) {
            if (step instanceof org.privsim.core.sim.Step.Finished finished) {
                pending = null;
                return new Step.Done<>(finished.outcome());
            }
            UserTask task = ((org.privsim.core.sim.Step.Collect) step).task();
            pending = task;
            int ranges = aggregation.ranges(users);
            int[] ends = new int[ranges];
            int[] ids;
            if (task instanceof UserTask.Round round && round.participants().batchOf() != null) {
                int[] asked = new int[users];
                int count = 0;
                for (int r = 0; r < ranges; r++) {
                    for (int j = aggregation.rangeStart(r); j < aggregation.rangeEnd(r, users); j++) {
                        if (round.participants().includes(j)) {
                            asked[count++] = j;
                        }
                    }
                    ends[r] = count;
                }
                ids = java.util.Arrays.copyOf(asked, count);
            } else {
                ids = new int[users];
                for (int j = 0; j < users; j++) {
                    ids[j] = j;
                }
                for (int r = 0; r < ranges; r++) {
                    ends[r] = aggregation.rangeEnd(r, users);
                }
            }
            return Step.foldRanges(ids, ends, task, folding(task, dimension));
        }
    }

    /** How a collection's sums start and add up. */
    private static Folding<Object, Object> folding(UserTask task, int dimension) {
        if (task instanceof UserTask.Init init) {
            return new SumFolding(SumFolding.INIT, dimension, init.matrices(), false);
        }
        if (task instanceof UserTask.Round round) {
            return new SumFolding(SumFolding.ROUND, dimension, round.statisticsRank(), round.gram());
        }
        return new SumFolding(SumFolding.EVALUATE, dimension, 0, false);
    }

    /**
     * How one collection's sums start and add up: partial sums add with {@code addAll}. A record of
     * plain values, so a fold can be handed to another node with its request.
     *
     * @param kind      {@link #INIT}, {@link #ROUND} or {@link #EVALUATE}
     * @param dimension d
     * @param size      the init sum's matrices, or the round sum's rank (0 for an evaluation)
     * @param gram      whether a round sum holds the blocks S_ab
     */
    public record SumFolding(int kind, int dimension, int size, boolean gram) implements Folding<Object, Object> {
        static final int INIT = 0;
        static final int ROUND = 1;
        static final int EVALUATE = 2;

        @Override
        public Object empty() {
            return switch (kind) {
                case INIT -> new InitSum(dimension, size);
                case ROUND -> new RoundSum(dimension, size, gram);
                default -> new ErrorSum();
            };
        }

        @Override
        public Object add(Object sum, Object answer) {
            return combine(sum, answer);
        }

        @Override
        public Object combine(Object total, Object part) {
            if (total instanceof InitSum t) {
                t.addAll((InitSum) part);
            } else if (total instanceof RoundSum t) {
                t.addAll((RoundSum) part);
            } else {
                ((ErrorSum) total).addAll((ErrorSum) part);
            }
            return total;
        }
    }

    /**
     * User {@code id} of a population: answers a collection with its own statistics (a one-user sum),
     * and in a fold adds them into the running sum in place.
     */
    private record User(UserStore population, int id, int dimension) implements Participant<UserTask, Object> {
        @Override
        public Object answer(UserTask task) {
            return fold(task, folding(task, dimension).empty(), null);
        }

        @Override
        public Object fold(UserTask task, Object sum, Folding<Object, Object> folding) {
            UserDataset data = population.user(id);
            if (task instanceof UserTask.Init init) {
                UserInitStep.foldInit(data, init, (InitSum) sum);
            } else if (task instanceof UserTask.Round round) {
                UserStep.foldRound(data, round, (RoundSum) sum);
            } else {
                ((ErrorSum) sum).add(id, UserStep.respond(data, (UserTask.Evaluate) task));
            }
            return sum;
        }
    }

    /** Runs one planned run of {@code scenario} on its own, on a population built for it, on this thread. */
    public static RunOutcome runOne(Scenario scenario, RunPlan run) {
        return SequentialInterpreter.run(INSTANCE, new Cell(scenario, List.of(run)), 0, scenario.seed());
    }
}
