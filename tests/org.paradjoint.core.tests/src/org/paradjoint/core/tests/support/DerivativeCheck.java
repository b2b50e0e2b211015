package org.paradjoint.core.tests.support;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Generates, builds and runs a C driver that checks a tangent and an adjoint against each other
 * and against the primal: the dot-product test {@code <J xd, yb> = <xd, J^T yb>} (relative to the
 * sum of the absolute values of the terms) and the tangent against central finite differences.
 * Also checks that {@code f_b} increments (not overwrites) the adjoints of independents that are
 * not dependents. Arrays are described by their number of elements (a C expression over the
 * scalar parameters); integer arrays by a fill expression of the element index {@code k}.
 */
public final class DerivativeCheck {

    private final List<Function> primalFile;
    private final Function primal;
    private final String tangentText;
    private final DerivativeSignature tangent;
    private final String adjointText;
    private final DerivativeSignature adjoint;
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, String> sizes = new LinkedHashMap<>();
    private final Map<String, String> fills = new LinkedHashMap<>();
    private double dotTolerance = 1e-12;
    private double fdTolerance = 1e-6;
    private double step = 1e-6;

    /** Measured errors of one run. */
    public record Outcome(double dotError, double fdError, String output) {
    }

    /**
     * @param primalFile the functions of the primal file (callees included), printed with {@link CPrinter}
     * @param primal the differentiated function
     */
    public DerivativeCheck(List<Function> primalFile, Function primal, String tangentText, DerivativeSignature tangent,
            String adjointText, DerivativeSignature adjoint) {
        this.primalFile = primalFile;
        this.primal = primal;
        this.tangentText = tangentText;
        this.tangent = tangent;
        this.adjointText = adjointText;
        this.adjoint = adjoint;
    }

    /** The value of a scalar parameter (C expression). Floating scalars default to a random value. */
    public DerivativeCheck set(String param, String cValue) {
        values.put(param, cValue);
        return this;
    }

    /** The number of elements of an array parameter (C expression over the scalar parameters). */
    public DerivativeCheck size(String param, String count) {
        sizes.put(param, count);
        return this;
    }

    /** The contents of an array, as a C expression of the element index {@code k} (long). */
    public DerivativeCheck fill(String param, String exprOfK) {
        fills.put(param, exprOfK);
        return this;
    }

    public DerivativeCheck tolerances(double dot, double fd) {
        this.dotTolerance = dot;
        this.fdTolerance = fd;
        return this;
    }

    public DerivativeCheck step(double h) {
        this.step = h;
        return this;
    }

    private static String c(Variable v) {
        return v.type().cName();
    }

    private String count(Variable v) {
        String n = sizes.get(v.name());
        if (n == null) {
            throw new IllegalArgumentException("no size for array " + v.name());
        }
        return "(" + n + ")";
    }

