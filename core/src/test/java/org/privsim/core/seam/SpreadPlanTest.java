package org.privsim.core.seam;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Scenario;

/**
 * A step cut over K nodes by {@link SpreadPlan} and put back together as the runtimes do (asks by
 * position, folds as a chain of node parts) gives exactly the sequential interpreter's answers and
 * sums — on random steps with empty ranges, ranges that straddle nodes, empty blocks and folds
 * without ranges, under an order-sensitive, non-associative folding, so any change of order shows.
 */
class SpreadPlanTest {

    /** A sum whose bits depend on every operation's order: s ← s·(1 + 1e-7) + a, combine t ← t·0.999 + p. */
    record Sum(double[] value) {}

    static final Folding<Object, Object> FOLDING = new Folding<>() {
        @Override
        public Object empty() {
            return new Sum(new double[] {0});
        }

        @Override
        public Object add(Object sum, Object answer) {
            double[] v = ((Sum) sum).value();
            v[0] = v[0] * (1 + 1e-7) + (Double) answer;
            return sum;
        }

        @Override
        public Object combine(Object total, Object part) {
            double[] v = ((Sum) total).value();
            v[0] = v[0] * 0.999 + ((Sum) part).value()[0];
            return total;
        }
    };

    /** Participant id answers 1/(id + 3) + id·1e-3, a value with many significant bits. */
    static Participant<Object, Object> participant(int id) {
        return request -> 1.0 / (id + 3) + id * 1e-3 * (Integer) request;
    }

    /** A family of one cell whose one run asks {@code step} and ends with the answers. */
    private record OneStep(Step<Object, Object> step) implements Family<Integer, Integer, Object, Object, Object, Object> {
        @Override
        public String id() {
            return "one-step";
        }

        @Override
        public boolean runs(Algorithm algorithm) {
            return false;
        }

        @Override
        public List<Integer> cells(Scenario scenario) {
            return List.of(0);
        }

        @Override
        public int runs(Integer cell) {
            return 1;
        }

        @Override
        public String label(Integer cell) {
            return "one step";
        }

        @Override
        public Integer context(Integer cell, int run, long seed) {
            return 0;
        }

        @Override
        public RunCurator<Object, Object, Object> curator(Integer cell, int run, long seed, Integer context) {
            return new RunCurator<>() {
                @Override
                public Step<Object, Object> start() {
                    return step;
                }

                @Override
                public Step<Object, Object> onAnswers(List<Object> answers) {
                    return new Step.Done<>(new ArrayList<>(answers));
                }
            };
        }

        @Override
        public Participant<Object, Object> participant(Integer cell, int run, long seed, Integer context, int id) {
            return SpreadPlanTest.participant(id);
        }

