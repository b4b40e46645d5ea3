package org.privsim.core.scenario;

/**
 * One problem found while loading a scenario.
 *
 * <p>{@code path} locates the problem: a field path from the document root such as {@code seed},
 * {@code task.users} or {@code experiments[2].epsilon[1]} (list indexes from 0), or the file or
 * source name when the problem concerns the whole document (unreadable file, syntax error).
 * {@code reason} is one line of plain text that says what is wrong and, for a wrong value, what
 * was found.
 *
 * @param path   where the problem is
 * @param reason what is wrong, one line
 */
public record FieldError(String path, String reason) {

    /** The line a user sees: {@code error: <path>: <reason>}. */
    public String format() {
        return "error: " + path + ": " + reason;
    }
}
