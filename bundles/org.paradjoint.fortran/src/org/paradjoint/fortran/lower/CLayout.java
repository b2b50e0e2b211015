package org.paradjoint.fortran.lower;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * A Fortran procedure rewritten with C's conventions, so that transformations that generate C
 * from the IR (partial separability) index it correctly:
 * <ul>
 * <li>every subscript counts from 0: the dimension's declared lower bound is subtracted
 * ({@code a(i)} of {@code a(0:n)} stays {@code a[i]}, of {@code a(n)} becomes {@code a[i - 1]});</li>
 * <li>a column-major array of rank &gt; 1 becomes row-major with its dimensions and subscripts
 * reversed ({@code a(i, j)} of {@code a(0:n, m)} is {@code a[j - 1][i]} of {@code a[m][n + 1]}):
 * the same memory, so a Fortran caller passes its arrays unchanged;</li>
 * <li>an array dummy keeps its leading (C) extent when it names earlier dummies only
 * ({@code const double w[m][n + 1]}: C then counts {@code m} as used, as Fortran does), and
 * loses it otherwise ({@code const double *x} for {@code x(n)} before {@code n});</li>
 * <li>a scalar dummy the procedure assigns becomes a pointer ({@code f = ...} is
 * {@code f[0] = ...}, C's {@code *f}), which is how Fortran passes it; the scalars it only reads
 * stay values (the C entry point takes them by value: see {@link CInterfaceModule}).</li>
 * </ul>
 * Loops, intrinsics and OpenMP clauses already follow C in the IR. What C cannot declare is a
 * located error: an assumed-shape dimension other than the last, an inner extent that names a
 * later dummy, a dummy used only in such an extent, a C keyword as a name, an assigned scalar
 * dummy as a loop counter or in an OpenMP clause.
 */
public final class CLayout {

    private static final Set<String> C_KEYWORDS = Set.of("auto", "break", "case", "char", "const", "continue",
            "default", "do", "double", "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int",
            "long", "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch",
            "typedef", "union", "unsigned", "void", "volatile", "while", "main");

    /**
     * The lowered unit ({@link TranslationUnit.Language#C}, same file name), the scalar dummies of
     * each procedure that became pointers, and the errors (the unit is empty when there is one).
     */
    public record Result(TranslationUnit unit, Map<String, Set<String>> byReference, List<Diagnostic> diagnostics) {

        public Result {
            byReference = Collections.unmodifiableMap(new LinkedHashMap<>(byReference));
            diagnostics = List.copyOf(diagnostics);
        }

        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }

        /** The scalar dummies of {@code procedure} that are pointers in C. */
        public Set<String> byReference(String procedure) {
            return byReference.getOrDefault(procedure, Set.of());
        }
    }

    private final Function f;
    private final Set<Variable> pointers;
    private final Map<Variable, Variable> lowered = new LinkedHashMap<>();
    /** The variables of the leading extents C cannot declare (dropped). */
    private final Set<Variable> inDroppedExtents = new LinkedHashSet<>();
    private final Diagnostics diags;

    private CLayout(Function f, Diagnostics diags) {
        this.f = f;
        this.diags = diags;
        this.pointers = referenceScalars(f);
    }

    /** Every procedure of a Fortran unit. */
    public static Result of(TranslationUnit unit) {
        return of(unit, unit.functions().stream().map(Function::name).collect(Collectors.toSet()));
    }

    /**
     * The procedures of a Fortran unit named in {@code procedures} (the others are left out of
     * the lowered unit, and their problems unreported).
     */
    public static Result of(TranslationUnit unit, Set<String> procedures) {
        Diagnostics diags = new Diagnostics();
        List<Function> out = new ArrayList<>();
        Map<String, Set<String>> refs = new LinkedHashMap<>();
        for (Function f : unit.functions()) {
            if (!procedures.contains(f.name())) {
                continue;
            }
            CLayout l = new CLayout(f, diags);
            out.add(l.lower());
            Set<String> names = new LinkedHashSet<>();
            l.pointers.forEach(v -> names.add(v.name()));
            refs.put(f.name(), names);
        }
        TranslationUnit lowered = new TranslationUnit(unit.file(), TranslationUnit.Language.C,
                diags.hasErrors() ? List.of() : out);
        return new Result(lowered, refs, diags.list());
    }

    /**
     * One procedure.
     *
     * @throws org.paradjoint.core.diag.UnsupportedException with the first error
     */
    public static Function of(Function f) {
        Diagnostics diags = new Diagnostics();
        Function out = new CLayout(f, diags).lower();
        for (Diagnostic d : diags.list()) {
            if (d.isError()) {
                throw new org.paradjoint.core.diag.UnsupportedException(d.code(), d.range(), d.message());
            }
        }
        return out;
    }

    /** The scalar dummies {@code f} assigns: Fortran passes them by reference, C needs a pointer. */
    public static Set<Variable> referenceScalars(Function f) {
        Set<Variable> written = StmtUtil.writes(f.body());
        Set<Variable> out = new LinkedHashSet<>();
        for (Variable p : f.params()) {
            if (p.isScalar() && written.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    private Function lower() {
        checkName(f.name(), f.range());
        for (Variable p : pointers) {
            lowered.put(p, new Variable(p.name(), p.type(), List.of(new Dim(Exprs.integer(0), null)), p.kind(),
                    p.isConst(), Layout.ROW_MAJOR, p.range()));
        }
        for (Variable v : concat(f.params(), f.locals())) {
            checkName(v.name(), v.range());
            if (v.isArray()) {
                lowered.put(v, lowerArray(v));
            } else if (!pointers.contains(v) && v.layout() != Layout.ROW_MAJOR) {
                lowered.put(v, new Variable(v.name(), v.type(), v.dims(), v.kind(), v.isConst(), Layout.ROW_MAJOR,
                        v.range()));
            }
        }
        checkPointerUses();
        Block body = (Block) StmtUtil.mapExprs(f.body(), e -> ExprUtil.map(e, this::lowerNode));
        body = (Block) StmtUtil.rename(body, lowered);
        List<Variable> params = f.params().stream().map(v -> lowered.getOrDefault(v, v)).toList();
        checkUsed(params, body);
        List<Variable> locals = f.locals().stream().map(v -> lowered.getOrDefault(v, v)).toList();
        return new Function(f.name(), f.returnType(), params, locals, body, f.pragmas(), f.linkage(), f.comment(),
                f.range(), f.unusedParams(), f.returnKind());
    }

    /**
     * A dummy that C no longer mentions: Fortran counts a use in a declared extent, C cannot
     * declare an extent that names a later dummy, and would warn about the unused parameter.
     */
    private void checkUsed(List<Variable> params, Block body) {
        if (inDroppedExtents.isEmpty()) {
            return;
        }
        Set<Variable> used = new LinkedHashSet<>(StmtUtil.mentioned(body));
        for (Variable p : params) {
            for (Dim d : p.dims()) {
                if (d.extent() != null) {
                    used.addAll(ExprUtil.variables(d.extent()));
                }
            }
        }
        for (Variable p : params) {
            if (!used.contains(p) && inDroppedExtents.contains(p)) {
                diags.error("c-layout-unused-dummy", p.range(), "dummy", p.name());
            }
        }
    }

    private Variable lowerArray(Variable v) {
        List<Dim> dims = new ArrayList<>(v.dims());
        boolean reverse = v.layout() == Layout.COLUMN_MAJOR && dims.size() > 1;
        if (reverse) {
            Collections.reverse(dims);
        }
        List<Dim> out = new ArrayList<>();
        for (int k = 0; k < dims.size(); k++) {
            Dim d = dims.get(k);
            boolean leading = k == 0;
            if (!leading && !d.extentKnown()) {
                diags.error("c-layout-unknown-extent", v.range(), "array", v.name());
            }
            Expr extent = d.extent() == null ? null : lowerExpr(d.extent());
            if (extent != null && v.isParameter()) {
                if (!leading) {
                    checkDeclaredBefore(v, d.extent());
                } else if (!declaredBefore(v, d.extent())) {
                    inDroppedExtents.addAll(ExprUtil.variables(d.extent()));
                    extent = null;
                }
            }
            out.add(new Dim(Exprs.integer(0), extent));
        }
        return new Variable(v.name(), v.type(), out, v.kind(), v.isConst(), Layout.ROW_MAJOR, v.range());
    }

    private Expr lowerExpr(Expr e) {
        return ExprUtil.rename(ExprUtil.map(e, this::lowerNode), lowered);
    }

    /** One rebuilt node: subscripts of arrays, references of by-reference scalars. */
    private Expr lowerNode(Expr x) {
        if (x instanceof VarRef r && pointers.contains(r.var())) {
            return new ArrayRef(lowered.get(r.var()), List.of(Exprs.integer(0)), r.range());
        }
        if (x instanceof VarRef r && lowered.containsKey(r.var())) {
            return new VarRef(lowered.get(r.var()), r.range());
        }
        if (x instanceof ArrayRef a && !pointers.contains(a.var())) {
            Variable declared = f.lookup(a.var().name()).orElse(a.var());
            List<Expr> indices = new ArrayList<>();
            for (int k = 0; k < a.indices().size(); k++) {
                Expr lower = k < declared.dims().size() ? declared.dims().get(k).lower() : Exprs.integer(0);
                indices.add(Exprs.sub(a.indices().get(k), lowerExpr(lower)));
            }
            if (declared.layout() == Layout.COLUMN_MAJOR && indices.size() > 1) {
                Collections.reverse(indices);
            }
            return new ArrayRef(lowered.getOrDefault(declared, declared), indices, a.range());
        }
        return x;
    }

    private boolean declaredBefore(Variable array, Expr extent) {
        int at = f.params().indexOf(array);
        return ExprUtil.variables(extent).stream().allMatch(v -> f.params().indexOf(v) < at);
    }

    /** C declares {@code double (*a)[n]} only after {@code n}: an extent may name earlier dummies only. */
    private void checkDeclaredBefore(Variable array, Expr extent) {
        int at = f.params().indexOf(array);
        for (Variable v : ExprUtil.variables(extent)) {
            int k = f.params().indexOf(v);
            if (k > at) {
                diags.error("c-layout-extent-order", array.range(), "array", array.name(), "dummy", v.name());
            }
        }
    }

    private void checkPointerUses() {
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof For loop) {
                if (pointers.contains(loop.counter())) {
                    diags.error("c-layout-reference-scalar.dummy-loop-counter", loop.range(), "counter",
                            loop.counter().name());
                }
                if (loop.omp() != null) {
                    for (Variable v : StmtUtil.ompVariables(loop.omp())) {
                        if (pointers.contains(v)) {
                            diags.error("c-layout-reference-scalar.dummy-openmp-clause", loop.omp().range(), "dummy",
                                    v.name());
                        }
                    }
                }
            }
        });
    }

    private void checkName(String name, org.paradjoint.core.diag.SourceRange at) {
        if (C_KEYWORDS.contains(name)) {
            diags.error("c-layout-reserved-name", at, "name", name);
        }
    }

    private static List<Variable> concat(List<Variable> a, List<Variable> b) {
        List<Variable> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
