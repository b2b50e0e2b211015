package org.paradjoint.core.check;

import java.util.List;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.ir.Variable.Kind;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.DerivativeSignature.Param;
import org.paradjoint.core.transform.Mode;

/**
 * Two small functions with hand-written tangents and adjoints, so that the check driver is
 * tested without the differentiation engine. The IR holds only what the driver reads: parameter
 * declarations and the index expressions (right-hand sides are placeholders).
 */
final class HandWrittenKernels {

    private HandWrittenKernels() {
    }

    static final String PRIMAL = """
            #include <math.h>

            /* y[c[i]] = s sin(x[i+1]) x[i] in parallel; then z updated in place, in order */
            #pragma ad gradient(y, z : x, s, z)
            void tiny(int n, double *y, const double *x, double s, const int *c, double *z)
            {
                int i;
            #pragma omp parallel for private(i)
                for (i = 0; i < n; i++)
                    y[c[i]] = s * sin(x[i + 1]) * x[i];
                for (i = 0; i < n - 1; i++)
                    z[i] = z[i] * z[i + 1] + x[i];
            }

            void rowsum(int n, double (*out)[2], const double b[n][3])
            {
                int i;
                for (i = 0; i < n; i++) {
                    out[i][0] = b[i][0] * b[i][1];
                    out[i][1] = b[i][2] + exp(0.3 * b[i][0]);
                }
            }
            """;

    static final String RUNTIME = """
            #ifndef PARADJOINT_RUNTIME_H
            #define PARADJOINT_RUNTIME_H
            #include <math.h>
            #include <stdlib.h>
            #include <string.h>
            static inline double *pa_copy(const double *a, int n)
            {
                double *c = malloc(sizeof(double) * (size_t) (n > 0 ? n : 1));
                memcpy(c, a, sizeof(double) * (size_t) n);
                return c;
            }
            #endif
            """;

    /** {@code %s} slots: the three extra terms a broken variant may drop. */
    static String tangent(boolean broken) {
        return RUNTIME + """

                void tiny_d(int n, double *y, double *yd, const double *x, const double *xd, double s, double sd,
                            const int *c, double *z, double *zd)
                {
                    int i;
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        yd[c[i]] = sd * sin(x[i + 1]) * x[i] + s * cos(x[i + 1]) * xd[i + 1] * x[i]
                                 + %s s * sin(x[i + 1]) * xd[i];
                        y[c[i]] = s * sin(x[i + 1]) * x[i];
                    }
                    for (i = 0; i < n - 1; i++) {
                        zd[i] = zd[i] * z[i + 1] + z[i] * zd[i + 1] + xd[i];
                        z[i] = z[i] * z[i + 1] + x[i];
                    }
                }

                void rowsum_d(int n, double (*out)[2], double (*outd)[2], const double b[n][3], const double bd[n][3])
                {
                    int i;
                    for (i = 0; i < n; i++) {
                        outd[i][0] = bd[i][0] * b[i][1] + b[i][0] * bd[i][1];
                        out[i][0] = b[i][0] * b[i][1];
                        outd[i][1] = bd[i][2] + 0.3 * exp(0.3 * b[i][0]) * bd[i][0];
                        out[i][1] = b[i][2] + exp(0.3 * b[i][0]);
                    }
                }
                """.formatted(broken ? "1.001 *" : "");
    }

    static String adjoint(boolean broken) {
        return RUNTIME + """

                void tiny_b(int n, double *y, double *yb, const double *x, double *xb, double s, double *sb,
                            const int *c, double *z, double *zb)
                {
                    int i;
                    double *z0 = pa_copy(z, n);
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++)
                        y[c[i]] = s * sin(x[i + 1]) * x[i];
                    for (i = 0; i < n - 1; i++)
                        z[i] = z[i] * z[i + 1] + x[i];
                    for (i = n - 2; i >= 0; i--) {
                        double t = zb[i];
                        zb[i] = t * z0[i + 1];
                        zb[i + 1] += t * z0[i];
                        xb[i] += t;
                    }
                    for (i = n - 1; i >= 0; i--) {
                        double t = yb[c[i]];
                        yb[c[i]] = 0.0;
                        *sb += t * sin(x[i + 1]) * x[i];
                        xb[i + 1] += t * s * cos(x[i + 1]) * x[i];
                        xb[i] += %s t * s * sin(x[i + 1]);
                    }
                    free(z0);
                }

                void rowsum_b(int n, double (*out)[2], double (*outb)[2], const double b[n][3], double bb[n][3])
                {
                    int i;
                    for (i = 0; i < n; i++) {
                        out[i][0] = b[i][0] * b[i][1];
                        out[i][1] = b[i][2] + exp(0.3 * b[i][0]);
                    }
                    for (i = 0; i < n; i++) {
                        bb[i][0] += outb[i][0] * b[i][1] + 0.3 * exp(0.3 * b[i][0]) * outb[i][1];
                        bb[i][1] += outb[i][0] * b[i][0];
                        bb[i][2] += outb[i][1];
                        outb[i][0] = 0.0;
                        outb[i][1] = 0.0;
                    }
                }
                """.formatted(broken ? "1.001 *" : "");
    }

