package org.paradjoint.separable.tests;

import java.util.Random;

/**
 * Random partially separable functions whose pattern is a stencil: on a one-dimensional grid
 * ({@code void NAME(int nx, const double *x, const double *y, double *f)}) or a two-dimensional one
 * ({@code void NAME(int nx, int ny, ...)}, entry {@code j * nx + i}), one or two elementals updated in
 * one or two loop nests of the same trip counts but shifted bounds, each term reading the inputs at
 * offsets from -2 to 2 through accessors that return zero outside the grid (as torsion's {@code val}),
 * {@code x} only or {@code x} and {@code y}. Every one must get a colouring fixed by the generator.
 */
final class RandomStencil {

    /** The accessors the functions call (inlined by the transformation). */
    static final String HELPERS = """
            #include <math.h>

            static double rs_at1(const double *v, int nx, int i)
            {
                if (i < 0 || i >= nx) {
                    return 0.0;
                }
                return v[i];
            }

            static double rs_at2(const double *v, int nx, int ny, int i, int j)
            {
                if (i < 0 || i >= nx || j < 0 || j >= ny) {
                    return 0.0;
                }
                return v[j * nx + i];
            }
            """;

    private final Random random;
    private final boolean twoD;
    private final boolean useY;
    private final StringBuilder out = new StringBuilder();
    private boolean yRead;

    private RandomStencil(long seed) {
        this.random = new Random(seed);
        this.twoD = random.nextBoolean();
        this.useY = random.nextInt(3) == 0;
    }

    /** The text of one function. */
    static String function(String name, long seed) {
        return new RandomStencil(seed).build(name);
    }

    /** True when {@code function(name, seed)} has the two-dimensional signature. */
    static boolean isTwoDimensional(long seed) {
        return new RandomStencil(seed).twoD;
    }

    /** True when {@code function(name, seed)} also reads a second array {@code y}. */
    static boolean readsY(long seed) {
        return new RandomStencil(seed).useY;
    }

    private String build(String name) {
        int elementals = 1 + random.nextInt(2);
        out.append("void ").append(name).append(twoD ? "(int nx, int ny, " : "(int nx, ")
                .append(useY ? "const double *x, const double *y, double *f)\n{\n" : "const double *x, double *f)\n{\n");
        out.append("    double e0, e1, t;\n    int i").append(twoD ? ", j;\n" : ";\n");
        for (int e = 0; e < 2; e++) {
            out.append("#pragma ad elemental\n    e").append(e).append(" = 0.0;\n");
        }
        // the trip counts agree (slots of both nests are shared), the first counter values differ
        int extra = random.nextInt(3);
        int nests = 1 + random.nextInt(2);
        for (int s = 0; s < nests; s++) {
            int lo = random.nextInt(3) - 1;
            String indent = "    ";
            if (twoD) {
                out.append(indent).append(loop("j", lo, "ny", extra)).append(" {\n");
                indent += "    ";
            }
            out.append(indent).append(loop("i", lo, "nx", extra)).append(" {\n");
            String inner = indent + "    ";
            out.append(inner).append("t = ").append(term()).append(";\n");
            out.append(inner).append("e").append(random.nextInt(elementals)).append(" += t * t + ").append(term())
                    .append(";\n");
            out.append(indent).append("}\n");
            if (twoD) {
                out.append("    }\n");
            }
        }
        out.append("#pragma ad partially_separable(e0, e1)\n");
        out.append("    *f = ").append(random.nextBoolean() ? "e0 + 0.5 * e1" : "e0 * e1 + sin(e0)").append(";\n}\n");
        return out.toString();
    }

    private static String loop(String v, int lo, String size, int extra) {
        return "for (" + v + " = " + lo + "; " + v + " < " + size + " + " + (lo + extra) + "; " + v + "++)";
    }

    private String term() {
        int factors = 1 + random.nextInt(3);
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < factors; k++) {
            b.append(k > 0 ? (random.nextBoolean() ? " * " : " - ") : "").append(read());
        }
        return random.nextInt(4) == 0 ? "sin(" + b + ")" : b.toString();
    }

    private String read() {
        // y, when the function has it, is read at least once (the first read is of y): it is then independent
        String array = useY && (random.nextBoolean() || !yRead) ? "y" : "x";
        yRead |= array.equals("y");
        String i = "i" + offset();
        return twoD ? "rs_at2(" + array + ", nx, ny, " + i + ", j" + offset() + ")"
                : "rs_at1(" + array + ", nx, " + i + ")";
    }

    private String offset() {
        int o = random.nextInt(5) - 2;
        return o == 0 ? "" : o > 0 ? " + " + o : " - " + (-o);
    }
}
