package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.cdt.core.dom.ast.IASTASMDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarationStatement;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTInitializer;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTInitializerList;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTProblemDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.paradjoint.cdt.CDiagnosticCodes;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Local declarations: each variable is hoisted to the function (see {@link Scopes}); an
 * initialiser becomes an assignment where the declaration was. Locals are never {@code const}
 * in the IR, since their initialisers have become assignments. Local pointers are refused: a
 * pointer assigned from a parameter would alias it, which the analyses cannot see.
 */
final class Declarations {
    private final FunctionContext ctx;

    Declarations(FunctionContext ctx) {
        this.ctx = ctx;
    }

    /** The assignments that stand for a declaration statement (none without initialisers). */
    List<Stmt> local(IASTDeclarationStatement ds) {
        IASTDeclaration d = ds.getDeclaration();
        if (d instanceof IASTProblemDeclaration) {
            throw error(CDiagnosticCodes.SYNTAX_ERROR, ds, "syntax error: cannot parse `" + SourceText.excerpt(ds) + "`");
        }
        if (d instanceof IASTASMDeclaration) {
            throw error(CDiagnosticCodes.ASM, ds, "inline assembly is not supported");
        }
        if (d instanceof IASTFunctionDefinition) {
            throw error(CDiagnosticCodes.DECLARATION, ds, "nested function definitions are not supported; define the"
                    + " function at file scope");
        }
        if (!(d instanceof IASTSimpleDeclaration sd)) {
            throw error(CDiagnosticCodes.DECLARATION, ds, "declaration `" + SourceText.excerpt(ds) + "` is not supported");
        }
        IASTDeclSpecifier spec = sd.getDeclSpecifier();
        switch (spec.getStorageClass()) {
        case IASTDeclSpecifier.sc_typedef:
            throw error(CDiagnosticCodes.DECLARATION, ds, "local typedef `" + SourceText.excerpt(ds)
                    + "` is not supported; use the type itself");
        case IASTDeclSpecifier.sc_static:
            throw error(CDiagnosticCodes.STATIC_LOCAL, ds, "static local variable in `" + SourceText.excerpt(ds)
                    + "` keeps its value between calls, which the derivative cannot follow; make it a parameter");
        case IASTDeclSpecifier.sc_extern:
            throw error(CDiagnosticCodes.GLOBAL, ds, "extern declaration `" + SourceText.excerpt(ds)
                    + "` refers to a global variable; pass it as a parameter instead");
        default:
            break;
        }
        BaseType type = ctx.types.baseType(spec);
        if (type == null) {
            throw error(CDiagnosticCodes.TYPE, ds, "variable of type void in `" + SourceText.excerpt(ds) + "`");
        }
        if (sd.getDeclarators().length == 0) {
            throw error(CDiagnosticCodes.DECLARATION, ds, "declaration `" + SourceText.excerpt(ds)
                    + "` declares nothing");
        }
        List<Stmt> out = new ArrayList<>();
        for (IASTDeclarator declarator : sd.getDeclarators()) {
            Variable v = declare(type, declarator);
            out.addAll(initialise(v, declarator));
        }
        return out;
    }

    /** Declares the local of one declarator, for example the counter in {@code for (int i = 0; ...)}. */
    Variable declare(BaseType type, IASTDeclarator declarator) {
        if (declarator instanceof IASTFunctionDeclarator) {
            throw error(CDiagnosticCodes.DECLARATION, declarator, "local function declaration `"
                    + SourceText.excerpt(declarator) + "` is not supported; declare functions at file scope");
        }
        Types.Shape shape = ctx.types.shape(declarator);
        if (shape.viaPointer()) {
            throw error(CDiagnosticCodes.LOCAL_POINTER, declarator, "local pointer variable `" + shape.name()
                    + "` is not supported: it could alias an array the analyses must see; index the array parameter"
                    + " directly");
        }
        List<Dim> dims = new ArrayList<>();
        for (IASTExpression extent : shape.extents()) {
            dims.add(Dim.c(extent == null ? initializerLength(declarator, shape.name()) : constantExtent(extent,
                    shape.name())));
        }
        Variable v = new Variable(shape.name(), type, dims, Variable.Kind.LOCAL, false, Layout.ROW_MAJOR,
                ctx.src.range(declarator));
        return ctx.scopes.declareLocal(v);
    }

    /** The value an initialiser gives, for a scalar declared in a for header. */
    Expr scalarInitialiser(IASTDeclarator declarator) {
        IASTInitializer init = declarator.getInitializer();
        if (init instanceof IASTEqualsInitializer eq && eq.getInitializerClause() instanceof IASTExpression e) {
            return ctx.exprs.value(e);
        }
        return null;
    }

