package org.paradjoint.fortran.tests;

import java.util.Arrays;

import org.paradjoint.fortran.FortranFrontEnd;

/**
 * Measures the front-end on generated files (the numbers of docs/BENCHMARKS-fortran.md):
 * {@code java -cp ... org.paradjoint.fortran.tests.ParseBenchmark [lines...]}. Prints, per size,
 * the first (cold) parse, then the best and median of 20 warm parses after 20 warm-up runs.
 */
public final class ParseBenchmark {

    private ParseBenchmark() {
    }

    public static void main(String[] args) {
        int[] sizes = args.length == 0 ? new int[] {1_000, 10_000, 100_000}
                : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        FortranFrontEnd fe = new FortranFrontEnd();
        System.out.println("| lines | procedures | cold (ms) | warm best (ms) | warm median (ms) | lines/s (best) |");
        System.out.println("|---:|---:|---:|---:|---:|---:|");
        for (int n : sizes) {
            String text = LargeSource.lines(n);
            long c0 = System.nanoTime();
            var r = fe.parse("large.f90", text);
            double cold = (System.nanoTime() - c0) / 1e6;
            if (r.hasErrors()) {
                throw new IllegalStateException(r.diagnostics().get(0).toString());
            }
            for (int k = 0; k < 20; k++) {
                fe.parse("large.f90", text);
            }
            double[] t = new double[20];
            for (int k = 0; k < t.length; k++) {
                long t0 = System.nanoTime();
                fe.parse("large.f90", text);
                t[k] = (System.nanoTime() - t0) / 1e6;
            }
            Arrays.sort(t);
            System.out.printf("| %,d | %,d | %.1f | %.1f | %.1f | %,.0f |%n", n, r.unit().functions().size(), cold, t[0],
                    t[t.length / 2], n / (t[0] / 1000.0));
        }
    }
}
