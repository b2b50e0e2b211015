package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTDeclarationStatement;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpressionStatement;
import org.eclipse.cdt.core.dom.ast.IASTForStatement;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTStatement;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.paradjoint.cdt.internal.PragmaSyntax.Ad;
import org.paradjoint.cdt.internal.PragmaSyntax.Omp;
import org.paradjoint.cdt.internal.PragmaSyntax.Site;
import org.paradjoint.core.annotation.Annotation.Disjoint;
import org.paradjoint.core.annotation.AnnotationSite;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.frontend.Increments;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * {@code for} loops, normalised to counter / lower / comparison / bound / step. Accepted
 * headers: an assignment or a declaration of one integer counter; a condition {@code i < e},
 * {@code i <= e}, {@code i > e}, {@code i >= e} (or mirrored, {@code e > i}); an increment
 * {@code i++}, {@code ++i}, {@code i--}, {@code --i}, {@code i += s}, {@code i -= s},
 * {@code i = i + s}, {@code i = s + i}, {@code i = i - s}. Locals declared in the header or
 * body of an OpenMP loop join its private list when they are hoisted.
 */
final class Loops {
    private final FunctionContext ctx;
    private final Statements statements;
    private final PragmaResolver pragmas;
    private final Declarations declarations;

    Loops(FunctionContext ctx, Statements statements, PragmaResolver pragmas, Declarations declarations) {
        this.ctx = ctx;
        this.statements = statements;
        this.pragmas = pragmas;
        this.declarations = declarations;
    }

    For forLoop(IASTForStatement fs, List<Site> mine) {
        return forLoop(fs, mine, statements::body);
    }

    /**
     * The loop with its body mapped by {@code bodyMapper} (a parallel region maps the body of a
     * sequential loop every thread runs into its own parts). An {@code omp for} must sit directly
     * in a parallel region; an {@code omp parallel for} outside every parallel construct.
     */
    For forLoop(IASTForStatement fs, List<Site> mine, Function<IASTStatement, Block> bodyMapper) {
        for (Site s : mine) {
            if (s.content() instanceof Omp o && o.directive().isLoop()) {
                if (ctx.parallelLoopDepth > 0) {
                    throw new UnsupportedException("unsupported-omp.inside-loop", s.range(), "construct",
                            o.directive().spelling);
                }
                if (o.directive() == Omp.Directive.FOR && ctx.regionDepth == 0) {
                    throw new UnsupportedException("unsupported-omp.orphaned", s.range(), "construct", "for");
                }
                if (o.directive() == Omp.Directive.PARALLEL_FOR && ctx.regionDepth > 0) {
                    throw new UnsupportedException("unsupported-omp-region.nested", s.range(), "construct",
                            "omp parallel for");
                }
            }
        }
        boolean parallel = mine.stream().anyMatch(Site::isOmp);
        boolean ordered = mine.stream().anyMatch(s -> s.content() instanceof Omp o && o.ordered());
        List<Site> fitting = pragmas.accept(mine, AnnotationSite.LOOP, parallel);
        OmpParallelFor omp = null;
        List<AdPragma> ads = new ArrayList<>();
        List<Site> disjoint = new ArrayList<>();
        for (Site s : fitting) {
            if (s.isOmp()) {
                omp = pragmas.omp(s);
                if (omp == null) {
                    ctx.markFailed();
                }
            } else if (s.content() instanceof Ad ad && ad.annotation() instanceof Disjoint) {
                disjoint.add(s);
            } else {
                add(ads, pragmas.resolve(s));
            }
        }
        List<Variable> declaredInside = new ArrayList<>();
        ctx.scopes.push();
        if (omp != null) {
            ctx.scopes.openCollector(declaredInside);
        }
        try {
            Variable counter = counter(fs);
            Expr lower = lower(fs, counter);
            IASTBinaryExpression cond = condition(fs);
            boolean counterLeft = isCounter(cond.getOperand1(), counter);
            if (!counterLeft && !isCounter(cond.getOperand2(), counter)) {
                throw error("unsupported-for.loop-condition-does", cond, "code", SourceText.excerpt(cond), "counter",
                        counter.name());
            }
            Binary.Op cmp = comparison(cond, counterLeft);
            Expr bound = invariant(ctx.exprs.value(counterLeft ? cond.getOperand2() : cond.getOperand1()), counter,
                    cond, "bound");
            Expr step = invariant(step(fs, counter), counter, fs.getIterationExpression(), "step");
            for (Site s : disjoint) {
                add(ads, pragmas.resolve(s));
            }
            ctx.activeCounters.add(counter);
            Block body;
            if (omp != null) {
                ctx.parallelLoopDepth++;
            }
            if (ordered) {
                ctx.orderedLoopDepth++;
            }
            try {
                body = statements.exits().body(fs, () -> bodyMapper.apply(fs.getBody()));
            } finally {
                ctx.activeCounters.remove(counter);
                if (omp != null) {
                    ctx.parallelLoopDepth--;
                }
                if (ordered) {
                    ctx.orderedLoopDepth--;
                }
            }
            if (omp == null) {
                return new For(counter, lower, cmp, bound, step, body, null, ads, ctx.src.range(fs));
            }
            omp = withDeclaredPrivates(omp, declaredInside);
            return Increments.scalarUpdatesAsReductions(
                    new For(counter, lower, cmp, bound, step, body, omp, ads, ctx.src.range(fs)));
        } finally {
            if (omp != null) {
                ctx.scopes.closeCollector();
            }
            ctx.scopes.pop();
        }
    }

