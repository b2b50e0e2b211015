package org.paradjoint.stencil.tests;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Random stencil functions in 1 to 3 dimensions: active inputs read at random shapes (star, box,
 * one-sided, sparse) with offsets within radius 3, an optional passive coefficient array and a
 * scalar, one or two outputs set or incremented (possibly with permuted counters, or summed over
 * one loop), linear or nonlinear bodies (products, quotients, intrinsics, fmin/fmax/fabs,
 * conditionals, calls of functions of the file, scalar temporaries), random lower and upper bound
 * offsets ({@code <} or {@code <=}, sometimes counting down), with or without OpenMP
 * ({@code private}, {@code collapse}, {@code schedule}). Arrays have extent {@code E = n + 4} in
 * every dimension, enough for every read.
 */
final class RandomStencil {

    /** Functions the random bodies may call; both the stencil and the conventional adjoint inline them. */
    static final String CALLEES = """
            #include <math.h>

            static double h1(double a, double b)
            {
                double t = a * b;
                return t + sin(a);
            }

            static double h2(double a)
            {
                return 0.5 * a * a + 1.0 / (1.0 + a);
            }

            """;

    /** A generated function: its C text and the range of sizes {@code n} to test. */
    record Generated(String name, String source, int depth, int nLo, int nHi, boolean linear) {
    }

    private static final String[][] COUNTERS = {{"i", "j", "k"}, {"i1", "i2", "i3"}, {"x", "y", "z"}};

    private final Random rnd;
    private final String name;
    private int depth;
    private String[] counters;
    private final List<String> inputs = new ArrayList<>();
    private final List<List<int[]>> shapes = new ArrayList<>();
    private final List<int[]> perms = new ArrayList<>();
    private boolean coefficient;
    private boolean linear;
    private final List<int[]> allOffsets = new ArrayList<>();
    private final Set<String> usedInputs = new LinkedHashSet<>();

    private RandomStencil(Random rnd, String name) {
        this.rnd = rnd;
        this.name = name;
    }

    static Generated generate(Random rnd, String name) {
        return new RandomStencil(rnd, name).build();
    }

