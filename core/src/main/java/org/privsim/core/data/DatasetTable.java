package org.privsim.core.data;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.privsim.core.scenario.DatasetFeature;
import org.privsim.core.scenario.MissingValues;

/**
 * The rows of a user-partitioned CSV file, grouped by user, as read once from disk: per user a
 * row-major array of its raw feature values (a categorical feature as its category's index in the
 * sorted category list) and an array of its labels, in file order.
 *
 * <p>Guarantees: the file is read as a stream by Jackson's CSV parser (RFC 4180 quoting, CRLF or LF
 * line ends, a UTF-8 byte-order mark ignored; {@code .gz} files are decompressed), never held whole,
 * and its SHA-256 is computed over its bytes on the way. Every row has exactly as many fields as the
 * header (a blank line is skipped). Users are numbered in order of first
 * appearance. Every value is finite; a missing value (empty or {@code NA}) either fails the read
 * ({@link MissingValues#ERROR}, naming the row) or drops the row. Users with fewer than
 * {@code minSamplesPerUser} rows are dropped and counted; at least two users remain. Any problem
 * is a {@link DatasetException} naming the task field to blame, the file and the row (the header
 * is row 1).
 *
 * @param sha256       SHA-256 of the file's bytes (of the compressed bytes for {@code .gz}), hex
 * @param userKeys     each user's value of the user column, by user id
 * @param features     per user, m_j × p raw feature values, row-major
 * @param labels       per user, its m_j labels
 * @param categories   per feature, its sorted categories (empty for a numeric feature)
 * @param droppedUsers users dropped for having too few rows
 * @param droppedRows  rows dropped for missing values
 */