    private static void add(List<AdPragma> list, AdPragma p) {
        if (p != null) {
            list.add(p);
        }
    }

    private static OmpParallelFor withDeclaredPrivates(OmpParallelFor omp, List<Variable> declaredInside) {
        List<Variable> privates = new ArrayList<>(omp.privates());
        for (Variable v : declaredInside) {
            if (!omp.isPrivate(v) && !omp.shared().contains(v)) {
                privates.add(v);
            }
        }
        return omp.withPrivates(privates);
    }

    private Variable counter(IASTForStatement fs) {
        IASTStatement init = fs.getInitializerStatement();
        Variable counter;
        if (init instanceof IASTExpressionStatement es
                && Exprs.stripParens(es.getExpression()) instanceof IASTBinaryExpression b
                && b.getOperator() == IASTBinaryExpression.op_assign
                && Exprs.stripParens(b.getOperand1()) instanceof IASTIdExpression id) {
            counter = ctx.exprs.value(id) instanceof VarRef r ? r.var() : null;
        } else if (init instanceof IASTDeclarationStatement ds && ds.getDeclaration() instanceof IASTSimpleDeclaration sd
                && sd.getDeclarators().length == 1 && sd.getDeclarators()[0].getInitializer() != null) {
            counter = declarations.declare(ctx.types.baseType(sd.getDeclSpecifier()), sd.getDeclarators()[0]);
        } else {
            throw error("unsupported-for.loop-needs-initialisation", init == null || init.getFileLocation() == null
                    ? fs : init, "code", (init == null ? "" : SourceText.excerpt(init)));
        }
        if (counter == null || !counter.isScalar() || !counter.type().isInteger()) {
            throw error("unsupported-for.loop-counter-int", init);
        }
        return counter;
    }

    private Expr lower(IASTForStatement fs, Variable counter) {
        IASTStatement init = fs.getInitializerStatement();
        if (init instanceof IASTDeclarationStatement ds) {
            IASTDeclarator d = ((IASTSimpleDeclaration) ds.getDeclaration()).getDeclarators()[0];
            Expr e = declarations.scalarInitialiser(d);
            if (e == null) {
                throw error("unsupported-for.counter-needs-plain", init);
            }
            return invariant(e, counter, init, "initial value");
        }
        IASTBinaryExpression b = (IASTBinaryExpression) Exprs.stripParens(((IASTExpressionStatement) init).getExpression());
        return invariant(ctx.exprs.value(b.getOperand2()), counter, init, "initial value");
    }

    private IASTBinaryExpression condition(IASTForStatement fs) {
        IASTExpression c = fs.getConditionExpression();
        if (c == null) {
            throw error("unsupported-for.no-condition", fs);
        }
        if (Exprs.stripParens(c) instanceof IASTBinaryExpression b && switch (b.getOperator()) {
            case IASTBinaryExpression.op_lessThan, IASTBinaryExpression.op_lessEqual,
                    IASTBinaryExpression.op_greaterThan, IASTBinaryExpression.op_greaterEqual -> true;
            default -> false;
        }) {
            return b;
        }
        throw error("unsupported-for.loop-condition-compare", c, "code", SourceText.excerpt(c));
    }

