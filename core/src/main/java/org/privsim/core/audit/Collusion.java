package org.privsim.core.audit;

import java.util.List;
import java.util.TreeSet;

/**
 * A collusion set C: the other users whose outputs (and own data) the adversary sees. Written in a
 * scenario as {@code all-but-target}, {@code single}, {@code none}, a size, or a list of ids.
 *
 * <p>Guarantee: {@link #members} is deterministic, sorted ascending, never contains the target and
 * only holds ids of the population.
 *
 * @param kind how the set is chosen
 * @param size the set's size for {@link Kind#SIZE} (0 otherwise)
 * @param ids  the explicit ids for {@link Kind#LIST} (empty otherwise)
 */
public record Collusion(Kind kind, int size, List<Integer> ids) {

    /** Every user but the target (the JDP adversary). */
    public static final Collusion ALL_BUT_TARGET = new Collusion(Kind.ALL_BUT_TARGET, 0, List.of());
    /** One other user: the one after the target in id order, cyclically (1-out-of-t). */
    public static final Collusion SINGLE = new Collusion(Kind.SINGLE, 0, List.of());
    /** Nobody: the adversary sees the billboard only. */
    public static final Collusion NONE = new Collusion(Kind.NONE, 0, List.of());

    /** How a collusion set is chosen. */
    public enum Kind { ALL_BUT_TARGET, SINGLE, NONE, SIZE, LIST }

    public Collusion {
        ids = List.copyOf(ids);
    }

    /** The {@code size} users following the target in id order, cyclically. */
    public static Collusion ofSize(int size) {
        return new Collusion(Kind.SIZE, size, List.of());
    }

    /** Exactly these users. */
    public static Collusion ofIds(List<Integer> ids) {
        return new Collusion(Kind.LIST, 0, ids);
    }

    /**
     * The members for a population of {@code population} users and target {@code target}.
     *
     * @throws IllegalArgumentException when the set cannot exist in that population (the parser
     *                                  reports these as field errors first)
     */
    public int[] members(int population, int target) {
        return switch (kind) {
            case ALL_BUT_TARGET -> following(population, target, population - 1);
            case SINGLE -> following(population, target, 1);
            case NONE -> new int[0];
            case SIZE -> following(population, target, size);
            case LIST -> explicit(population, target);
        };
    }

    /** How the set is written in a report: {@code all-but-target}, {@code single}, {@code none}, {@code size 5}, {@code [1, 2]}. */
    public String describe() {
        return switch (kind) {
            case ALL_BUT_TARGET -> "all-but-target";
            case SINGLE -> "single";
            case NONE -> "none";
            case SIZE -> "size " + size;
            case LIST -> ids.toString();
        };
    }

    private static int[] following(int population, int target, int count) {
        if (count < 0 || count > population - 1) {
            throw new IllegalArgumentException("a collusion of " + count + " users needs at least " + (count + 1)
                    + " users, the population has " + population);
        }
        TreeSet<Integer> set = new TreeSet<>();
        for (int i = 1; i <= count; i++) {
            set.add((target + i) % population);
        }
        return set.stream().mapToInt(Integer::intValue).toArray();
    }

    private int[] explicit(int population, int target) {
        TreeSet<Integer> set = new TreeSet<>(ids);
        if (set.size() != ids.size() || set.contains(target) || set.first() < 0 || set.last() >= population) {
            throw new IllegalArgumentException("collusion ids must be distinct ids of the population other than the"
                    + " target " + target + ", got " + ids);
        }
        return set.stream().mapToInt(Integer::intValue).toArray();
    }
}
