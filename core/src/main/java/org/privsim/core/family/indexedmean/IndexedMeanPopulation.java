package org.privsim.core.family.indexedmean;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.IndexAssignment;
import org.privsim.core.scenario.IndexedMeanTask;

/**
 * One draw of an indexed-mean population: the shared mean p, every person's index j_i and every
 * person's samples, each a pure function of (seed, key, person, coordinate) computed on demand, so
 * nothing here costs O(d).
 *
 * <p>Guarantees: p_j is uniform on [−1, 1] from the stream (seed, "indexed-mean-p", key, j); person
 * i's index is i ({@code distinct}) or uniform on [d] from (seed, "indexed-mean-index", key, i)
 * ({@code random}); person i's n samples at coordinate j are independent ±1 with mean p_j, drawn
 * from (seed, "indexed-mean-samples", key, i, j). The support S is the sorted set of distinct
 * indices (|S| ≤ t): the only coordinates any person reads, hence the only ones a curator releases
 * explicitly and the only ones person data is generated for. Any actor or node that knows (task,
 * seed, key) regenerates exactly the same person; the key separates independent populations
 * (experiment repeats, audits).
 */
public final class IndexedMeanPopulation {

    private final IndexedMeanTask task;
    private final long seed;
    private final long[] key;
    private final int[] indices;
    private final int[] support;
    private final double[] supportMean;

    /** The population of {@code task} for (seed, key). */
    public IndexedMeanPopulation(IndexedMeanTask task, long seed, long... key) {
        this.task = task;
        this.seed = seed;
        this.key = key.clone();
        indices = new int[task.persons()];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = task.indices() == IndexAssignment.DISTINCT
                    ? i
                    : RandomStreams.stream(seed, "indexed-mean-index", with(this.key, i)).nextInt(task.dimension());
        }
        support = Arrays.stream(indices).sorted().distinct().toArray();
        supportMean = Arrays.stream(support).mapToDouble(this::mean).toArray();
    }

    /** The task. */
    public IndexedMeanTask task() {
        return task;
    }

    /** t. */
    public int persons() {
        return task.persons();
    }

    /** p_j (computed on demand). */
    public double mean(int coordinate) {
        return 2 * RandomStreams.stream(seed, "indexed-mean-p", with(key, coordinate)).nextDouble() - 1;
    }

    /** j_i of person {@code person}. */
    public int index(int person) {
        return indices[person];
    }

    /** The support S: the persons' distinct indices in ascending order (a copy). */
    public int[] support() {
        return support.clone();
    }

    /** |S|. */
    public int supportSize() {
        return support.length;
    }

    /** The number d − |S| of coordinates nobody reads. */
    public long unreadCount() {
        return (long) task.dimension() - support.length;
    }

    /** The position of coordinate {@code coordinate} in the support (it must be in it). */
    public int position(int coordinate) {
        int k = Arrays.binarySearch(support, coordinate);
        if (k < 0) {
            throw new IllegalArgumentException("coordinate " + coordinate + " is read by nobody");
        }
        return k;
    }

    /**
     * Person i's data: the sums of its n samples at every support coordinate (its unread share is 0).
     * Its samples are ±1, inside the clip range [−1, 1], so clipped and raw sums coincide.
     */
    public PersonData person(int person) {
        double[] sums = new double[support.length];
        long personSeed = RandomStreams.derive(seed, "indexed-mean-samples", with(key, person));
        for (int k = 0; k < support.length; k++) {
            double threshold = (1 + supportMean[k]) / 2;
            SplittableRandom samples = new SplittableRandom(RandomStreams.extend(personSeed, support[k]));
            for (int s = 0; s < task.samplesPerPerson(); s++) {
                sums[k] += samples.nextDouble() < threshold ? 1 : -1;
            }
        }
        return new PersonData(index(person), sums, sums, 0, 0);
    }

    /**
     * The canary person of an audit: the same index as person {@code person}, and n samples all
     * equal to +c·1 (world 0) or −c·1 (world 1) in all d coordinates. With c &gt; 1 the samples lie
     * outside the domain {±1}^d, so only clipping keeps their influence within the sensitivity. Its
     * unread share is (d − |S|) times its per-coordinate contribution.
     */
    public PersonData canary(int person, int world, double scale) {
        double sign = world == 0 ? 1 : -1;
        int n = task.samplesPerPerson();
        double clippedValue = sign * n * Math.min(scale, 1);
        double rawValue = sign * n * scale;
        double[] clipped = new double[support.length];
        double[] raw = new double[support.length];
        Arrays.fill(clipped, clippedValue);
        Arrays.fill(raw, rawValue);
        return new PersonData(index(person), clipped, raw, unreadCount() * clippedValue, unreadCount() * rawValue);
    }

    private static long[] with(long[] key, long last) {
        long[] out = Arrays.copyOf(key, key.length + 1);
        out[key.length] = last;
        return out;
    }
}
