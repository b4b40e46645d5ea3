package org.privsim.core.family;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * {@link RunTimeModel} against the measured run times of every bundled scenario (run-times.csv: CPU
 * seconds of {@code privsim run} with the local runner divided by the machine's 2 cores), and the
 * long-run announcement of {@code privsim run}.
 */
class RunTimeModelTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final String TINY = """
            name: tiny
            seed: 3
            task: { type: low-rank-regression, users: 120, samplesPerUser: 8, dimension: 4, rank: 1, labelNoise: 0.1 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [2, 8], delta: 1.0e-5, epochs: 2 }
            """;

    /** The measured seconds of each bundled scenario, by its path from the repository's root. */
    private static Map<String, Double> measured() throws IOException {
        Map<String, Double> times = new LinkedHashMap<>();
        try (InputStream in = RunTimeModelTest.class.getResourceAsStream("/run-times.csv")) {
            assertNotNull(in, "run-times.csv");
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#") || line.startsWith("scenario,")) {
                    continue;
                }
                String[] cells = line.split(",");
                times.put(cells[0], Double.parseDouble(cells[1]));
            }
        }
        return times;
    }

    private static List<String> bundled() throws IOException {
        List<String> files = new ArrayList<>();
        for (String dir : List.of("scenarios", "bench")) {
            try (Stream<Path> listing = Files.list(ROOT.resolve(dir))) {
                listing.filter(f -> f.toString().endsWith(".yaml")).sorted()
                        .forEach(f -> files.add(dir + "/" + f.getFileName()));
            }
        }
        return files;
    }

    /** Every bundled scenario has a measured time, and the estimate lies within a factor of 3 of it. */
    @Test
    void everyBundledScenarioIsEstimatedWithinAFactorOfThree() throws IOException {
        Map<String, Double> times = measured();
        List<String> files = bundled();
        assertEquals(files, List.copyOf(times.keySet()), "run-times.csv lists every bundled scenario, in order");
        StringBuilder misses = new StringBuilder();
        for (String file : files) {
            double estimate = RunTimeModel.seconds(ScenarioParser.parse(ROOT.resolve(file)), "local", 2);
            double ratio = estimate / times.get(file);
            if (ratio > 3 || ratio < 1 / 3.0) {
                misses.append(String.format("%s: estimated %.1f s, measured %.1f s%n", file, estimate, times.get(file)));
            }
        }
        assertEquals("", misses.toString());
    }

    /** 10⁹ epochs or 10⁷ audit trials are announced; a small run is not. */
    @Test
    void runsOfMoreThanAnHourAreAnnounced() {
        Scenario tiny = ScenarioParser.parse(TINY, "tiny.yaml");
        assertNull(RunTimeModel.longRunWarning(tiny, "local", 2));
        assertTrue(RunTimeModel.seconds(tiny, "local", 2) < 60);

        Scenario epochs = ScenarioParser.parse(TINY.replace("epochs: 2", "epochs: 1000000000"), "epochs.yaml");
        String warning = RunTimeModel.longRunWarning(epochs, "local", 2);
        assertNotNull(warning);
        assertTrue(warning.startsWith("this run is expected to take about ")
                && warning.contains(" on this machine (local runner, 2 cores)"), warning);

        Scenario trials = ScenarioParser.parse("""
                name: trials
                seed: 7
                task: { type: low-rank-regression, users: 64, samplesPerUser: 16, dimension: 6, rank: 2, labelNoise: 0.05 }
                audits:
                  - { algorithm: priv-altmin, threatModel: white-box, epsilon: 1, delta: 1.0e-5, calibration: tight,
                      epochs: 30, split: paper, trials: 10000000, target: 3 }
                """, "trials.yaml");
        assertTrue(RunTimeModel.seconds(trials, "local", 2) > RunTimeModel.LONG_RUN_SECONDS);
        assertTrue(RunTimeModel.longRunWarning(trials, "sequential", 2).contains("(sequential runner, 1 core)"));
    }

    /** The sequential runner uses one core, the actor runtimes all of them. */
    @Test
    void theActorRuntimesDivideTheWorkByTheCores() {
        Scenario tiny = ScenarioParser.parse(TINY, "tiny.yaml");
        double one = RunTimeModel.seconds(tiny, "sequential", 8);
        assertEquals(one, RunTimeModel.seconds(tiny, "local", 1), 1e-12);
        assertEquals(one / 4, RunTimeModel.seconds(tiny, "local", 4), 1e-12);
        assertEquals(one / 4, RunTimeModel.seconds(tiny, "cluster", 4), 1e-12);
    }

    @Test
    void durationsAreWordedAtAnEstimatesPrecision() {
        assertEquals("about 1 s", RunTimeModel.duration(0.2));
        assertEquals("about 40 s", RunTimeModel.duration(40.4));
        assertEquals("about 3 min", RunTimeModel.duration(170));
        assertEquals("about 2 h", RunTimeModel.duration(7000));
        assertEquals("about 3 days", RunTimeModel.duration(3 * 86400));
        assertEquals("about 5 years", RunTimeModel.duration(5 * 365.25 * 86400));
        assertEquals("more than 100 years", RunTimeModel.duration(1e12));
        assertEquals("more than 100 years", RunTimeModel.duration(Double.POSITIVE_INFINITY));
    }
}
