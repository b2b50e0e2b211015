package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.cdt.core.dom.ast.IASTASMDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTBreakStatement;
import org.eclipse.cdt.core.dom.ast.IASTCaseStatement;
import org.eclipse.cdt.core.dom.ast.IASTCastExpression;
import org.eclipse.cdt.core.dom.ast.IASTCompoundStatement;
import org.eclipse.cdt.core.dom.ast.IASTContinueStatement;
import org.eclipse.cdt.core.dom.ast.IASTDeclarationStatement;
import org.eclipse.cdt.core.dom.ast.IASTDefaultStatement;
import org.eclipse.cdt.core.dom.ast.IASTDoStatement;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpressionList;
import org.eclipse.cdt.core.dom.ast.IASTExpressionStatement;
import org.eclipse.cdt.core.dom.ast.IASTForStatement;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTGotoStatement;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTIfStatement;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTLabelStatement;
import org.eclipse.cdt.core.dom.ast.IASTMacroExpansionLocation;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTNodeLocation;
import org.eclipse.cdt.core.dom.ast.IASTNullStatement;
import org.eclipse.cdt.core.dom.ast.IASTProblemStatement;
import org.eclipse.cdt.core.dom.ast.IASTReturnStatement;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTStatement;
import org.eclipse.cdt.core.dom.ast.IASTSwitchStatement;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTWhileStatement;
import org.eclipse.cdt.core.dom.ast.gnu.IGNUASTGotoStatement;
import org.paradjoint.cdt.internal.PragmaSyntax.Omp;
import org.paradjoint.cdt.internal.PragmaSyntax.Site;
import org.paradjoint.core.annotation.AnnotationSite;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.frontend.Increments;
import org.paradjoint.core.frontend.OrderedLoops;
import org.paradjoint.core.frontend.ParallelRegion;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * C statements to IR statements. Each statement first claims the pragmas written right before
 * it; an error in one statement is reported and mapping goes on with the next, so that one run
 * lists every unsupported construct of a function.
 */
final class Statements {
    private final FunctionContext ctx;
    private final PragmaResolver pragmas;
    private final Declarations declarations;
    private final Loops loops;
    private final Regions regions;
    private final Locks locks;
    private final Exits exits;
    private final MpiRequests requests;
    /** Null unless the function is Kokkos C++. */
    private final KokkosKernels kernels;
    private final KokkosLocals views;

    Statements(FunctionContext ctx) {
        this.ctx = ctx;
        this.pragmas = new PragmaResolver(ctx);
        this.exits = new Exits(ctx);
        this.requests = new MpiRequests(ctx);
        this.declarations = new Declarations(ctx);
        this.loops = new Loops(ctx, this, pragmas, declarations);
        this.regions = new Regions(ctx, this, pragmas, loops);
        this.locks = new Locks(ctx, this);
        this.kernels = ctx.isKokkos() ? new KokkosKernels(ctx, this) : null;
        this.views = ctx.isKokkos() ? new KokkosLocals(ctx, kernels) : null;
    }

    PragmaResolver pragmas() {
        return pragmas;
    }

    Exits exits() {
        return exits;
    }

    /** A compound statement as a block with its own scope. */
    Block compound(IASTCompoundStatement c) {
        ctx.scopes.push();
        try {
            // what follows a statement that may break, continue or return runs under its guard
            List<List<Stmt>> segments = new ArrayList<>();
            List<Expr> guards = new ArrayList<>();
            List<Stmt> items = new ArrayList<>();
            segments.add(items);
            IASTStatement[] all = c.getStatements();
            for (int k = 0; k < all.length; k++) {
                if (Locks.lockOf(all[k], Locks.SET) != null) {
                    k = lockedSection(all, k, items);
                    continue;
                }
                if (Locks.isLifetime(all[k]) || MpiRequests.isDeclaration(all[k])) {
                    ctx.claim(FunctionContext.start(all[k]));
                    continue;
                }
                items.addAll(statement(all[k]));
                Expr guard = exits.guardAfter(all[k]);
                if (guard != null && requests.hasPending(c)) {
                    // the wait would run under the guard, its call not: reported at the call
                    requests.checkCompleted(c);
                }
                if (guard != null && k != all.length - 1) {
                    guards.add(guard);
                    items = new ArrayList<>();
                    segments.add(items);
                }
            }
            ctx.flushDangling(FunctionContext.end(c));
            requests.checkCompleted(c);
            List<Stmt> rest = segments.get(segments.size() - 1);
            for (int k = segments.size() - 2; k >= 0; k--) {
                List<Stmt> before = new ArrayList<>(segments.get(k));
                if (!rest.isEmpty()) {
                    before.add(new If(guards.get(k), new Block(rest, ctx.src.range(c)), null, guards.get(k).range()));
                }
                rest = before;
            }
            return new Block(rest, ctx.src.range(c));
        } finally {
            ctx.scopes.pop();
        }
    }

