package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IASTName;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTQualifiedName;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.DerivativeRules;

/**
 * The expressions Kokkos C++ adds to C: {@code v(i, j)} (an element of a View, or of a subview
 * of one), {@code v.extent(d)}, and math functions written {@code std::sqrt} or
 * {@code Kokkos::sqrt}.
 */
final class KokkosExprs {

    /** Namespaces whose math functions are the C intrinsics of the same name. */
    private static final Set<String> MATH_NAMESPACES = Set.of("std", "Kokkos", "Kokkos::Experimental");

    /**
     * A subview {@code auto s = Kokkos::subview(v, Kokkos::ALL, k)} named {@code name} where
     * {@code range} declares it: an element of {@code s} is the element of {@code base} whose fixed
     * indices are {@code fixed} (null where {@code ALL} leaves the dimension to {@code s}'s own
     * indices, in order).
     */
    record Subview(String name, Variable base, List<Expr> fixed, SourceRange range) {
        int rank() {
            return (int) fixed.stream().filter(e -> e == null).count();
        }
    }

    /** The subviews in scope by name, and every one declared, in order (for the check of their indices). */
    private final Map<String, Subview> subviews = new HashMap<>();
    private final List<Subview> declared = new ArrayList<>();

    void declareSubview(Subview s) {
        subviews.put(s.name(), s);
        declared.add(s);
    }

    List<Subview> declaredSubviews() {
        return List.copyOf(declared);
    }

    /** The call as a Kokkos expression, or null when it is an ordinary call. */
    Expr call(IASTFunctionCallExpression call, Exprs exprs, Scopes scopes) {
        IASTExpression fn = Exprs.stripParens(call.getFunctionNameExpression());
        if (fn instanceof IASTFieldReference f && f.getFieldName().toString().equals("extent")) {
            return extent(call, f, exprs);
        }
        if (!(fn instanceof IASTIdExpression id)) {
            return null;
        }
        IASTName name = id.getName();
        if (name instanceof ICPPASTQualifiedName q) {
            String math = q.getLastName().toString();
            String namespace = name.toString().substring(0, name.toString().length() - math.length() - 2);
            if (MATH_NAMESPACES.contains(namespace) && DerivativeRules.isIntrinsic(math)) {
                List<Expr> args = new ArrayList<>();
                for (IASTInitializerClause a : call.getArguments()) {
                    args.add(exprs.argument(a));
                }
                return new Call(math, args, exprs.range(call));
            }
            return null;
        }
        return element(call, name.toString(), exprs, scopes);
    }

    /** {@code v(i, j)} when {@code v} is a View or a subview; null when {@code v} names neither. */
    ArrayRef element(IASTFunctionCallExpression call, String name, Exprs exprs, Scopes scopes) {
        Subview sub = subviews.get(name);
        Variable view = sub != null ? sub.base() : scopes.lookup(name).filter(Variable::isArray).orElse(null);
        if (view == null) {
            return null;
        }
        int rank = sub != null ? sub.rank() : view.rank();
        IASTInitializerClause[] args = call.getArguments();
        if (args.length != rank) {
            throw exprs.error("unsupported-kokkos.view-indices", call, "name", name, "rank", rank, "count",
                    args.length);
        }
        List<Expr> own = new ArrayList<>();
        for (IASTInitializerClause a : args) {
            if (!(a instanceof IASTExpression e)) {
                throw exprs.error("unsupported-kokkos.view-indices", call, "name", name, "rank", rank, "count",
                        args.length);
            }
            own.add(exprs.value(e));
        }
        if (sub == null) {
            return new ArrayRef(view, own, exprs.range(call));
        }
        List<Expr> indices = new ArrayList<>();
        int next = 0;
        for (Expr fixed : sub.fixed()) {
            indices.add(fixed == null ? own.get(next++) : fixed);
        }
        return new ArrayRef(view, indices, exprs.range(call));
    }

    private Expr extent(IASTFunctionCallExpression call, IASTFieldReference f, Exprs exprs) {
        IASTInitializerClause[] args = call.getArguments();
        Variable view = exprs.arrayValued(f.getFieldOwner());
        if (view == null || !(f.getFieldOwner() instanceof IASTIdExpression) || args.length != 1
                || !(args[0] instanceof IASTLiteralExpression lit)
                || lit.getKind() != IASTLiteralExpression.lk_integer_constant) {
            throw exprs.error("unsupported-kokkos.extent", call, "code", SourceText.excerpt(call));
        }
        int dim = Integer.parseInt(lit.toString().replaceAll("[uUlL]", ""));
        if (dim >= view.rank()) {
            throw exprs.error("unsupported-kokkos.extent", call, "code", SourceText.excerpt(call));
        }
        return Call.extent(view, dim, exprs.range(call));
    }
}