    /** The C source of the driver (which #includes primal.c, tangent.c and adjoint.c). */
    public String mainSource() {
        StringBuilder m = new StringBuilder();
        m.append("#include <stdio.h>\n#include <stdlib.h>\n#include <math.h>\n");
        m.append("#include \"primal.c\"\n#include \"tangent.c\"\n#include \"adjoint.c\"\n\n");
        m.append("static double pa_rand(unsigned *s)\n{\n    *s = *s * 1103515245u + 12345u;\n"
                + "    return (double) ((*s >> 8) & 0xffffu) / 65536.0;\n}\n\n");
        m.append("static void *pa_alloc(long n, size_t sz)\n{\n    void *p = calloc((size_t) (n > 0 ? n : 1), sz);\n"
                + "    if (p == NULL) {\n        abort();\n    }\n    return p;\n}\n\n");
        m.append("int main(void)\n{\n    unsigned seed = 4242u;\n    long k;\n    const double h = ").append(step)
                .append(";\n    double lhs = 0.0, rhs = 0.0, mag = 0.0, fderr = 0.0, fdscale = 0.0, incerr = 0.0;\n");
        List<Variable> params = primal.params();
        // scalars first (they size VLAs and arrays)
        for (Variable p : params) {
            if (p.isScalar()) {
                String v = values.get(p.name());
                if (v == null) {
                    if (!p.isFloating()) {
                        throw new IllegalArgumentException("no value for integer scalar " + p.name());
                    }
                    v = "0.25 + pa_rand(&seed)";
                }
                m.append("    ").append(c(p)).append(" ").append(p.name()).append(" = ").append(v).append(";\n");
            }
        }
        for (Variable p : params) {
            if (p.isArray()) {
                String n = count(p);
                String t = c(p);
                m.append("    long N_").append(p.name()).append(" = ").append(n).append(";\n");
                m.append("    ").append(t).append(" *B_").append(p.name()).append(" = pa_alloc(N_").append(p.name())
                        .append(", sizeof(").append(t).append("));\n");
                m.append("    ").append(t).append(" *W_").append(p.name()).append(" = pa_alloc(N_").append(p.name())
                        .append(", sizeof(").append(t).append("));\n");
                String fill = fills.get(p.name());
                if (fill == null && !p.isFloating()) {
                    throw new IllegalArgumentException("no fill for integer array " + p.name());
                }
                m.append("    for (k = 0; k < N_").append(p.name()).append("; k++) {\n        B_").append(p.name())
                        .append("[k] = ").append(fill != null ? fill : "0.5 + pa_rand(&seed)").append(";\n    }\n");
            }
        }
        // derivative buffers
        for (DerivativeSignature.Param sp : tangent.params()) {
            if (!sp.isActive()) {
                continue;
            }
            Variable p = sp.primal();
            String n = p.name();
            if (p.isScalar()) {
                m.append("    double TD_").append(n).append(" = ").append(sp.independent() ? "pa_rand(&seed) - 0.5" : "0.0")
                        .append(";\n");
            } else {
                m.append("    double *TD_").append(n).append(" = pa_alloc(N_").append(n).append(", sizeof(double));\n");
                m.append("    double *TI_").append(n).append(" = pa_alloc(N_").append(n).append(", sizeof(double));\n");
                m.append("    double *FP_").append(n).append(" = pa_alloc(N_").append(n).append(", sizeof(double));\n");
                m.append("    (void) TI_").append(n).append(";\n    (void) FP_").append(n).append(";\n");
                if (sp.independent()) {
                    m.append("    for (k = 0; k < N_").append(n).append("; k++) {\n        TI_").append(n)
                            .append("[k] = TD_").append(n).append("[k] = pa_rand(&seed) - 0.5;\n    }\n");
                }
            }
        }
        // 1. tangent
        m.append("    /* tangent */\n");
        copyBase(m, params);
        m.append("    ").append(tangent.derivedName()).append("(").append(args(tangent, "TD_", false)).append(");\n");
        // 2. finite differences
        m.append("    /* central differences */\n");
        for (int sign : new int[] {1, -1}) {
            copyBase(m, params);
            String hs = sign > 0 ? "h" : "-h";
            StringBuilder call = new StringBuilder();
            for (Variable p : params) {
                if (call.length() > 0) {
                    call.append(", ");
                }
                DerivativeSignature.Param sp = param(tangent, p);
                if (p.isScalar()) {
                    call.append(sp.independent() ? p.name() + " + (" + hs + ") * TD_" + p.name() : p.name());
                } else {
                    call.append("(void *) W_").append(p.name());
                    if (sp.independent()) {
                        m.append("    for (k = 0; k < N_").append(p.name()).append("; k++) {\n        W_").append(p.name())
                                .append("[k] += (").append(hs).append(") * TI_").append(p.name()).append("[k];\n    }\n");
                    }
                }
            }
            m.append("    ").append(primal.name()).append("(").append(call).append(");\n");
            for (DerivativeSignature.Param sp : tangent.params()) {
                if (sp.dependent()) {
                    String n = sp.primal().name();
                    if (sign > 0) {
                        m.append("    for (k = 0; k < N_").append(n).append("; k++) {\n        FP_").append(n)
                                .append("[k] = W_").append(n).append("[k];\n    }\n");
                    } else {
                        m.append("    for (k = 0; k < N_").append(n).append("; k++) {\n")
                                .append("        double fd = (FP_").append(n).append("[k] - W_").append(n)
                                .append("[k]) / (2.0 * h);\n")
                                .append("        double e = fabs(fd - TD_").append(n).append("[k]);\n")
                                .append("        if (e > fderr) {\n            fderr = e;\n        }\n")
                                .append("        if (fabs(TD_").append(n).append("[k]) > fdscale) {\n")
                                .append("            fdscale = fabs(TD_").append(n).append("[k]);\n        }\n    }\n");
                    }
                }
            }
        }
        // 3. adjoint
        m.append("    /* adjoint */\n");
        copyBase(m, params);
        for (DerivativeSignature.Param sp : adjoint.params()) {
            if (!sp.isActive()) {
                continue;
            }
            String n = sp.primal().name();
            String init = sp.dependent() ? "pa_rand(&seed) - 0.5" : sp.independent() ? "0.125 + pa_rand(&seed)" : "0.0";
            if (sp.primal().isScalar()) {
                m.append("    double AD_").append(n).append("[1];\n    double AI_").append(n).append("[1];\n")
                        .append("    AI_").append(n).append("[0] = AD_").append(n).append("[0] = ").append(init)
                        .append(";\n");
            } else {
                m.append("    double *AD_").append(n).append(" = pa_alloc(N_").append(n).append(", sizeof(double));\n");
                m.append("    double *AI_").append(n).append(" = pa_alloc(N_").append(n).append(", sizeof(double));\n");
                m.append("    for (k = 0; k < N_").append(n).append("; k++) {\n        AI_").append(n)
                        .append("[k] = AD_").append(n).append("[k] = ").append(init).append(";\n    }\n");
            }
        }
        m.append("    ").append(adjoint.derivedName()).append("(").append(args(adjoint, "AD_", true)).append(");\n");
        for (DerivativeSignature.Param sp : adjoint.params()) {
            String n = sp.primal().name();
            DerivativeSignature.Param tp = param(tangent, sp.primal());
            if (sp.dependent()) {
                m.append("    for (k = 0; k < N_").append(n).append("; k++) {\n        double t = TD_").append(n)
                        .append("[k] * AI_").append(n).append("[k];\n        lhs += t;\n        mag += fabs(t);\n    }\n");
            }
            if (sp.independent() && tp.independent()) {
                String td = sp.primal().isScalar() ? "TD_" + n : "TI_" + n + "[k]";
                String len = sp.primal().isScalar() ? "1" : "N_" + n;
                String inc = sp.dependent() ? "AD_" + n + "[k]" : "(AD_" + n + "[k] - AI_" + n + "[k])";
                m.append("    for (k = 0; k < ").append(len).append("; k++) {\n        double t = ").append(td)
                        .append(" * ").append(inc).append(";\n        rhs += t;\n        mag += fabs(t);\n    }\n");
            }
        }
        m.append("    {\n        double dot = fabs(lhs - rhs) / (mag > 0.0 ? mag : 1.0);\n")
                .append("        double fd = fderr / (fdscale > 1e-300 ? fdscale : 1.0);\n")
                .append("        printf(\"dot %.17g %.17g %.3e\\n\", lhs, rhs, dot);\n")
                .append("        printf(\"fd %.3e scale %.3e\\n\", fd, fdscale);\n")
                .append("        printf(\"inc %.3e\\n\", incerr);\n")
                .append("        return dot <= ").append(dotTolerance).append(" && fd <= ").append(fdTolerance)
                .append(" && mag > 0.0 ? 0 : 1;\n    }\n}\n");
        return m.toString();
    }

