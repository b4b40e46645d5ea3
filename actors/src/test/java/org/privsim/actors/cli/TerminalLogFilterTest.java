package org.privsim.actors.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.spi.FilterReply;
import org.junit.jupiter.api.Test;

/** Other libraries' exception lines stay off the terminal unless PRIVSIM_DEBUG is set; privsim's own pass. */
class TerminalLogFilterTest {

    private static LoggingEvent event(String logger, String message, Throwable thrown) {
        LoggerContext context = new LoggerContext();
        return new LoggingEvent(TerminalLogFilterTest.class.getName(), context.getLogger(logger), Level.WARN, message,
                thrown, null);
    }

    @Test
    void thirdPartyExceptionLinesAreDeniedUnlessDebugging() {
        LoggingEvent handshake = event("org.apache.pekko.remote.artery.Association", "Outbound control stream to"
                + " [pekko://privsim@127.0.0.1:2999] failed. Restarting it. org.apache.pekko.remote.artery"
                + ".OutboundHandshake$HandshakeTimeoutException: Handshake with [pekko://privsim@127.0.0.1:2999] did"
                + " not complete within 20000 ms", null);
        LoggingEvent thrown = event("io.netty.Bootstrap", "bind failed", new IllegalStateException("port"));
        LoggingEvent plain = event("org.apache.pekko.cluster.Cluster", "Cluster Node [x] - is JOINING itself", null);
        LoggingEvent own = event("org.privsim.actors.cluster.Submitter", "IllegalStateException: lost", null);
        TerminalLogFilter terminal = new TerminalLogFilter(false);
        assertEquals(FilterReply.DENY, terminal.decide(handshake));
        assertEquals(FilterReply.DENY, terminal.decide(thrown));
        assertEquals(FilterReply.NEUTRAL, terminal.decide(plain));
        assertEquals(FilterReply.NEUTRAL, terminal.decide(own));
        assertEquals(FilterReply.NEUTRAL, new TerminalLogFilter(true).decide(handshake));
    }
}
