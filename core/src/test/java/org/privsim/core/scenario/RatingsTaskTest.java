package org.privsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.privsim.core.privacy.Calibration;

/** Reading and validating a {@code ratings} task and the experiments on it. */
class RatingsTaskTest {
    @TempDir
    Path dir;

    private static final String GOOD = "u,i,r\na,x,1\na,y,2\nb,x,3\nb,z,4\nb,y,5\n";

    private Scenario parse(String task, String experiments) {
        return ScenarioParser.parse("name: t\ntask: " + task + "\nexperiments:\n" + experiments,
                dir.resolve("s.yaml").toString());
    }

    private List<FieldError> errors(String task, String experiments) {
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> parse(task, experiments)).errors();
        SchemaCheck.assertSchemaAgrees("name: t\ntask: " + task + "\nexperiments:\n" + experiments, errors);
        return errors;
    }

    private String file(String name, String text) throws Exception {
        Files.writeString(dir.resolve(name), text);
        return "{ type: ratings, path: " + name + ", userColumn: u, itemColumn: i, ratingColumn: r, minRating: 1,"
                + " maxRating: 5 }";
    }

    private static final String OWN = "  - { algorithm: own-data }\n";

    @Test
    void aFileTaskCountsUsersItemsAndRatingsAndResolvesDefaults() throws Exception {
        Scenario s = parse(file("r.csv", GOOD), OWN
                + "  - { algorithm: priv-altmin, epsilon: [1, 2], delta: 1.0e-5 }\n"
                + "  - { algorithm: item-mean-dp, epsilon: 3, delta: 1.0e-5, maxRatingsPerUser: 7 }\n");
        RatingsTask task = (RatingsTask) s.task();
        assertEquals(2, task.users());
        assertEquals(3, task.items());
        assertEquals(5, task.ratings());
        assertEquals(3.0, task.center());
        assertEquals(dir.resolve("r.csv").toString(), task.path());
        RatingsSettings altmin = s.experiments().get(1).settings(RatingsSettings.class);
        assertEquals(new RatingsSettings(RatingsSettings.RANK, RatingsSettings.PRIVATE_ROUNDS,
                RatingsSettings.MAX_RATINGS_PER_USER, RatingsSettings.CLIP_FACTOR, RatingsSettings.CLIP_RATING,
                RatingsSettings.RIDGE, RatingsSettings.ROUND_BUDGET_SPLIT), altmin);
        assertEquals(Calibration.TIGHT, s.experiments().get(1).calibration());
        RatingsSettings itemMean = s.experiments().get(2).settings(RatingsSettings.class);
        assertEquals(new RatingsSettings(null, null, 7, null, RatingsSettings.CLIP_RATING, RatingsSettings.ITEM_PRIOR,
                null), itemMean);
        assertNull(s.experiments().get(0).epsilons());
        assertTrue(!s.hasLowRankExperiments(), "a ratings task needs no low-rank population");
    }

    @Test
    void aMissingColumnIsBlamedOnItsField() throws Exception {
        assertEquals(List.of(new FieldError("task.itemColumn", "no column \"i\" in " + dir.resolve("r.csv")
                + " (its columns: u, item, r)")), errors(file("r.csv", "u,item,r\na,x,1\n"), OWN));
    }

    @Test
    void aNonNumericRatingIsBlamedOnTheRatingColumnWithItsRow() throws Exception {
        assertEquals(List.of(new FieldError("task.ratingColumn", dir.resolve("r.csv") + " row 3: \"good\" is not a"
                + " number")), errors(file("r.csv", "u,i,r\na,x,1\na,y,good\nb,x,2\n"), OWN));
    }

    @Test
    void aRatingOutsideTheDeclaredRangeIsBlamedWithItsRow() throws Exception {
        assertEquals(List.of(new FieldError("task.ratingColumn", dir.resolve("r.csv") + " row 4: 6 is outside the"
                + " declared range [1.0, 5.0]")), errors(file("r.csv", "u,i,r\na,x,1\na,y,2\nb,x,6\n"), OWN));
    }

    @Test
    void aSingleUserAndAnEmptyFileAreRefused() throws Exception {
        List<FieldError> one = errors(file("one.csv", "u,i,r\na,x,1\na,y,2\n"), OWN);
        assertEquals("task.userColumn", one.get(0).path());
        assertTrue(one.get(0).reason().contains("has a single user"), one.toString());
        List<FieldError> empty = errors(file("empty.csv", ""), OWN);
        assertEquals(List.of(new FieldError("task.path", dir.resolve("empty.csv") + " is empty (no header row)")),
                empty);
        List<FieldError> few = errors(file("few.csv", GOOD).replace("maxRating: 5", "maxRating: 5,"
                + " minRatingsPerUser: 3"), OWN);
        assertEquals("task.minRatingsPerUser", few.get(0).path(), few.toString());
    }

    @Test
    void theColumnsMustDifferAndTheRangeMustBeOrdered() throws Exception {
        String task = file("r.csv", GOOD);
        assertEquals(List.of(new FieldError("task.ratingColumn", "\"u\" is already the userColumn; the three columns"
                + " must differ")), errors(task.replace("ratingColumn: r", "ratingColumn: u"), OWN));
        assertEquals(List.of(new FieldError("task.maxRating", "must be > minRating (1.0), got 1.0")),
                errors(task.replace("maxRating: 5", "maxRating: 1"), OWN));
        assertEquals("task.minRating", errors(task.replace("minRating: 1,", ""), OWN).get(0).path());
    }

    @Test
    void syntheticAndFileFieldsDoNotMix() throws Exception {
        List<FieldError> e = errors(file("r.csv", GOOD).replace("}", ", users: 10 }"), OWN);
        assertEquals(List.of(new FieldError("task.users", "only used by a synthetic ratings task (one without path)")),
                e);
        assertEquals(List.of(new FieldError("task.userColumn", "only used by a ratings task read from a file (one"
                + " with path)")), errors("{ type: ratings, users: 10, items: 20, rank: 2, userColumn: u }", OWN));
    }

    @Test
    void aSyntheticTaskIsCheckedAndCountsItsExpectedRatings() {
        Scenario s = parse("{ type: ratings, users: 1000, items: 500, rank: 3 }", OWN);
        RatingsTask task = (RatingsTask) s.task();
        assertTrue(task.synthetic());
        // E[min(M, X)] for Pareto(x_min 10, a 2) capped at 500: 10 + 100·(1/500 − 1/10)/(−1) = 19.8
        assertEquals(19_800, task.ratings());
        assertEquals(3, task.center());
        assertEquals(List.of(new FieldError("task.minRatingsPerUser", "every user rates at least minRatingsPerUser (30)"
                + " distinct items, so items must be ≥ 30, got 20")),
                errors("{ type: ratings, users: 10, items: 20, rank: 2, minRatingsPerUser: 30 }", OWN));
        assertEquals(List.of(new FieldError("task.activityExponent", "must be > 1, got 1")),
                errors("{ type: ratings, users: 10, items: 20, rank: 2, activityExponent: 1 }", OWN));
    }

    @Test
    void experimentsOnARatingsTaskUseOnlyTheirFields() {
        String task = "{ type: ratings, users: 10, items: 20, rank: 2 }";
        assertEquals(List.of(new FieldError("experiments[0].algorithm", "dp-fedavg needs a task of type"
                + " low-rank-regression or dataset, but task is of type ratings (on it run: priv-altmin,"
                + " non-private-altmin, own-data, global-mean, item-mean, item-mean-dp)")),
                errors(task, "  - { algorithm: dp-fedavg, epsilon: 1, delta: 1.0e-5 }\n"));
        assertEquals(List.of(new FieldError("experiments[0].maxRatingsPerUser",
                "not used by non-private-altmin on a ratings task")),
                errors(task, "  - { algorithm: non-private-altmin, maxRatingsPerUser: 3 }\n"));
        assertEquals("experiments[0].uStep", errors(task, "  - { algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5,"
                + " uStep: kronecker }\n").get(0).path());
        assertEquals(List.of(new FieldError("experiments[0].delta", "required field missing")),
                errors(task, "  - { algorithm: item-mean-dp, epsilon: 1 }\n"));
        assertEquals(List.of(new FieldError("experiments[0].algorithm", "global-mean needs a task of type ratings,"
                + " but task is of type low-rank-regression")), assertThrows(ScenarioException.class, () ->
                ScenarioParser.parse("name: t\ntask: { type: low-rank-regression, users: 20, samplesPerUser: 4,"
                        + " dimension: 3, rank: 1, labelNoise: 0.1 }\nexperiments: [ { algorithm: global-mean } ]\n",
                        "t.yaml")).errors());
    }
}
