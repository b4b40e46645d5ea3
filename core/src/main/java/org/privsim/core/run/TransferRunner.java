package org.privsim.core.run;

import org.privsim.core.data.UserDataset;
import org.privsim.core.transfer.PublicAltMinAnswer;
import org.privsim.core.transfer.PublicTask;
import org.privsim.core.transfer.SampleHolder;
import org.privsim.core.transfer.TransferDriver;
import org.privsim.core.transfer.TransferOutcome;
import org.privsim.core.transfer.TransferRequest;
import org.privsim.core.transfer.TransferRunPlan;

/**
 * Runs transfer cells on one thread: the reference the actor runners must match bit for bit. Per
 * repeat a fresh {@link TransferDriver}; its requests are answered by {@link PublicTask}s (task
 * order; as Priv-AltMin users holding their rows for the whole run with private-altmin) and
 * {@link SampleHolder}s (the order the request lists them).
 */
public final class TransferRunner {
    private TransferRunner() {}

    /** Every repeat of {@code cell} under root seed {@code seed}, assembled into its report row. */
    public static TransferResult run(TransferRunPlan cell, long seed) {
        TransferOutcome[] outcomes = new TransferOutcome[cell.spec().repeats()];
        for (int r = 0; r < outcomes.length; r++) {
            outcomes[r] = runOne(cell, r, seed);
        }
        return TransferResult.of(cell, outcomes);
    }

    /** Repeat {@code repeat} of {@code cell}. */
    public static TransferOutcome runOne(TransferRunPlan cell, int repeat, long seed) {
        TransferDriver driver = new TransferDriver(cell, repeat, seed);
        TransferRequest request = driver.start();
        SampleHolder[] users = null;
        UserDataset[] publicUsers = null;
        while (!(request instanceof TransferRequest.Done done)) {
            if (request instanceof TransferRequest.PublicAltMin altMin) {
                if (publicUsers == null) {
                    publicUsers = new UserDataset[cell.task().publicTasks()];
                    for (int j = 0; j < publicUsers.length; j++) {
                        publicUsers[j] = PublicTask.altMinData(driver.population(), j, altMin.publicSamples());
                    }
                }
                PublicAltMinAnswer[] answers = new PublicAltMinAnswer[publicUsers.length];
                for (int j = 0; j < answers.length; j++) {
                    answers[j] = PublicTask.answer(publicUsers[j], altMin.task());
                }
                request = driver.onPublicAltMin(answers);
                continue;
            }
            if (request instanceof TransferRequest.Moments moments) {
                double[][] partials = new double[cell.task().publicTasks()][];
                for (int j = 0; j < partials.length; j++) {
                    partials[j] = PublicTask.moments(driver.population(), j, moments.publicSamples(),
                            moments.estimator());
                }
                request = driver.onMoments(partials);
                continue;
            }
            if (users == null) {
                users = new SampleHolder[cell.privateSamples()];
                double[] basis = driver.basis();
                for (int i = 0; i < users.length; i++) {
                    users[i] = new SampleHolder(driver.population(), i, basis, driver.featureDimension());
                }
            }
            double[][] answers;
            if (request instanceof TransferRequest.Gradients g) {
                answers = new double[g.users().length][];
                for (int a = 0; a < answers.length; a++) {
                    answers[a] = users[g.users()[a]].gradient(g.model(), g.clip());
                }
            } else {
                TransferRequest.Statistics s = (TransferRequest.Statistics) request;
                answers = new double[users.length][];
                for (int i = 0; i < users.length; i++) {
                    answers[i] = users[i].statistics(s.clipFeature(), s.clipLabel());
                }
            }
            request = driver.onAnswers(answers);
        }
        return done.outcome();
    }
}