    private Generated build() {
        depth = 1 + rnd.nextInt(3);
        counters = COUNTERS[rnd.nextInt(COUNTERS.length)];
        linear = rnd.nextInt(10) < 4;
        int nin = 1 + rnd.nextInt(3);
        for (int a = 0; a < nin; a++) {
            inputs.add("u" + a);
            shapes.add(shape());
            perms.add(depth >= 2 && rnd.nextInt(5) == 0 ? permutation() : identity());
        }
        coefficient = rnd.nextBoolean();
        // decided first: a += output may be summed over a loop only if that loop is not parallel
        boolean parallel = rnd.nextInt(10) < 7;
        boolean collapse = parallel && depth >= 2 && rnd.nextInt(4) == 0;
        int nout = rnd.nextInt(5) == 0 ? 2 : 1;
        List<String> stmts = new ArrayList<>();
        List<String> outDecls = new ArrayList<>();
        List<String> outs = new ArrayList<>();
        boolean temp = false;
        for (int o = 0; o < nout; o++) {
            String out = "r" + o;
            outs.add(out);
            int op = rnd.nextInt(10);
            String opText = op < 7 ? "=" : op < 9 ? "+=" : "-=";
            int[] perm = depth >= 2 && rnd.nextInt(10) < 3 ? permutation() : identity();
            List<Integer> idx = new ArrayList<>();
            for (int m = 0; m < depth; m++) {
                idx.add(perm[m]);
            }
            if (!opText.equals("=") && depth >= 2 && rnd.nextInt(6) == 0) {
                int firstSequential = parallel ? (collapse ? 2 : 1) : 0;
                List<Integer> droppable = idx.stream().filter(l -> l >= firstSequential).toList();
                if (!droppable.isEmpty()) {
                    idx.remove(droppable.get(rnd.nextInt(droppable.size())));
                }
            }
            StringBuilder target = new StringBuilder(out);
            for (int l : idx) {
                target.append('[').append(counters[l]).append(']');
            }
            outDecls.add(arrayDecl(out, idx.size(), false));
            String value = value(o == nout - 1);
            if (!temp && rnd.nextInt(4) == 0) {
                temp = true;
                stmts.add("t = " + term() + ";");
                value = "t * " + paren(value) + (rnd.nextBoolean() ? " + t" : "");
            }
            stmts.add(target + " " + opText + " " + value + ";");
        }
        // bounds: every read stays inside [0, E) with E = n + 4
        String[] header = new String[depth];
        int nPrimal = Integer.MIN_VALUE;
        int maxSpan = 0;
        for (int k = 0; k < depth; k++) {
            int min = 0;
            int max = 0;
            for (int[] off : allOffsets) {
                min = Math.min(min, off[k]);
                max = Math.max(max, off[k]);
            }
            maxSpan = Math.max(maxSpan, max - min);
            int a = -min + rnd.nextInt(3);
            int b = rnd.nextInt(3);
            boolean strict = rnd.nextBoolean();
            String c = counters[k];
            String upper = "n" + (b == 0 ? "" : " - " + b);
            nPrimal = Math.max(nPrimal, a + b + (strict ? 1 : 0));
            if (rnd.nextInt(10) == 0) {
                int last = b + (strict ? 1 : 0);
                header[k] = "for (" + c + " = n" + (last == 0 ? "" : " - " + last) + "; " + c + " >= " + a + "; " + c
                        + "--)";
            } else {
                header[k] = "for (" + c + " = " + a + "; " + c + (strict ? " < " : " <= ") + upper + "; " + c + "++)";
            }
        }
        StringBuilder src = new StringBuilder();
        List<String> params = new ArrayList<>(outDecls);
        for (String in : inputs) {
            params.add(arrayDecl(in, depth, true));
        }
        if (coefficient) {
            params.add(arrayDecl("c", depth, true));
        }
        Collections.shuffle(params, rnd);
        src.append("void ").append(name).append("(int n, int E, double D, ").append(String.join(", ", params))
                .append(")\n{\n");
        src.append("    int ").append(String.join(", ", List.of(counters).subList(0, depth))).append(";\n");
        if (temp) {
            src.append("    double t;\n");
        }
        List<String> mapping = new ArrayList<>();
        outs.forEach(o -> mapping.add(o + ":" + o + "_b"));
        inputs.stream().filter(usedInputs::contains).forEach(i -> mapping.add(i + ":" + i + "_b"));
        Collections.shuffle(mapping, rnd);
        String strategy = switch (rnd.nextInt(4)) {
            case 0 -> " strategy(split)";
            case 1 -> " strategy(guarded)";
            default -> "";
        };
        src.append("#pragma ad stencil adjoint(").append(String.join(", ", mapping)).append(")").append(strategy)
                .append('\n');
        if (parallel) {
            List<String> priv = new ArrayList<>(List.of(counters).subList(0, depth));
            if (temp) {
                priv.add("t");
            }
            String omp = "#pragma omp parallel for private(" + String.join(", ", priv) + ")";
            if (collapse) {
                omp += " collapse(2)";
            }
            if (rnd.nextInt(5) == 0) {
                omp += " schedule(static)";
            }
            src.append(omp).append('\n');
        }
        String indent = "    ";
        for (int k = 0; k < depth; k++) {
            src.append(indent).append(header[k]).append(k == depth - 1 ? " {\n" : "\n");
            indent += "    ";
        }
        for (String s : stmts) {
            src.append(indent).append(s).append('\n');
        }
        src.append("    ".repeat(depth)).append("}\n}\n");
        int nLo = nPrimal - 1;
        int nHi = nPrimal + Math.max(2 * maxSpan + 2, 4);
        return new Generated(name, src.toString(), depth, nLo, nHi, linear);
    }

    private String arrayDecl(String a, int rank, boolean isConst) {
        String prefix = isConst ? "const double " : "double ";
        if (rank == 1 && rnd.nextBoolean()) {
            return prefix + "*" + a;
        }
        return prefix + a + "[E]".repeat(rank);
    }

    private int[] identity() {
        int[] p = new int[depth];
        for (int k = 0; k < depth; k++) {
            p[k] = k;
        }
        return p;
    }

    private int[] permutation() {
        List<Integer> l = new ArrayList<>();
        for (int k = 0; k < depth; k++) {
            l.add(k);
        }
        Collections.shuffle(l, rnd);
        return l.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The offsets one input is read at. */
    private List<int[]> shape() {
        List<int[]> out = new ArrayList<>();
        int kind = rnd.nextInt(5);
        int r = 1 + rnd.nextInt(3);
        switch (kind) {
            case 0 -> { // star
                out.add(new int[depth]);
                for (int k = 0; k < depth; k++) {
                    for (int t = 1; t <= r; t++) {
                        if (t == r || rnd.nextBoolean()) {
                            out.add(axis(k, t));
                            out.add(axis(k, -t));
                        }
                    }
                }
            }
            case 1 -> { // box, radius 1 in 3D
                int rr = depth == 3 ? 1 : Math.min(r, 2);
                boxes(out, new int[depth], 0, rr);
            }
            case 2 -> { // one-sided in a random dimension (upwind)
                int k = rnd.nextInt(depth);
                int sign = rnd.nextBoolean() ? 1 : -1;
                for (int t = 0; t <= r; t++) {
                    out.add(axis(k, sign * t));
                }
            }
            default -> { // sparse
                int count = 1 + rnd.nextInt(5);
                for (int q = 0; q < count; q++) {
                    int[] v = new int[depth];
                    for (int k = 0; k < depth; k++) {
                        v[k] = rnd.nextInt(7) - 3;
                    }
                    out.add(v);
                }
            }
        }
        if (out.size() > 12) {
            Collections.shuffle(out, rnd);
            return new ArrayList<>(out.subList(0, 12));
        }
        return out;
    }

    private void boxes(List<int[]> out, int[] v, int k, int r) {
        if (k == depth) {
            out.add(v.clone());
            return;
        }
        for (int t = -r; t <= r; t++) {
            v[k] = t;
            boxes(out, v, k + 1, r);
        }
    }

    private int[] axis(int k, int t) {
        int[] v = new int[depth];
        v[k] = t;
        return v;
    }

    /**
     * The right-hand side of an output; the last output also reads every input not read yet.
     * Terms are distinct, so that no difference cancels to an identically zero derivative.
     */
    private String value(boolean last) {
        int terms = 1 + rnd.nextInt(3);
        List<String> seen = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < terms; t++) {
            String term = term();
            for (int retry = 0; retry < 5 && seen.contains(term); retry++) {
                term = term();
            }
            if (seen.contains(term)) {
                continue;
            }
            seen.add(term);
            sb.append(t == 0 ? "" : rnd.nextInt(3) == 0 ? " - " : " + ").append(term);
        }
        if (last) {
            for (String in : inputs) {
                if (!usedInputs.contains(in)) {
                    sb.append(" + ").append(linearTerm(inputs.indexOf(in)));
                }
            }
        }
        return sb.toString();
    }

