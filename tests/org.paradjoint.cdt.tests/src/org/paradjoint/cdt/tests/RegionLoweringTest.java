package org.paradjoint.cdt.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.OmpParallelFor;

/**
 * The lowering of parallel regions ({@code ParallelRegion}) against the program it claims to be
 * equal to: random regions of worksharing loops (with {@code nowait} and schedules), barriers,
 * {@code single}/{@code master} blocks, sequential loops every thread runs and private partial
 * sums must give the same IR as the same work written as {@code parallel for} loops and
 * sequential statements, which every other test checks numerically. The examples in
 * {@code examples/openmp} are checked numerically at 1, 2 and 4 threads by the end-to-end tests.
 */
class RegionLoweringTest {

    private static final String HEADER = "void f(int n, int m, double *a, double *b, double *c, const double *x, double *s)\n{\n";

    /** One construct as written in a region, and as the sequence it should lower to. */
    private record Piece(String inRegion, String lowered) {
    }

    @Test
    void randomRegionsLowerToTheirParallelLoops() {
        Random random = new Random(20261126);
        for (int trial = 0; trial < 200; trial++) {
            StringBuilder region = new StringBuilder();
            StringBuilder lowered = new StringBuilder();
            boolean timeLoop = random.nextInt(4) == 0;
            int pieces = 1 + random.nextInt(4);
            for (int k = 0; k < pieces; k++) {
                Piece p = piece(random, k);
                region.append(p.inRegion());
                lowered.append(p.lowered());
            }
            String regionSource = timeLoop
                    ? "#pragma omp parallel\n    for (int t = 0; t < m; t++) {\n" + region + "    }\n"
                    : "#pragma omp parallel\n    {\n" + region + "    }\n";
            String loweredSource = timeLoop ? "    for (int t = 0; t < m; t++) {\n" + lowered + "    }\n" : lowered.toString();
            Function withRegion = parse(HEADER + regionSource + "}\n");
            Function withLoops = parse(HEADER + loweredSource + "}\n");
            // by structure (source ranges are not compared)
            assertEquals(withLoops.body().stmts(), withRegion.body().stmts(),
                    () -> "region:\n" + regionSource + "\nlowered:\n" + loweredSource);
        }
    }

    private static Piece piece(Random random, int k) {
        String array = "abc".substring(k % 3, k % 3 + 1);
        String value = switch (random.nextInt(3)) {
        case 0 -> "sin(x[i]) * x[i]";
        case 1 -> "x[i] * " + array + "[i] + 1.0";
        default -> "2.0 * x[i]";
        };
        switch (random.nextInt(5)) {
        case 0 -> {
            String clauses = (random.nextBoolean() ? " schedule(static)" : "") + (random.nextBoolean() ? " nowait" : "");
            String loweredClauses = clauses.replace(" nowait", "");
            String loop = "        for (int i = 0; i < n; i++)\n            " + array + "[i] = " + value + ";\n";
            return new Piece("#pragma omp for" + clauses + "\n" + loop, "#pragma omp parallel for" + loweredClauses
                    + "\n" + loop);
        }
        case 1 -> {
            return new Piece("#pragma omp barrier\n", "");
        }
        case 2 -> {
            String directive = random.nextBoolean() ? "single" : "master";
            String body = array + "[0] = x[0] * x[1];";
            return new Piece("#pragma omp " + directive + "\n        { " + body + " }\n", "        " + body + "\n");
        }
        case 3 -> {
            String local = "local" + k;
            String loop = "        for (int i = 0; i < n; i++)\n            " + local + " += " + value + ";\n";
            return new Piece("        {\n        double " + local + " = 0.0;\n#pragma omp for nowait\n" + loop
                    + "#pragma omp critical\n        s[0] += " + local + ";\n        }\n",
                    "        double " + local + " = 0.0;\n#pragma omp parallel for reduction(+: " + local + ")\n"
                            + loop + "        s[0] += " + local + ";\n");
        }
        default -> {
            String loop = "        for (int i = 0; i < n; i++) {\n#pragma omp atomic\n            s[1] += "
                    + value + ";\n        }\n";
            return new Piece("#pragma omp for\n" + loop, "#pragma omp parallel for\n" + loop);
        }
        }
    }

    private static Function parse(String source) {
        ParseResult r = Sources.parse("#include <math.h>\n" + source);
        assertTrue(!r.hasErrors(), () -> r.diagnostics() + "\n" + source);
        return r.unit().functions().get(0);
    }

    @Test
    void anAtomicScalarIncrementIsASumReduction() {
        Function f = parse("""
                void f(int n, const double *x, double *r) {
                  double acc = 0.0;
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) {
                #pragma omp atomic
                    acc += x[i];
                  }
                  r[0] = acc;
                }
                """);
        For loop = (For) f.body().stmts().get(1);
        assertEquals(List.of(new OmpParallelFor.Reduction("+", List.of(f.locals().stream()
                .filter(v -> v.name().equals("acc")).findFirst().orElseThrow()))), loop.omp().reductions());
        Assign inc = (Assign) loop.body().stmts().get(0);
        assertTrue(!inc.atomic(), "the increment is plain under the reduction");
    }

    @Test
    void anAtomicArrayIncrementStaysAtomic() {
        Function f = parse("""
                void f(int n, int m, const double *x, double *h) {
                #pragma omp parallel
                  {
                #pragma omp for
                    for (int i = 0; i < n; i++) {
                #pragma omp critical
                      h[i % m] = h[i % m] + x[i];
                    }
                  }
                }
                """);
        For loop = (For) f.body().stmts().get(0);
        Assign inc = (Assign) loop.body().stmts().get(0);
        assertTrue(inc.atomic() && inc.op() == Assign.Op.ADD, inc::toString);
        assertTrue(loop.omp().reductions().isEmpty());
    }
}
