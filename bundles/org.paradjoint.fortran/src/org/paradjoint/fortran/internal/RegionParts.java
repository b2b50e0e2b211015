package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.frontend.ParallelRegion;
import org.paradjoint.core.frontend.ParallelRegion.Part;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * Questions about the parts of a parallel region that {@link ExecutionPart} reads, and about
 * what it hands to and gets back from core's {@link ParallelRegion}: which loop counters the
 * region makes private, what its parts write, and
 * the Fortran wording of the lowering's errors.
 */
final class RegionParts {

    private RegionParts() {
    }

    /** The counters of every do loop in the parts. */
    static void counters(List<Part> parts, Set<Variable> into) {
        for (Part part : parts) {
            switch (part) {
                case ParallelRegion.Serial s -> {
                    into.add(s.loop().counter());
                    counters(s.body(), into);
                }
                case ParallelRegion.Worksharing w -> loopCounters(w.loop(), into);
                case ParallelRegion.Replicated r -> loopCounters(r.stmt(), into);
                case ParallelRegion.OneThread o -> loopCounters(o.body(), into);
                case ParallelRegion.InTurn t -> loopCounters(t.body(), into);
                case ParallelRegion.Barrier b -> {
                }
            }
        }
    }

    private static void loopCounters(Stmt s, Set<Variable> into) {
        StmtUtil.forEach(s, x -> {
            if (x instanceof For f) {
                into.add(f.counter());
            }
        });
    }

    /** The lowering's errors whose C wording would not fit Fortran, in Fortran words. */
    static Diagnostic fortranWording(Diagnostic d) {
        return switch (d.problem().id()) {
            case "unsupported-omp-region.in-turn" -> d.as("unsupported-omp-region.fortran-in-turn");
            case "unsupported-omp-region.partial-read" -> d.as("unsupported-omp-region.fortran-partial-read");
            case "unsupported-omp-region.shared-write" -> d.as("unsupported-omp-region.fortran-shared-write");
            default -> d;
        };
    }

    /** The statements of parts, for checks over what they write. */
    static List<Stmt> statementsOf(List<Part> parts) {
        List<Stmt> out = new ArrayList<>();
        for (Part part : parts) {
            switch (part) {
                case ParallelRegion.Worksharing w -> out.add(w.loop());
                case ParallelRegion.Replicated r -> out.add(r.stmt());
                case ParallelRegion.OneThread o -> out.add(o.body());
                case ParallelRegion.InTurn t -> out.add(t.body());
                case ParallelRegion.Serial s -> out.addAll(statementsOf(s.body()));
                case ParallelRegion.Barrier b -> {
                }
            }
        }
        return out;
    }
}
