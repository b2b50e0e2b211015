package org.paradjoint.z3.tests;

import java.util.LinkedHashMap;
import java.util.Map;

import org.paradjoint.core.ir.Function;
import org.paradjoint.race.RaceAnalysis;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.z3.Z3Prover;

/**
 * Warm analysis time per example (parse excluded): {@code java ... RaceTiming [repetitions]}.
 * Each repetition is a full {@link RaceAnalysis#analyze} with a fresh Z3 context.
 */
public final class RaceTiming {

    private RaceTiming() {
    }

    public static void main(String[] args) {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        Z3Prover z3 = new Z3Prover();
        RaceOptions options = RaceOptions.defaults();
        Map<String, Function> functions = new LinkedHashMap<>();
        for (String file : Examples.FILES) {
            for (Function f : Examples.functions(file)) {
                functions.put(f.name(), f);
            }
        }
        for (int w = 0; w < 10; w++) {
            functions.values().forEach(f -> RaceAnalysis.analyze(f, z3, options));
        }
        System.out.printf("%s, %s %s, %d repetitions%n", z3.name(), System.getProperty("java.vm.name"),
                System.getProperty("java.version"), reps);
        System.out.printf("%-12s %6s %6s %10s %10s %10s%n", "function", "loops", "incs", "median ms", "min ms", "max ms");
        double total = 0;
        for (Map.Entry<String, Function> e : functions.entrySet()) {
            long[] ns = new long[reps];
            int loops = 0;
            int incs = 0;
            for (int r = 0; r < reps; r++) {
                long t = System.nanoTime();
                var report = RaceAnalysis.analyze(e.getValue(), z3, options);
                ns[r] = System.nanoTime() - t;
                loops = report.loops().size();
                incs = report.loops().stream().mapToInt(l -> l.increments().size()).sum();
            }
            java.util.Arrays.sort(ns);
            double median = ns[reps / 2] / 1e6;
            total += median;
            System.out.printf("%-12s %6d %6d %10.2f %10.2f %10.2f%n", e.getKey(), loops, incs, median, ns[0] / 1e6,
                    ns[reps - 1] / 1e6);
        }
        System.out.printf("%-12s %6s %6s %10.2f%n", "all", "", "", total);
    }
}
