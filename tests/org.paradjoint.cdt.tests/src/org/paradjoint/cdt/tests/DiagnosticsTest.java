package org.paradjoint.cdt.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;

/**
 * Unsupported or wrong input: each snippet must yield an error with a stable code, a message
 * that names the construct, and the line:column of the construct.
 */
class DiagnosticsTest {

    /** Asserts an error with this code at line:column whose message mentions every fragment. */
    private static Diagnostic expect(String source, String code, int line, int column, String... mentions) {
        ParseResult r = Sources.parse(source);
        assertTrue(r.hasErrors(), "expected errors");
        List<Diagnostic> withCode = r.diagnostics().stream().filter(d -> d.code().equals(code)).toList();
        if (withCode.isEmpty()) {
            fail("no `" + code + "` in " + r.diagnostics());
        }
        Diagnostic d = withCode.get(0);
        assertTrue(d.isError(), d::toString);
        assertEquals(line + ":" + column, d.range().line() + ":" + d.range().column(), d::toString);
        assertEquals("t.c", d.range().file());
        for (String m : mentions) {
            assertTrue(d.message().contains(m), () -> "message lacks `" + m + "`: " + d.message());
        }
        return d;
    }

    @Test
    void syntaxError() {
        expect("""
                void f(double *y) {
                  y[0] = = 1.0;
                }
                """, "syntax-error", 2, 3, "syntax error", "y[0] = = 1.0;");
    }

    @Test
    void syntaxErrorInDeclaration() {
        expect("""
                void f(double *y) {
                  double a b;
                  y[0] = 1.0;
                }
                """, "syntax-error", 2, 10, "syntax error");
    }

    @Test
    void gotoAndLabel() {
        String src = """
                void f(double *y) {
                  goto done;
                done:
                  y[0] = 1.0;
                }
                """;
        expect(src, "unsupported-goto", 2, 3, "goto", "rewrite");
        expect(src, "unsupported-label", 3, 1, "label");
    }

