package org.paradjoint.separable.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random partially separable C functions: 1 to 3 elementals, initialised to zero, to a passive
 * or to an active value; 1 to 3 loop nests of depth 0 to 3 (rectangular, bounds from the size
 * parameters and constants, steps of 1 or 2, upwards or downwards) whose bodies compute
 * temporaries from the inputs {@code x[n]} and {@code y[m]} (affine indices modulo the size,
 * intrinsics, calls of a helper that is inlined, branches on the counters and, sometimes, on
 * input values, which makes the pattern value-dependent) and update the elementals in every
 * admitted form; a combination that is linear in the elementals or not. Signature:
 * {@code void NAME(int n, int m, const double *x, const double *y, double c, double *f)}.
 */
final class RandomSeparable {

    /** The helper the functions may call (it is inlined by the transformations). */
    static final String HELPER = """
            #include <math.h>

            static double rs_at(const double *v, int len, int k)
            {
                if (k < 0 || k >= len) {
                    return 0.0;
                }
                return v[k];
            }
            """;

    private static final String[] COUNTERS = {"i", "j", "k"};
    private static final int TEMPS = 4;

    private final Random random;
    private final StringBuilder out = new StringBuilder();
    private int elementals;
    private final List<String> inScope = new ArrayList<>();
    private final boolean[] assigned = new boolean[TEMPS];

    private RandomSeparable(long seed) {
        this.random = new Random(seed);
    }

    /** The text of one function. */
    static String function(String name, long seed) {
        return new RandomSeparable(seed).build(name);
    }

    private String build(String name) {
        elementals = 1 + random.nextInt(3);
        out.append("void ").append(name).append("(int n, int m, const double *x, const double *y, double c, double *f)\n");
        out.append("{\n");
        out.append("    double ");
        for (int e = 0; e < elementals; e++) {
            out.append("e").append(e).append(", ");
        }
        for (int t = 0; t < TEMPS; t++) {
            out.append("t").append(t).append(t + 1 < TEMPS ? ", " : ";\n");
        }
        out.append("    double w = 0.5 * c + 1.0;\n");
        for (int t = 0; t < TEMPS; t++) {
            out.append("    t").append(t).append(" = 0.0;\n");
        }
        out.append("    int i, j, k;\n");
        for (int e = 0; e < elementals; e++) {
            out.append("#pragma ad elemental\n");
            out.append("    e").append(e).append(" = ").append(initial()).append(";\n");
        }
        int nests = 1 + random.nextInt(3);
        for (int s = 0; s < nests; s++) {
            nest(0, 1 + random.nextInt(3) - (random.nextInt(6) == 0 ? 1 : 0), "    ");
        }
        // every elemental is updated at least once, outside any loop
        for (int e = 0; e < elementals; e++) {
            out.append("    e").append(e).append(" += 0.25 * x[").append(e).append(" % n];\n");
        }
        out.append("#pragma ad partially_separable(");
        for (int e = 0; e < elementals; e++) {
            out.append(e > 0 ? ", " : "").append("e").append(e);
        }
        out.append(")\n");
        out.append("    *f = ").append(combination()).append(";\n");
        out.append("}\n");
        return out.toString();
    }

    private String initial() {
        return switch (random.nextInt(5)) {
            case 0 -> "c";
            case 1 -> "x[0] * x[0]";
            default -> "0.0";
        };
    }

    private String combination() {
        String e0 = "e0";
        String e1 = elementals > 1 ? "e1" : "e0";
        String e2 = elementals > 2 ? "e2" : e1;
        return switch (random.nextInt(8)) {
            case 0 -> "w * " + e0 + " + 0.5 * " + e1 + " - " + e2;
            case 1 -> "(" + e0 + " + c * " + e1 + ") / 3.0 + " + e2;
            case 2 -> "-" + e0 + " + " + e1 + " * w + " + e2;
            case 3 -> e0 + " * " + e1 + " + " + e2;
            case 4 -> "sin(" + e0 + ") + " + e1 + " * " + e2;
            case 5 -> "sqrt(1.0 + " + e0 + " * " + e0 + ") + exp(0.01 * " + e1 + ") - " + e2;
            default -> "0.5 * (" + e0 + " + " + e1 + ") + " + e2;
        };
    }

