package org.privsim.actors.cli;

import org.privsim.core.scenario.Scenario;

final class HeapCheck {
    private HeapCheck() {}

    static String problem(Scenario scenario) {
        return null;
    }
}
