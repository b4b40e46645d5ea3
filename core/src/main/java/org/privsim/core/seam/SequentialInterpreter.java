package org.privsim.core.seam;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a family's cell on one thread: every run in order, each curator step answered by the
 * participants it names, in the order it names them. The reference the actor runtimes match bit for
 * bit: they run the same curator and participants, only elsewhere.
 *
 * <p>Guarantee: a participant is built once per run, on the first request that names it, and then
 * answers that run's requests in order; nothing is shared between runs.
 */
public final class SequentialInterpreter {
    private SequentialInterpreter() {}

    /** The row of {@code cell} under root seed {@code seed}. */
    public static Object row(BoundCell cell, long seed) {
        List<Object> outcomes = new ArrayList<>(cell.runs());
        for (int run = 0; run < cell.runs(); run++) {
            outcomes.add(run(cell, run, seed));
        }
        return cell.row(outcomes);
    }

    /** The row of {@code cell} of {@code family} under root seed {@code seed}. */
    @SuppressWarnings("unchecked")
    public static <C, R> R row(Family<C, ?, ?, ?, ?, R> family, C cell, long seed) {
        return (R) row(BoundCell.of(family, cell, 0), seed);
    }

    /** The outcome of run {@code run} of {@code cell} of {@code family} under root seed {@code seed}. */
    @SuppressWarnings("unchecked")
    public static <C, O> O run(Family<C, ?, ?, ?, O, ?> family, C cell, int run, long seed) {
        return (O) run(BoundCell.of(family, cell, 0), run, seed);
    }

    /** The outcome of run {@code run} of {@code cell}. */
    public static Object run(BoundCell cell, int run, long seed) {
        Object context = cell.context(run, seed);
        RunCurator<Object, Object, Object> curator = cell.curator(run, seed, context);
        Map<Integer, Participant<Object, Object>> participants = new HashMap<>();
        Step<Object, Object> step = curator.start();
        while (!(step instanceof Step.Done<Object, Object>)) {
            int[] ids = step.asked();
            List<Object> answers = new ArrayList<>(ids.length);
            for (int position = 0; position < ids.length; position++) {
                answers.add(participants.computeIfAbsent(ids[position], i -> cell.participant(run, seed, context, i))
                        .answer(step.request(position)));
            }
            if (step instanceof Step.Fold<Object, Object> fold) {
                Object sum = fold.folding().empty();
                for (Object answer : answers) {
                    sum = fold.folding().add(sum, answer);
                }
                answers = List.of(sum);
            }
            step = curator.onAnswers(answers);
        }
        return ((Step.Done<Object, Object>) step).outcome();
    }
}
