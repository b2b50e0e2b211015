package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.check.IntExpr;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Extents given in the options for arrays whose declaration leaves the leading extent open (a C
 * pointer parameter {@code double *x}, {@code double (*c)[64]}): {@code x=n+8}. Reverse mode needs
 * an extent to save an array a parallel loop overwrites and to size a reduction clause. An
 * extent is an integer expression over integer scalar parameters the function does not modify.
 */
final class GivenExtents {

    private GivenExtents() {
    }

    /**
     * The extents of the arrays of {@code fn} with an open leading extent, by name; each invalid
     * expression is an error in {@code diags}. Names of other variables are ignored (the options
     * serve every function of a file).
     */
    static Map<String, Expr> resolve(Map<String, String> given, Function fn, Set<Variable> written, SourceRange at,
            Diagnostics diags) {
        Map<String, Expr> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : given.entrySet()) {
            Optional<Variable> array = fn.lookup(e.getKey()).filter(Variable::isArray);
            if (array.isEmpty() || array.get().dims().get(0).extentKnown()) {
                continue; // another function's array, or declared: the declaration wins
            }
            try {
                out.put(e.getKey(), expr(IntExpr.parse(e.getValue()), fn, written));
            } catch (IllegalArgumentException ex) {
                diags.error("invalid-extent", at, "extent", e.getValue(), "name", e.getKey(), "reason",
                        ex.getMessage());
            }
        }
        return out;
    }

    private static Expr expr(IntExpr e, Function fn, Set<Variable> written) {
        return switch (e) {
            case IntExpr.Lit l -> new IntLit(l.value());
            case IntExpr.Name n -> {
                Variable v = fn.params().stream().filter(p -> p.name().equals(n.name())).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("'" + n.name() + "' is not a parameter of '"
                                + fn.name() + "'"));
                if (!v.isScalar() || !v.type().isInteger()) {
                    throw new IllegalArgumentException("'" + n.name() + "' is not an integer scalar parameter");
                }
                if (written.contains(v)) {
                    throw new IllegalArgumentException("'" + n.name() + "' is modified by '" + fn.name() + "'");
                }
                yield new VarRef(v);
            }
            case IntExpr.Neg g -> new Unary(Unary.Op.NEG, expr(g.operand(), fn, written));
            case IntExpr.Bin b -> new Binary(switch (b.op()) {
                case '+' -> Binary.Op.ADD;
                case '-' -> Binary.Op.SUB;
                case '*' -> Binary.Op.MUL;
                case '/' -> Binary.Op.DIV;
                default -> Binary.Op.MOD;
            }, expr(b.left(), fn, written), expr(b.right(), fn, written));
        };
    }

    /** {@code v} with its open leading extent filled from {@code extents}, when one is given. */
    static Variable sized(Variable v, Map<String, Expr> extents) {
        Expr given = extents.get(v.name());
        if (given == null || v.isScalar() || v.dims().get(0).extentKnown()) {
            return v;
        }
        List<Dim> dims = new ArrayList<>(v.dims());
        dims.set(0, new Dim(dims.get(0).lower(), given));
        return v.withDims(dims);
    }
}
