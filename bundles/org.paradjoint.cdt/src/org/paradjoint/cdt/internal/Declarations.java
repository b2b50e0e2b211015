package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTASMDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarationStatement;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializer;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTInitializerList;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTProblemDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
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
 * pointer assigned from a parameter would alias it, which the analyses cannot see; but one that
 * only names an array, never set again, is that array ({@link #alias}).
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
            throw error("syntax-error.syntax-error-parse", ds, "code", SourceText.excerpt(ds));
        }
        if (d instanceof IASTASMDeclaration) {
            throw error("unsupported-asm", ds);
        }
        if (d instanceof IASTFunctionDefinition) {
            throw error("unsupported-declaration.nested-function-definitions", ds);
        }
        if (!(d instanceof IASTSimpleDeclaration sd)) {
            throw error("unsupported-declaration.declaration-supported", ds, "code", SourceText.excerpt(ds));
        }
        IASTDeclSpecifier spec = sd.getDeclSpecifier();
        switch (spec.getStorageClass()) {
        case IASTDeclSpecifier.sc_typedef:
            throw error("unsupported-declaration.local-typedef-supported", ds, "code", SourceText.excerpt(ds));
        case IASTDeclSpecifier.sc_static:
            throw error("unsupported-static-local", ds, "code", SourceText.excerpt(ds));
        case IASTDeclSpecifier.sc_extern:
            throw error("unsupported-global.extern-declaration-refers", ds, "code", SourceText.excerpt(ds));
        default:
            break;
        }
        BaseType type = ctx.types.baseType(spec);
        if (type == null) {
            throw error("unsupported-type.variable-type-void", ds, "code", SourceText.excerpt(ds));
        }
        if (sd.getDeclarators().length == 0) {
            throw error("unsupported-declaration.declaration-declares-nothing", ds, "code", SourceText.excerpt(ds));
        }
        List<Stmt> out = new ArrayList<>();
        IASTDeclarator[] declarators = sd.getDeclarators();
        for (int k = 0; k < declarators.length; k++) {
            try {
                if (alias(type, declarators[k])) {
                    continue;
                }
                Variable v = declare(type, declarators[k]);
                out.addAll(initialise(v, declarators[k]));
            } catch (UnsupportedException e) {
                // this declarator and those after it declare nothing: their uses are not unknown names
                for (int r = k; r < declarators.length; r++) {
                    ctx.scopes.refuse(declaredName(declarators[r]));
                }
                throw e;
            }
        }
        return out;
    }

    /** Declares the local of one declarator, for example the counter in {@code for (int i = 0; ...)}. */
    Variable declare(BaseType type, IASTDeclarator declarator) {
        if (declarator instanceof IASTFunctionDeclarator) {
            throw error("unsupported-declaration.local-function-declaration", declarator, "code",
                    SourceText.excerpt(declarator));
        }
        Types.Shape shape = ctx.types.shape(declarator);
        if (shape.viaPointer()) {
            IASTBinaryExpression reset = assignmentOf(declarator, shape.name());
            if (reset != null) {
                throw error("unsupported-local-pointer.rotated", declarator, "shape", shape.name(), "code",
                        SourceText.excerpt(reset));
            }
            // a short name for an array (`double *u = g->u;`): say which array to index
            if (declarator.getInitializer() instanceof IASTEqualsInitializer eq
                    && eq.getInitializerClause() instanceof IASTExpression init
                    && ctx.exprs.arrayValued(init) != null) {
                throw error("unsupported-local-pointer.alias", declarator, "shape", shape.name(), "array",
                        SourceText.excerpt(Exprs.stripParens(init)));
            }
            throw error("unsupported-local-pointer", declarator, "shape", shape.name());
        }
        List<Dim> dims = new ArrayList<>();
        for (IASTExpression extent : shape.extents()) {
            dims.add(Dim.c(extent == null ? initializerLength(declarator, shape.name()) : localExtent(extent,
                    shape.name())));
        }
        Variable v = new Variable(shape.name(), type, dims, Variable.Kind.LOCAL, false, Layout.ROW_MAJOR,
                ctx.src.range(declarator));
        return ctx.scopes.declareLocal(v);
    }

    /**
     * A local pointer that only names an array ({@code double *restrict u = g->u;}, never set
     * again): the name is made to denote that array, and the declaration stands for nothing; true
     * then. The analyses see the array itself, so nothing can alias behind their back. False for
     * any other declarator (a pointer into the middle of an array, one set again, another type).
     */
    private boolean alias(BaseType type, IASTDeclarator declarator) {
        Types.Shape shape = ctx.types.shape(declarator);
        if (!shape.viaPointer() || !(declarator.getInitializer() instanceof IASTEqualsInitializer eq)
                || !(eq.getInitializerClause() instanceof IASTExpression init)
                || Exprs.stripParens(init) instanceof IASTArraySubscriptExpression) {
            return false;
        }
        Variable array = ctx.exprs.arrayValued(init);
        // the walk over the function for an assignment last: most pointers fail the cheaper tests
        if (array == null || array.type() != type || array.rank() != shape.extents().size()
                || assignmentOf(declarator, shape.name()) != null) {
            return false;
        }
        ctx.scopes.alias(shape.name(), array);
        return true;
    }

    /** The name a declarator declares, inside any parentheses ({@code (*p)[4]}: {@code p}). */
    private static String declaredName(IASTDeclarator d) {
        IASTDeclarator cur = d;
        while (cur.getNestedDeclarator() != null) {
            cur = cur.getNestedDeclarator();
        }
        return cur.getName().toString();
    }

    /**
     * The first assignment of the local pointer {@code name} in the function that declares it
     * ({@code a = b;}), or null: a pointer set again is a buffer rotation, whose remedies differ.
     */
    private static IASTBinaryExpression assignmentOf(IASTDeclarator declarator, String name) {
        IASTNode fn = declarator;
        while (fn != null && !(fn instanceof IASTFunctionDefinition)) {
            fn = fn.getParent();
        }
        if (fn == null) {
            return null;
        }
        IASTBinaryExpression[] first = {null};
        fn.accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
            }

            @Override
            public int visit(IASTExpression e) {
                if (first[0] == null && e instanceof IASTBinaryExpression b
                        && b.getOperator() == IASTBinaryExpression.op_assign
                        && Exprs.stripParens(b.getOperand1()) instanceof IASTIdExpression id
                        && id.getName().toString().equals(name)) {
                    first[0] = b;
                }
                return PROCESS_CONTINUE;
            }
        });
        return first[0];
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
            throw error("unsupported-initializer.initialiser-supported", init, "code", SourceText.excerpt(init));
        }
        SourceRange where = ctx.src.range(declarator);
        IASTInitializerClause clause = eq.getInitializerClause();
        if (clause instanceof IASTInitializerList list) {
            return arrayInitialiser(v, list, where);
        }
        if (v.isArray() || !(clause instanceof IASTExpression e)) {
            throw error("unsupported-initializer.array-needs-brace", init, "name", declarator.getName());
        }
        VarRef target = new VarRef(v, ctx.src.range(declarator.getName()));
        return List.of(new Assign(target, Assign.Op.SET, ctx.exprs.value(e), false, List.of(), where));
    }

    private List<Stmt> arrayInitialiser(Variable v, IASTInitializerList list, SourceRange where) {
        if (v.rank() != 1) {
            throw error(v.isScalar() ? "unsupported-initializer.scalar-list" : "unsupported-initializer.array-list",
                    list,
                    "variable", v.name());
        }
        List<Stmt> out = new ArrayList<>();
        IASTInitializerClause[] clauses = list.getClauses();
        for (int k = 0; k < clauses.length; k++) {
            if (!(clauses[k] instanceof IASTExpression e)) {
                throw error("unsupported-initializer.initialiser-supported-list", clauses[k], "code",
                        SourceText.excerpt(clauses[k]));
            }
            out.add(element(v, k, ctx.exprs.value(e), where));
        }
        Expr extent = v.dims().get(0).extent();
        if (!(extent instanceof IntLit n)) {
            if (clauses.length == 0) {
                throw error("unsupported-initializer.empty-initialiser-list", list, "for", v.name());
            }
            return out;
        }
        if (clauses.length > n.value()) {
            throw error("unsupported-initializer.too-many-initialisers", list, "for", v.name(), "extent", n.value());
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
        throw error("unsupported-local-vla.local-array-has", declarator, "name", name);
    }

    /**
     * A constant, or (a C99 variable-length array) an integer expression over integer parameters:
     * the generated functions declare every local at their start, where such a size is the one
     * the declaration had, provided the function never assigns those parameters
     * ({@link FunctionMapper} checks that once the body is mapped).
     */
    private Expr localExtent(IASTExpression extent, String name) {
        Expr e;
        try {
            e = ctx.exprs.value(extent);
        } catch (UnsupportedException ex) {
            throw error("unsupported-local-vla.local-array-have", extent, "name", name);
        }
        if (!isFunctionLevelExtent(e)) {
            throw error("unsupported-local-vla.local-array-have", extent, "name", name);
        }
        return e;
    }

    /**
     * A size a local array can be declared with at the start of a generated function: a constant
     * or an integer expression over integer parameters (which the function never assigns).
     */
    static boolean isFunctionLevelExtent(Expr e) {
        return isConstant(e) || ExprUtil.variables(e).stream()
                .allMatch(v -> v.isParameter() && v.isScalar() && v.type().isInteger());
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

    private UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, ctx.src.range(node), arguments);
    }
}
