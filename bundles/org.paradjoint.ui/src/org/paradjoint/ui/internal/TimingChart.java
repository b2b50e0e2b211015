package org.paradjoint.ui.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.paradjoint.pipeline.timing.TimingRow;

/**
 * Two charts of a timing experiment at its largest problem size: speed-up versus threads (one
 * line per variant through the medians, the ideal speed-up dashed) and the median time of each
 * variant at the largest thread count (bars). Whiskers span the fastest and slowest measurement,
 * so a difference smaller than the spread is seen to be noise. An MPI kernel timed on several rank
 * counts is charted at the smallest, which the titles name.
 */
final class TimingChart extends Canvas {

    private static final Color[] PALETTE = {new Color(52, 101, 164), new Color(204, 0, 0), new Color(78, 154, 6),
        new Color(245, 121, 0), new Color(117, 80, 123), new Color(193, 125, 17), new Color(85, 87, 83)};
    private static final int MARGIN = 48;

    private List<TimingRow> rows = List.of();

    TimingChart(Composite parent) {
        super(parent, SWT.DOUBLE_BUFFERED);
        setBackground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
        addPaintListener(e -> paint(e.gc));
    }

    void setRows(List<TimingRow> newRows) {
        rows = List.copyOf(newRows);
        redraw();
    }

    private void paint(GC gc) {
        Rectangle area = getClientArea();
        gc.setAntialias(SWT.ON);
        if (rows.isEmpty()) {
            gc.drawText("Run a Derivative timing experiment (Run > Run Configurations...) to see its results here.",
                    10, 10, true);
            return;
        }
        long size = rows.stream().mapToLong(TimingRow::size).max().orElse(0);
        // the runs of one rank count (an MPI kernel timed on several: the smallest; the CSV has them all)
        int ranks = rows.stream().filter(r -> r.size() == size).mapToInt(TimingRow::ranks).min().orElse(1);
        List<TimingRow> at = rows.stream().filter(r -> r.size() == size && r.ranks() == ranks).toList();
        Map<String, List<TimingRow>> byVariant = new LinkedHashMap<>();
        at.forEach(r -> byVariant.computeIfAbsent(r.variant(), k -> new ArrayList<>()).add(r));
        boolean wide = area.width >= 2 * area.height;
        Rectangle left = wide ? new Rectangle(0, 0, area.width / 2, area.height)
                : new Rectangle(0, 0, area.width, area.height / 2);
        Rectangle right = wide ? new Rectangle(area.width / 2, 0, area.width - area.width / 2, area.height)
                : new Rectangle(0, area.height / 2, area.width, area.height - area.height / 2);
        String where = "size " + size + (ranks > 1 ? ", " + ranks + " ranks" : "");
        speedups(gc, left, byVariant, where);
        times(gc, right, byVariant, where);
    }

