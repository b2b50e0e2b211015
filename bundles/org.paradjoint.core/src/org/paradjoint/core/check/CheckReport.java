package org.paradjoint.core.check;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a check driver printed, read back: for tests, the command line and launch configurations.
 * Relative errors are NaN when the driver printed none (e.g. it crashed before the test).
 */
public record CheckReport(int threads, List<Result> results, boolean passed) {

    /** One checked function. */
    public record Result(String name, boolean dotPassed, double dotError, boolean fdPassed, double fdError,
            boolean passed, List<String> lines) {

        public Result {
            lines = List.copyOf(lines);
        }
    }

    private static final Pattern TEST = Pattern.compile("(dot-product|finite-difference): (PASS|FAIL) rel_err=(\\S+).*");
    private static final Pattern SECTION = Pattern.compile("== (\\w+)(: (PASS|FAIL))?");

    public CheckReport {
        results = List.copyOf(results);
    }

    public Result result(String name) {
        return results.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    /** Parses the standard output of a driver. */
    public static CheckReport parse(String stdout) {
        int threads = 0;
        boolean passed = false;
        List<Result> results = new ArrayList<>();
        String name = null;
        boolean dotPass = false, fdPass = false;
        double dotErr = Double.NaN, fdErr = Double.NaN;
        List<String> lines = new ArrayList<>();
        for (String line : stdout.split("\\R")) {
            Matcher m;
            if (line.startsWith("threads: ")) {
                threads = Integer.parseInt(line.substring(9).trim());
            } else if ((m = SECTION.matcher(line)).matches()) {
                if (m.group(2) == null) {
                    name = m.group(1);
                    dotPass = fdPass = false;
                    dotErr = fdErr = Double.NaN;
                    lines = new ArrayList<>();
                } else {
                    results.add(new Result(m.group(1), dotPass, dotErr, fdPass, fdErr, m.group(3).equals("PASS"), lines));
                    name = null;
                }
            } else if ((m = TEST.matcher(line)).matches()) {
                boolean pass = m.group(2).equals("PASS");
                double err = parseDouble(m.group(3));
                if (m.group(1).equals("dot-product")) {
                    dotPass = pass;
                    dotErr = err;
                } else {
                    fdPass = pass;
                    fdErr = err;
                }
                lines.add(line);
            } else if (line.equals("PASS") || line.equals("FAIL")) {
                passed = line.equals("PASS");
            } else if (name != null) {
                lines.add(line);
            }
        }
        if (name != null) {
            results.add(new Result(name, dotPass, dotErr, fdPass, fdErr, false, lines));
        }
        return new CheckReport(threads, results, passed);
    }

    private static double parseDouble(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
