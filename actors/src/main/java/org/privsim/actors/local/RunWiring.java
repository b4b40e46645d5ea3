package org.privsim.actors.local;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.privsim.core.run.Progress;
import org.privsim.core.seam.BoundCell;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.RunCommand;

/**
 * Where the seam's runs live: each run is a {@link RunCuratorActor} with its participants as its
 * children, so a run's requests and answers never cross a node. Locally the curator is a child of
 * the coordinator ({@link #local}); on a cluster runs are dealt over the users nodes.
 *
 * <p>Guarantee: {@link #start} is called once per run; the run's curator reports exactly once to
 * the coordinator ({@link CoordinatorCommand.RunFinished} or {@link CoordinatorCommand.RunFailed}),
 * and where a run executes never changes its outcome.
 */
@FunctionalInterface
public interface RunWiring {

    /** Starts run {@code run} of {@code cell} under root seed {@code seed}, reporting to {@code coordinator}. */
    void start(ActorContext<CoordinatorCommand> coordinator, BoundCell cell, int run, long seed);

    /**
     * Curators as children of the coordinator on the compute dispatcher, watched by it, sharing one
     * {@link SharedContexts}; {@code progress} is told of every step ({@link Progress#released}).
     */
    static RunWiring local(Progress progress) {
        DispatcherSelector compute = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);
        SharedContexts contexts = new SharedContexts();
        return (ctx, cell, run, seed) -> {
            ActorRef<RunCommand> curator = ctx.spawn(RunCuratorActor.create(cell, run, seed, null, null, ctx.getSelf(),
                    contexts, null, progress),
                    "run-" + cell.index() + "-" + run, compute);
            ctx.watchWith(curator, new CoordinatorCommand.RunFailed(cell.index(), run, "the curator of "
                    + cell.label() + " run " + run + " stopped without a result"));
        };
    }
}
