package org.paradjoint.pipeline.timing;

import java.util.Locale;

/**
 * How many calls one measurement times. A measurement of a single short call shows the clock's
 * resolution, thread start-up and the noise of a shared machine more than the kernel, so calls
 * are timed together until a measurement lasts {@link #MIN_MEASUREMENT_SECONDS}. Below
 * {@link #MIN_CALL_SECONDS} a call is dominated by the fixed cost of starting its parallel loops,
 * however often it is repeated: such a size is too small to compare derivative costs or
 * speed-ups, and the run says so.
 */
record CallsPerMeasurement(long calls, boolean tooSmall) {

    static final double MIN_MEASUREMENT_SECONDS = 0.05;
    static final double MIN_CALL_SECONDS = 1e-4;
    /** Bounds the run time of kernels far below {@link #MIN_CALL_SECONDS} (they are warned about anyway). */
    static final long MAX_CALLS = 100_000;
    /** How often a run is repeated with a better estimate of its time per call. */
    static final int ROUNDS = 3;

    /** True when measurements of {@code calls} calls of {@code secondsPerCall} reach half the target. */
    static boolean longEnough(long calls, double secondsPerCall) {
        return calls * secondsPerCall >= MIN_MEASUREMENT_SECONDS / 2 || calls >= MAX_CALLS;
    }

    /** For a call that takes {@code secondsPerCall} (measured one call at a time). */
    static CallsPerMeasurement forCall(double secondsPerCall) {
        if (!(secondsPerCall > 0)) {
            // below the clock's resolution
            return new CallsPerMeasurement(MAX_CALLS, true);
        }
        long calls = (long) Math.ceil(MIN_MEASUREMENT_SECONDS / secondsPerCall);
        return new CallsPerMeasurement(Math.max(1, Math.min(MAX_CALLS, calls)), secondsPerCall < MIN_CALL_SECONDS);
    }

    /** The warning of a size whose calls are too short; {@code shortCalls} names them with their times. */
    static String warning(long size, String shortCalls) {
        return String.format(Locale.ROOT, "warning: size %d is too small to time: %s last%s under %.0f \u00b5s a call, "
                + "where starting threads and reading the clock cost as much as the work; their times and speed-ups "
                + "say little (choose a larger size)", size, shortCalls, shortCalls.contains(",") ? "" : "s",
                MIN_CALL_SECONDS * 1e6);
    }

    static String micros(double seconds) {
        return String.format(Locale.ROOT, "%.3g \u00b5s", seconds * 1e6);
    }
}
