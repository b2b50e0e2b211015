package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.fortran.print.FortranPrinter;

/**
 * Random IR kernels printed as Fortran and read back must give the same IR (structurally, with
 * variables compared in full): the printer and the front-end agree on precedence, signs,
 * literals, bounds, loop forms, conditionals, intrinsics, OpenMP clauses, atomics and
 * annotations (printed with {@link FortranPrinter#printAnnotated}). A failure names the seed and shows the printed text.
 */
class RoundTripPropertyTest {

    static final int KERNELS = 400;
    static final long FIRST_SEED = 1000;

    @Test
    void printedKernelsReadBackAsTheSameIr() {
        List<String> failures = new ArrayList<>();
        for (long seed = FIRST_SEED; seed < FIRST_SEED + KERNELS && failures.size() < 3; seed++) {
            Function want = RandomIr.kernel(seed);
            String text = FortranPrinter.printAnnotated(want);
            ParseResult r = new FortranFrontEnd().parse("k.f90", text);
            List<Diagnostic> problems = r.diagnostics();
            if (r.hasErrors() || !problems.isEmpty() || r.unit().functions().size() != 1) {
                failures.add("seed " + seed + ": " + problems + "\n" + text);
                continue;
            }
            String d = IrCompare.difference(want, r.unit().functions().get(0));
            if (d != null) {
                failures.add("seed " + seed + ": " + d + "\n" + text);
            }
        }
        if (!failures.isEmpty()) {
            fail(failures.size() + " kernel(s) do not round-trip; first:\n" + failures.get(0));
        }
    }

    @Test
    void kernelsAreVaried() {
        int parallel = 0;
        int atomic = 0;
        int lowerBounds = 0;
        for (long seed = FIRST_SEED; seed < FIRST_SEED + KERNELS; seed++) {
            String text = FortranPrinter.print(RandomIr.kernel(seed));
            parallel += text.contains("!$omp parallel do") ? 1 : 0;
            atomic += text.contains("!$omp atomic") ? 1 : 0;
            lowerBounds += text.contains("(0:") || text.contains("(-1:") ? 1 : 0;
        }
        assertEquals(true, parallel > KERNELS / 10, "parallel loops in " + parallel + " kernels");
        assertEquals(true, atomic > KERNELS / 20, "atomics in " + atomic + " kernels");
        assertEquals(true, lowerBounds > KERNELS / 3, "explicit lower bounds in " + lowerBounds + " kernels");
    }
}
