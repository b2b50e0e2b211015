package org.paradjoint.cdt.tests.e2e;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.IncrementPolicy;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.core.transform.RaceStrategy;

/**
 * The adjoint in the shapes a race analysis can give its parallel loops besides all-atomic: every
 * increment plain (as when all are proven race-free), and every one in a {@code reduction(+: ...)}
 * clause (the reduction strategy, with extents {@code n + 8} for the arrays of functions that have
 * {@code n}, where the strategy applies). They are compiled only, to check them warning-free: nothing is proven here, so the
 * plain one may race, and the extents are not the kernel's.
 */
final class AdjointShapes {

    /** The text of each shape by file-name suffix, and the errors of differentiating them. */
    record Shapes(Map<String, String> files, List<Diagnostic> errors) {
    }

    private static final IncrementPolicy ALL_SAFE = (loop, primal) -> IncrementPolicy.Safety.SAFE;

    private AdjointShapes() {
    }

    static Shapes of(TranslationUnit unit) {
        List<Diagnostic> errors = new ArrayList<>();
        Map<String, String> files = new LinkedHashMap<>();
        List<Function> plain = new ArrayList<>();
        List<Function> reduction = new ArrayList<>();
        for (Function f : unit.functions()) {
            if (!Differentiator.isAnnotated(f)) {
                continue;
            }
            add(unit, f, DiffOptions.defaults().withIncrementPolicy(ALL_SAFE), plain, errors);
            if (f.lookup("n").filter(Variable::isParameter).isPresent()) {
                Map<String, String> extents = new LinkedHashMap<>();
                f.params().stream().filter(Variable::isArray).forEach(p -> extents.put(p.name(), "n + 8"));
                // a loop the strategy cannot handle (an extent it needs is not the leading one) is an
                // error the user is told about; that function just has no reduction shape
                add(unit, f, DiffOptions.defaults().withRaceStrategy(RaceStrategy.REDUCTION).withExtents(extents),
                        reduction, new ArrayList<>());
            }
        }
        files.put("_b_plain.c", CPrinter.printFile(plain));
        files.put("_b_reduction.c", CPrinter.printFile(reduction));
        return new Shapes(files, errors);
    }

    private static void add(TranslationUnit unit, Function f, DiffOptions options, List<Function> out,
            List<Diagnostic> errors) {
        DiffResult r = Differentiator.differentiate(unit, f.name(), Mode.REVERSE, options);
        r.diagnostics().stream().filter(Diagnostic::isError).forEach(errors::add);
        if (!r.hasErrors()) {
            out.add(r.function());
        }
    }
}