    /** The statements from {@code omp_set_lock} at {@code all[k]} to its release, read by {@link Locks}. */
    private int lockedSection(IASTStatement[] all, int k, List<Stmt> items) {
        try {
            return locks.section(all, k, items);
        } catch (UnsupportedException e) {
            ctx.report(e);
            // the section is reported as a whole: skip to its release (or the end of the block)
            int end = Math.min(Locks.release(all, k), all.length - 1);
            ctx.drop(FunctionContext.end(all[end]));
            return end;
        }
    }

    /** The body of a loop or branch, as a block even when written without braces. */
    Block body(IASTStatement s) {
        List<Stmt> mapped = statement(s);
        if (s instanceof IASTCompoundStatement && mapped.size() == 1 && mapped.get(0) instanceof Block b) {
            return b;
        }
        return new Block(mapped, ctx.src.range(s));
    }

    /** One statement; empty (and reported) when it cannot be mapped. */
    List<Stmt> statement(IASTStatement s) {
        return statement(s, ctx.claim(FunctionContext.start(s)));
    }

    /** One statement with the pragmas written before it, already claimed. */
    List<Stmt> statement(IASTStatement s, List<Site> mine) {
        try {
            Site construct = mine.stream().filter(x -> x.content() instanceof Omp o && !o.directive().isLoop())
                    .findFirst().orElse(null);
            if (construct != null) {
                List<Site> rest = new ArrayList<>(mine);
                rest.remove(construct);
                return ompConstruct(s, construct, rest);
            }
            return dispatch(s, mine);
        } catch (UnsupportedException e) {
            ctx.report(e);
            ctx.drop(FunctionContext.end(s));
            return List.of();
        }
    }

    /**
     * A statement under an OpenMP directive other than a loop's: a parallel region, or an atomic
     * or critical increment inside a parallel loop. Region-level directives ({@code barrier},
     * {@code single} ...) are read by {@link Regions}; here they are misplaced.
     */
    private List<Stmt> ompConstruct(IASTStatement s, Site site, List<Site> rest) {
        Omp o = (Omp) site.content();
        Omp.Directive d = o.directive();
        if (d.opensRegion()) {
            return regions.region(s, site, rest);
        }
        if (o.isAtomicAccess()) {
            // a read or a write of one location is the plain access: whether it races with other
            // iterations is the race analysis's question, as for any other access
            pragmas.accept(rest, AnnotationSite.OTHER, false);
            return statement(s, List.of());
        }
        refuseAtomicCapture(o, s);
        if (d == Omp.Directive.ORDERED) {
            pragmas.accept(rest, AnnotationSite.OTHER, false);
            return orderedIncrements(s, site);
        }
        if (ctx.parallelLoopDepth > 0 && (d == Omp.Directive.ATOMIC || d == Omp.Directive.CRITICAL)) {
            pragmas.accept(rest, AnnotationSite.OTHER, false);
            return atomicIncrements(s, d);
        }
        throw new UnsupportedException(ctx.parallelLoopDepth > 0 ? "unsupported-omp.inside-loop"
                : "unsupported-omp.orphaned", site.range(), "construct", d.spelling);
    }

