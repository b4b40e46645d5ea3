package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.privsim.core.run.Progress;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Family;
import org.privsim.core.seam.Folding;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.Role;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.seam.Step;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.RunCommand;

/**
 * The one curator actor runs every kind of step of the seam as the sequential interpreter does: an
 * ask of one request, an ask of each participant's own request, a fold (non-commutative, so order
 * matters), an empty fold and an empty ask, a fold in ranges (one of them empty; the ranges run at
 * once on workers, their partials combined in range order), a fold of empty ranges and an ask of more
 * than one slice (its slices on workers, answers put back in position order); and a participant
 * that throws fails the run, naming it, instead of leaving it waiting — in a step the curator
 * computes itself and in one handed to workers — with the run's own participants (kept for the run:
 * each answer says how many requests its participant answered before) and with a shared context
 * (participants built for each slice). A toy family: participant i answers "i:request".
 */
class RunCuratorActorTest {
    private static final ActorTestKit TEST_KIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TEST_KIT.shutdownTestKit();
    }

    /** Strings concatenated in order: the sum a different order would change. */
    private static final Folding<String, String> CONCAT = new Folding<>() {
        @Override
        public String empty() {
            return "[";
        }

        @Override
        public String add(String sum, String answer) {
            return sum + answer + ";";
        }

        @Override
        public String combine(String total, String part) {
            return total + part + "]";
        }
    };

    /**
     * A run of eight steps whose outcome records every answer list it received; {@code failAt} throws
     * there; participant {@code adversary} has the role {@link Role#ADVERSARY}.
     */
    private record Toy(int failAt, boolean shared, int adversary) implements Family<Integer, Integer, String, String, List<String>, ExperimentRow> {
        @Override
        public String id() {
            return "toy";
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
            return "toy";
        }

        @Override
        public Role role(Integer cell, int id) {
            return id == adversary ? Role.ADVERSARY : Role.USER;
        }

        @Override
        public Object contextKey(Integer cell, int run, long seed) {
            return shared ? 0 : null;
        }

        @Override
        public Integer context(Integer cell, int run, long seed) {
            return 0;
        }

        @Override
        public RunCurator<String, String, List<String>> curator(Integer cell, int run, long seed, Integer context) {
            return new RunCurator<>() {
                private final List<String> seen = new ArrayList<>();
                private int step;

                @Override
                public Step<String, List<String>> start() {
                    return next();
                }

                @Override
                public Step<String, List<String>> onAnswers(List<String> answers) {
                    seen.add(String.join(",", answers));
                    return next();
                }

                private Step<String, List<String>> next() {
                    step++;
                    return switch (step) {
                        case 1 -> new Step.Ask<>(new int[] {3, 0, 2}, "a");
                        case 2 -> Step.askEach(List.of("x", "y", "z"));
                        case 3 -> Step.fold(new int[] {4, 1, 3}, "f", CONCAT);
                        case 4 -> Step.fold(new int[0], "g", CONCAT);
                        case 5 -> new Step.Ask<>(new int[0], "none");
                        case 6 -> Step.foldRanges(new int[] {4, 1, 3, 0}, new int[] {1, 1, 3, 4}, "r", CONCAT);
                        case 7 -> Step.foldRanges(new int[0], new int[] {0, 0}, "e", CONCAT);
                        case 8 -> new Step.Ask<>(descending(RunCuratorActor.SLICE + 3), "b");
                        default -> new Step.Done<>(List.copyOf(seen));
                    };
                }
            };
        }

        @Override
        public Participant<String, String> participant(Integer cell, int run, long seed, Integer context, int id) {
            int[] answered = new int[1];
            return request -> {
                if (id == failAt) {
                    throw new IllegalStateException("participant " + id + " fails");
                }
                // a participant of a shared context keeps nothing, so does not count
                String before = shared || answered[0] == 0 ? "" : "#" + answered[0];
                answered[0]++;
                return id + ":" + request + before;
            };
        }

        /** Participants {@code count − 1}, …, 0. */
        private static int[] descending(int count) {
            int[] ids = new int[count];
            for (int i = 0; i < count; i++) {
                ids[i] = count - 1 - i;
            }
            return ids;
        }

        @Override
        public ExperimentRow row(Integer cell, List<List<String>> outcomes) {
            throw new UnsupportedOperationException("not reported");
        }
    }

    @ParameterizedTest(name = "shared context: {0}")
    @ValueSource(booleans = {false, true})
    void everyKindOfStepGivesTheSequentialAnswers(boolean shared) {
        BoundCell cell = BoundCell.of(new Toy(-1, shared, -1), 0, 0);
        @SuppressWarnings("unchecked")
        List<String> expected = (List<String>) SequentialInterpreter.run(cell, 0, 1L);
        assertEquals(shared
                ? List.of("3:a,0:a,2:a", "0:x,1:y,2:z", "[4:f;1:f;3:f;", "[", "", "[[4:r;][][1:r;3:r;][0:r;]", "[[][]")
                : List.of("3:a,0:a,2:a", "0:x#1,1:y,2:z#1", "[4:f;1:f#1;3:f#1;", "[", "",
                "[[4:r#1;][][1:r#2;3:r#2;][0:r#2;]", "[[][]"), expected.subList(0, 7));
        String[] big = expected.get(7).split(",");
        assertEquals(RunCuratorActor.SLICE + 3, big.length);
        assertEquals(RunCuratorActor.SLICE + 2 + ":b", big[0]);
        assertEquals(shared ? "0:b" : "0:b#3", big[big.length - 1]);
        TestProbe<CoordinatorCommand> coordinator = TEST_KIT.createTestProbe();
        TEST_KIT.spawn(RunCuratorActor.create(cell, 0, 1L, null, null, coordinator.getRef(),
                new SharedContexts(), null, Progress.NONE));
        CoordinatorCommand.RunFinished finished = report(coordinator, CoordinatorCommand.RunFinished.class);
        assertEquals(expected, finished.outcome());
    }

    /** Participant 4 throws in the fold of step 3 (computed by the curator), participant SLICE + 1 in step 8's second slice (on a worker). */
    @ParameterizedTest(name = "shared context: {0}, participant {1} throws")
    @CsvSource({"false, 4", "true, 4", "false, 1025", "true, 1025"})
    void aParticipantThatThrowsFailsTheRunNamingItAndWhatItThrew(boolean shared, int failing) {
        assertEquals(RunCuratorActor.SLICE + 1, 1025);
        BoundCell cell = BoundCell.of(new Toy(failing, shared, -1), 0, 0);
        TestProbe<CoordinatorCommand> coordinator = TEST_KIT.createTestProbe();
        TEST_KIT.spawn(RunCuratorActor.create(cell, 0, 1L, null, null, coordinator.getRef(),
                new SharedContexts(), null, Progress.NONE));
        CoordinatorCommand.RunFailed failed = report(coordinator, CoordinatorCommand.RunFailed.class);
        assertTrue(failed.reason().contains("participant " + failing + " of run 0 threw java.lang.IllegalStateException:"
                + " participant " + failing + " fails"), failed.reason());
    }

    /**
     * On a cluster a participant of another role answers through its stand-in (here one that
     * answers as the participant, built once): participant 2, asked in steps 1, 2 and 8 beside
     * participants computed here, gives the sequential outcome; participant 4, listed in the fold of
     * step 3, fails the run, which names it.
     */
    @ParameterizedTest(name = "adversary {0}")
    @ValueSource(ints = {2, 4})
    void aParticipantOfAnotherRoleAnswersThroughItsStandInAndCannotFold(int adversary) {
        BoundCell cell = BoundCell.of(new Toy(-1, false, adversary), 0, 0);
        RemoteParticipants remote = (c, run, id, role, curator) -> Behaviors.setup(ctx -> {
            Participant<Object, Object> participant = c.participant(run, 1L, 0, id);
            return Behaviors.receive(Object.class)
                    .onMessage(ParticipantCommand.Ask.class, m -> {
                        m.replyTo().tell(new RunCommand.Answered(m.position(), participant.answer(m.request())));
                        return Behaviors.same();
                    })
                    .build();
        });
        TestProbe<CoordinatorCommand> coordinator = TEST_KIT.createTestProbe();
        TEST_KIT.spawn(RunCuratorActor.create(cell, 0, 1L, "node", remote, coordinator.getRef(),
                new SharedContexts(), null, Progress.NONE));
        if (adversary == 2) {
            CoordinatorCommand.RunFinished finished = report(coordinator, CoordinatorCommand.RunFinished.class);
            assertEquals(SequentialInterpreter.run(cell, 0, 1L), finished.outcome());
            assertEquals(java.util.Map.of("node", RunCuratorActor.SLICE + 2), finished.placement(),
                    "participants 0 … SLICE + 2 but the adversary ran here");
        } else {
            CoordinatorCommand.RunFailed failed = report(coordinator, CoordinatorCommand.RunFailed.class);
            assertTrue(failed.reason().contains("participant 4 of run 0 (role adversary) cannot take part in a fold"),
                    failed.reason());
        }
    }

    /**
     * A run tells its coordinator how many steps it took (at most every {@code noticeNanos}; here 0,
     * every step): 1, 2, … up to the steps it took, then its outcome; the notices change nothing it reports.
     */
    @Test
    void aRunTellsItsCoordinatorOfItsStepsBeforeItsOutcome() {
        BoundCell cell = BoundCell.of(new Toy(-1, false, -1), 0, 0);
        TestProbe<CoordinatorCommand> coordinator = TEST_KIT.createTestProbe();
        TEST_KIT.spawn(RunCuratorActor.create(cell, 0, 1L, null, null, coordinator.getRef(),
                new SharedContexts(), null, Progress.NONE, 0));
        int steps = 0;
        CoordinatorCommand m;
        while ((m = coordinator.receiveMessage()) instanceof CoordinatorCommand.RunStepped stepped) {
            assertEquals(new CoordinatorCommand.RunStepped(0, 0, ++steps), stepped);
        }
        assertEquals(SequentialInterpreter.run(cell, 0, 1L), ((CoordinatorCommand.RunFinished) m).outcome());
        assertEquals(((List<?>) SequentialInterpreter.run(cell, 0, 1L)).size(), steps,
                "one notice per step: the toy's outcome lists one entry per step");
    }

    /** The report of a run, past the step notices a slow machine may see first. */
    private static <T extends CoordinatorCommand> T report(TestProbe<CoordinatorCommand> coordinator, Class<T> type) {
        CoordinatorCommand m;
        do {
            m = coordinator.receiveMessage();
        } while (m instanceof CoordinatorCommand.RunStepped);
        return type.cast(m);
    }
}
