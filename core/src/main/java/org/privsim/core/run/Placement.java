package org.privsim.core.run;

import java.util.Map;
import java.util.TreeMap;

/**
 * Where one experiment's participants ran on a cluster: participants (summed over the experiment's
 * runs) per node address. Only cluster reports carry it, and report equality leaves it out.
 *
 * @param experiment   index of the experiment in the scenario
 * @param participants participant count per node address, sorted by address
 */
public record Placement(int experiment, Map<String, Integer> participants) {

    public Placement {
        participants = Map.copyOf(new TreeMap<>(participants));
    }
}
