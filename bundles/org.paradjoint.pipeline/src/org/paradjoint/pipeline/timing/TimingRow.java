package org.paradjoint.pipeline.timing;

/**
 * One measurement: a variant at one problem size and thread count.
 *
 * @param speedup          time of this variant at the first thread count divided by this time
 * @param relativeToPrimal this time divided by the primal's at the same size and thread count
 *                         ({@code NaN} when the primal was not timed)
 */
public record TimingRow(String variant, long size, int threads, int repetitions, double minSeconds,
        double medianSeconds, double meanSeconds, double speedup, double relativeToPrimal) {

    public static final String CSV_HEADER =
            "variant,size,threads,repetitions,min_s,median_s,mean_s,speedup,relative_to_primal";

    public String toCsv() {
        return variant + "," + size + "," + threads + "," + repetitions + "," + num(minSeconds) + ","
                + num(medianSeconds) + "," + num(meanSeconds) + "," + num(speedup) + "," + num(relativeToPrimal);
    }

    /** Reads a line written by {@link #toCsv()}. */
    public static TimingRow parse(String line) {
        String[] f = line.split(",", -1);
        if (f.length != 9) {
            throw new IllegalArgumentException("expected 9 fields, not " + f.length + ": " + line);
        }
        return new TimingRow(f[0], Long.parseLong(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]), dbl(f[4]),
                dbl(f[5]), dbl(f[6]), dbl(f[7]), dbl(f[8]));
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(java.util.Locale.ROOT, "%.9g", v);
    }

    private static double dbl(String s) {
        return s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    }
}
