package org.paradjoint.pipeline.timing;

/**
 * The measurements of a variant at one problem size and thread count. Times are of one call: each
 * of the {@code repetitions} measurements times {@code callsPerMeasurement} calls and divides.
 *
 * @param repetitions      measurements taken
 * @param callsPerMeasurement calls timed together so that a measurement lasts long enough to time
 * @param speedup          time of this variant at the first thread count divided by this time
 * @param speedup          time of this variant at the first rank and thread counts divided by this time
 * @param relativeToPrimal this time divided by the primal's at the same size, rank and thread count
 *                         ({@code NaN} when the primal was not timed)
 * @param ranks            MPI processes of the run (1 for a kernel that does not communicate); the
 *                         time of a call is the slowest rank's
 */
public record TimingRow(String variant, long size, int threads, int repetitions, long callsPerMeasurement,
        double minSeconds, double medianSeconds, double maxSeconds, double meanSeconds, double speedup,
        double relativeToPrimal, int ranks) {

    /** The columns; {@code ranks} comes last, so that scripts reading the earlier columns by position keep working. */
    public static final String CSV_HEADER = "variant,size,threads,repetitions,calls_per_measurement,min_s,median_s,"
            + "max_s,mean_s,speedup,relative_to_primal,ranks";
    private static final int FIELDS = CSV_HEADER.split(",").length;

    public String toCsv() {
        return variant + "," + size + "," + threads + "," + repetitions + "," + callsPerMeasurement + ","
                + num(minSeconds) + "," + num(medianSeconds) + "," + num(maxSeconds) + "," + num(meanSeconds) + ","
                + num(speedup) + "," + num(relativeToPrimal) + "," + ranks;
    }

    /** Reads a line written by {@link #toCsv()}, or by an earlier version without the ranks column (1 rank). */
    public static TimingRow parse(String line) {
        String[] f = line.split(",", -1);
        if (f.length != FIELDS && f.length != FIELDS - 1) {
            throw new IllegalArgumentException("expected " + FIELDS + " fields (" + CSV_HEADER + "), not " + f.length
                    + ": " + line);
        }
        return new TimingRow(f[0], Long.parseLong(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                Long.parseLong(f[4]), dbl(f[5]), dbl(f[6]), dbl(f[7]), dbl(f[8]), dbl(f[9]), dbl(f[10]),
                f.length == FIELDS ? Integer.parseInt(f[11]) : 1);
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(java.util.Locale.ROOT, "%.9g", v);
    }

    private static double dbl(String s) {
        return s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    }
}
