package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.eclipse.cdt.core.dom.ast.IASTBreakStatement;
import org.eclipse.cdt.core.dom.ast.IASTCompoundStatement;
import org.eclipse.cdt.core.dom.ast.IASTContinueStatement;
import org.eclipse.cdt.core.dom.ast.IASTDoStatement;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTForStatement;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTReturnStatement;
import org.eclipse.cdt.core.dom.ast.IASTStatement;
import org.eclipse.cdt.core.dom.ast.IASTSwitchStatement;
import org.eclipse.cdt.core.dom.ast.IASTWhileStatement;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTLambdaExpression;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * C's early exits and condition-controlled loops, lowered onto the counted loops and the ifs of
 * the IR, so that every transformation differentiates them with the rules it already has. One
 * rule, for {@code while}, {@code do}-{@code while} and a {@code for} left by {@code break} or
 * {@code return}:
 *
 * <pre>
 * pa_n = 1;
 * for (pa_k = 0; pa_k &lt; pa_n; pa_k++) {
 *     if (test) { body; if (goes on) { step; pa_n = pa_n + 1; } }
 * }
 * </pre>
 *
 * The body raises the bound while the loop goes on, so the loop runs as often as C's and the
 * counter stops at the trip count; reverse mode records where it stopped (Tapenade's recorded
 * trip count, {@code core.transform.Loops.tripCountRecorded}) and which branch each iteration
 * took, as for any {@code if} whose condition the body changes. A {@code do}-{@code while} tests
 * after the body (no test before it); a {@code for} tests its condition before and its step is
 * {@code i = i + s}, so its counter ends where C's does.
 * <p>
 * {@code break}, {@code continue} and {@code return} in a void function set a flag
 * ({@code pa_break}, {@code pa_continue}, {@code pa_return}), and the statements after one that
 * may set it run under {@code if (!flag)} ({@link #guardAfter}); {@code pa_continue} is cleared at
 * the start of each iteration, {@code pa_break} before the loop, {@code pa_return} when the
 * function starts. A {@code continue} keeps a counted loop counted, parallel ones included (its
 * flag is a local of the body, hence private). A loop whose trip count is known only at its end
 * inside a parallel loop or region is refused: reverse mode would have to record it per
 * iteration of the parallel loop.
 */
final class Exits {

    /** The generated variables of one loop; {@code counter} and {@code bound} only when it is lowered. */
    private record Frame(Variable left, Variable skipped, Variable counter, Variable bound) {
    }

    private final FunctionContext ctx;
    private final List<Frame> open = new ArrayList<>();
    /** The frames of the loops mapped so far, by loop, for {@link #lowered(IASTForStatement, For)}. */
    private final Map<IASTStatement, Frame> closed = new HashMap<>();
    private Variable returned;
    private IASTFunctionDefinition function;

    Exits(FunctionContext ctx) {
        this.ctx = ctx;
    }

    /**
     * Starts function {@code def}: declares its {@code pa_return} when a {@code return;} comes
     * before its end. Call before its body is mapped.
     */
    void enter(IASTFunctionDefinition def) {
        function = def;
        if (contains(def.getBody(), IASTReturnStatement.class, false, this::isEarlyVoidReturn)) {
            returned = ctx.scopes.declareGenerated(intLocal("pa_return"));
        }
    }

    /** The function's mapped body, with {@code pa_return} cleared first when it has one. */
    Block withReturnFlagCleared(Block body) {
        if (returned == null) {
            return body;
        }
        List<Stmt> stmts = new ArrayList<>();
        stmts.add(set(returned, 0, body.range()));
        stmts.addAll(body.stmts());
        return new Block(stmts, body.range());
    }

    /** Whether {@code for} loop {@code fs} can be left early, so that it is mapped by {@link #lowered}. */
    boolean leftEarly(IASTForStatement fs) {
        return hasOwnBreak(fs)
                || contains(fs.getBody(), IASTReturnStatement.class, false, this::isEarlyVoidReturn);
    }

    /**
     * The body of loop {@code loop} mapped by {@code mapper} with the loop's flags (and, for a
     * loop to lower, its counter and bound) declared around it; {@code pa_continue} cleared first.
     */
    Block body(IASTStatement loop, Supplier<Block> mapper) {
        boolean lowered = !(loop instanceof IASTForStatement fs) || leftEarly(fs);
        if (lowered && (ctx.parallelLoopDepth > 0 || ctx.regionDepth > 0)) {
            throw refusal(loop);
        }
        ctx.scopes.push();
        try {
            Variable left = hasOwnBreak(loop) ? ctx.scopes.declareGenerated(intLocal("pa_break")) : null;
            Variable skipped = contains(bodyOf(loop), IASTContinueStatement.class, true, n -> true)
                    ? ctx.scopes.declareGenerated(intLocal("pa_continue")) : null;
            Variable counter = lowered ? ctx.scopes.declareGenerated(intLocal("pa_k")) : null;
            Variable bound = lowered ? ctx.scopes.declareGenerated(intLocal("pa_n")) : null;
            Frame frame = new Frame(left, skipped, counter, bound);
            open.add(frame);
            Block body;
            try {
                body = mapper.get();
            } finally {
                open.remove(open.size() - 1);
            }
            closed.put(loop, frame);
            if (skipped == null) {
                return body;
            }
            Block guarded = guardOnly(body, skipped);
            if (guarded != null && ctx.scopes.withdrawGenerated(skipped)) {
                return guarded;
            }
            List<Stmt> stmts = new ArrayList<>();
            stmts.add(set(skipped, 0, body.range()));
            stmts.addAll(body.stmts());
            return new Block(stmts, body.range());
        } finally {
            ctx.scopes.pop();
        }
    }

    /**
     * A body whose one {@code continue} is a guard of the body's own statements
     * ({@code if (c) continue;} followed by the rest, which the mapping put under
     * {@code if (!pa_continue)}), as the branch it is: {@code if (!c) { rest }}, without the flag.
     * The analyses then see the condition itself (a red-black sweep's {@code i % 2 != s % 2}
     * proves its iterations apart), not a flag set in a branch. Null for any other body.
     */
    private static Block guardOnly(Block body, Variable skipped) {
        List<Stmt> stmts = body.stmts();
        for (int k = 0; k + 1 < stmts.size(); k++) {
            if (stmts.get(k) instanceof If test && test.otherwise() == null && test.then().stmts().size() == 1
                    && test.then().stmts().get(0) instanceof Assign a && a.target() instanceof VarRef t
                    && t.var().equals(skipped) && stmts.get(k + 1) instanceof If rest && rest.otherwise() == null
                    && rest.cond() instanceof Unary u && u.op() == Unary.Op.NOT
                    && u.operand() instanceof VarRef r && r.var().equals(skipped) && k + 2 == stmts.size()
                    && stmts.subList(0, k).stream().noneMatch(x -> StmtUtil.mentioned(x).contains(skipped))
                    && !StmtUtil.mentioned(rest.then()).contains(skipped)
                    && !ExprUtil.references(test.cond(), skipped)) {
                List<Stmt> out = new ArrayList<>(stmts.subList(0, k));
                out.add(new If(new Unary(Unary.Op.NOT, test.cond(), test.range()), rest.then(), null, test.range()));
                return new Block(out, body.range());
            }
        }
        return null;
    }

    /** Why a loop left early cannot be in a parallel loop or region, located at what leaves it. */
    private UnsupportedException refusal(IASTStatement loop) {
        if (loop instanceof IASTWhileStatement) {
            return new UnsupportedException("unsupported-while", ctx.src.range(loop));
        }
        if (loop instanceof IASTDoStatement) {
            return new UnsupportedException("unsupported-do-while", ctx.src.range(loop));
        }
        IASTNode ret = first(bodyOf(loop), IASTReturnStatement.class, false);
        if (ret != null) {
            return new UnsupportedException("return-in-parallel", ctx.src.range(ret));
        }
        IASTNode exit = first(bodyOf(loop), IASTBreakStatement.class, true);
        return new UnsupportedException("unsupported-break", ctx.src.range(exit));
    }

    /** {@code while (c) s}. */
    List<Stmt> whileLoop(IASTWhileStatement w, Statements statements) {
        Block body = body(w, () -> statements.body(w.getBody()));
        Expr test = ctx.exprs.value(w.getCondition());
        return lower(closed.get(w), test, body, null, List.of(), ctx.src.range(w));
    }

    /** {@code do s while (c)}; {@code do s while (0)} (a macro's braces) is {@code s}. */
    List<Stmt> doLoop(IASTDoStatement d, Statements statements) {
        if (isZero(d.getCondition()) && !hasOwnBreak(d)
                && !contains(d.getBody(), IASTContinueStatement.class, true, n -> true)) {
            return List.of(statements.body(d.getBody()));
        }
        Block body = body(d, () -> statements.body(d.getBody()));
        Expr test = ctx.exprs.value(d.getCondition());
        return lower(closed.get(d), null, body, test, List.of(), ctx.src.range(d));
    }

    /** A {@code for} loop left early ({@link #leftEarly}), mapped by {@code Loops} into {@code f}. */
    List<Stmt> lowered(IASTForStatement fs, For f) {
        SourceRange r = f.range();
        Variable i = f.counter();
        Stmt step = assign(i, plus(i, f.step(), r), r);
        List<Stmt> out = new ArrayList<>();
        out.add(assign(i, f.lower(), r));
        out.addAll(lower(closed.get(fs), new Binary(f.cmp(), new VarRef(i, r), f.bound(), r), f.body(), null,
                List.of(step), r));
        return out;
    }

    private List<Stmt> lower(Frame frame, Expr before, Block body, Expr after, List<Stmt> step, SourceRange r) {
        Variable k = frame.counter();
        Variable n = frame.bound();
        List<Expr> goesOn = new ArrayList<>();
        if (frame.left() != null) {
            goesOn.add(not(frame.left(), r));
        }
        if (returned != null) {
            goesOn.add(not(returned, r));
        }
        if (after != null) {
            goesOn.add(after);
        }
        List<Stmt> next = new ArrayList<>(step);
        next.add(assign(n, plus(n, new IntLit(1, r), r), r));
        List<Stmt> iteration = new ArrayList<>(body.stmts());
        Expr test = conjunction(goesOn);
        iteration.add(test == null ? new Block(next, r) : new If(test, new Block(next, r), null, r));
        // while (1): the test is always passed
        boolean tested = before != null && !(before instanceof IntLit l && l.value() != 0);
        Block once = !tested ? new Block(iteration, r)
                : new Block(List.of(new If(before, new Block(iteration, r), null, r)), r);
        List<Stmt> out = new ArrayList<>();
        if (frame.left() != null) {
            out.add(set(frame.left(), 0, r));
        }
        out.add(set(n, 1, r));
        out.add(new For(k, new IntLit(0, r), Binary.Op.LT, new VarRef(n, r), new IntLit(1, r), once, null, List.of(),
                r));
        return out;
    }

    /** {@code break}: sets the innermost loop's flag. */
    List<Stmt> breakStatement(IASTBreakStatement s) {
        Frame f = innermost();
        if (f == null || f.left() == null) {
            throw new UnsupportedException("unsupported-break", ctx.src.range(s));
        }
        return List.of(set(f.left(), 1, ctx.src.range(s)));
    }

    /** {@code continue}: sets the innermost loop's flag. */
    List<Stmt> continueStatement(IASTContinueStatement s) {
        Frame f = innermost();
        if (f == null || f.skipped() == null) {
            throw new UnsupportedException("unsupported-continue", ctx.src.range(s));
        }
        return List.of(set(f.skipped(), 1, ctx.src.range(s)));
    }

    /** {@code return;}: nothing at the end of the function, else sets {@code pa_return}. */
    List<Stmt> returnStatement(IASTReturnStatement s) {
        if (isFinalReturn(s)) {
            return List.of();
        }
        if (returned == null || ctx.parallelLoopDepth > 0 || ctx.regionDepth > 0) {
            // a return the function's scan did not see is a lambda's: a Kokkos kernel's iteration
            throw new UnsupportedException("return-in-parallel", ctx.src.range(s));
        }
        return List.of(set(returned, 1, ctx.src.range(s)));
    }

    /**
     * The condition under which the statements after {@code s} in its block run, or null when
     * {@code s} cannot leave the block: none of the flags it may set is set.
     */
    Expr guardAfter(IASTStatement s) {
        List<Expr> none = new ArrayList<>();
        SourceRange r = ctx.src.range(s);
        Frame f = innermost();
        if (f != null && f.left() != null && ownJump(s, IASTBreakStatement.class)) {
            none.add(not(f.left(), r));
        }
        if (f != null && f.skipped() != null && ownJump(s, IASTContinueStatement.class)) {
            none.add(not(f.skipped(), r));
        }
        if (returned != null && contains(s, IASTReturnStatement.class, false, this::isEarlyVoidReturn)) {
            none.add(not(returned, r));
        }
        return conjunction(none);
    }

    private Frame innermost() {
        return open.isEmpty() ? null : open.get(open.size() - 1);
    }

    private boolean ownJump(IASTStatement s, Class<? extends IASTStatement> kind) {
        return kind.isInstance(s) || !isLoop(s) && contains(s, kind, true, n -> true);
    }

    private static boolean hasOwnBreak(IASTStatement loop) {
        return contains(bodyOf(loop), IASTBreakStatement.class, true, n -> true);
    }

    private static IASTStatement bodyOf(IASTStatement loop) {
        return switch (loop) {
            case IASTForStatement f -> f.getBody();
            case IASTWhileStatement w -> w.getBody();
            case IASTDoStatement d -> d.getBody();
            default -> throw new IllegalArgumentException("not a loop: " + loop);
        };
    }

    private static boolean isLoop(IASTNode n) {
        return n instanceof IASTForStatement || n instanceof IASTWhileStatement || n instanceof IASTDoStatement;
    }

    /**
     * Whether {@code n} is or holds a node of {@code kind} that {@code accept}s; with
     * {@code ownLoop} not inside a nested loop or switch (a {@code break} or {@code continue}
     * there is that statement's). Never inside a lambda, whose {@code return} is its own.
     */
    private static boolean contains(IASTNode n, Class<? extends IASTNode> kind, boolean ownLoop,
            Predicate<IASTNode> accept) {
        return find(n, kind, ownLoop, accept) != null;
    }

    private static IASTNode first(IASTNode n, Class<? extends IASTNode> kind, boolean ownLoop) {
        return find(n, kind, ownLoop, x -> true);
    }

    private static IASTNode find(IASTNode n, Class<? extends IASTNode> kind, boolean ownLoop,
            Predicate<IASTNode> accept) {
        if (n == null || ownLoop && (isLoop(n) || n instanceof IASTSwitchStatement)) {
            // a loop's or switch's own jumps are its own, also when it is the whole body searched
            return null;
        }
        if (kind.isInstance(n) && accept.test(n)) {
            return n;
        }
        for (IASTNode child : n.getChildren()) {
            if (child instanceof ICPPASTLambdaExpression
                    || ownLoop && (isLoop(child) || child instanceof IASTSwitchStatement)) {
                continue;
            }
            IASTNode found = find(child, kind, ownLoop, accept);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /**
     * A {@code return;} before the end of the function. A value's {@code return e;} stays a return
     * statement: a helper's are lowered where it is inlined, reverse mode takes the final one.
     */
    private boolean isEarlyVoidReturn(IASTNode n) {
        return n instanceof IASTReturnStatement r && r.getReturnArgument() == null && !isFinalReturn(n);
    }

    /** The last statement of the function's body, which leaves nothing to skip. */
    private boolean isFinalReturn(IASTNode n) {
        IASTNode body = function == null ? null : function.getBody();
        return body instanceof IASTCompoundStatement c && n.getParent() == c && c.getStatements().length > 0
                && c.getStatements()[c.getStatements().length - 1] == n;
    }

    private static boolean isZero(IASTExpression e) {
        return Exprs.stripParens(e) instanceof IASTLiteralExpression l
                && l.getKind() == IASTLiteralExpression.lk_integer_constant && "0".equals(String.valueOf(l.getValue()));
    }

    private static Variable intLocal(String name) {
        return Variable.scalar(name, BaseType.INT, Variable.Kind.LOCAL);
    }

    private static Stmt set(Variable v, int value, SourceRange r) {
        return assign(v, new IntLit(value, r), r);
    }

    private static Stmt assign(Variable v, Expr value, SourceRange r) {
        return new Assign(new VarRef(v, r), Assign.Op.SET, value, false, List.of(), r);
    }

    private static Expr plus(Variable v, Expr e, SourceRange r) {
        return new Binary(Binary.Op.ADD, new VarRef(v, r), e, r);
    }

    private static Expr not(Variable v, SourceRange r) {
        return new Unary(Unary.Op.NOT, new VarRef(v, r), r);
    }

    private static Expr conjunction(List<Expr> terms) {
        Expr out = null;
        for (Expr t : terms) {
            out = out == null ? t : new Binary(Binary.Op.AND, out, t, out.range());
        }
        return out;
    }
}
