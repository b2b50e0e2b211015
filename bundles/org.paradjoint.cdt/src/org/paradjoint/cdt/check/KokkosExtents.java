package org.paradjoint.cdt.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.cdt.KokkosPrinter;
import org.paradjoint.core.analysis.IndexRanges;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Variable;

/**
 * The extents a driver gives the View parameters of a Kokkos function, every dimension of each
 * (a View carries its extents, unlike a C pointer): a compile-time extent ({@code double*[5]})
 * as declared; the leading extent of a rank-1 View as given explicitly; otherwise one past the
 * largest index the function uses in that dimension at the given integer values. The check
 * driver and the timing driver size their Views here, so both call the function on the same
 * shapes.
 */
public final class KokkosExtents {

    /** The extents of every View parameter, or the first one that could not be sized. */
    public record Result(Map<Variable, List<Long>> extents, Variable unsized) {

        public boolean complete() {
            return unsized == null;
        }
    }

    private KokkosExtents() {
    }

    /**
     * @param ints     values of the integer parameters
     * @param explicit leading extents of rank-1 Views by name, where the indices do not bound them
     * @param empty    how loops that do not run at these values count
     */
    public static Result of(Function primal, Map<String, Long> ints, Map<String, Long> explicit,
            IndexRanges.EmptyLoops empty) {
        IndexRanges ranges = IndexRanges.at(primal, ints, a -> IndexRanges.Interval.TOP, empty);
        Map<Variable, List<Long>> out = new LinkedHashMap<>();
        for (Variable v : primal.params()) {
            if (!v.isArray()) {
                continue;
            }
            List<Long> shape = new ArrayList<>();
            for (int d = 0; d < v.rank(); d++) {
                Long extent = compileTime(v.dims().get(d));
                if (extent == null && d == 0 && v.rank() == 1) {
                    extent = explicit.get(v.name());
                }
                if (extent == null) {
                    IndexRanges.Interval used = ranges.accessed().contains(v) && !ranges.passedWhole(v)
                            ? ranges.dimension(v, d) : null;
                    if (used == null || !used.bounded() || used.hi() < 0) {
                        return new Result(out, v);
                    }
                    extent = used.hi() + 1;
                }
                shape.add(extent);
            }
            out.put(v, List.copyOf(shape));
        }
        return new Result(out, null);
    }

    /** A compile-time extent ({@code double*[5]}), or null for a run-time one. */
    public static Long compileTime(Dim dim) {
        return dim.extentKnown() && dim.extent() instanceof IntLit l ? Long.valueOf(l.value()) : null;
    }

    /**
     * {@code Kokkos::View<...> name("name", e0, ...)}: a View of {@code v}'s type (made non-const)
     * with its run-time extents from {@code shape}.
     */
    public static String declaration(Variable v, String name, List<Long> shape) {
        StringBuilder sb = new StringBuilder(KokkosPrinter.concreteType(v.withConst(false)))
                .append(' ').append(name).append("(\"").append(name).append('"');
        for (int d = 0; d < v.rank(); d++) {
            if (compileTime(v.dims().get(d)) == null) {
                sb.append(", ").append(shape.get(d));
            }
        }
        return sb.append(");").toString();
    }
}