public record DatasetTable(String sha256, List<String> userKeys, double[][] features, double[][] labels,
                           List<List<String>> categories, int droppedUsers, int droppedRows) {

    private static final String MISSING = "NA";

    /** Number of users. */
    public int users() {
        return labels.length;
    }

    /** Number of rows over all users. */
    public int rows() {
        int rows = 0;
        for (double[] y : labels) {
            rows += y.length;
        }
        return rows;
    }

    /**
     * Reads {@code file}.
     *
     * @throws DatasetException when the file cannot be read or does not hold the columns, values and users asked for
     */
    public static DatasetTable read(Path file, String userColumn, String labelColumn, List<DatasetFeature> features,
                                    MissingValues missing, int minSamplesPerUser) {
        return read(file, userColumn, labelColumn, features, missing, minSamplesPerUser, Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY);
    }

    /**
     * Reads {@code file}, refusing a label outside [{@code labelMin}, {@code labelMax}] at its row
     * (blamed on {@code labelColumn}).
     *
     * @throws DatasetException when the file cannot be read or does not hold the columns, values and users asked for
     */
    public static DatasetTable read(Path file, String userColumn, String labelColumn, List<DatasetFeature> features,
                                    MissingValues missing, int minSamplesPerUser, double labelMin, double labelMax) {
        DataFileInput.Read<Builder> read = DataFileInput.read(file, bytes -> {
            Builder builder = new Builder(file, userColumn, labelColumn, features, missing, labelMin, labelMax);
            builder.parse(bytes);
            return builder;
        });
        return read.value().build(read.sha256(), minSamplesPerUser);
    }

    /**
     * The largest magnitude of a value in a data file: the runs square and sum values over every
     * row, which must stay finite and keep the values' digits.
     */
    public static final double MAX_VALUE = 1e15;

    /** Grows one user's rows in primitive arrays. */
    private static final class UserRows {
        double[] x;
        double[] y = new double[8];
        int m;

        UserRows(int p) {
            x = new double[8 * p];
        }

        void add(double[] row, double label) {
            if (m == y.length) {
                y = Arrays.copyOf(y, 2 * m);
                x = Arrays.copyOf(x, 2 * x.length);
            }
            System.arraycopy(row, 0, x, m * row.length, row.length);
            y[m++] = label;
        }
    }

    private static final class Builder {
        private final Path file;
        private final String userColumn;
        private final String labelColumn;
        private final List<DatasetFeature> features;
        private final MissingValues missing;
        private final double labelMin;
        private final double labelMax;
        private final Map<String, UserRows> users = new LinkedHashMap<>();
        private final List<Map<String, Integer>> codes = new ArrayList<>();
        private int droppedRows;

        Builder(Path file, String userColumn, String labelColumn, List<DatasetFeature> features,
                MissingValues missing, double labelMin, double labelMax) {
            this.file = file;
            this.labelMin = labelMin;
            this.labelMax = labelMax;
            this.userColumn = userColumn;
            this.labelColumn = labelColumn;
            this.features = features;
            this.missing = missing;
            features.forEach(f -> codes.add(f.categorical() ? new HashMap<>() : null));
        }

        void parse(InputStream bytes) throws IOException {
            Reader reader = new PushbackReader(DataFileInput.lineLimited(new InputStreamReader(bytes,
                    StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT)), file), 1);
            int first = reader.read();
            if (first != '\uFEFF' && first != -1) {
                ((PushbackReader) reader).unread(first);
            }
            CsvMapper mapper = new CsvMapper();
            mapper.getFactory().disable(com.fasterxml.jackson.core.JsonParser.Feature.AUTO_CLOSE_SOURCE);
            try (MappingIterator<String[]> rows = mapper.readerFor(String[].class)
                    .with(CsvParser.Feature.WRAP_AS_ARRAY).with(CsvParser.Feature.TRIM_SPACES).readValues(reader)) {
                if (first == -1 || !rows.hasNextValue()) {
                    throw new DatasetException("path", file + " is empty (no header row)");
                }
                String[] header = rows.nextValue();
                int userAt = column(header, userColumn, "userColumn");
                int labelAt = column(header, labelColumn, "labelColumn");
                int p = features.size();
                int[] featureAt = new int[p];
                for (int f = 0; f < p; f++) {
                    featureAt[f] = column(header, features.get(f).name(), "features[" + f + "]");
                }
                double[] values = new double[p];
                long row = 1;
                while (rows.hasNextValue()) {
                    String[] fields = rows.nextValue();
                    row++;
                    if (fields.length == 1 && fields[0].isEmpty()) {
                        continue; // a blank line
                    }
                    if (fields.length != header.length) {
                        throw new DatasetException("path", file + " row " + row + ": " + fields.length
                                + " fields, but the header has " + header.length + " (a missing or extra comma, or"
                                + " a value with a comma that is not quoted)");
                    }
                    String user = fields[userAt];
                    boolean incomplete = isMissing(user);
                    String blame = "userColumn";
                    Double label = incomplete ? null : number(fields[labelAt], "labelColumn", row);
                    if (label == null && !incomplete) {
                        incomplete = true;
                        blame = "labelColumn";
                    } else if (label != null && !(label >= labelMin && label <= labelMax)) {
                        throw new DatasetException("labelColumn", file + " row " + row + ": " + shown(fields[labelAt])
                                + " is outside the declared range [" + labelMin + ", " + labelMax + "]");
                    }
                    for (int f = 0; f < p && !incomplete; f++) {
                        String text = fields[featureAt[f]];
                        if (isMissing(text)) {
                            incomplete = true;
                            blame = "features[" + f + "]";
                        } else if (codes.get(f) != null) {
                            Map<String, Integer> known = codes.get(f);
                            values[f] = known.computeIfAbsent(text, t -> known.size());
                        } else {
                            values[f] = number(text, "features[" + f + "]", row);
                        }
                    }
                    if (incomplete) {
                        if (missing == MissingValues.ERROR) {
                            throw new DatasetException(blame, file + " row " + row + ": missing value (empty or NA)"
                                    + " in column " + header[blame.equals("userColumn") ? userAt
                                    : blame.equals("labelColumn") ? labelAt
                                    : featureAt[Integer.parseInt(blame.substring(9, blame.length() - 1))]]
                                    + " (set missing: drop to skip such rows)");
                        }
                        droppedRows++;
                        continue;
                    }
                    users.computeIfAbsent(user, u -> new UserRows(p)).add(values, label);
                }
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new DatasetException("path", "cannot parse " + file + " as CSV: " + e.getOriginalMessage());
            }
        }

        /** A value as an error shows it: at most 40 characters, control characters as '?'. */
        private static String shown(String text) {
            String cut = text.length() > 40 ? text.substring(0, 40) + "…" : text;
            return cut.replaceAll("\\p{Cntrl}", "?");
        }

        private static boolean isMissing(String text) {
            return text.isEmpty() || text.equals(MISSING);
        }

        /** The value of a numeric field, null when missing. */
        private Double number(String text, String field, long row) {
            if (isMissing(text)) {
                return null;
            }
            double value;
            try {
                value = Double.parseDouble(text);
            } catch (NumberFormatException e) {
                throw new DatasetException(field, file + " row " + row + ": \"" + shown(text) + "\" is not a number"
                        + (field.startsWith("features") ? " (declare the feature categorical: true if it is one)" : ""));
            }
            if (!Double.isFinite(value)) {
                throw new DatasetException(field, file + " row " + row + ": \"" + shown(text) + "\" is not finite");
            }
            if (Math.abs(value) > MAX_VALUE) {
                throw new DatasetException(field, file + " row " + row + ": " + shown(text) + " is beyond ±"
                        + MAX_VALUE + ", the largest magnitude a value may have");
            }
            return value;
        }

        private int column(String[] header, String name, String field) {
            for (int c = 0; c < header.length; c++) {
                if (header[c].equals(name)) {
                    return c;
                }
            }
            List<String> shownHeader = Arrays.stream(header).limit(30).map(Builder::shown).toList();
            throw new DatasetException(field, "no column \"" + name + "\" in " + file + " (its columns: "
                    + String.join(", ", shownHeader) + (header.length > 30 ? ", …" : "") + ")");
        }

        /**
         * Refuses constant labels (there is nothing to learn, and R² is undefined) and a numeric
         * feature that is constant over the kept rows (its column is zero once centred, or repeats
         * the intercept).
         */
        private void checkVaries(List<double[]> xs, List<double[]> ys, int p) {
            double label = ys.get(0)[0];
            if (ys.stream().allMatch(y -> Arrays.stream(y).allMatch(v -> v == label))) {
                throw new DatasetException("labelColumn", file + ": every kept row has the same " + labelColumn
                        + " (" + label + "); the labels must vary");
            }
            for (int f = 0; f < p; f++) {
                if (features.get(f).categorical()) {
                    continue;
                }
                double first = xs.get(0)[f];
                int at = f;
                if (xs.stream().allMatch(x -> {
                    for (int i = at; i < x.length; i += p) {
                        if (x[i] != first) {
                            return false;
                        }
                    }
                    return true;
                })) {
                    throw new DatasetException("features[" + f + "]", file + ": every kept row has the same "
                            + features.get(f).name() + " (" + first + "); a constant feature carries no information"
                            + " (drop it)");
                }
            }
        }

        DatasetTable build(String sha256, int minSamplesPerUser) {
            if (users.size() == 1) {
                throw new DatasetException("userColumn", file + " has a single user (\""
                        + users.keySet().iterator().next() + "\" in column " + userColumn + "); at least 2 are needed");
            }
            if (users.isEmpty()) {
                throw new DatasetException("path", file + " has no data rows"
                        + (droppedRows > 0 ? " with every value present (" + droppedRows + " dropped)" : ""));
            }
            int p = features.size();
            // Categories in sorted order: re-map the first-appearance codes.
            List<List<String>> categories = new ArrayList<>();
            List<int[]> remap = new ArrayList<>();
            for (int f = 0; f < p; f++) {
                Map<String, Integer> known = codes.get(f);
                if (known == null) {
                    categories.add(List.of());
                    remap.add(null);
                    continue;
                }
                List<String> sorted = known.keySet().stream().sorted().toList();
                int[] to = new int[known.size()];
                for (int c = 0; c < sorted.size(); c++) {
                    to[known.get(sorted.get(c))] = c;
                }
                categories.add(sorted);
                remap.add(to);
            }
            List<String> keys = new ArrayList<>();
            List<double[]> xs = new ArrayList<>();
            List<double[]> ys = new ArrayList<>();
            int dropped = 0;
            for (Map.Entry<String, UserRows> e : users.entrySet()) {
                UserRows rows = e.getValue();
                if (rows.m < minSamplesPerUser) {
                    dropped++;
                    continue;
                }
                double[] x = Arrays.copyOf(rows.x, rows.m * p);
                for (int f = 0; f < p; f++) {
                    int[] to = remap.get(f);
                    if (to != null) {
                        for (int i = 0; i < rows.m; i++) {
                            x[i * p + f] = to[(int) x[i * p + f]];
                        }
                    }
                }
                keys.add(e.getKey());
                xs.add(x);
                ys.add(Arrays.copyOf(rows.y, rows.m));
                e.setValue(null); // let the growable arrays go
            }
            if (keys.size() < 2) {
                throw new DatasetException("minSamplesPerUser", file + ": only " + keys.size() + " of " + users.size()
                        + " users have at least " + minSamplesPerUser + " rows; at least 2 such users are needed");
            }
            checkVaries(xs, ys, p);
            return new DatasetTable(sha256, List.copyOf(keys), xs.toArray(double[][]::new),
                    ys.toArray(double[][]::new), categories, dropped, droppedRows);
        }
    }
}
