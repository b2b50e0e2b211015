package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclarationStatement;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializer;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IASTNamedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTConstructorInitializer;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTQualifiedName;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.ExprTypes;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * Local Views and subviews. {@code Kokkos::View<double*> w("w", n);} declares a local array of
 * extent {@code n}; Kokkos fills a new View with zeros, and so does the IR (a parallel loop
 * after the declaration), because the code may rely on it. {@code auto s =
 * Kokkos::subview(v, Kokkos::ALL, k);} declares no array: every {@code s(i)} is {@code v(i, k)}
 * (the fixed indices may not be assigned anywhere in the function, checked at its end).
 */
final class KokkosLocals {

    private final FunctionContext ctx;
    private final KokkosViews views;
    private final KokkosKernels kernels;

    KokkosLocals(FunctionContext ctx, KokkosKernels kernels) {
        this.ctx = ctx;
        this.views = new KokkosViews(ctx.src, ctx.types);
        this.kernels = kernels;
    }

    /** The statements of a declaration of Views or subviews; null when it declares neither. */
    List<Stmt> declaration(IASTDeclarationStatement ds) {
        if (!(ds.getDeclaration() instanceof IASTSimpleDeclaration sd)) {
            return null;
        }
        IASTDeclSpecifier spec = sd.getDeclSpecifier();
        if (KokkosViews.isView(spec)) {
            List<Stmt> out = new ArrayList<>();
            for (IASTDeclarator d : sd.getDeclarators()) {
                out.addAll(view((IASTNamedTypeSpecifier) spec, d));
            }
            return out;
        }
        if (spec instanceof IASTSimpleDeclSpecifier s && s.getType() == IASTSimpleDeclSpecifier.t_auto
                && sd.getDeclarators().length == 1 && subviewCall(sd.getDeclarators()[0]) != null) {
            subview(sd.getDeclarators()[0], subviewCall(sd.getDeclarators()[0]));
            return List.of();
        }
        return null;
    }

    private List<Stmt> view(IASTNamedTypeSpecifier spec, IASTDeclarator d) {
        IASTInitializer init = d.getInitializer();
        if (!(init instanceof ICPPASTConstructorInitializer ctor) || ctor.getArguments().length < 2
                || !(ctor.getArguments()[0] instanceof IASTLiteralExpression label)
                || label.getKind() != IASTLiteralExpression.lk_string_literal) {
            throw error("unsupported-kokkos.local-view", d, "code", SourceText.excerpt(d));
        }
        List<Expr> extents = new ArrayList<>();
        IASTInitializerClause[] args = ctor.getArguments();
        for (int k = 1; k < args.length; k++) {
            if (!(args[k] instanceof IASTExpression e)) {
                throw error("unsupported-kokkos.local-view", d, "code", SourceText.excerpt(d));
            }
            Expr extent = ctx.exprs.value(e);
            if (ExprTypes.isFloating(extent)) {
                throw error("unsupported-kokkos.local-view", d, "code", SourceText.excerpt(d));
            }
            extents.add(extent);
        }
        Variable v = views.view(spec, d, Variable.Kind.LOCAL, extents);
        if (v.dims().stream().anyMatch(dim -> !dim.extentKnown()) || extents.size() > v.rank()) {
            throw error("unsupported-kokkos.local-view", d, "code", SourceText.excerpt(d));
        }
        Variable declared = ctx.scopes.declareLocal(v);
        return kernels.fill(declared, Exprs.zero(declared.isFloating()), ctx.src.range(d));
    }

    /** The {@code Kokkos::subview(...)} call that initialises {@code d}, or null. */
    private static IASTFunctionCallExpression subviewCall(IASTDeclarator d) {
        if (d.getInitializer() instanceof IASTEqualsInitializer eq
                && eq.getInitializerClause() instanceof IASTFunctionCallExpression call
                && "subview".equals(KokkosKernels.kokkosFunction(call))) {
            return call;
        }
        return null;
    }

    private void subview(IASTDeclarator d, IASTFunctionCallExpression call) {
        IASTInitializerClause[] args = call.getArguments();
        Variable base = args.length > 0 && args[0] instanceof IASTIdExpression id ? ctx.exprs.arrayValued(id) : null;
        if (base == null || args.length != base.rank() + 1) {
            throw error("unsupported-kokkos.subview", call, "code", SourceText.excerpt(call));
        }
        List<Expr> fixed = new ArrayList<>();
        for (int k = 1; k < args.length; k++) {
            if (isAll(args[k])) {
                fixed.add(null);
            } else if (args[k] instanceof IASTExpression e) {
                Expr index = ctx.exprs.value(e);
                if (ExprTypes.isFloating(index) || !org.paradjoint.core.expr.ExprUtil.nodes(index, ArrayRef.class)
                        .isEmpty()) {
                    throw error("unsupported-kokkos.subview", call, "code", SourceText.excerpt(call));
                }
                fixed.add(index);
            } else {
                throw error("unsupported-kokkos.subview", call, "code", SourceText.excerpt(call));
            }
        }
        KokkosExprs.Subview s = new KokkosExprs.Subview(d.getName().toString(), base, fixed, ctx.src.range(d));
        if (s.rank() == 0) {
            throw error("unsupported-kokkos.subview", call, "code", SourceText.excerpt(call));
        }
        ctx.exprs.kokkos().declareSubview(s);
    }

    /** {@code Kokkos::ALL} or {@code Kokkos::ALL()}. */
    private static boolean isAll(IASTInitializerClause c) {
        IASTNode n = c instanceof IASTFunctionCallExpression f && f.getArguments().length == 0
                ? f.getFunctionNameExpression() : c;
        return n instanceof IASTIdExpression id && id.getName() instanceof ICPPASTQualifiedName q
                && q.toString().replace(" ", "").equals("Kokkos::ALL");
    }

    private UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, ctx.src.range(node), arguments);
    }
}