    /** {@code omp atomic capture} on {@code s}: an error, the captured value depends on the threads' order. */
    void refuseAtomicCapture(Omp o, IASTStatement s) {
        if (o.directive() == Omp.Directive.ATOMIC && "capture".equals(o.name())) {
            throw error("unsupported-omp.atomic-capture", s, "code", SourceText.excerpt(s));
        }
    }

    /**
     * The increments under {@code omp atomic} or {@code omp critical}, marked atomic: {@code x +=
     * e}, {@code x -= e}, or written out ({@code x = x + e}, read by {@link Increments#asIncrement}
     * as {@code x += e}). For increments a critical
     * section and an atomic update of each are the same: no other thread can observe the order.
     */
    List<Stmt> atomicIncrements(IASTStatement s, Omp.Directive d) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt x : org.paradjoint.core.expr.StmtUtil.flatten(statement(s, List.of()))) {
            Assign a = Increments.atomicIncrement(x);
            if (a == null) {
                throw error("unsupported-omp.atomic-update", s, "directive", d.spelling, "code", SourceText.excerpt(s));
            }
            out.add(a);
        }
        return out;
    }

    /**
     * The block of {@code omp ordered} in a loop with the {@code ordered} clause: increments, made
     * atomic (see {@code Increments.atomicIncrement}). The primal runs ordered blocks in iteration
     * order; for increments that order cannot be observed (as for a critical section), so the
     * loop's derivative needs no ordering. Other statements would need their adjoints to run in
     * reverse iteration order, which is not built: a located error.
     */
    private List<Stmt> orderedIncrements(IASTStatement s, Site site) {
        if (ctx.orderedLoopDepth == 0 || ctx.parallelLoopDepth == 0) {
            throw new UnsupportedException("unsupported-omp.ordered-outside", site.range());
        }
        List<Stmt> mapped = statement(s, List.of());
        List<Stmt> out = new ArrayList<>();
        for (Stmt x : org.paradjoint.core.expr.StmtUtil.flatten(mapped)) {
            Assign a = Increments.atomicIncrement(x);
            if (a == null) {
                // a general block: its loop is split around it (core's OrderedLoops)
                Block block = new Block(mapped, ctx.src.range(s));
                ctx.orderedBlocks.add(new FunctionContext.OrderedBlock(block, ctx.src.range(s), SourceText.excerpt(s)));
                return List.of(block);
            }
            out.add(a);
        }
        return out;
    }

    /**
     * {@code loop} as mapped, or, when an {@code omp ordered} block that is not increments is a
     * statement of its own body and the loop is a {@code parallel for}, the loops core's
     * {@link OrderedLoops} splits it into.
     */
    List<Stmt> withOrderedBlock(For loop) {
        ParallelRegion.Ordered o = orderedBlock(loop);
        return o == null ? List.of(loop) : OrderedLoops.fission(loop, o.block(), o.range(), o.fresh());
    }

    /**
     * The general {@code omp ordered} block of {@code loop} (a parallel or worksharing loop whose
     * body holds it as a statement of its own), or null when it has none; such a block anywhere
     * else (inside an inner statement of the body, or in a sequential loop) is a located error.
     */
    ParallelRegion.Ordered orderedBlock(For loop) {
        for (var it = ctx.orderedBlocks.iterator(); it.hasNext();) {
            FunctionContext.OrderedBlock o = it.next();
            boolean[] inside = {false};
            org.paradjoint.core.expr.StmtUtil.forEach(loop.body(), x -> inside[0] |= x.equals(o.block()));
            if (!inside[0]) {
                continue;
            }
            it.remove();
            if (loop.omp() == null || !loop.body().stmts().contains(o.block())) {
                throw new UnsupportedException("unsupported-omp.ordered-update", o.range(), "code", o.code());
            }
            return new ParallelRegion.Ordered(o.block(), o.range(),
                    v -> ctx.scopes.declareGenerated(v.withName("pa_" + v.name())));
        }
        return null;
    }

    private List<Stmt> dispatch(IASTStatement s, List<Site> mine) {
        if (s instanceof IASTForStatement f) {
            For loop = loops.forLoop(f, mine);
            return exits.leftEarly(f) ? exits.lowered(f, loop) : withOrderedBlock(loop);
        }
        if (kernels != null && s instanceof IASTExpressionStatement es
                && Exprs.stripParens(es.getExpression()) instanceof IASTFunctionCallExpression call
                && KokkosKernels.kokkosFunction(call) != null) {
            return withKernelPragmas(kernels.statement(call, KokkosKernels.kokkosFunction(call)), mine);
        }
        if (s instanceof IASTExpressionStatement es) {
            return withPragmas(expressionStatement(es), mine);
        }
        if (views != null && s instanceof IASTDeclarationStatement ds && views.declaration(ds) instanceof List<Stmt> l) {
            return withPragmas(l, mine);
        }
        if (s instanceof IASTDeclarationStatement ds) {
            return withPragmas(declarations.local(ds), mine);
        }
        pragmas.accept(mine, AnnotationSite.OTHER, false);
        if (s instanceof IASTCompoundStatement c) {
            return List.of(compound(c));
        }
        if (s instanceof IASTIfStatement i) {
            Expr cond = ctx.exprs.value(i.getConditionExpression());
            Block then = body(i.getThenClause());
            Block otherwise = i.getElseClause() == null ? null : body(i.getElseClause());
            return List.of(new If(cond, then, otherwise, ctx.src.range(s)));
        }
        if (s instanceof IASTWhileStatement w) {
            return exits.whileLoop(w, this);
        }
        if (s instanceof IASTDoStatement d) {
            return exits.doLoop(d, this);
        }
        if (s instanceof IASTBreakStatement b) {
            return exits.breakStatement(b);
        }
        if (s instanceof IASTContinueStatement k) {
            return exits.continueStatement(k);
        }
        if (s instanceof IASTReturnStatement r && r.getReturnArgument() == null) {
            return exits.returnStatement(r);
        }
        if (s instanceof IASTReturnStatement r) {
            IASTInitializerClause arg = r.getReturnArgument();
            if (arg != null && !(arg instanceof IASTExpression)) {
                throw error("unsupported-statement.return-initializer-list", s);
            }
            Expr value = arg == null ? null : ctx.exprs.value((IASTExpression) arg);
            return List.of(new Return(value, ctx.src.range(s)));
        }
        if (s instanceof IASTNullStatement) {
            return List.of();
        }
        if (s instanceof IASTLabelStatement label) {
            ctx.report(unsupported(s));
            return statement(label.getNestedStatement());
        }
        throw unsupported(s);
    }

    /**
     * Attaches the annotations written before a kernel ({@code ad gradient} of the kernel alone,
     * {@code ad disjoint}) to its loop, as they would be attached to an OpenMP loop.
     */
    private List<Stmt> withKernelPragmas(List<Stmt> mapped, List<Site> mine) {
        if (mine.isEmpty()) {
            return mapped;
        }
        int last = mapped.size() - 1;
        if (last < 0 || !(mapped.get(last) instanceof org.paradjoint.core.ir.For f)) {
            pragmas.accept(mine, AnnotationSite.OTHER, false);
            return mapped;
        }
        List<AdPragma> resolved = new ArrayList<>(f.pragmas());
        for (Site site : pragmas.accept(mine, AnnotationSite.LOOP, false)) {
            AdPragma p = pragmas.resolve(site);
            if (p != null) {
                resolved.add(p);
            }
        }
        List<Stmt> out = new ArrayList<>(mapped.subList(0, last));
        out.add(f.withPragmas(resolved));
        return out;
    }

    /** Attaches annotations to the single assignment a statement produced. */
    private List<Stmt> withPragmas(List<Stmt> mapped, List<Site> mine) {
        if (mine.isEmpty()) {
            return mapped;
        }
        boolean single = mapped.size() == 1 && mapped.get(0) instanceof Assign;
        List<Site> fitting = pragmas.accept(mine, single ? AnnotationSite.ASSIGNMENT : AnnotationSite.OTHER, false);
        if (!single) {
            return mapped;
        }
        List<AdPragma> resolved = new ArrayList<>();
        for (Site site : fitting) {
            AdPragma p = pragmas.resolve(site);
            if (p != null) {
                resolved.add(p);
            }
        }
        Assign a = (Assign) mapped.get(0);
        return List.of(new Assign(a.target(), a.op(), a.value(), a.atomic(), resolved, a.range()));
    }

    private List<Stmt> expressionStatement(IASTExpressionStatement es) {
        if (isAssertion(es)) {
            // an assertion only checks: no derivative depends on it, and derivative code does not repeat it
            return List.of();
        }
        IASTExpression e = Exprs.stripParens(es.getExpression());
        if (e instanceof IASTBinaryExpression b && assignOp(b) != null) {
            return assignments(b, es);
        }
        if (discardsAVariable(e)) {
            // (void) x; reads x and discards it (the idiom for an unused parameter): no effect
            return List.of();
        }
        return List.of(otherExpressionStatement(es, e));
    }

    /** {@code assert(...);}: the statement is the expansion of the standard {@code assert} macro. */
    private static boolean isAssertion(IASTExpressionStatement es) {
        IASTNodeLocation[] where = es.getExpression().getNodeLocations();
        return where.length == 1 && where[0] instanceof IASTMacroExpansionLocation m
                && m.getExpansion().getMacroDefinition().getName().toString().equals("assert");
    }

    /** {@code (void) name}: a variable cast to void, which only silences an unused-variable warning. */
    private static boolean discardsAVariable(IASTExpression e) {
        return e instanceof IASTCastExpression c
                && c.getTypeId().getDeclSpecifier() instanceof IASTSimpleDeclSpecifier d
                && d.getType() == IASTSimpleDeclSpecifier.t_void
                && (c.getTypeId().getAbstractDeclarator() == null
                        || c.getTypeId().getAbstractDeclarator().getPointerOperators().length == 0)
                && Exprs.stripParens(c.getOperand()) instanceof IASTIdExpression;
    }

    /**
     * An assignment, or a chain {@code a = b = e} (any assignment operators) as {@code b = e;
     * a = b;}, innermost first: C gives {@code a} the value {@code b} holds once assigned, which is
     * what reading {@code b} again gives. Unless {@code a}'s location reads a variable that an
     * inner assignment of the chain writes ({@code x[t] = t = e}): C leaves that read and the
     * store unsequenced, so there is no order to write down; that is an error at the read.
     */
    private List<Stmt> assignments(IASTBinaryExpression outer, IASTExpressionStatement es) {
        List<LValue> targets = new ArrayList<>();
        List<IASTExpression> written = new ArrayList<>();
        List<Assign.Op> ops = new ArrayList<>();
        IASTExpression rest = outer;
        while (Exprs.stripParens(rest) instanceof IASTBinaryExpression b && assignOp(b) instanceof Assign.Op op) {
            targets.add(assignable(b.getOperand1()));
            written.add(b.getOperand1());
            ops.add(op);
            if (!(b.getInitOperand2() instanceof IASTExpression rhs)) {
                throw error("unsupported-initializer.assignment-initializer-list", b);
            }
            rest = rhs;
        }
        for (int k = 0; k < targets.size(); k++) {
            for (int inner = k + 1; inner < targets.size(); inner++) {
                Variable v = targets.get(inner).var();
                if (targets.get(k) instanceof ArrayRef a && a.indices().stream().anyMatch(i -> ExprUtil.references(i, v))) {
                    throw error("unsupported-assignment-in-expression.chained-unsequenced", written.get(k), "code",
                            SourceText.excerpt(outer), "target", SourceText.excerpt(written.get(k)), "var",
                            targets.get(inner).var().name());
                }
            }
        }
        Expr value = ctx.exprs.value(rest);
        List<Stmt> out = new ArrayList<>();
        for (int k = targets.size() - 1; k >= 0; k--) {
            out.add(new Assign(targets.get(k), ops.get(k), value, false, List.of(), ctx.src.range(es)));
            value = targets.get(k);
        }
        return out;
    }

    private Stmt otherExpressionStatement(IASTExpressionStatement es, IASTExpression e) {
        if (e instanceof IASTUnaryExpression u && isIncrement(u.getOperator())) {
            if (ctx.exprs.arrayValued(u.getOperand()) != null) {
                throw error("unsupported-pointer-arithmetic.statement", u, "code", SourceText.excerpt(u));
            }
            LValue target = assignable(u.getOperand());
            boolean up = u.getOperator() == IASTUnaryExpression.op_postFixIncr
                    || u.getOperator() == IASTUnaryExpression.op_prefixIncr;
            Expr one = target.var().isFloating() ? new RealLit(1.0, "1.0", ctx.src.range(u))
                    : new IntLit(1, ctx.src.range(u));
            return new Assign(target, up ? Assign.Op.ADD : Assign.Op.SUB, one, false, List.of(), ctx.src.range(es));
        }
        if (e instanceof IASTFunctionCallExpression call && MpiCalls.isMpi(call)) {
            return new MpiCalls(ctx, requests).statement(call, ctx.src.range(es));
        }
        if (e instanceof IASTFunctionCallExpression call && MemoryCopies.isCopy(call)) {
            return new MemoryCopies(ctx).loop(call, ctx.src.range(es));
        }
        if (e instanceof IASTFunctionCallExpression) {
            if (ctx.exprs.value(e) instanceof Call c) {
                return new CallStmt(c, ctx.src.range(es));
            }
            throw error("unsupported-statement.expression-statement-has", es, "code", SourceText.excerpt(es));
        }
        if (e instanceof IASTExpressionList) {
            throw error("unsupported-comma", e, "code", SourceText.excerpt(e));
        }
        ctx.exprs.value(e);
        throw error("unsupported-statement.expression-statement-has", es, "code", SourceText.excerpt(es));
    }

    static boolean isIncrement(int op) {
        return op == IASTUnaryExpression.op_postFixIncr || op == IASTUnaryExpression.op_prefixIncr
                || op == IASTUnaryExpression.op_postFixDecr || op == IASTUnaryExpression.op_prefixDecr;
    }

    private Assign.Op assignOp(IASTBinaryExpression b) {
        switch (b.getOperator()) {
        case IASTBinaryExpression.op_assign: return Assign.Op.SET;
        case IASTBinaryExpression.op_plusAssign: return Assign.Op.ADD;
        case IASTBinaryExpression.op_minusAssign: return Assign.Op.SUB;
        case IASTBinaryExpression.op_multiplyAssign: return Assign.Op.MUL;
        case IASTBinaryExpression.op_divideAssign: return Assign.Op.DIV;
        case IASTBinaryExpression.op_moduloAssign:
        case IASTBinaryExpression.op_shiftLeftAssign:
        case IASTBinaryExpression.op_shiftRightAssign:
        case IASTBinaryExpression.op_binaryAndAssign:
        case IASTBinaryExpression.op_binaryOrAssign:
        case IASTBinaryExpression.op_binaryXorAssign:
            throw error("unsupported-operator.compound-assignment-supported", b, "code", SourceText.excerpt(b));
        default:
            return null;
        }
    }

    /** An assignment target that is not the counter of an enclosing loop. */
    LValue assignable(IASTExpression e) {
        LValue target = ctx.exprs.target(e);
        if (target.var().isScalar() && ctx.activeCounters.contains(target.var())) {
            throw error("unsupported-for.loop-counter-assigned", e, "var", target.var().name());
        }
        return target;
    }

    private UnsupportedException unsupported(IASTStatement s) {
        if (s instanceof IASTProblemStatement) {
            return error("syntax-error.syntax-error-parse", s, "code", SourceText.excerpt(s));
        }
        if (s instanceof IASTGotoStatement || s instanceof IGNUASTGotoStatement) {
            return error("unsupported-goto", s);
        }
        if (s instanceof IASTLabelStatement) {
            return error("unsupported-label", s);
        }
        if (s instanceof IASTSwitchStatement || s instanceof IASTCaseStatement || s instanceof IASTDefaultStatement) {
            return error("unsupported-switch", s);
        }
        if (s instanceof IASTDeclarationStatement ds && ds.getDeclaration() instanceof IASTASMDeclaration) {
            return error("unsupported-asm", s);
        }
        return error("unsupported-statement.statement-supported", s, "code", SourceText.excerpt(s));
    }

    UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, ctx.src.range(node), arguments);
    }
}