    @Test
    void whileLoopInAParallelLoop() {
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) {
                    while (y[i] > 1.0) y[i] = 0.5 * y[i];
                  }
                }
                """, "unsupported-while", 4, 5, "while", "parallel loop", "counted for loop");
    }

    @Test
    void doWhileLoopInAParallelLoop() {
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) {
                    do { y[i] = 0.5 * y[i]; } while (y[i] > 1.0);
                  }
                }
                """, "unsupported-do-while", 4, 5, "do", "parallel loop", "counted for loop");
    }

    @Test
    void switchAndEarlyExitsWhereTheyCannotBeLowered() {
        expect("""
                void f(int n, double *y) {
                  switch (n) { case 1: y[0] = 1.0; }
                }
                """, "unsupported-switch", 2, 3, "switch", "if/else");
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                      if (y[j] < 0.0) break;
                      y[i] = y[i] + y[j];
                    }
                  }
                }
                """, "unsupported-break", 5, 23, "break", "parallel loop", "guard the rest");
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) {
                    if (y[i] < 0.0) return;
                    y[i] = 2.0 * y[i];
                  }
                }
                """, "return-in-parallel", 4, 21, "return", "parallel loop", "flag");
        expect("""
                void f(double *y) {
                  y[0] = 1.0;
                  continue;
                }
                """, "unsupported-continue", 3, 3, "continue", "outside a loop");
    }

    @Test
    void pointerArithmeticInAnExpression() {
        expect("""
                void f(int n, double *y, const double *x) {
                  for (int i = 0; i < n; i++)
                    y[i] = *(x + i);
                }
                """, "unsupported-pointer-arithmetic", 3, 14, "pointer arithmetic", "x + i", "index the array");
    }

    @Test
    void pointerIncrement() {
        expect("""
                void f(int n, double *y) {
                  y[0] = 1.0;
                  y++;
                }
                """, "unsupported-pointer-arithmetic", 3, 3, "y++");
    }

    @Test
    void unknownAdPragma() {
        expect("""
                void f(double *y) {
                #pragma ad hessian(y : y)
                  y[0] = 1.0;
                }
                """, "unknown-pragma", 2, 12, "ad hessian", "gradient");
    }

    @Test
    void unknownAdicPragma() {
        expect("""
                void f(double *y) {
                #pragma $adic_gradient y
                  y[0] = 1.0;
                }
                """, "unknown-pragma", 2, 9, "$adic_gradient");
    }

    @Test
    void aLoopEveryThreadOfARegionRunsWritesSharedData() {
        expect("""
                void f(int n, double *y) {
                  int i;
                #pragma omp parallel
                  for (i = 0; i < n; i++) y[i] = 0.0;
                }
                """, "unsupported-omp-region", 4, 3, "every thread", "'i'");
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel
                  {
                    y[0] = 1.0;
                  }
                }
                """, "unsupported-omp-region", 4, 5, "every thread", "shared 'y'", "omp single");
    }

    @Test
    void ompCriticalAroundSomethingElseThanAnIncrement() {
        expect("""
                void f(int n, double *y, double s) {
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) {
                #pragma omp critical
                    s = y[i];
                  }
                }
                """, "unsupported-omp", 5, 5, "omp critical", "increments");
    }

    @Test
    void worksharingAndRegionDirectivesOutsideARegion() {
        expect("""
                void f(int n, double *y) {
                #pragma omp for
                  for (int i = 0; i < n; i++) y[i] = 0.0;
                }
                """, "unsupported-omp", 2, 1, "omp for", "outside a parallel region");
        expect("""
                void f(int n, double *y) {
                #pragma omp single
                  y[0] = 0.0;
                }
                """, "unsupported-omp", 2, 1, "omp single", "outside a parallel region");
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) {
                #pragma omp barrier
                    y[i] = 0.0;
                  }
                }
                """, "unsupported-omp", 4, 1, "omp barrier", "inside a parallel loop");
    }

    @Test
    void nestedParallelism() {
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel
                  {
                #pragma omp parallel for
                    for (int i = 0; i < n; i++) y[i] = 0.0;
                  }
                }
                """, "unsupported-omp-region", 4, 1, "nested parallelism");
    }

    @Test
    void atomicCaptureDependsOnTheOrderOfThreads() {
        expect("""
                void f(int n, double *y, const double *x) {
                  int k = 0;
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) {
                    int slot;
                #pragma omp atomic capture
                    slot = k++;
                    y[slot] = x[i];
                  }
                }
                """, "unsupported-omp", 7, 5, "`omp atomic capture`", "order");
    }

    @Test
    void locksProtectIncrementsInParallelLoopsOnly() {
        String header = "#include <omp.h>\n";
        expect(header + """
                void f(int n, double *y, const double *x) {
                  omp_lock_t l;
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) {
                    omp_set_lock(&l);
                    y[0] = x[i];
                    omp_unset_lock(&l);
                  }
                }
                """, "unsupported-omp", 7, 5, "omp_set_lock(&l)", "only increments", "y[0] = x[i];");
        expect(header + """
                void f(int n, double *y, const double *x) {
                  omp_lock_t l;
                  omp_set_lock(&l);
                  y[0] += x[0];
                  omp_unset_lock(&l);
                }
                """, "unsupported-omp", 4, 3, "outside a parallel loop");
        expect(header + """
                void f(int n, double *y, const double *x) {
                  omp_lock_t l;
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) {
                    omp_set_lock(&l);
                    y[0] += x[i];
                  }
                }
                """, "unsupported-omp", 6, 5, "without `omp_unset_lock(&l)`");
    }

    @Test
    void orderedBlocksHoldIncrementsInsideOrderedLoops() {
        // a general block inside another statement of the body: the loop cannot be split around it
        expect("""
                void f(int n, double *y, const double *x) {
                #pragma omp parallel for ordered
                  for (int i = 1; i < n; i++) {
                    if (x[i] > 0.0) {
                #pragma omp ordered
                      y[i] = y[i - 1] + x[i];
                    }
                  }
                }
                """, "unsupported-omp", 6, 7, "ordered", "increments", "reverse iteration order", "y[i] = y[i - 1] + x[i];");
        // a private value the part before the block leaves to it, computed from what the loop writes
        expect("""
                void f(int n, double *y, const double *x) {
                #pragma omp parallel for ordered
                  for (int i = 1; i < n; i++) {
                    double e = y[i] * x[i];
                #pragma omp ordered
                    y[i] = y[i - 1] + e;
                  }
                }
                """, "unsupported-omp", 6, 5, "'e'", "recomputed");
        // a reduction variable inside the block is a thread's partial value
        expect("""
                void f(int n, double *y, const double *x) {
                  double t = 0.0;
                #pragma omp parallel for ordered reduction(+: t)
                  for (int i = 1; i < n; i++) {
                    t += x[i];
                #pragma omp ordered
                    y[i] = y[i - 1] * t;
                  }
                  y[0] = t;
                }
                """, "unsupported-omp", 7, 5, "'t'", "partial value");
        // the same rules in a worksharing loop of a region, which is split where the region is lowered
        expect("""
                void f(int n, double *y, const double *x) {
                #pragma omp parallel
                  {
                #pragma omp for ordered
                    for (int i = 1; i < n; i++) {
                      double e = y[i] * x[i];
                #pragma omp ordered
                      y[i] = y[i - 1] + e;
                    }
                  }
                }
                """, "unsupported-omp", 8, 7, "'e'", "recomputed");
        expect("""
                void f(int n, double *y, const double *x) {
                #pragma omp parallel
                  {
                #pragma omp for ordered
                    for (int i = 1; i < n; i++) {
                      if (x[i] > 0.0) {
                #pragma omp ordered
                        y[i] = y[i - 1] + x[i];
                      }
                    }
                  }
                }
                """, "unsupported-omp", 8, 9, "ordered", "inside another statement", "y[i] = y[i - 1] + x[i];");
        expect("""
                void f(int n, double *y, const double *x) {
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) {
                #pragma omp ordered
                    y[0] += x[i];
                  }
                }
                """, "unsupported-omp", 4, 1, "`ordered` clause");
        expect("""
                void f(int n, double *y, const double *x) {
                #pragma omp parallel for ordered(1)
                  for (int i = 1; i < n; i++) {
                #pragma omp ordered depend(sink: i - 1)
                    y[0] += x[i];
                  }
                }
                """, "unsupported-omp", 2, 26, "ordered(n)");
        expect("""
                void f(int n, double *y, const double *x) {
                #pragma omp parallel for ordered
                  for (int i = 1; i < n; i++) {
                #pragma omp ordered simd
                    y[0] += x[i];
                  }
                }
                """, "unsupported-omp", 4, 21, "`simd`");
    }

    @Test
    void sectionsNeedABlockAndSectionNeedsSections() {
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel
                  {
                #pragma omp sections
                    for (int i = 0; i < n; i++) y[i] = 0.0;
                  }
                }
                """, "unsupported-omp-region", 5, 5, "`omp sections`", "block");
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel
                  {
                #pragma omp section
                    y[0] = 1.0;
                  }
                }
                """, "unsupported-omp-region", 4, 1, "`omp section` outside", "omp sections");
    }

    @Test
    void aValueAWorksharingLoopLeavesIsReadAfterIt() {
        expect("""
                void f(int n, double *y, const double *x) {
                #pragma omp parallel
                  {
                    double t = 0.0;
                #pragma omp for
                    for (int i = 0; i < n; i++) { t = x[i]; y[i] = t * t; }
                #pragma omp single
                    y[0] = t;
                  }
                }
                """, "unsupported-omp-region", 8, 5, "'t'", "which iterations each thread ran");
    }

    @Test
    void everyThreadAddingTheSameValueIsNotAPartialSum() {
        expect("""
                void f(int n, double *s, const double *x) {
                #pragma omp parallel
                  {
                    double c = x[0];
                #pragma omp atomic
                    s[0] += c;
                  }
                }
                """, "unsupported-omp-region", 6, 5, "omp atomic", "partial sums");
    }

    @Test
    void threadNumbersWhereTheyCannotBeGiven() {
        expect("""
                int omp_get_thread_num(void);
                void f(int n, double *y) {
                #pragma omp parallel
                  {
                    int t = omp_get_thread_num();
                #pragma omp for
                    for (int i = 0; i < n; i++) y[i] = t;
                  }
                }
                """, "unsupported-omp-region", 7, 5, "`t`", "thread number");
        expect("""
                int omp_get_thread_num(void);
                void f(int n, double *y, double *w) {
                #pragma omp parallel
                  {
                    int t = omp_get_thread_num();
                    double mine = 0.0;
                    for (int i = t; i < t + 1; i++) mine = y[i];
                #pragma omp barrier
                    w[t] = mine;
                  }
                }
                """, "unsupported-omp-region", 9, 5, "'mine'", "carrying a thread's own value");
    }

    /** {@code omp simd} alone is not read; the name it is given stops before its clauses. */
    @Test
    void ompSimdAloneIsNamedWithoutItsClauses() {
        expect("""
                void f(int n, double *y) {
                  double s = 0.0;
                #pragma omp simd reduction(+ : s)
                  for (int i = 0; i < n; i++) s += y[i];
                  y[0] = s;
                }
                """, "unsupported-omp", 3, 8, "`omp simd`");
    }

    /** A combined construct {@code parallel X} is named as a construct, whichever construct X is. */
    @Test
    void combinedParallelConstructsAreNamedAsConstructs() {
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel loop
                  for (int i = 0; i < n; i++) y[i] = 2.0 * y[i];
                }
                """, "unsupported-omp", 2, 8, "`omp parallel loop`");
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel taskloop num_tasks(4)
                  for (int i = 0; i < n; i++) y[i] = 2.0 * y[i];
                }
                """, "unsupported-omp", 2, 8, "`omp parallel taskloop`");
    }

    @Test
    void ompNowaitAndUnsupportedClause() {
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel for nowait
                  for (int i = 0; i < n; i++) y[i] = 0.0;
                }
                """, "unsupported-omp-clause", 2, 26, "nowait");
        expect("""
                void f(int n, double *y) {
                  int i;
                #pragma omp parallel for lastprivate(i)
                  for (i = 0; i < n; i++) y[i] = 0.0;
                }
                """, "unsupported-omp-clause", 3, 26, "lastprivate");
    }

    @Test
    void unknownVariableInAnOmpClause() {
        expect("""
                void f(int n, double *y) {
                  int i;
                #pragma omp parallel for private(i, tmp)
                  for (i = 0; i < n; i++) y[i] = 0.0;
                }
                """, "unknown-variable", 3, 37, "tmp");
    }

    @Test
    void unknownVariableInAGradientPragma() {
        expect("""
                void f(int n, double *y, const double *x) {
                #pragma ad gradient(y : z)
                  for (int i = 0; i < n; i++) y[i] = x[i];
                }
                """, "unknown-variable", 2, 25, "`z`");
    }

    @Test
    void unknownVariableInADisjointExpression() {
        expect("""
                void f(int n, double *y, const int *c) {
                #pragma ad disjoint(c[k])
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) y[c[i]] = 1.0;
                }
                """, "unknown-variable", 2, 23, "`k`");
    }

    @Test
    void unknownVariableInAStatement() {
        expect("""
                void f(int n, double *y) {
                  y[0] = q * 2.0;
                }
                """, "unknown-variable", 2, 10, "`q`");
    }

    @Test
    void malformedGradientWithoutColon() {
        expect("""
                void f(int n, double *y, const double *x) {
                #pragma ad gradient(y, x)
                  for (int i = 0; i < n; i++) y[i] = x[i];
                }
                """, "malformed-pragma", 2, 25, "ad gradient", "`:`");
    }

    @Test
    void malformedStencilStrategy() {
        expect("""
                void f(int n, double *r, const double *u) {
                #pragma ad stencil adjoint(r:rb, u:ub) strategy(fast)
                  for (int i = 1; i < n; i++) r[i] = u[i - 1];
                }
                """, "malformed-pragma", 2, 49, "split", "guarded");
    }

    @Test
    void pragmaWithNothingAfterItInItsBlock() {
        expect("""
                void f(int n, double *y) {
                  if (n > 0) {
                    y[0] = 1.0;
                #pragma ad elemental
                  }
                  y[1] = 2.0;
                }
                """, "dangling-pragma", 4, 1, "ad elemental", "not followed");
    }

    @Test
    void pragmaAtTheEndOfTheFile() {
        ParseResult r = Sources.parse("""
                void f(double *y) { y[0] = 1.0; }
                #pragma ad gradient(y : y)
                """);
        expect("""
                void f(double *y) { y[0] = 1.0; }
                #pragma ad gradient(y : y)
                """, "dangling-pragma", 2, 1, "ad gradient", "not followed");
        assertTrue(r.unit().function("f").isPresent(), "f itself is fine; the file still has an error");
    }

    @Test
    void misplacedPragmas() {
        expect("""
                void f(int n, double *y) {
                #pragma ad elemental
                  for (int i = 0; i < n; i++) y[i] = 0.0;
                }
                """, "misplaced-pragma", 2, 1, "ad elemental", "assignment");
        expect("""
                void f(int n, double *y) {
                #pragma omp parallel for
                  y[0] = 0.0;
                }
                """, "misplaced-pragma", 2, 1, "for loop");
        expect("""
                void f(int n, double *y, const int *c) {
                #pragma ad disjoint(c[i])
                  for (int i = 0; i < n; i++) y[c[i]] = 0.0;
                }
                """, "misplaced-pragma", 2, 1, "parallel loop");
    }

    @Test
    void structParameterAndMemberAccess() {
        expect("""
                struct P { double x; };
                void f(double *y, struct P p) {
                  y[0] = p.x;
                }
                """, "unsupported-struct", 2, 19, "struct");
        expect("""
                void f(double *y) {
                  struct { double x; } p;
                  p.x = 1.0;
                }
                """, "unsupported-struct", 2, 3, "struct");
    }

    /** OpenMP 4.5's array-section reduction is valid OpenMP: refused as unsupported, with what replaces it. */
    @Test
    void anArraySectionReductionIsUnsupportedNotMalformed() {
        Diagnostic d = expect("""
                void f(int n, int nb, const int *bin, const double *w, double *h) {
                #pragma omp parallel for reduction(+ : h[:nb])
                  for (int i = 0; i < n; i++) h[bin[i]] += w[i];
                }
                """, "unsupported-omp-clause", 2, 41, "array section", "`h[...]`", "omp atomic");
        assertTrue(!d.message().contains("malformed"), d::message);
    }

    /** An array of structs is named as such, with the structure of arrays that replaces it. */
    @Test
    void anArrayOfStructsIsNamedAsOne() {
        Diagnostic d = expect("""
                typedef struct { double x, m; } body_t;
                void f(int n, const body_t *b, double *y) {
                  for (int j = 0; j < n; j++) y[j] = b[j].x * b[j].m;
                }
                """, "unsupported-struct", 3, 38, "`b[j]`", "array of structs", "structure of arrays");
        assertTrue(!d.message().contains("use `b->m`"), d::message);
    }

    @Test
    void globalVariable() {
        expect("""
                double scale = 2.0;
                void f(double *y) {
                  y[0] = scale * y[0];
                }
                """, "unsupported-global", 3, 10, "scale", "pass it as a parameter");
    }

    @Test
    void addressOf() {
        expect("""
                void g(double *a);
                void f(double *y, double s) {
                  g(&s);
                  y[0] = s;
                }
                """, "unsupported-address-of", 3, 5, "&s");
    }

    @Test
    void assignmentAndIncrementInAnExpression() {
        // a chain a = b = e is b = e; a = b (AssignmentFormsTest); an assignment inside another expression is not
        expect("""
                void f(double *y, double a, double b) {
                  a = (b = 1.0) + 2.0;
                  y[0] = a;
                }
                """, "unsupported-assignment-in-expression", 2, 8, "b = 1.0", "one assignment per statement");
        expect("""
                void f(double *y, int k) {
                  y[k] = k = 1;
                }
                """, "unsupported-assignment-in-expression", 2, 3, "`y[k] = k = 1`, `y[k]` reads `k`",
                "the order of that read and that store");
        expect("""
                void f(double *y, int i, int j) {
                  i = j++;
                  y[i] = 0.0;
                }
                """, "unsupported-assignment-in-expression", 2, 7, "j++");
    }

    @Test
    void localPointerIntoAParameter() {
        expect("""
                void f(int n, double *y) {
                  double *p = y + 1;
                  p[0] = 1.0;
                }
                """, "unsupported-local-pointer", 2, 10, "local pointer", "`p`", "alias");
    }

    /** A local pointer that names an array but is set again later says which array to index. */
    @Test
    void localPointerNamingAnArraySetAgainSaysWhichArrayToIndex() {
        expect("""
                void f(int n, double *y, double *z) {
                  double *p = y;
                  p[0] = 1.0;
                  p = z;
                  p[0] = 2.0;
                }
                """, "unsupported-local-pointer", 2, 10, "`p`", "set again");
    }

    /** A local pointer that only names an array is that array: no error, and its uses are the array's. */
    @Test
    void localPointerNamingAnArrayIsTheArray() {
        ParseResult r = Sources.parse("""
                typedef struct { int n; double *u; } grid_t;
                void f(grid_t *g, double *y) {
                  double *restrict u = g->u;
                  double *w = y;
                  for (int i = 0; i < g->n; i++)
                    w[i] = 2.0 * u[i];
                }
                """);
        assertFalse(r.hasErrors(), r.diagnostics()::toString);
        List<String> names = org.paradjoint.core.expr.StmtUtil.mentioned(r.unit().function("f").orElseThrow().body())
                .stream().map(org.paradjoint.core.ir.Variable::name).toList();
        assertTrue(names.contains("g_u") && names.contains("y") && !names.contains("u") && !names.contains("w"),
                names::toString);
    }

    /**
     * Buffers rotated by swapping pointers between time steps: the error says how to write it
     * instead, and is the only one (the uses of the refused pointers are not unknown names).
     */
    @Test
    void pointersSwappedBetweenTimeStepsAreNamedAsARotationOnce() {
        String source = """
                void heat(int n, int steps, double *u, double *tmp) {
                  int t, i;
                  double *a = u, *b = tmp, *s;
                  for (t = 0; t < steps; t++) {
                    for (i = 1; i < n - 1; i++)
                      b[i] = a[i] + 0.1 * (a[i - 1] - 2.0 * a[i] + a[i + 1]);
                    s = a;
                    a = b;
                    b = s;
                  }
                }
                """;
        Diagnostic d = expect(source, "unsupported-local-pointer", 3, 10, "`a`", "`a = b`", "rotated",
                "two steps per iteration", "copy the new values");
        assertEquals(List.of(d), Sources.parse(source).diagnostics());
    }

    @Test
    void commaExpressionAndStringLiteral() {
        expect("""
                void f(double *y, int i, int j) {
                  i = 0, j = 1;
                }
                """, "unsupported-comma", 2, 3, "comma");
        // a passive library call (printf) keeps its string literals; any other call cannot take one
        expect("""
                void log_value(const char *fmt, double v);
                void f(double *y) {
                  log_value("%g", y[0]);
                }
                """, "unsupported-string-literal", 3, 13, "string literal");
    }

    @Test
    void unsupportedTypes() {
        expect("""
                void f(long double *y) {
                  y[0] = 1.0;
                }
                """, "unsupported-long-double", 1, 8, "long double");
        expect("""
                void f(double *y) {
                  double _Complex z;
                  y[0] = 1.0;
                }
                """, "unsupported-complex", 2, 3, "complex");
        expect("""
                void f(double **y) {
                  y[0][0] = 1.0;
                }
                """, "unsupported-pointer-to-pointer", 1, 15, "pointer to pointer");
        expect("""
                void f(double (*g)(double), double *y) {
                  y[0] = g(1.0);
                }
                """, "unsupported-function-pointer", 1, 15, "function pointer");
    }

    @Test
    void unsupportedForHeaders() {
        expect("""
                void f(int n, double *y) {
                  int i;
                  for (i = 0; ; i++) y[i] = 0.0;
                }
                """, "unsupported-for", 3, 3, "no condition");
        expect("""
                void f(int n, double *y) {
                  int i, j = 0;
                  for (i = 0; j < n; i++) y[i] = 0.0;
                }
                """, "unsupported-for", 3, 15, "j < n", "counter `i`");
        expect("""
                void f(int n, double *y) {
                  int i;
                  for (i = 0; i < n; i *= 2) y[i] = 0.0;
                }
                """, "unsupported-for", 3, 22, "i *= 2");
        expect("""
                void f(int n, double *y) {
                  for (int i = 0; i < n; i++) { y[i] = 0.0; i = i + 1; }
                }
                """, "unsupported-for", 2, 45, "loop counter `i` is assigned");
    }

    @Test
    void localArraysNeedAConstantSizeOrOneOverParametersAndStaticsAreRefused() {
        expect("""
                void f(int n, double *y) {
                  int m = n + 1;
                  double t[m];
                  t[0] = 1.0;
                  y[0] = t[0];
                }
                """, "unsupported-local-vla", 3, 12, "constant size", "integer parameters");
        expect("""
                void f(int n, double *y) {
                  double t[n];
                  t[0] = 1.0;
                  n = 2;
                  y[0] = t[0] * n;
                }
                """, "unsupported-local-vla", 2, 10, "`t`", "`n`", "assigns");
        assertFalse(Sources.parse("""
                void f(int n, double *y) {
                  double t[n][2 * n];
                  t[0][1] = 1.0;
                  y[0] = t[0][1];
                }
                """).hasErrors());
        expect("""
                void f(double *y) {
                  static double calls = 0.0;
                  y[0] = calls;
                }
                """, "unsupported-static-local", 2, 3, "static");
    }

    @Test
    void partialSubscriptOfAMultiDimensionalArray() {
        expect("""
                void g(double *row);
                void f(int n, double (*a)[4]) {
                  g(a[1]);
                }
                """, "unsupported-subscript", 3, 5, "a[1]", "index every dimension");
    }

    @Test
    void preprocessorError() {
        expect("""
                #error needs a configuration
                void f(double *y) { y[0] = 1.0; }
                """, "preprocessor-error", 1, 8, "needs a configuration");
    }

    @Test
    void everyErrorOfAFunctionIsReportedAndTheFunctionIsLeftOut() {
        ParseResult r = Sources.parse("""
                void ok(double *y) { y[0] = 1.0; }
                void bad(int n, double *y) {
                  int i = 0;
                  switch (i) { default: i = n; }
                  goto out;
                out:
                  y[0] = &y[1];
                }
                """);
        assertTrue(r.hasErrors());
        List<String> codes = r.diagnostics().stream().map(Diagnostic::code).toList();
        assertEquals(List.of("unsupported-switch", "unsupported-goto", "unsupported-label",
                "unsupported-address-of"), codes);
        assertTrue(r.unit().function("ok").isPresent());
        assertFalse(r.unit().function("bad").isPresent(), "no partial output for a function with errors");
        assertTrue(r.diagnostics().get(0).format().startsWith("t.c:4:3: error: "), r.diagnostics().get(0)::format);
    }
}
