package org.privsim.actors.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.privsim.core.report.MatrixExport;

/**
 * The PNG heat map of one row's exported matrices ({@link MatrixExport}, e.g. {@code models-e<experiment>-<k>.png},
 * Liang et al. Fig. 2): the matrices side by side, columns numbered 1..m left to right and rows 1..d
 * top to bottom, under the export's title and subtitle.
 *
 * <p>Guarantee: every cell is coloured on one fixed diverging scale, −1 blue through 0 white to +1
 * red (NaN grey), drawn as a colour bar on the right, so the matrices are directly comparable. Drawn
 * with {@code java.awt} into an image, so it needs no display.
 */
final class HeatMap {
    private static final Color NEGATIVE = new Color(0x2166AC);
    private static final Color POSITIVE = new Color(0xB2182B);
    private static final Color NAN = new Color(0xBBBBBB);
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final int LEFT = 70;
    private static final int TOP = 75;
    private static final int BOTTOM = 55;
    private static final int GAP = 60;
    private static final int BAR = 18;
    private static final int RIGHT = 60;
    /** Most tick labels along one axis. */
    private static final int TICKS = 12;

    private HeatMap() {}

    /** Writes the heat map of {@code export} (at least one matrix) to {@code png}. */
    static void write(MatrixExport.Matrices export, Path png) throws IOException {
        List<MatrixExport.Matrix> panels = export.matrices();
        int m = MatrixCsv.columns(export);
        int d = panels.get(0).entries().length;
        int width = Math.max(m, clamp(m * 24, 200, 600));
        int height = Math.max(d, clamp(d * 12, 200, 600));
        String title = export.title();
        String subtitle = export.subtitle();
        BufferedImage probe = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D p = probe.createGraphics();
        int textWidth = Math.max(p.getFontMetrics(TITLE).stringWidth(title),
                p.getFontMetrics(LABEL).stringWidth(subtitle));
        p.dispose();
        int plotWidth = LEFT + panels.size() * width + (panels.size() - 1) * GAP + GAP / 2 + BAR + RIGHT;
        BufferedImage image = new BufferedImage(Math.max(plotWidth, textWidth + 40), TOP + height + BOTTOM,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            g.setColor(Color.BLACK);
            g.setFont(TITLE);
            g.drawString(title, 20, 24);
            g.setFont(LABEL);
            g.drawString(subtitle, 20, 44);
            int x = LEFT;
            for (MatrixExport.Matrix panel : panels) {
                draw(g, panel, export, x, width, height);
                x += width + GAP;
            }
            colourBar(g, x - GAP + GAP / 2, height);
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", png.toFile());
    }

    private static void draw(Graphics2D g, MatrixExport.Matrix panel, MatrixExport.Matrices export, int left, int width,
                             int height) {
        double[][] entries = panel.entries();
        int d = entries.length;
        int m = entries[0].length;
        FontMetrics fm = g.getFontMetrics(LABEL);
        g.setColor(Color.BLACK);
        g.drawString(panel.title(), left + (width - fm.stringWidth(panel.title())) / 2, TOP - 8);
        for (int f = 0; f < d; f++) {
            int y0 = TOP + f * height / d;
            int y1 = TOP + (f + 1) * height / d;
            for (int t = 0; t < m; t++) {
                int x0 = left + t * width / m;
                g.setColor(colour(entries[f][t]));
                g.fillRect(x0, y0, left + (t + 1) * width / m - x0, y1 - y0);
            }
        }
        g.setColor(Color.GRAY);
        g.drawRect(left, TOP, width, height);
        g.setColor(Color.BLACK);
        for (int t = 1; t <= m; t++) {
            if (ticked(t, m)) {
                String s = Integer.toString(t);
                int centre = left + ((2 * t - 1) * width) / (2 * m);
                g.drawString(s, centre - fm.stringWidth(s) / 2, TOP + height + fm.getAscent() + 4);
            }
        }
        String columns = export.columnAxis();
        g.drawString(columns, left + (width - fm.stringWidth(columns)) / 2, TOP + height + 2 * fm.getHeight() + 6);
        for (int f = 1; f <= d; f++) {
            if (ticked(f, d)) {
                String s = Integer.toString(f);
                int centre = TOP + ((2 * f - 1) * height) / (2 * d);
                g.drawString(s, left - 6 - fm.stringWidth(s), centre + fm.getAscent() / 2 - 1);
            }
        }
        Graphics2D vertical = (Graphics2D) g.create();
        try {
            vertical.rotate(-Math.PI / 2);
            String rows = export.rowAxis();
            vertical.drawString(rows, -(TOP + (height + fm.stringWidth(rows)) / 2), left - 34);
        } finally {
            vertical.dispose();
        }
    }

    /** The colour bar from +1 (top) to −1 (bottom) at {@code left}. */
    private static void colourBar(Graphics2D g, int left, int height) {
        for (int y = 0; y < height; y++) {
            g.setColor(colour(1 - 2.0 * y / (height - 1)));
            g.drawLine(left, TOP + y, left + BAR, TOP + y);
        }
        g.setColor(Color.GRAY);
        g.drawRect(left, TOP, BAR, height);
        g.setColor(Color.BLACK);
        FontMetrics fm = g.getFontMetrics(LABEL);
        g.drawString("1", left + BAR + 5, TOP + fm.getAscent() / 2);
        g.drawString("0", left + BAR + 5, TOP + height / 2 + fm.getAscent() / 2);
        g.drawString("−1", left + BAR + 5, TOP + height + fm.getAscent() / 2);
    }

    /** Whether index i of 1..n gets a tick label: the first, the last, and every step-th between. */
    private static boolean ticked(int i, int n) {
        int step = (n + TICKS - 1) / TICKS;
        return i == 1 || i == n || (i % step == 0 && n - i >= (step + 1) / 2);
    }

    /** The diverging colour of v ∈ [−1, 1] (clamped), grey for NaN. */
    private static Color colour(double v) {
        if (Double.isNaN(v)) {
            return NAN;
        }
        double a = Math.min(1, Math.abs(v));
        Color end = v < 0 ? NEGATIVE : POSITIVE;
        return new Color(mix(end.getRed(), a), mix(end.getGreen(), a), mix(end.getBlue(), a));
    }

    private static int mix(int channel, double a) {
        return (int) Math.round(255 + (channel - 255) * a);
    }

    private static int clamp(int v, int low, int high) {
        return Math.max(low, Math.min(high, v));
    }
}
