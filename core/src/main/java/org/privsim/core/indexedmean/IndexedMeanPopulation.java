package org.privsim.core.indexedmean;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.IndexAssignment;
import org.privsim.core.scenario.IndexedMeanTask;

/**
 * One draw of an indexed-mean population: the shared mean p, every person's index j_i and every
 * person's samples, each a pure function of (seed, key, person).
 *
 * <p>Guarantees: p_j is uniform on [−1, 1] from the stream (seed, "indexed-mean-p", key); person
 * i's index is i ({@code distinct}) or uniform on [d] from (seed, "indexed-mean-index", key, i)
 * ({@code random}); person i's n samples have independent ±1 coordinates with mean p, drawn from
 * (seed, "indexed-mean-samples", key, i) sample by sample, coordinate by coordinate. Any actor or
 * node that knows (task, seed, key) regenerates exactly the same person; the key separates
 * independent populations (experiment repeats, audits).
 */
public final class IndexedMeanPopulation {

    private final IndexedMeanTask task;
    private final long seed;
    private final long[] key;
    private final double[] mean;

    /** The population of {@code task} for (seed, key). */
    public IndexedMeanPopulation(IndexedMeanTask task, long seed, long... key) {
        this.task = task;
        this.seed = seed;
        this.key = key.clone();
        int d = task.dimension();
        SplittableRandom meanStream = RandomStreams.stream(seed, "indexed-mean-p", key);
        this.mean = new double[d];
        for (int j = 0; j < d; j++) {
            mean[j] = 2 * meanStream.nextDouble() - 1;
        }
    }

    /** The task. */
    public IndexedMeanTask task() {
        return task;
    }

    /** t. */
    public int persons() {
        return task.persons();
    }

    /** The shared mean p (a copy). */
    public double[] mean() {
        return mean.clone();
    }

    /** p_j. */
    public double mean(int coordinate) {
        return mean[coordinate];
    }

    /** j_i of person {@code person} (computed on demand: building a population costs O(d)). */
    public int index(int person) {
        return task.indices() == IndexAssignment.DISTINCT
                ? person
                : RandomStreams.stream(seed, "indexed-mean-index", with(key, person)).nextInt(task.dimension());
    }

    /**
     * Person i's data: the coordinate-wise sums of its n samples. Its samples are ±1, inside the
     * clip range [−1, 1], so clipped and raw sums coincide.
     */
    public PersonData person(int person) {
        int d = task.dimension();
        double[] sums = new double[d];
        SplittableRandom samples = RandomStreams.stream(seed, "indexed-mean-samples", with(key, person));
        for (int s = 0; s < task.samplesPerPerson(); s++) {
            for (int j = 0; j < d; j++) {
                sums[j] += samples.nextDouble() < (1 + mean[j]) / 2 ? 1 : -1;
            }
        }
        return new PersonData(index(person), sums, sums);
    }

    /**
     * The canary person of an audit: the same index as person {@code person}, and n samples all
     * equal to +c·1 (world 0) or −c·1 (world 1). With c &gt; 1 the samples lie outside the domain
     * {±1}^d, so only clipping keeps their influence within the sensitivity.
     */
    public PersonData canary(int person, int world, double scale) {
        double sign = world == 0 ? 1 : -1;
        int n = task.samplesPerPerson();
        double[] clipped = new double[task.dimension()];
        double[] raw = new double[task.dimension()];
        Arrays.fill(clipped, sign * n * Math.min(scale, 1));
        Arrays.fill(raw, sign * n * scale);
        return new PersonData(index(person), clipped, raw);
    }

    private static long[] with(long[] key, long last) {
        long[] out = Arrays.copyOf(key, key.length + 1);
        out[key.length] = last;
        return out;
    }
}
