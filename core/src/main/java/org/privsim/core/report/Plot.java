package org.privsim.core.report;

import java.util.List;
import java.util.function.BiFunction;

/**
 * One plot of a row type: its PNG file, the caption {@code report.html} shows under it (what to read
 * from it), and its panels, drawn side by side in one image, from the scenario's name and the rows.
 *
 * @param file    the PNG file name
 * @param caption what to read from the plot
 * @param panels  the panels of (scenario name, rows), left to right; at least one
 * @param <R>     the row type
 */
public record Plot<R>(String file, String caption, BiFunction<String, List<R>, List<Chart>> panels) {}
