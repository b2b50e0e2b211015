package org.paradjoint.cdt.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTNamedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTParameterDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTPointerOperator;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTReferenceOperator;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Variable;

/**
 * The parameters of a Kokkos function: Views (by value or by reference), Views whose type is a
 * template parameter of the function (their rank is the number of indices their uses give), and
 * scalars by value. A reference to a scalar would be an output the IR cannot express.
 */
final class KokkosParameters {

    private KokkosParameters() {
    }

    /** The View a parameter declares, or null when it is a C scalar (mapped as in C). */
    static Variable parameter(IASTFunctionDefinition def, IASTParameterDeclaration p, FunctionContext ctx,
            Set<String> templateTypes) {
        KokkosViews views = new KokkosViews(ctx.src, ctx.types);
        if (p.getDeclSpecifier() instanceof IASTNamedTypeSpecifier named) {
            if (KokkosViews.isView(named)) {
                return views.view(named, p.getDeclarator(), Variable.Kind.PARAMETER, List.of());
            }
            if (templateTypes.contains(named.getName().toString())) {
                String name = p.getDeclarator().getName().toString();
                return views.templated(named, p.getDeclarator(), rankOfUses(def, name));
            }
        }
        for (IASTPointerOperator op : p.getDeclarator().getPointerOperators()) {
            if (op instanceof ICPPASTReferenceOperator) {
                throw new UnsupportedException("unsupported-kokkos.scalar-reference", ctx.src.range(p), "code",
                        SourceText.excerpt(p));
            }
        }
        return null;
    }

    /** The number of indices of the first {@code name(...)} in the function's body; 0 when there is none. */
    private static int rankOfUses(IASTFunctionDefinition def, String name) {
        int[] rank = {0};
        def.getBody().accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
            }

            @Override
            public int visit(IASTExpression e) {
                if (rank[0] == 0 && e instanceof IASTFunctionCallExpression call
                        && Exprs.stripParens(call.getFunctionNameExpression()) instanceof IASTIdExpression id
                        && id.getName().toString().equals(name)) {
                    rank[0] = call.getArguments().length;
                    return PROCESS_ABORT;
                }
                return PROCESS_CONTINUE;
            }
        });
        return rank[0];
    }

    /** A subview's fixed indices may not change after its declaration: none of their variables may be assigned. */
    static void checkSubviews(FunctionContext ctx, Block body) {
        if (!ctx.isKokkos() || ctx.exprs.kokkos().declaredSubviews().isEmpty()) {
            return;
        }
        Set<Variable> written = StmtUtil.writes(body);
        for (KokkosExprs.Subview s : ctx.exprs.kokkos().declaredSubviews()) {
            Set<Variable> used = new HashSet<>();
            for (Expr e : s.fixed()) {
                if (e != null) {
                    used.addAll(ExprUtil.variables(e));
                }
            }
            used.retainAll(written);
            if (!used.isEmpty()) {
                ctx.report(Diagnostic.error("unsupported-kokkos.subview-index-assigned", s.range(), "name", s.name(),
                        "var", used.iterator().next().name()));
            }
        }
    }
}