    private void nest(int depth, int levels, String indent) {
        if (depth == levels) {
            body(indent, 2 + random.nextInt(4));
            return;
        }
        String v = COUNTERS[depth];
        String header = switch (random.nextInt(7)) {
            case 0 -> "for (" + v + " = 0; " + v + " < n; " + v + "++)";
            case 1 -> "for (" + v + " = 1; " + v + " <= n; " + v + "++)";
            case 2 -> "for (" + v + " = 0; " + v + " < m; " + v + " += 2)";
            case 3 -> "for (" + v + " = n - 1; " + v + " >= 0; " + v + "--)";
            case 4 -> "for (" + v + " = 2; " + v + " < n + 3; " + v + "++)";
            case 5 -> "for (" + v + " = m; " + v + " > 0; " + v + " -= 2)";
            default -> "for (" + v + " = 0; " + v + " < 3; " + v + "++)";
        };
        out.append(indent).append(header).append(" {\n");
        inScope.add(v);
        nest(depth + 1, levels, indent + "    ");
        inScope.remove(v);
        out.append(indent).append("}\n");
    }

    private void body(String indent, int statements) {
        for (int s = 0; s < statements; s++) {
            int kind = random.nextInt(10);
            if (kind < 4) {
                int t = random.nextInt(TEMPS);
                out.append(indent).append("t").append(t).append(" = ").append(expr(2)).append(";\n");
                assigned[t] = true;
            } else if (kind < 6 && !inScope.isEmpty()) {
                out.append(indent).append("if (").append(condition()).append(") {\n");
                body(indent + "    ", 1 + random.nextInt(2));
                if (random.nextBoolean()) {
                    out.append(indent).append("} else {\n");
                    body(indent + "    ", 1 + random.nextInt(2));
                }
                out.append(indent).append("}\n");
            } else {
                update(indent);
            }
        }
    }

    private String condition() {
        String v = inScope.get(random.nextInt(inScope.size()));
        return switch (random.nextInt(4)) {
            case 0 -> v + " % 2 == 0";
            case 1 -> v + " < n / 2";
            case 2 -> "y[" + index("m") + "] > 0.3";
            default -> v + " + 1 > m";
        };
    }

    private void update(String indent) {
        String e = "e" + random.nextInt(elementals);
        String term = expr(2);
        String stmt = switch (random.nextInt(5)) {
            case 0 -> e + " = " + e + " + " + term;
            case 1 -> e + " += " + term;
            case 2 -> e + " -= " + term;
            case 3 -> e + " = " + e + " - " + term;
            default -> e + " = " + term + " + " + e;
        };
        out.append(indent).append(stmt).append(";\n");
    }

    private String expr(int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return leaf();
        }
        String a = expr(depth - 1);
        String b = expr(depth - 1);
        return switch (random.nextInt(9)) {
            case 0 -> "(" + a + " + " + b + ")";
            case 1 -> "(" + a + " - " + b + ")";
            case 2, 3 -> a + " * " + b;
            case 4 -> a + " / (1.5 + " + b + " * " + b + ")";
            case 5 -> "sin(" + a + ")";
            case 6 -> "exp(0.1 * " + a + ")";
            case 7 -> "sqrt(1.0 + " + a + " * " + a + ")";
            default -> "c * " + a;
        };
    }

    private String leaf() {
        int kind = random.nextInt(10);
        if (kind < 4) {
            return "x[" + index("n") + "]";
        }
        if (kind < 6) {
            return "y[" + index("m") + "]";
        }
        if (kind == 6) {
            return "rs_at(x, n, " + affine() + " - 1)";
        }
        if (kind == 7) {
            int t = random.nextInt(TEMPS);
            return assigned[t] ? "t" + t : "w";
        }
        if (kind == 8 && !inScope.isEmpty()) {
            return "(double) " + inScope.get(random.nextInt(inScope.size()));
        }
        return random.nextBoolean() ? "c" : "0.75";
    }

    private String index(String size) {
        return "(" + affine() + ") % " + size;
    }

    private String affine() {
        StringBuilder sb = new StringBuilder();
        for (String v : inScope) {
            int a = random.nextInt(3);
            if (a > 0) {
                sb.append(a == 1 ? "" : a + " * ").append(v).append(" + ");
            }
        }
        return sb.append(random.nextInt(5)).toString();
    }
}
