package org.paradjoint.cli;

/** Option values shared by several commands. */
final class OptionValues {

    private OptionValues() {
    }

    /** A positive number of milliseconds, or an IllegalArgumentException that names the option. */
    static long positive(String s, String option) {
        return positiveLong(s, option, "a positive number of milliseconds", Long.MAX_VALUE);
    }

    /** A positive whole number (a count), or an IllegalArgumentException that names the option. */
    static int count(String s, String option) {
        return (int) positiveLong(s, option, "a positive whole number", Integer.MAX_VALUE);
    }

    private static long positiveLong(String s, String option, String what, long max) {
        try {
            long v = Long.parseLong(s);
            if (v > 0 && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " needs " + what + ", not '" + s + "'");
    }
}
