package org.paradjoint.fortran.lower;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Variable;

/**
 * A Fortran module of {@code bind(C)} interfaces for C functions with C-convention parameters
 * (what {@link CLayout} produces and C generators print), so that a Fortran program calls them
 * with its own arguments:
 * <ul>
 * <li>a scalar is {@code value} ({@code integer(c_int), value, intent(in) :: n});</li>
 * <li>a pointer that stands for an assigned scalar dummy ({@link CLayout.Result#byReference})
 * is a scalar passed by reference ({@code real(c_double), intent(inout) :: f});</li>
 * <li>any other array is assumed size ({@code real(c_double), intent(in) :: x(*)}): the caller
 * passes an array of any rank and bounds by sequence association; the C side indexes it in
 * memory order, as {@link CLayout} arranged.</li>
 * </ul>
 * The text compiles with {@code gfortran -std=f2008 -Wall -Werror}.
 */
public final class CInterfaceModule {

    /**
     * One C function.
     *
     * @param name           its C name (also the Fortran name)
     * @param params         its parameters, in C conventions
     * @param byReference    the pointer parameters that are scalars for Fortran
     * @param returnsPointer true for a function returning a pointer ({@code type(c_ptr)}); false for {@code void}
     */
    public record Entry(String name, List<Variable> params, Set<String> byReference, boolean returnsPointer) {

        public Entry {
            params = List.copyOf(params);
            byReference = Set.copyOf(byReference);
        }

        /** A {@code void} function. */
        public static Entry subroutine(String name, List<Variable> params, Set<String> byReference) {
            return new Entry(name, params, byReference, false);
        }
    }

    private static final int LINE = 96;

    private CInterfaceModule() {
    }

    /** The module {@code module} with one interface per entry, after a {@code !} comment line. */
    public static String print(String module, String comment, List<Entry> entries) {
        Set<String> kinds = new LinkedHashSet<>();
        List<String> bodies = new ArrayList<>();
        for (Entry e : entries) {
            Set<String> used = kindsOf(e);
            kinds.addAll(used);
            bodies.add(body(e, used));
        }
        StringBuilder sb = new StringBuilder();
        if (comment != null && !comment.isBlank()) {
            sb.append("! ").append(comment.strip()).append('\n');
        }
        sb.append("module ").append(module).append('\n');
        if (!kinds.isEmpty()) {
            sb.append("  use, intrinsic :: iso_c_binding, only: ").append(String.join(", ", kinds)).append('\n');
        }
        sb.append("  implicit none\n");
        sb.append("  interface\n");
        for (String b : bodies) {
            sb.append(b);
        }
        sb.append("  end interface\n");
        sb.append("end module ").append(module).append('\n');
        return sb.toString();
    }

    private static String body(Entry e, Set<String> kinds) {
        StringBuilder sb = new StringBuilder();
        List<String> names = e.params().stream().map(Variable::name).toList();
        String head = (e.returnsPointer() ? "type(c_ptr) function " : "subroutine ") + e.name() + "(";
        sb.append(wrap("    " + head, names, ") bind(C, name='" + e.name() + "')"));
        if (!kinds.isEmpty()) {
            sb.append("      import :: ").append(String.join(", ", kinds)).append('\n');
        }
        sb.append("      implicit none\n");
        for (Variable p : e.params()) {
            sb.append("      ").append(declaration(p, e.byReference().contains(p.name()))).append('\n');
        }
        sb.append("    end ").append(e.returnsPointer() ? "function " : "subroutine ").append(e.name()).append('\n');
        return sb.toString();
    }

    private static String declaration(Variable p, boolean byReference) {
        String type = kindType(p.type());
        if (p.isScalar()) {
            return type + ", value, intent(in) :: " + p.name();
        }
        if (byReference) {
            return type + ", intent(inout) :: " + p.name();
        }
        // arrays of any rank: a pointer to the first element, in C's memory order
        return type + (p.isConst() ? ", intent(in) :: " : ", intent(inout) :: ") + p.name() + "(*)";
    }

    private static Set<String> kindsOf(Entry e) {
        Set<String> out = new LinkedHashSet<>();
        if (e.returnsPointer()) {
            out.add("c_ptr");
        }
        for (Variable p : e.params()) {
            out.add(kind(p.type()));
        }
        return out;
    }

    private static String kindType(BaseType t) {
        return (t.isFloating() ? "real(" : "integer(") + kind(t) + ")";
    }

    private static String kind(BaseType t) {
        return switch (t) {
            case INT -> "c_int";
            case LONG -> "c_long";
            case FLOAT -> "c_float";
            case DOUBLE -> "c_double";
            case TAPE, PS_PLAN, PS_SET, MPI_COMM, MPI_REQUEST, MPI_STATUS, FLAGS -> throw new IllegalArgumentException(t.cName() + " has no Fortran interface");
        };
    }

    /** {@code head names tail}, continued with {@code &} so that no line exceeds {@value #LINE} characters. */
    private static String wrap(String head, List<String> names, String tail) {
        StringBuilder sb = new StringBuilder();
        StringBuilder line = new StringBuilder(head);
        for (int k = 0; k < names.size(); k++) {
            String piece = names.get(k) + (k + 1 < names.size() ? ", " : "");
            if (line.length() + piece.length() + 2 > LINE) {
                sb.append(line.toString().stripTrailing()).append(" &\n");
                line = new StringBuilder("        ");
            }
            line.append(piece);
        }
        if (line.length() + tail.length() + 2 > LINE) {
            sb.append(line.toString().stripTrailing()).append(" &\n");
            line = new StringBuilder("        ");
        }
        sb.append(line).append(tail).append('\n');
        return sb.toString();
    }
}
