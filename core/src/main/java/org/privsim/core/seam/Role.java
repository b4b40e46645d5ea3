package org.privsim.core.seam;

/**
 * What part a participant plays in a run, and so where a cluster places it: a {@link #USER} (a
 * person, user, task or row holder, whose data the mechanism protects) runs beside its run's
 * curator; an {@link #ADVERSARY} (an audit's attacker, who sees only what its threat model lets
 * reach it) runs on a node of the cluster role {@link #clusterRole()}.
 *
 * <p>Guarantee: a role never changes a run's outcome, only where a participant executes; locally
 * and sequentially every role runs alike.
 */
public enum Role {
    /** A data holder: placed with its run's curator. */
    USER("users"),
    /** An attacker: placed on a node with the {@code adversary} role. */
    ADVERSARY("adversary");

    private final String clusterRole;

    Role(String clusterRole) {
        this.clusterRole = clusterRole;
    }

    /** The cluster node role a participant of this role runs on. */
    public String clusterRole() {
        return clusterRole;
    }
}
