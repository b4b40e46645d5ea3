package org.privsim.core.seam;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs a family's cells on one thread: every run (in {@link RunOrder}), each curator step answered
 * by the participants it names, in the order it names them; a {@link Step.Fold} range by range. The
 * reference the actor runtimes match bit for bit: they run the same curator and participants, only
 * elsewhere.
 *
 * <p>Guarantee: a participant is built once per run, on the first request that names it, and then
 * answers that run's requests in order; runs that share a context key ({@link Family#contextKey})
 * share the context and its participants (one key's at a time), nothing else is shared between runs.
 */
public final class SequentialInterpreter {
    private SequentialInterpreter() {}

    /** Sees every step of every run after the curator took its answers, and every run's end. */
    @FunctionalInterface
    public interface Observer {
        /** Observes nothing. */
        Observer NONE = (cell, run, request) -> { };

        /**
         * @param cell    the run's cell
         * @param run     the run's index in its cell
         * @param request the request whose answers the curator just took (the first participant's for an {@link Step.AskEach}, null when it asks nobody)
         */
        void stepped(BoundCell cell, int run, Object request);

        /** Run {@code run} of {@code cell} is over (after its last step). */
        default void finished(BoundCell cell, int run) {
        }
    }

    /** A run's context and its participants, built on first use (shared by the runs of one context key). */
    private static final class Population {
        private final Object context;
        private Participant<Object, Object>[] participants;

        @SuppressWarnings("unchecked")
        Population(Object context) {
            this.context = context;
            this.participants = new Participant[16];
        }

        Participant<Object, Object> participant(BoundCell cell, int run, long seed, int id) {
            if (id >= participants.length) {
                participants = Arrays.copyOf(participants, Math.max(id + 1, 2 * participants.length));
            }
            Participant<Object, Object> p = participants[id];
            if (p == null) {
                p = cell.participant(run, seed, context, id);
                participants[id] = p;
            }
            return p;
        }
    }

    /** The row of {@code cell} under root seed {@code seed} (an experiment row or an audit's). */
    public static Object row(BoundCell cell, long seed) {
        return rows(List.of(cell), seed, Observer.NONE).get(0);
    }

    /** The row of {@code cell} of {@code family} under root seed {@code seed}. */
    @SuppressWarnings("unchecked")
    public static <C, R> R row(Family<C, ?, ?, ?, ?, R> family, C cell, long seed) {
        return (R) row(BoundCell.of(family, cell, 0), seed);
    }

    /**
     * The rows of {@code cells}, in their order, under root seed {@code seed}: their runs in
     * {@link RunOrder}, each step shown to {@code observer}.
     */
    public static List<Object> rows(List<BoundCell> cells, long seed, Observer observer) {
        Object[][] outcomes = new Object[cells.size()][];
        for (int c = 0; c < cells.size(); c++) {
            outcomes[c] = new Object[cells.get(c).runs()];
        }
        Object key = null;
        Population shared = null;
        for (RunOrder.Run r : RunOrder.of(cells, seed)) {
            BoundCell cell = cells.get(r.cell());
            Population population;
            if (r.key() == null) {
                shared = null;
                key = null;
                population = new Population(cell.context(r.run(), seed));
            } else {
                if (shared == null || !r.key().equals(key)) {
                    shared = null; // the previous key's context may go before the next is built
                    shared = new Population(cell.context(r.run(), seed));
                    key = r.key();
                }
                population = shared;
            }
            outcomes[r.cell()][r.run()] = run(cell, r.run(), seed, population, observer);
            observer.finished(cell, r.run());
        }
        List<Object> rows = new ArrayList<>(cells.size());
        for (int c = 0; c < cells.size(); c++) {
            rows.add(cells.get(c).row(Arrays.asList(outcomes[c])));
        }
        return rows;
    }

    /** The outcome of run {@code run} of {@code cell} of {@code family} under root seed {@code seed}. */
    @SuppressWarnings("unchecked")
    public static <C, O> O run(Family<C, ?, ?, ?, O, ?> family, C cell, int run, long seed) {
        return (O) run(BoundCell.of(family, cell, 0), run, seed);
    }

    /** The outcome of run {@code run} of {@code cell}. */
    public static Object run(BoundCell cell, int run, long seed) {
        return run(cell, run, seed, new Population(cell.context(run, seed)), Observer.NONE);
    }

    private static Object run(BoundCell cell, int run, long seed, Population population, Observer observer) {
        RunCurator<Object, Object, Object> curator = cell.curator(run, seed, population.context);
        Step<Object, Object> step = curator.start();
        while (!(step instanceof Step.Done<Object, Object>)) {
            int[] ids = step.asked();
            List<Object> answers;
            if (step instanceof Step.Fold<Object, Object> fold) {
                answers = List.of(fold(cell, run, seed, population, fold));
            } else {
                answers = new ArrayList<>(ids.length);
                for (int position = 0; position < ids.length; position++) {
                    answers.add(population.participant(cell, run, seed, ids[position]).answer(step.request(position)));
                }
            }
            Object request = step.firstRequest();
            step = curator.onAnswers(answers);
            observer.stepped(cell, run, request);
        }
        return ((Step.Done<Object, Object>) step).outcome();
    }


    private static Object fold(BoundCell cell, int run, long seed, Population population, Step.Fold<Object, Object> fold) {
        Folding<Object, Object> folding = fold.folding();
        int[] ids = fold.participants();
        Object total = fold.ranged() ? folding.empty() : null; // Fold.total, each range combined as it ends
        int start = 0;
        for (int end : fold.ends()) {
            Object part = folding.empty();
            for (int position = start; position < end; position++) {
                part = population.participant(cell, run, seed, ids[position]).fold(fold.request(), part, folding);
            }
            total = fold.ranged() ? folding.combine(total, part) : part;
            start = end;
        }
        return total;
    }
}
