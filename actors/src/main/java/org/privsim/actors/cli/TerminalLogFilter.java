package org.privsim.actors.cli;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.regex.Pattern;

/**
 * Keeps the terminal free of other libraries' exception names (a logback filter on the terminal
 * appender of {@code logback.xml}): a log event from a logger outside {@code org.privsim} that
 * carries an exception, or whose message names an exception class ({@code
 * OutboundHandshake$HandshakeTimeoutException}), is denied — privsim says what went wrong in its
 * own {@code error:} line, and the event still reaches the log file. With {@code PRIVSIM_DEBUG} set
 * every event passes.
 */
public final class TerminalLogFilter extends Filter<ILoggingEvent> {

    private static final Pattern EXCEPTION_NAME = Pattern.compile("[A-Za-z0-9_$.]*(Exception|Error)\\b");

    private final boolean debug;

    /** The filter as logback builds it: passing everything when the PRIVSIM_DEBUG environment variable is set. */
    public TerminalLogFilter() {
        this(System.getenv("PRIVSIM_DEBUG") != null);
    }

    TerminalLogFilter(boolean debug) {
        this.debug = debug;
    }

    @Override
    public FilterReply decide(ILoggingEvent event) {
        if (debug || event.getLoggerName().startsWith("org.privsim")) {
            return FilterReply.NEUTRAL;
        }
        boolean exception = event.getThrowableProxy() != null
                || EXCEPTION_NAME.matcher(String.valueOf(event.getFormattedMessage())).find();
        return exception ? FilterReply.DENY : FilterReply.NEUTRAL;
    }
}