    private String term() {
        int a = rnd.nextInt(inputs.size());
        return linear ? linearTerm(a) : nonlinearTerm(a);
    }

    private String linearTerm(int a) {
        int reads = 1 + rnd.nextInt(Math.min(4, shapes.get(a).size()) + 1);
        List<String> seen = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        for (int q = 0; q < reads; q++) {
            String read = read(a);
            if (seen.contains(read)) {
                continue;
            }
            String coef = switch (rnd.nextInt(5)) {
                case 0 -> "";
                case 1 -> "D * ";
                case 2 -> coefficient ? "c" + index(passiveOffset(), identity()) + " * " : "0.25 * ";
                case 3 -> (1 + rnd.nextInt(6)) + ".0 * ";
                default -> "0.5 * ";
            };
            sb.append(seen.isEmpty() ? "" : rnd.nextInt(4) == 0 ? " - " : " + ").append(coef).append(read);
            seen.add(read);
        }
        return seen.size() > 1 && rnd.nextBoolean() ? (coefficient ? "c" + index(passiveOffset(), identity()) : "D")
                + " * (" + sb + ")" : sb.toString();
    }

    private String nonlinearTerm(int a) {
        int b = rnd.nextInt(inputs.size());
        String x = read(a);
        return switch (rnd.nextInt(14)) {
            case 0 -> x + " * " + read(b);
            case 1 -> "sin(" + x + ")";
            case 2 -> "exp(0.5 * " + x + ")";
            case 3 -> "sqrt(" + x + " + 1.0)";
            case 4 -> "fmax(" + x + ", " + read(b) + ")";
            case 5 -> "fmin(" + x + ", 1.0)";
            case 6 -> "fabs(" + x + " - 1.0)";
            case 7 -> {
                String y = read(b);
                yield x + " / (1.0 + " + y + " * " + y + ")";
            }
            case 8 -> "pow(" + x + ", 1.5)";
            case 9 -> {
                String y = read(b);
                yield "(" + x + " > " + y + " ? " + x + " : 2.0 * " + y + ")";
            }
            case 10 -> "h1(" + x + ", " + read(b) + ")";
            case 11 -> "h2(" + x + ")";
            case 12 -> "D * log(" + x + ") * " + read(b);
            default -> x + " + " + linearTerm(b);
        };
    }

    /** A read of input {@code a} at one of its offsets, in its order of dimensions. */
    private String read(int a) {
        usedInputs.add(inputs.get(a));
        List<int[]> shape = shapes.get(a);
        int[] off = shape.get(rnd.nextInt(shape.size()));
        allOffsets.add(off);
        return inputs.get(a) + index(off, perms.get(a));
    }

    private int[] passiveOffset() {
        int[] off = new int[depth];
        if (rnd.nextInt(3) == 0) {
            int k = rnd.nextInt(depth);
            off[k] = rnd.nextBoolean() ? 1 : -1;
        }
        allOffsets.add(off);
        return off;
    }

    private String index(int[] off, int[] perm) {
        StringBuilder sb = new StringBuilder();
        for (int m = 0; m < depth; m++) {
            int k = perm[m];
            sb.append('[').append(counters[k]);
            if (off[k] > 0) {
                sb.append(" + ").append(off[k]);
            } else if (off[k] < 0) {
                sb.append(" - ").append(-off[k]);
            }
            sb.append(']');
        }
        return sb.toString();
    }

    private static String paren(String s) {
        return "(" + s + ")";
    }
}
