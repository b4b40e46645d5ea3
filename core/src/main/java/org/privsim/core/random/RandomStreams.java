package org.privsim.core.random;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Derives independent pseudo-random streams from (seed, purpose, index...).
 *
 * <p>Guarantee: the stream returned for the same arguments is the same sequence on every JVM,
 * thread and node, and does not depend on how many other streams were created before it. This is
 * what makes a run's result independent of scheduling: the data of user j, the permutation of a
 * run, the noise of round t and the randomness of audit trial r each come from their own stream.
 *
 * <p>Derivation: the purpose string is hashed with 64-bit FNV-1a over its UTF-8 bytes, then seed,
 * purpose hash and each index are folded through the SplitMix64 finaliser; the result seeds a
 * {@link SplittableRandom} (whose {@code nextGaussian} is the JDK 17 ziggurat, pure Java and thus
 * platform independent).
 */
public final class RandomStreams {
    private RandomStreams() {}

    /** A fresh stream for (seed, purpose, indices). */
    public static SplittableRandom stream(long seed, String purpose, long... indices) {
        return new SplittableRandom(derive(seed, purpose, indices));
    }

    /** The 64-bit seed of the stream for (seed, purpose, indices). */
    public static long derive(long seed, String purpose, long... indices) {
        long h = mix(seed ^ 0x9E3779B97F4A7C15L);
        h = mix(h ^ fnv1a(purpose));
        for (long index : indices) {
            h = mix(h + 0x9E3779B97F4A7C15L ^ index);
        }
        return h;
    }

    /**
     * The seed one index further down: {@code extend(derive(seed, purpose, a…), b) ==
     * derive(seed, purpose, a…, b)}, without re-hashing the purpose — for hot loops that derive a
     * stream per coordinate.
     */
    public static long extend(long derived, long index) {
        return mix(derived + 0x9E3779B97F4A7C15L ^ index);
    }

    private static long fnv1a(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= (b & 0xff);
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** SplitMix64 finaliser (Steele, Lea, Flood 2014). */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
