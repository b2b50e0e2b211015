package org.paradjoint.pipeline.timing;

import java.util.ArrayList;
import java.util.List;

/**
 * The times a driver printed ({@code pa_time REP SECONDS}, the mean time of one call in each
 * measurement), and their summary.
 */
record Measurements(List<Double> seconds) {

    static Measurements parse(List<String> lines) {
        List<Double> out = new ArrayList<>();
        for (String l : lines) {
            String[] f = l.strip().split("\\s+");
            if (f.length == 3 && f[0].equals("pa_time")) {
                out.add(Double.parseDouble(f[2]));
            }
        }
        return new Measurements(List.copyOf(out));
    }

    double min() {
        return seconds.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    double max() {
        return seconds.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    double mean() {
        return seconds.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    double median() {
        if (seconds.isEmpty()) {
            return Double.NaN;
        }
        List<Double> s = seconds.stream().sorted().toList();
        int m = s.size() / 2;
        return s.size() % 2 == 1 ? s.get(m) : (s.get(m - 1) + s.get(m)) / 2;
    }
}