        @Override
        public Object row(Integer cell, List<Object> outcomes) {
            return outcomes.get(0);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Object> sequential(Step<Object, Object> step) {
        return (List<Object>) SequentialInterpreter.run(new OneStep(step), 0, 0, 1L);
    }

    /** The fold as the runtimes compute it: every node's fresh segments first, then the chain in node order. */
    private static Object chained(SpreadPlan plan, Step.Fold<Object, Object> fold) {
        SpreadPlan.FoldPart[] parts = plan.cutFold(fold);
        int[] ids = fold.participants();
        IntFunction<Object> nobody = i -> {
            throw new AssertionError("no part");
        };
        int node = -1;
        for (int k = 0; k < parts.length; k++) {
            if (parts[k] != null && parts[k].first()) {
                node = k;
            }
        }
        if (node < 0) {
            return fold.total(fold.ranged() ? Arrays.stream(fold.ends()).mapToObj(e -> FOLDING.empty()).toList()
                    : List.of(FOLDING.empty()));
        }
        Object total = null;
        Object open = null;
        while (node >= 0) {
            SpreadPlan.FoldPart part = parts[node];
            int[] own = part.ids().toArray();
            assertEquals(part.to() - part.from(), own.length);
            List<SpreadPlan.Segment> segments = part.segments();
            Object[] fresh = new Object[segments.size()];
            for (int i = 0; i < segments.size(); i++) {
                SpreadPlan.Segment s = segments.get(i);
                if (s.fresh()) {
                    Object sum = FOLDING.empty();
                    for (int p = s.from(); p < s.to(); p++) {
                        assertEquals(plan.owner(ids[p]), node, "position " + p + " folded off its owner");
                        sum = participant(own[p - part.from()]).fold(fold.request(), sum, FOLDING);
                    }
                    fresh[i] = sum;
                }
            }
            Object[] carried = part.extend(total, open, FOLDING, i -> fresh[i], (partial, from, to) -> {
                Object sum = partial;
                for (int p = from; p < to; p++) {
                    sum = participant(own[p - part.from()]).fold(fold.request(), sum, FOLDING);
                }
                return sum;
            });
            total = carried[0];
            open = carried[1];
            node = part.next();
        }
        return total;
    }

    @Test
    void foldsCutOverNodesSumAsTheSequentialInterpreter() {
        Random random = new Random(7);
        for (int trial = 0; trial < 400; trial++) {
            int population = 1 + random.nextInt(120);
            Spread spread = new Spread(population, 1 + random.nextInt(9));
            SpreadPlan plan = SpreadPlan.of(spread, 1 + random.nextInt(6));
            int[] ids = java.util.stream.IntStream.range(0, population).filter(i -> random.nextDouble() < 0.6).toArray();
            boolean ranged = random.nextBoolean();
            Step.Fold<Object, Object> fold;
            if (ranged) {
                int ranges = 1 + random.nextInt(8);
                int[] ends = new int[ranges];
                for (int r = 0; r < ranges - 1; r++) {
                    ends[r] = random.nextInt(ids.length + 1);
                }
                ends[ranges - 1] = ids.length;
                Arrays.sort(ends);
                fold = (Step.Fold<Object, Object>) Step.<Object, Object, Object, Object>foldRanges(ids, ends, 2, FOLDING);
            } else {
                fold = (Step.Fold<Object, Object>) Step.<Object, Object, Object, Object>fold(ids, 2, FOLDING);
            }
            Object want = sequential(fold).get(0);
            Object got = chained(plan, fold);
            assertEquals(Double.doubleToLongBits(((Sum) want).value()[0]), Double.doubleToLongBits(((Sum) got).value()[0]),
                    "trial " + trial + ": " + plan.nodes() + " nodes, ranged " + ranged);
        }
    }

    @Test
    void asksCutOverNodesAnswerInPositionOrder() {
        Random random = new Random(11);
        for (int trial = 0; trial < 200; trial++) {
            int population = 1 + random.nextInt(80);
            SpreadPlan plan = SpreadPlan.of(new Spread(population, 1 + random.nextInt(5)), 1 + random.nextInt(5));
            List<Integer> shuffled = new ArrayList<>(java.util.stream.IntStream.range(0, population).boxed().toList());
            java.util.Collections.shuffle(shuffled, random);
            int[] ids = shuffled.subList(0, random.nextInt(population + 1)).stream().mapToInt(Integer::intValue).toArray();
            Step<Object, Object> ask = new Step.Ask<>(ids, 3);
            Object[] answers = new Object[ids.length];
            SpreadPlan.AskPart[] parts = plan.cutAsk(ids);
            for (int k = 0; k < parts.length; k++) {
                if (parts[k] == null) {
                    continue;
                }
                int[] positions = parts[k].positions().toArray();
                int[] own = parts[k].ids().toArray();
                for (int i = 0; i < positions.length; i++) {
                    assertEquals(k, plan.owner(own[i]));
                    answers[positions[i]] = participant(own[i]).answer(3);
                }
            }
            assertEquals(sequential(ask), Arrays.asList(answers));
        }
    }

    @Test
    void blocksCoverThePopulationOnUnitBounds() {
        Spread spread = new Spread(10_000_000, 1000);
        int[] bounds = spread.bounds(4);
        assertArrayEquals(new int[] {0, 2_500_000, 5_000_000, 7_500_000, 10_000_000}, bounds);
        // 2500 users in units of 1000 over 4 nodes: 625, 1250, 1875 round down to 0, 1000, 1000
        assertArrayEquals(new int[] {0, 0, 1000, 1000, 2500}, new Spread(2500, 1000).bounds(4));
        SpreadPlan plan = new SpreadPlan(new int[] {0, 0, 1000, 1000, 2500});
        assertEquals(1, plan.owner(0));
        assertEquals(1, plan.owner(999));
        assertEquals(3, plan.owner(1000));
        assertEquals(3, plan.owner(2499));
    }

    @Test
    void aFoldOutOfNodeOrderIsRefused() {
        SpreadPlan plan = SpreadPlan.of(new Spread(10, 1), 2);
        Step.Fold<Object, Object> fold = (Step.Fold<Object, Object>) Step.<Object, Object, Object, Object>fold(
                new int[] {7, 1}, 1, FOLDING);
        assertThrows(IllegalArgumentException.class, () -> plan.cutFold(fold));
    }

    @Test
    void intRunsKeepTheirValuesAndCompressRegularLists() {
        Random random = new Random(3);
        for (int trial = 0; trial < 200; trial++) {
            int[] values = random.ints(random.nextInt(40), -50, 50).toArray();
            assertArrayEquals(values, IntRuns.of(values).toArray());
        }
        int[] block = java.util.stream.IntStream.range(1_000, 2_000_000).toArray();
        assertEquals(3, IntRuns.of(block).runs().length);
        int[] ends = java.util.stream.IntStream.rangeClosed(1, 2000).map(r -> r * 1000).toArray();
        assertEquals(3, IntRuns.of(ends).runs().length);
    }
}
