package org.privsim.core.scenario;

import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Whether a scenario's text can name a file: the checks the operating system would otherwise make
 * with an exception in the middle of a run.
 *
 * <p>Guarantee: {@link #problem} is null only for text without a NUL character, of at most
 * {@value #MAX_PATH_BYTES} UTF-8 bytes, whose every name between slashes has at most
 * {@value #MAX_NAME_BYTES} bytes, and that {@link Path#of} accepts (the platform's file-name
 * encoding can encode it); otherwise it is one phrase saying which rule the text breaks.
 */
final class PathText {

    /** The longest file name, in UTF-8 bytes, common file systems take. */
    static final int MAX_NAME_BYTES = 255;
    /** The longest path, in UTF-8 bytes, Linux takes (PATH_MAX less the terminating NUL). */
    static final int MAX_PATH_BYTES = 4095;

    private PathText() {}

    /** Why {@code text} cannot name a file, or null. */
    static String problem(String text) {
        if (text.indexOf('\0') >= 0) {
            return "must not contain a NUL character";
        }
        if (text.getBytes(StandardCharsets.UTF_8).length > MAX_PATH_BYTES) {
            return "is longer than the " + MAX_PATH_BYTES + " bytes a path may have";
        }
        if (Arrays.stream(text.split("/")).anyMatch(n -> n.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES)) {
            return "has a name longer than the " + MAX_NAME_BYTES + " bytes a file name may have";
        }
        try {
            Path.of(text);
            return null;
        } catch (InvalidPathException e) {
            return "is not a path this system can name (" + e.getReason() + ")";
        }
    }
}