    private List<Stmt> initialise(Variable v, IASTDeclarator declarator) {
        IASTInitializer init = declarator.getInitializer();
        if (init == null) {
            return List.of();
        }
        if (!(init instanceof IASTEqualsInitializer eq)) {
            throw error(CDiagnosticCodes.INITIALIZER, init, "initialiser `" + SourceText.excerpt(init)
                    + "` is not supported");
        }
        SourceRange where = ctx.src.range(declarator);
        IASTInitializerClause clause = eq.getInitializerClause();
        if (clause instanceof IASTInitializerList list) {
            return arrayInitialiser(v, list, where);
        }
        if (v.isArray() || !(clause instanceof IASTExpression e)) {
            throw error(CDiagnosticCodes.INITIALIZER, init, "array `" + declarator.getName()
                    + "` needs a brace-enclosed initialiser list");
        }
        VarRef target = new VarRef(v, ctx.src.range(declarator.getName()));
        return List.of(new Assign(target, Assign.Op.SET, ctx.exprs.value(e), false, List.of(), where));
    }

    private List<Stmt> arrayInitialiser(Variable v, IASTInitializerList list, SourceRange where) {
        if (v.rank() != 1) {
            throw error(CDiagnosticCodes.INITIALIZER, list, "initialiser list for `" + v.name() + "` is not supported"
                    + (v.isScalar() ? "; a scalar takes a plain value" : " (only one-dimensional arrays take one)"));
        }
        List<Stmt> out = new ArrayList<>();
        IASTInitializerClause[] clauses = list.getClauses();
        for (int k = 0; k < clauses.length; k++) {
            if (!(clauses[k] instanceof IASTExpression e)) {
                throw error(CDiagnosticCodes.INITIALIZER, clauses[k], "initialiser `" + SourceText.excerpt(clauses[k])
                        + "` is not supported; list plain values");
            }
            out.add(element(v, k, ctx.exprs.value(e), where));
        }
        Expr extent = v.dims().get(0).extent();
        if (!(extent instanceof IntLit n)) {
            if (clauses.length == 0) {
                throw error(CDiagnosticCodes.INITIALIZER, list, "empty initialiser list for `" + v.name() + "`");
            }
            return out;
        }
        if (clauses.length > n.value()) {
            throw error(CDiagnosticCodes.INITIALIZER, list, "too many initialisers for `" + v.name() + "["
                    + n.value() + "]`");
        }
        for (long k = clauses.length; k < n.value(); k++) {
            Expr zero = v.isFloating() ? new RealLit(0.0, "0.0", where) : new IntLit(0, where);
            out.add(element(v, k, zero, where));
        }
        return out;
    }

    private static Assign element(Variable v, long index, Expr value, SourceRange where) {
        ArrayRef target = new ArrayRef(v, List.of(new IntLit(index, where)), where);
        return new Assign(target, Assign.Op.SET, value, false, List.of(), where);
    }

    private Expr initializerLength(IASTDeclarator declarator, String name) {
        if (declarator.getInitializer() instanceof IASTEqualsInitializer eq
                && eq.getInitializerClause() instanceof IASTInitializerList list) {
            return new IntLit(list.getClauses().length, ctx.src.range(list));
        }
        throw error(CDiagnosticCodes.LOCAL_VLA, declarator, "local array `" + name + "` has no size; give it a"
                + " constant size");
    }

    private Expr constantExtent(IASTExpression extent, String name) {
        Expr e;
        try {
            e = ctx.exprs.value(extent);
        } catch (UnsupportedException ex) {
            throw error(CDiagnosticCodes.LOCAL_VLA, extent, "local array `" + name + "` must have a constant size;"
                    + " variable-length local arrays are not supported (pass the array as a parameter)");
        }
        if (!isConstant(e)) {
            throw error(CDiagnosticCodes.LOCAL_VLA, extent, "local array `" + name + "` must have a constant size;"
                    + " variable-length local arrays are not supported (pass the array as a parameter)");
        }
        return e;
    }

    static boolean isConstant(Expr e) {
        return switch (e) {
        case IntLit l -> true;
        case org.paradjoint.core.ir.Binary b -> isConstant(b.left()) && isConstant(b.right());
        case org.paradjoint.core.ir.Unary u -> isConstant(u.operand());
        case org.paradjoint.core.ir.Cast c -> isConstant(c.operand());
        default -> false;
        };
    }

    private UnsupportedException error(String code, IASTNode node, String message) {
        return new UnsupportedException(code, ctx.src.range(node), message);
    }
}