    // ---- IR of the two primals (declarations and index expressions) ----

    static Variable scalar(String name, BaseType t) {
        return Variable.scalar(name, t, Kind.PARAMETER);
    }

    static Variable array(String name, BaseType t, boolean isConst, Expr... extents) {
        List<Dim> dims = java.util.Arrays.stream(extents).map(Dim::c).toList();
        return new Variable(name, t, dims, Kind.PARAMETER, isConst, Layout.ROW_MAJOR, SourceRange.NONE);
    }

    static Expr ref(Variable v, Expr... idx) {
        return idx.length == 0 ? new VarRef(v) : new ArrayRef(v, List.of(idx));
    }

    static Expr add(Expr a, long k) {
        return new Binary(Binary.Op.ADD, a, new IntLit(k));
    }

    static Expr mul(Expr a, Expr b) {
        return new Binary(Binary.Op.MUL, a, b);
    }

    static For loop(Variable i, Expr bound, Stmt... body) {
        return new For(i, new IntLit(0), Binary.Op.LT, bound, new IntLit(1), Block.of(body), null, List.of(),
                SourceRange.NONE);
    }

    static final Variable N = scalar("n", BaseType.INT);
    static final Variable Y = array("y", BaseType.DOUBLE, false, (Expr) null);
    static final Variable X = array("x", BaseType.DOUBLE, true, (Expr) null);
    static final Variable S = scalar("s", BaseType.DOUBLE);
    static final Variable C = array("c", BaseType.INT, true, (Expr) null);
    static final Variable Z = array("z", BaseType.DOUBLE, false, (Expr) null);
    static final Variable I = Variable.scalar("i", BaseType.INT, Kind.LOCAL);

    static Function tiny() {
        Expr i = ref(I);
        Stmt first = Assign.set((ArrayRef) ref(Y, ref(C, i)),
                mul(mul(ref(S), ref(X, add(i, 1))), ref(X, i)));
        Stmt second = Assign.set((ArrayRef) ref(Z, i), mul(ref(Z, i), ref(Z, add(i, 1))));
        Block body = Block.of(loop(I, ref(N), first),
                loop(I, new Binary(Binary.Op.SUB, ref(N), new IntLit(1)), second));
        return new Function("tiny", null, List.of(N, Y, X, S, C, Z), List.of(I), body, List.of(), false, null,
                SourceRange.NONE);
    }

    static DerivativeSignature tinySignature(Mode mode) {
        String sfx = mode.defaultSuffix();
        return new DerivativeSignature("tiny", "tiny_" + sfx, mode, List.of(
                new Param(N, null, false, false),
                new Param(Y, Y.withName("y" + sfx).withConst(false), false, true),
                new Param(X, X.withName("x" + sfx).withConst(mode == Mode.TANGENT), true, false),
                new Param(S, S.withName("s" + sfx), true, false),
                new Param(C, null, false, false),
                new Param(Z, Z.withName("z" + sfx), true, true)));
    }

    static final Variable OUT = array("out", BaseType.DOUBLE, false, null, new IntLit(2));
    static final Variable B = array("b", BaseType.DOUBLE, true, new VarRef(N), new IntLit(3));

    static Function rowsum() {
        Expr i = ref(I);
        Stmt s0 = Assign.set((ArrayRef) ref(OUT, i, new IntLit(0)), mul(ref(B, i, new IntLit(0)), ref(B, i, new IntLit(1))));
        Stmt s1 = Assign.set((ArrayRef) ref(OUT, i, new IntLit(1)), ref(B, i, new IntLit(2)));
        return new Function("rowsum", null, List.of(N, OUT, B), List.of(I), Block.of(loop(I, ref(N), s0, s1)),
                List.of(), false, null, SourceRange.NONE);
    }

    static DerivativeSignature rowsumSignature(Mode mode) {
        String sfx = mode.defaultSuffix();
        return new DerivativeSignature("rowsum", "rowsum_" + sfx, mode, List.of(
                new Param(N, null, false, false),
                new Param(OUT, OUT.withName("out" + sfx), false, true),
                new Param(B, B.withName("b" + sfx).withConst(mode == Mode.TANGENT), true, false)));
    }
}