    private static Binary.Op comparison(IASTBinaryExpression cond, boolean counterLeft) {
        return switch (cond.getOperator()) {
        case IASTBinaryExpression.op_lessThan -> counterLeft ? Binary.Op.LT : Binary.Op.GT;
        case IASTBinaryExpression.op_lessEqual -> counterLeft ? Binary.Op.LE : Binary.Op.GE;
        case IASTBinaryExpression.op_greaterThan -> counterLeft ? Binary.Op.GT : Binary.Op.LT;
        default -> counterLeft ? Binary.Op.GE : Binary.Op.LE;
        };
    }

    private Expr step(IASTForStatement fs, Variable counter) {
        IASTExpression it = fs.getIterationExpression();
        if (it == null) {
            throw error("unsupported-for.no-increment", fs);
        }
        IASTExpression e = Exprs.stripParens(it);
        if (e instanceof IASTUnaryExpression u && Statements.isIncrement(u.getOperator())
                && isCounter(u.getOperand(), counter)) {
            boolean up = u.getOperator() == IASTUnaryExpression.op_postFixIncr
                    || u.getOperator() == IASTUnaryExpression.op_prefixIncr;
            return new IntLit(up ? 1 : -1, ctx.src.range(it));
        }
        if (e instanceof IASTBinaryExpression b && isCounter(b.getOperand1(), counter)) {
            switch (b.getOperator()) {
            case IASTBinaryExpression.op_plusAssign:
                return ctx.exprs.value(b.getOperand2());
            case IASTBinaryExpression.op_minusAssign:
                return negate(ctx.exprs.value(b.getOperand2()));
            case IASTBinaryExpression.op_assign:
                if (Exprs.stripParens(b.getOperand2()) instanceof IASTBinaryExpression sum) {
                    if (sum.getOperator() == IASTBinaryExpression.op_plus && isCounter(sum.getOperand1(), counter)) {
                        return ctx.exprs.value(sum.getOperand2());
                    }
                    if (sum.getOperator() == IASTBinaryExpression.op_plus && isCounter(sum.getOperand2(), counter)) {
                        return ctx.exprs.value(sum.getOperand1());
                    }
                    if (sum.getOperator() == IASTBinaryExpression.op_minus && isCounter(sum.getOperand1(), counter)) {
                        return negate(ctx.exprs.value(sum.getOperand2()));
                    }
                }
                break;
            default:
                break;
            }
        }
        throw error("unsupported-for.loop-increment-change", it, "code", SourceText.excerpt(it), "counter",
                counter.name());
    }

    private static Expr negate(Expr e) {
        return e instanceof IntLit l ? new IntLit(-l.value(), l.range()) : new Unary(Unary.Op.NEG, e, e.range());
    }

    private boolean isCounter(IASTExpression e, Variable counter) {
        return Exprs.stripParens(e) instanceof IASTIdExpression id
                && ctx.scopes.lookup(id.getName().toString()).map(counter::equals).orElse(false);
    }

    private Expr invariant(Expr e, Variable counter, IASTNode where, String what) {
        if (mentions(e, counter)) {
            throw error("unsupported-for.loop-depends-on", where, "what", what, "code", SourceText.excerpt(where),
                    "counter", counter.name());
        }
        return e;
    }

    static boolean mentions(Expr e, Variable v) {
        return switch (e) {
        case VarRef r -> r.var().equals(v);
        case ArrayRef a -> a.indices().stream().anyMatch(i -> mentions(i, v));
        case Unary u -> mentions(u.operand(), v);
        case Binary b -> mentions(b.left(), v) || mentions(b.right(), v);
        case Call c -> c.args().stream().anyMatch(a -> mentions(a, v));
        case Cond c -> mentions(c.cond(), v) || mentions(c.then(), v) || mentions(c.otherwise(), v);
        case Cast c -> mentions(c.operand(), v);
        default -> false;
        };
    }

    private UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, ctx.src.range(node), arguments);
    }
}
