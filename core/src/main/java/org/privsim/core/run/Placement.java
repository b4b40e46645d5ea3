package org.privsim.core.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where one experiment's participants ran on a cluster: participants (summed over the experiment's
 * runs) per node address, and for runs spread over several nodes what crossed the network. Only
 * cluster reports carry it, and report equality leaves it out.
 *
 * @param experiment       index of the experiment in the scenario
 * @param participants     participant count per node address, sorted by address (a spread run counts
 *                         each participant once, on the node that holds it)
 * @param spreadSteps      the steps its spread runs sent to their nodes (null: no run spread)
 * @param wireBytes        the bytes those steps' messages took on the network (null: no run spread)
 * @param wireBytesPerStep {@code wireBytes / spreadSteps}, rounded (null: no run spread)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Placement(int experiment, Map<String, Integer> participants, Long spreadSteps, Long wireBytes,
                        Long wireBytesPerStep) {

    public Placement {
        participants = Map.copyOf(new TreeMap<>(participants));
    }

    /** A placement of runs none of which was spread. */
    public Placement(int experiment, Map<String, Integer> participants) {
        this(experiment, participants, null, null, null);
    }

    /** A placement with its spread runs' network use {bytes, steps} (null: none spread). */
    public static Placement of(int experiment, Map<String, Integer> participants, long[] wire) {
        if (wire == null || wire[1] == 0) {
            return new Placement(experiment, participants);
        }
        return new Placement(experiment, participants, wire[1], wire[0], Math.round((double) wire[0] / wire[1]));
    }
}
