package org.paradjoint.cli;

/** Option values shared by several commands. */
final class OptionValues {

    private OptionValues() {
    }

    /** A positive number of milliseconds, or an IllegalArgumentException that names the option. */
    static long positive(String s, String option) {
        try {
            long v = Long.parseLong(s);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " needs a positive number of milliseconds, not '" + s + "'");
    }

    /** A positive whole number (a count), or an IllegalArgumentException that names the option. */
    static int count(String s, String option) {
        try {
            int v = Integer.parseInt(s);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " needs a positive whole number, not '" + s + "'");
    }
}
