package org.paradjoint.core.tests.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Consumer;

import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.Mode;

/** One-call end-to-end check of a kernel given as C text: differentiate both ways, build, run, assert. */
public final class Kernels {

    private Kernels() {
    }

    public static DiffResult differentiate(TranslationUnit u, String fn, Mode mode, DiffOptions options) {
        DiffResult r = Differentiator.differentiate(u, fn, mode, options);
        if (r.hasErrors()) {
            throw new AssertionError(mode + " of " + fn + " failed: " + r.diagnostics());
        }
        return r;
    }

    /** Tangent and adjoint of {@code fn}; both printed files are returned for shape assertions. */
    public static String[] check(String src, String fn, Consumer<DerivativeCheck> setup) {
        return check(src, fn, DiffOptions.defaults(), setup);
    }

    public static String[] check(String src, String fn, DiffOptions options, Consumer<DerivativeCheck> setup) {
        return check(src, fn, options, new int[] {1, 2}, setup);
    }

    /** As {@link #check(String, String, DiffOptions, Consumer)}, run with each number of threads given. */
    public static String[] check(String src, String fn, DiffOptions options, int[] threadCounts,
            Consumer<DerivativeCheck> setup) {
        TranslationUnit u = TinyC.parse(fn + ".c", src);
        DiffResult t = differentiate(u, fn, Mode.TANGENT, options);
        DiffResult b = differentiate(u, fn, Mode.REVERSE, options);
        String tt = CPrinter.printFile(List.of(t.function()));
        String bt = CPrinter.printFile(List.of(b.function()));
        DerivativeCheck dc = new DerivativeCheck(u.functions(), u.function(fn).orElseThrow(), tt, t.signature(), bt,
                b.signature());
        setup.accept(dc);
        for (int threads : threadCounts) {
            DerivativeCheck.Outcome o = dc.run(threads);
            assertTrue(o.dotError() <= 1e-12, () -> "dot-product test: " + o.output() + "\n" + bt);
            assertTrue(o.fdError() <= 1e-6, () -> "finite differences: " + o.output() + "\n" + tt);
        }
        return new String[] {tt, bt};
    }
}
