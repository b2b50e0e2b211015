package org.paradjoint.race;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.analysis.LoopSlices;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Variable;

/**
 * What the default race strategy ({@code private}) does with the adjoint arrays of a loop that
 * have UNSAFE increments, for {@code paradjoint analyze}: accumulate them per thread, or keep
 * {@code omp atomic} and why. Seen from the primal loop, as the generator decides it: an array
 * the loop only reads has an adjoint the adjoint loop only increments; a per-thread copy needs a
 * double array argument of the function with declared extents (extents given with
 * {@code --extent} are not seen here). Fortran loops keep their atomics.
 */
final class PerThreadVerdicts {

    private PerThreadVerdicts() {
    }

    static LoopReport of(For loop, LoopReport report) {
        List<String> accumulated = new ArrayList<>();
        List<String> atomic = new ArrayList<>();
        Set<Variable> written = StmtUtil.writes(loop);
        for (ArrayReport a : report.arrays()) {
            if (a.unsafeCount() == 0) {
                continue;
            }
            String why = refusal(loop, a.array(), written);
            if (why == null) {
                accumulated.add(a.adjoint());
            } else {
                atomic.add(a.adjoint() + ": keeps omp atomic (race strategy private): " + why);
            }
        }
        return report.withPerThread(accumulated, atomic);
    }

    private static String refusal(For loop, String array, Set<Variable> written) {
        if (loop.counter().layout() == Layout.COLUMN_MAJOR) {
            return "Fortran adjoints are not accumulated per thread";
        }
        Optional<Variable> found = written.stream().filter(v -> v.name().equals(array)).findFirst();
        if (found.isPresent()) {
            return "the loop also writes " + array + ", so its adjoint is read and reset there too";
        }
        Variable v = referenced(loop, array);
        if (v == null || !v.isParameter()) {
            return array + " is not an array argument of the function";
        }
        String slice = LoopSlices.partialIndex(loop, v);
        if (slice != null) {
            return slice;
        }
        if (v.type() != BaseType.DOUBLE) {
            return "per-thread copies are made for double arrays only";
        }
        for (Dim d : v.dims()) {
            if (!d.extentKnown() || !(d.lower() instanceof IntLit l && l.value() == 0)) {
                return "the extents of " + array + " are not declared (declare them, or give --extent "
                        + array + "=EXPR to differentiate)";
            }
        }
        return null;
    }

    private static Variable referenced(For loop, String array) {
        Variable[] out = {null};
        StmtUtil.forEachExpr(loop.body(), e -> ExprUtil.forEach(e, x -> {
            if (x instanceof ArrayRef r && r.var().name().equals(array)) {
                out[0] = r.var();
            }
        }));
        return out[0];
    }
}