    private static DerivativeSignature.Param param(DerivativeSignature s, Variable p) {
        return s.params().stream().filter(x -> x.primal().equals(p)).findFirst().orElseThrow();
    }

    private void copyBase(StringBuilder m, List<Variable> params) {
        for (Variable p : params) {
            if (p.isArray()) {
                m.append("    for (k = 0; k < N_").append(p.name()).append("; k++) {\n        W_").append(p.name())
                        .append("[k] = B_").append(p.name()).append("[k];\n    }\n");
            }
        }
    }

    private static String args(DerivativeSignature s, String prefix, boolean reverse) {
        List<String> out = new ArrayList<>();
        for (DerivativeSignature.Param sp : s.params()) {
            Variable p = sp.primal();
            out.add(p.isScalar() ? p.name() : "(void *) W_" + p.name());
            if (sp.isActive()) {
                out.add(p.isScalar() && !reverse ? prefix + p.name() : "(void *) " + prefix + p.name());
            }
        }
        return String.join(", ", out);
    }

    /** Writes the files, builds with gcc (asserting warning-free compilation) and runs with {@code threads} threads. */
    public Outcome run(int threads) {
        Path dir = ScratchDir.deletedAtExit("pa-check");
        Path p = ScratchDir.write(dir, "primal.c", CPrinter.printFile(primalFile));
        ScratchDir.write(dir, "tangent.c", tangentText);
        ScratchDir.write(dir, "adjoint.c", adjointText);
        Gcc.assertCompiles("primal.c", CPrinter.printFile(primalFile));
        Gcc.assertCompiles("tangent.c", tangentText);
        Gcc.assertCompiles("adjoint.c", adjointText);
        Path main = ScratchDir.write(dir, "main.c", mainSource());
        Path exe = Gcc.build(dir, "check", List.of(main), "-O1");
        Processes.Result r = Gcc.run(exe, Map.of("OMP_NUM_THREADS", Integer.toString(threads)), 60);
        double dot = Double.NaN;
        double fd = Double.NaN;
        for (String line : r.output().split("\n")) {
            String[] w = line.trim().split("\\s+");
            if (w[0].equals("dot") && w.length >= 4) {
                dot = Double.parseDouble(w[3]);
            } else if (w[0].equals("fd") && w.length >= 2) {
                fd = Double.parseDouble(w[1]);
            }
        }
        if (!r.ok()) {
            throw new AssertionError("derivative check failed (threads=" + threads + "): " + r.output()
                    + "\n--- tangent ---\n" + Processes.numbered(tangentText) + "\n--- adjoint ---\n"
                    + Processes.numbered(adjointText) + "\n" + p);
        }
        return new Outcome(dot, fd, r.output());
    }
}
