package org.paradjoint.stencil.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.stencil.StencilOptions;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The primal's OpenMP clauses on every emitted nest: collapse kept where the nest is deep
 * enough, private lists holding exactly the counters of the loops from the parallel one inward
 * (the body's scalar temporaries are gone), schedule kept, {@code default(none)} with complete
 * shared lists (counters of enclosing sequential loops included), and a
 * parallel loop that sat inside a sequential one stays inside. Checked on the IR and by running
 * the results against the conventional adjoint.
 */
class OpenMpTest {

    private static final String SOURCE = """
            void box(int n, double D, double r[n][n], const double u[n][n], const double c[n][n])
            {
                int i, j;
                double t;
            #pragma ad stencil adjoint(r:rb, u:ub)
            #pragma omp parallel for default(none) shared(n, D, r, u, c) private(i, j, t) schedule(static, 4) collapse(2)
                for (i = 1; i < n - 1; i++)
                    for (j = 1; j < n - 1; j++) {
                        t = u[i][j - 1] + u[i][j + 1];
                        r[i][j] = c[i][j] * (t * t + D * u[i - 1][j] - u[i + 1][j]);
                    }
            }

            void inner(int n, double r[n][n], const double u[n][n])
            {
                int i, j;
            #pragma ad stencil adjoint(r:rb, u:ub) strategy(guarded)
                for (i = 1; i < n - 1; i++) {
            #pragma omp parallel for
                    for (j = 1; j < n - 1; j++)
                        r[i][j] = u[i - 1][j] * u[i][j + 1];
                }
            }
            """;

    private static List<For> parallelLoops(Function f) {
        List<For> out = new ArrayList<>();
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof For loop && loop.omp() != null) {
                out.add(loop);
            }
        });
        return out;
    }

    private static int depth(For f) {
        int d = 1;
        while (f.body().stmts().size() == 1 && f.body().stmts().get(0) instanceof For inner) {
            d++;
            f = inner;
        }
        return d;
    }

    @Test
    void clausesAreCarriedToEveryNest() {
        TranslationUnit unit = Variants.parse("omp.c", SOURCE);
        for (StencilOptions.Strategy s : StencilOptions.Strategy.values()) {
            Function f = Variants.stencil(unit, "box", s).function();
            List<For> loops = parallelLoops(f);
            assertTrue(loops.size() >= 3, () -> CPrinter.print(f));
            for (For loop : loops) {
                OmpParallelFor omp = loop.omp();
                int depth = depth(loop);
                String text = CPrinter.print(f);
                assertEquals(depth >= 2 ? 2 : 0, omp.collapse(), text);
                assertEquals("static, 4", omp.schedule(), text);
                assertEquals("none", omp.defaultSharing(), text);
                List<String> inner = new ArrayList<>();
                StmtUtil.forEach(loop, x -> {
                    if (x instanceof For nested && !inner.contains(nested.counter().name())) {
                        inner.add(nested.counter().name());
                    }
                });
                assertEquals(inner, omp.privates().stream().map(Variable::name).toList(), text);
                List<String> shared = omp.shared().stream().map(Variable::name).toList();
                assertFalse(shared.contains("t") || inner.stream().anyMatch(shared::contains), text);
                assertTrue(shared.contains("rb") || shared.contains("ub"), text);
            }
        }
        Function inner = Variants.stencil(unit, "inner", StencilOptions.Strategy.GUARDED).function();
        for (For loop : parallelLoops(inner)) {
            // on j, the primal's parallel loop, unless the nest fixes j (then the gather is parallel over i)
            boolean hasJ = loop.counter().name().equals("j") || !loop.body().stmts().stream()
                    .filter(For.class::isInstance).toList().isEmpty();
            assertTrue(loop.counter().name().equals("j") || !hasJ, () -> CPrinter.print(inner));
        }
    }

    @Test
    void adaptedClausesCompileAndAgreeWithTheConventionalAdjoint() {
        TranslationUnit unit = Variants.parse("omp.c", SOURCE);
        List<Harness.Case> cases = new ArrayList<>();
        List<Function> core = new ArrayList<>();
        List<Function> stencil = new ArrayList<>();
        for (String name : List.of("box", "inner")) {
            Variants v = Variants.of(unit, name);
            core.addAll(List.of(v.conventional(), v.tangent()));
            stencil.addAll(List.of(v.split(), v.guarded()));
            cases.add(new Harness.Case(name, v.sTangent(), v.sConventional(), List.of(
                    new Harness.Variant("split", v.sSplit()), new Harness.Variant("guarded", v.sGuarded())), 2, 9,
                    p -> "(size_t) n * n", Map.of("D", "0.3")));
        }
        String code = CPrinter.printFile(core) + "\n" + CPrinter.printFile(stencil);
        Path dir = ScratchDir.create("pa-stencil-omp");
        try {
            Path exe = Gcc.build(ScratchDir.write(dir, "omp.c", Harness.program(code, cases)));
            int nontrivial = Harness.expectedNontrivial(cases, c -> c.nHi() - c.nLo());
            for (int threads : new int[] {1, 2}) {
                Processes.Result r = Gcc.run(exe, threads);
                assertTrue(r.ok() && r.output().contains("nontrivial: " + nontrivial), r::output);
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
