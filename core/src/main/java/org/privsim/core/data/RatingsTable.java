package org.privsim.core.data;

import java.nio.file.Path;
import java.util.List;
import org.privsim.core.scenario.DatasetFeature;
import org.privsim.core.scenario.MissingValues;

/**
 * The ratings of a CSV file grouped by user, as read once from disk by {@link DatasetTable#read}
 * (the item column read as a categorical feature, the rating column as the label, every rating
 * checked against the declared range at its row).
 *
 * <p>Guarantee: users are numbered in order of first appearance and items by their sorted names;
 * each user's ratings keep file order. A {@link DatasetException} from the read names the ratings
 * task's field ({@code path}, {@code userColumn}, {@code itemColumn}, {@code ratingColumn},
 * {@code minRatingsPerUser}) and the row.
 *
 * @param sha256       SHA-256 of the file's bytes, hex
 * @param itemNames    the items' names (values of the item column), by item index
 * @param itemsByUser  per user, the item index of each of its ratings
 * @param ratingsByUser per user, its ratings
 * @param droppedUsers users dropped for having fewer than the minimum ratings
 * @param droppedRows  rows dropped for missing values
 */
public record RatingsTable(String sha256, List<String> itemNames, int[][] itemsByUser, double[][] ratingsByUser,
                           int droppedUsers, int droppedRows) implements RatingsSource {

    /**
     * Reads {@code file}.
     *
     * @throws DatasetException naming the ratings task's field to blame
     */
    public static RatingsTable read(Path file, String userColumn, String itemColumn, String ratingColumn,
                                    MissingValues missing, int minRatingsPerUser, double minRating, double maxRating) {
        DatasetTable table;
        try {
            table = DatasetTable.read(file, userColumn, ratingColumn, List.of(new DatasetFeature(itemColumn, true)),
                    missing, minRatingsPerUser, minRating, maxRating);
        } catch (DatasetException e) {
            String field = switch (e.field()) {
                case "labelColumn" -> "ratingColumn";
                case "features[0]", "features" -> "itemColumn";
                case "minSamplesPerUser" -> "minRatingsPerUser";
                default -> e.field();
            };
            throw new DatasetException(field, e.getMessage());
        }
        int n = table.users();
        int[][] items = new int[n][];
        for (int j = 0; j < n; j++) {
            double[] codes = table.features()[j];
            items[j] = new int[codes.length];
            for (int i = 0; i < codes.length; i++) {
                items[j][i] = (int) codes[i];
            }
        }
        return new RatingsTable(table.sha256(), table.categories().get(0), items, table.labels(), table.droppedUsers(),
                table.droppedRows());
    }

    @Override
    public int users() {
        return itemsByUser.length;
    }

    @Override
    public int items() {
        return itemNames.size();
    }

    @Override
    public UserRatings user(int id) {
        return new UserRatings(itemsByUser[id], ratingsByUser[id]);
    }

    /** The number of ratings over all users. */
    public long ratings() {
        long total = 0;
        for (int[] user : itemsByUser) {
            total += user.length;
        }
        return total;
    }
}
