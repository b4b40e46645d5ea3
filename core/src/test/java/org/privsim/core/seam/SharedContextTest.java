package org.privsim.core.seam;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Scenario;

/**
 * Runs that share a context key run together ({@link RunOrder}: groups in order of first appearance,
 * (cell, run) order within), and the sequential interpreter builds each key's context and each of
 * its participants once, however many runs and cells use them; runs without a key keep their own.
 */
class SharedContextTest {

    /** Cells 0 and 1, three runs each; run r's context key is r % 2 when {@code keyed}. */
    private static final class Counting implements Family<Integer, List<Integer>, String, String, String, ExperimentRow> {
        final boolean keyed;
        final List<String> contextsBuilt = new ArrayList<>();
        final List<String> participantsBuilt = new ArrayList<>();
        final List<String> runsStarted = new ArrayList<>();

        Counting(boolean keyed) {
            this.keyed = keyed;
        }

        @Override
        public String id() {
            return "counting";
        }

        @Override
        public boolean runs(Algorithm algorithm) {
            return false;
        }

        @Override
        public List<Integer> cells(Scenario scenario) {
            return List.of(0, 1);
        }

        @Override
        public int runs(Integer cell) {
            return 3;
        }

        @Override
        public String label(Integer cell) {
            return "cell " + cell;
        }

        @Override
        public Object contextKey(Integer cell, int run, long seed) {
            return keyed ? run % 2 : null;
        }

        @Override
        public List<Integer> context(Integer cell, int run, long seed) {
            contextsBuilt.add(cell + "/" + run);
            return List.of(run % 2);
        }

        @Override
        public RunCurator<String, String, String> curator(Integer cell, int run, long seed, List<Integer> context) {
            runsStarted.add(cell + "/" + run);
            return new RunCurator<>() {
                @Override
                public Step<String, String> start() {
                    return new Step.Ask<>(new int[] {0, 1}, "q");
                }

                @Override
                public Step<String, String> onAnswers(List<String> answers) {
                    return new Step.Done<>(String.join(",", answers));
                }
            };
        }

        @Override
        public Participant<String, String> participant(Integer cell, int run, long seed, List<Integer> context, int id) {
            participantsBuilt.add(context.get(0) + ":" + id);
            return request -> context.get(0) + ":" + id;
        }

        @Override
        public ExperimentRow row(Integer cell, List<String> outcomes) {
            return null; // not reported: the test reads what was built
        }
    }

    @Test
    void runsOfOneKeyRunTogetherOnOneContextAndParticipantSet() {
        Counting family = new Counting(true);
        List<BoundCell> cells = BoundCell.cells(family, null, 0);
        assertEquals(List.of(List.of(0, 0), List.of(0, 2), List.of(1, 0), List.of(1, 2), List.of(0, 1), List.of(1, 1)),
                RunOrder.of(cells, 7L).stream().map(r -> List.of(r.cell(), r.run())).toList());
        SequentialInterpreter.rows(cells, 7L, SequentialInterpreter.Observer.NONE);
        assertEquals(List.of("0/0", "0/1"), family.contextsBuilt);
        assertEquals(List.of("0:0", "0:1", "1:0", "1:1"), family.participantsBuilt);
        assertEquals(List.of("0/0", "0/2", "1/0", "1/2", "0/1", "1/1"), family.runsStarted);
    }

    @Test
    void runsWithoutAKeyKeepTheirOwnContextInCellOrder() {
        Counting family = new Counting(false);
        List<BoundCell> cells = BoundCell.cells(family, null, 0);
        SequentialInterpreter.rows(cells, 7L, SequentialInterpreter.Observer.NONE);
        assertEquals(List.of("0/0", "0/1", "0/2", "1/0", "1/1", "1/2"), family.contextsBuilt);
        assertEquals(6 * 2, family.participantsBuilt.size());
        assertEquals(family.contextsBuilt, family.runsStarted);
    }
}