    private void speedups(GC gc, Rectangle box, Map<String, List<TimingRow>> byVariant, String where) {
        TreeSet<Integer> threads = new TreeSet<>();
        byVariant.values().forEach(l -> l.forEach(r -> threads.add(r.threads())));
        List<Integer> xs = new ArrayList<>(threads);
        double ymax = Math.max(xs.get(xs.size() - 1) / (double) xs.get(0),
                byVariant.values().stream().flatMap(List::stream).mapToDouble(TimingChart::fastestSpeedup)
                        .filter(Double::isFinite).max().orElse(1));
        double step = niceStep(ymax / 4);
        ymax = step * Math.ceil(ymax * 1.05 / step);
        Rectangle plot = plotArea(gc, box, "Speed-up versus threads (" + where + ")");
        axes(gc, plot, ymax, step, "speed-up");
        for (int k = 0; k < xs.size(); k++) {
            String label = xs.get(k) + (k == xs.size() - 1 ? " threads" : "");
            Point ext = gc.textExtent(label);
            gc.drawText(label, xAt(plot, k, xs.size()) - ext.x / 2, plot.y + plot.height + 4, true);
        }
        gc.setLineStyle(SWT.LINE_DASH);
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_GRAY));
        for (int k = 1; k < xs.size(); k++) {
            gc.drawLine(xAt(plot, k - 1, xs.size()), yAt(plot, xs.get(k - 1) / (double) xs.get(0), ymax),
                    xAt(plot, k, xs.size()), yAt(plot, xs.get(k) / (double) xs.get(0), ymax));
        }
        gc.setLineStyle(SWT.LINE_SOLID);
        gc.setLineWidth(2);
        int v = 0;
        for (Map.Entry<String, List<TimingRow>> e : byVariant.entrySet()) {
            Color c = PALETTE[v % PALETTE.length];
            gc.setForeground(c);
            gc.setBackground(c);
            int[] prev = null;
            for (TimingRow r : e.getValue()) {
                int[] p = {xAt(plot, xs.indexOf(r.threads()), xs.size()), yAt(plot, r.speedup(), ymax)};
                if (prev != null) {
                    gc.drawLine(prev[0], prev[1], p[0], p[1]);
                }
                gc.fillOval(p[0] - 3, p[1] - 3, 7, 7);
                whisker(gc, p[0], yAt(plot, slowestSpeedup(r), ymax), yAt(plot, fastestSpeedup(r), ymax), true);
                prev = p;
            }
            legend(gc, plot, v, e.getKey(), c);
            v++;
        }
        gc.setLineWidth(1);
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
    }

    private void times(GC gc, Rectangle box, Map<String, List<TimingRow>> byVariant, String where) {
        int maxThreads = byVariant.values().stream().flatMap(List::stream).mapToInt(TimingRow::threads).max()
                .orElse(1);
        Rectangle plot = plotArea(gc, box, "Time per call at " + maxThreads + " thread"
                + (maxThreads == 1 ? "" : "s") + " (" + where + "): median, min..max");
        List<String> names = new ArrayList<>(byVariant.keySet());
        double tmax = byVariant.values().stream().flatMap(List::stream).filter(r -> r.threads() == maxThreads)
                .mapToDouble(r -> Math.max(r.medianSeconds(), r.maxSeconds())).max().orElse(1);
        int labelWidth = names.stream().mapToInt(n -> gc.textExtent(n).x).max().orElse(40) + 8;
        int barArea = Math.max(10, plot.width - labelWidth - 80);
        int slot = Math.max(12, plot.height / Math.max(1, names.size()));
        for (int k = 0; k < names.size(); k++) {
            TimingRow r = byVariant.get(names.get(k)).stream().filter(x -> x.threads() == maxThreads).findFirst()
                    .orElse(null);
            int y = plot.y + k * slot + slot / 4;
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
            gc.drawText(names.get(k), plot.x, y, true);
            if (r == null) {
                continue;
            }
            int w = (int) Math.max(1, barArea * r.medianSeconds() / tmax);
            int h = Math.max(6, slot / 2);
            Color c = PALETTE[k % PALETTE.length];
            gc.setBackground(c);
            gc.fillRectangle(plot.x + labelWidth, y, w, h);
            int low = plot.x + labelWidth + (int) (barArea * r.minSeconds() / tmax);
            int high = plot.x + labelWidth + (int) (barArea * r.maxSeconds() / tmax);
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
            whisker(gc, y + h / 2, low, high, false);
            gc.drawText(seconds(r.medianSeconds()), Math.max(plot.x + labelWidth + w, high) + 4, y, true);
        }
    }

    /** Speed-up of the variant's slowest measurement here against its median at the first thread count. */
    private static double slowestSpeedup(TimingRow r) {
        return r.speedup() * r.medianSeconds() / r.maxSeconds();
    }

    private static double fastestSpeedup(TimingRow r) {
        return r.speedup() * r.medianSeconds() / r.minSeconds();
    }

    /**
     * A min..max whisker with end caps across the line at {@code at}: vertical from {@code from} to
     * {@code to} when {@code vertical}, else horizontal; nothing when the spread is under a pixel.
     */
    private static void whisker(GC gc, int at, int from, int to, boolean vertical) {
        if (from == to) {
            return;
        }
        int cap = 4;
        int width = gc.getLineWidth();
        gc.setLineWidth(1);
        if (vertical) {
            gc.drawLine(at, from, at, to);
            gc.drawLine(at - cap, from, at + cap, from);
            gc.drawLine(at - cap, to, at + cap, to);
        } else {
            gc.drawLine(from, at, to, at);
            gc.drawLine(from, at - cap, from, at + cap);
            gc.drawLine(to, at - cap, to, at + cap);
        }
        gc.setLineWidth(width);
    }

    private Rectangle plotArea(GC gc, Rectangle box, String title) {
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
        Point ext = gc.textExtent(title);
        gc.drawText(title, box.x + (box.width - ext.x) / 2, box.y + 6, true);
        int top = 2 * ext.y + 20;
        return new Rectangle(box.x + MARGIN, box.y + top, Math.max(10, box.width - 2 * MARGIN),
                Math.max(10, box.height - top - MARGIN));
    }

    private void axes(GC gc, Rectangle plot, double ymax, double step, String label) {
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
        gc.drawLine(plot.x, plot.y, plot.x, plot.y + plot.height);
        gc.drawLine(plot.x, plot.y + plot.height, plot.x + plot.width, plot.y + plot.height);
        for (double v = 0; v <= ymax + step / 2; v += step) {
            int y = yAt(plot, v, ymax);
            gc.drawLine(plot.x - 3, y, plot.x, y);
            String t = step < 1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.0f", v);
            Point ext = gc.textExtent(t);
            gc.drawText(t, plot.x - 6 - ext.x, y - ext.y / 2, true);
        }
        Point ext = gc.textExtent(label);
        gc.drawText(label, Math.max(0, plot.x - ext.x / 2), plot.y - ext.y - 4, true);
    }

    /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
    static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-9))));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * p >= raw) {
                return m * p;
            }
        }
        return 10 * p;
    }

    private void legend(GC gc, Rectangle plot, int index, String name, Color c) {
        int lh = gc.textExtent(name).y + 2;
        int x = plot.x + 12;
        int y = plot.y + 4 + index * lh;
        gc.setBackground(c);
        gc.fillRectangle(x, y + lh / 3, 12, 4);
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
        gc.drawText(name, x + 16, y, true);
    }

    private static int xAt(Rectangle plot, int k, int n) {
        return n == 1 ? plot.x + plot.width / 2 : plot.x + 16 + (plot.width - 32) * k / (n - 1);
    }

    private static int yAt(Rectangle plot, double v, double ymax) {
        double f = Math.max(0, Math.min(1, v / ymax));
        return plot.y + plot.height - (int) Math.round(f * plot.height);
    }

    static String seconds(double s) {
        if (s >= 1) {
            return String.format(Locale.ROOT, "%.3g s", s);
        }
        if (s >= 1e-3) {
            return String.format(Locale.ROOT, "%.3g ms", s * 1e3);
        }
        return String.format(Locale.ROOT, "%.3g \u00b5s", s * 1e6);
    }
}
