package org.paradjoint.fortran.print;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.fortran.internal.Bounds;

/**
 * The specification part of a printed procedure: its {@code subroutine}/{@code function}
 * statement, the result variable, and one declaration line per dummy and local with its type,
 * intent and bounds. Kept apart from {@link FortranPrinter}, which prints the executable
 * statements, because Fortran declares every variable up front: block declarations of the IR
 * are hoisted here, and names are checked against Fortran's rules before anything is printed.
 */
final class FortranDeclarations {

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,62}");

    private final FortranExprPrinter exprs;
    /** Dummies to declare with assumed shape ({@code x(:)}) although the IR cannot tell them from {@code x(*)}. */
    private final Set<String> assumedShape;

    FortranDeclarations(FortranExprPrinter exprs, Set<String> assumedShape) {
        this.exprs = exprs;
        this.assumedShape = assumedShape;
    }

    /** The {@code subroutine} or {@code function} statement that opens {@code f}. */
    static String header(Function f) {
        String params = f.params().stream().map(Variable::name).collect(Collectors.joining(", "));
        if (f.returnType() == null) {
            return "subroutine " + f.name() + "(" + params + ")";
        }
        Variable r = resultVariable(f);
        return "function " + f.name() + "(" + params + ")" + (r.name().equals(f.name()) ? "" : " result(" + r.name()
                + ")");
    }

    /** The result variable: the local every {@code return} returns, or a new one. */
    static Variable resultVariable(Function f) {
        if (f.returnType() == null) {
            return null;
        }
        Set<Variable> returned = new LinkedHashSet<>();
        boolean[] other = {false};
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof Return r) {
                if (r.value() instanceof VarRef v && f.locals().contains(v.var())) {
                    returned.add(v.var());
                } else {
                    other[0] = true;
                }
            }
        });
        if (returned.size() == 1 && !other[0]) {
            return returned.iterator().next();
        }
        return Variable.scalar(f.name() + "_result", f.returnType(), Variable.Kind.LOCAL);
    }

    /**
     * The lines from {@code implicit none} through the last declaration: dummies (scalars, then
     * arrays), then, unless {@code paramsOnly}, the locals, {@code result} and the {@code hoisted}
     * block variables (scalars and tapes, then arrays). With {@code paramsOnly} (an interface
     * block) only the dummies and the result of a function.
     */
    List<String> declarations(Function f, Variable result, List<Variable> hoisted, boolean paramsOnly) {
        List<String> out = new ArrayList<>();
        out.add("implicit none");
        List<Variable> params = new ArrayList<>();
        f.params().stream().filter(Variable::isScalar).forEach(params::add);
        f.params().stream().filter(Variable::isArray).forEach(params::add);
        for (Variable v : params) {
            out.add(declaration(v, true));
        }
        if (paramsOnly) {
            if (f.returnType() != null) {
                Variable r = resultVariable(f);
                out.add(declaration(r, false));
            }
            return out;
        }
        List<Variable> locals = new ArrayList<>(f.locals());
        if (result != null && !locals.contains(result)) {
            locals.add(result);
        }
        for (Variable v : hoisted) {
            if (!locals.contains(v) && !f.params().contains(v)) {
                locals.add(v);
            }
        }
        for (Variable v : locals) {
            if (v.isScalar() || v.type() == BaseType.TAPE) {
                out.add(declaration(v, false));
            }
        }
        for (Variable v : locals) {
            if (v.isArray() && v.type() != BaseType.TAPE) {
                out.add(declaration(v, false));
            }
        }
        return out;
    }

    private String declaration(Variable v, boolean param) {
        if (v.type() == BaseType.TAPE) {
            return "type(pa_tape) :: " + v.name();
        }
        if (v.type() == BaseType.MPI_STATUS) {
            return FortranMpi.statusDeclaration(v, exprs.mpiF08);
        }
        String type = v.type() == BaseType.MPI_COMM || v.type() == BaseType.MPI_REQUEST
                ? FortranMpi.handleType(v, exprs.mpiF08) : typeName(v.type());
        String intent = param ? (v.isConst() ? ", intent(in)" : ", intent(inout)") : "";
        if (!param && allocatedOnEntry(v)) {
            return type + ", allocatable :: " + v.name() + "(" + ":, ".repeat(v.rank() - 1) + ":)";
        }
        return type + intent + " :: " + v.name() + (v.isArray() ? "(" + dims(v) + ")" : "");
    }

    /**
     * Whether a local array's extents call a procedure (a gathered MPI buffer holds a count per rank,
     * {@code n * pa_mpi_size(comm)}): no specification expression may, so it is allocatable and
     * allocated on entry ({@link #allocations}), and Fortran frees it on return.
     */
    static boolean allocatedOnEntry(Variable v) {
        return v.isArray() && !v.isParameter() && v.dims().stream()
                .anyMatch(d -> d.extent() != null && !ExprUtil.calls(d.extent()).isEmpty());
    }

    /** The {@code allocate} statements of the locals that are {@link #allocatedOnEntry allocated on entry}. */
    List<String> allocations(Function f, List<Variable> hoisted) {
        List<String> out = new ArrayList<>();
        List<Variable> locals = new ArrayList<>(f.locals());
        hoisted.stream().filter(v -> !locals.contains(v)).forEach(locals::add);
        for (Variable v : locals) {
            if (allocatedOnEntry(v)) {
                out.add("allocate(" + v.name() + "(" + dims(v) + "))");
            }
        }
        return out;
    }

    static String typeName(BaseType t) {
        return switch (t) {
            case INT -> "integer";
            case LONG -> "integer(8)";
            case FLOAT -> "real(4)";
            case DOUBLE -> "real(8)";
            case TAPE -> "type(pa_tape)";
            case PS_PLAN, PS_SET, MPI_COMM, MPI_REQUEST, MPI_STATUS, FLAGS -> throw new IllegalArgumentException(t.cName() + " has no Fortran form");
        };
    }

    private String dims(Variable v) {
        List<Dim> dims = FortranExprPrinter.inMemoryOrder(v, v.dims());
        boolean allUnknown = dims.stream().noneMatch(Dim::extentKnown);
        if (allUnknown && assumedShape.contains(v.name())) {
            return dims.stream().map(d -> d.lower() instanceof IntLit l && l.value() == 1 ? ":"
                    : exprs.numeric(d.lower(), 0) + ":").collect(Collectors.joining(", "));
        }
        List<String> parts = new ArrayList<>();
        for (int k = 0; k < dims.size(); k++) {
            Dim d = dims.get(k);
            String lower = d.lower() instanceof IntLit l && l.value() == 1 ? "" : exprs.numeric(d.lower(), 0) + ":";
            if (d.extentKnown()) {
                parts.add(lower + exprs.numeric(Bounds.upper(d.lower(), d.extent()), 0));
            } else if (k == dims.size() - 1 && !(allUnknown && dims.size() > 1)) {
                parts.add(lower + "*");
            } else if (allUnknown) {
                parts.add(lower.isEmpty() ? ":" : lower);
            } else {
                throw new UnsupportedException("fortran-output.array-has-unknown", v.range(), "array", v.name(),
                        "dimension", (k + 1), "size", dims.size());
            }
        }
        return String.join(", ", parts);
    }

    /** Variables declared by {@code Decl} anywhere in the body (Fortran declares them up front). */
    static List<Variable> hoisted(Block body) {
        List<Variable> out = new ArrayList<>();
        StmtUtil.forEach(body, s -> {
            if (s instanceof Decl d && !out.contains(d.var())) {
                out.add(d.var());
            }
        });
        return out;
    }

    /** Rejects names Fortran cannot spell, and names that differ only in case. */
    static void checkNames(Function f) {
        Map<String, String> seen = new HashMap<>();
        List<Variable> all = new ArrayList<>(f.params());
        all.addAll(f.locals());
        all.addAll(hoisted(f.body()));
        for (Variable v : all) {
            if (!NAME.matcher(v.name()).matches()) {
                throw new UnsupportedException("fortran-output.variable-name", v.range(), "name", v.name());
            }
            String lower = v.name().toLowerCase(Locale.ROOT);
            String prev = seen.putIfAbsent(lower, v.name());
            if (prev != null && !prev.equals(v.name())) {
                throw new UnsupportedException("fortran-output.are-same-name", v.range(), "name", v.name(), "other",
                        prev);
            }
        }
        if (!NAME.matcher(f.name()).matches()) {
            throw new UnsupportedException("fortran-output.function-name", f.range(), "name", f.name());
        }
    }
}
