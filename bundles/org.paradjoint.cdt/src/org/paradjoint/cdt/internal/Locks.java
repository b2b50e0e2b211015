package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclarationStatement;
import org.eclipse.cdt.core.dom.ast.IASTExpressionStatement;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTNamedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTStatement;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.frontend.Increments;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.expr.StmtUtil;

/**
 * OpenMP lock routines, as codes use them instead of {@code critical}: {@code omp_set_lock(&l);
 * ...; omp_unset_lock(&l);} in a parallel loop body is a critical section, and what it protects
 * must be increments, which become atomic increments (sums of shared scalars become reductions of
 * the loop, as for {@code critical}): for increments the order in which threads acquire the lock
 * cannot be observed. The lock itself ({@code omp_lock_t} declarations, {@code omp_init_lock},
 * {@code omp_destroy_lock}) then protects nothing the derivative code needs and is left out of it.
 */
final class Locks {
    static final String SET = "omp_set_lock";
    static final String UNSET = "omp_unset_lock";
    /** Routines that only manage a lock's lifetime. */
    private static final Set<String> LIFETIME = Set.of("omp_init_lock", "omp_destroy_lock");
    private static final String TYPE = "omp_lock_t";

    private final FunctionContext ctx;
    private final Statements statements;

    Locks(FunctionContext ctx, Statements statements) {
        this.ctx = ctx;
        this.statements = statements;
    }

    /** The lock {@code s} passes to {@code routine} ({@code routine(&l);}), or null. */
    static String lockOf(IASTStatement s, String routine) {
        if (s instanceof IASTExpressionStatement es
                && Exprs.stripParens(es.getExpression()) instanceof IASTFunctionCallExpression call
                && Exprs.stripParens(call.getFunctionNameExpression()) instanceof IASTIdExpression id
                && id.getName().toString().equals(routine) && call.getArguments().length == 1) {
            IASTInitializerClause arg = call.getArguments()[0];
            return arg instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper
                    ? SourceText.excerpt(u.getOperand()) : SourceText.excerpt(arg);
        }
        return null;
    }

    /** {@code omp_lock_t l;}, {@code omp_init_lock(&l);} or {@code omp_destroy_lock(&l);}: nothing to differentiate. */
    static boolean isLifetime(IASTStatement s) {
        for (String routine : LIFETIME) {
            if (lockOf(s, routine) != null) {
                return true;
            }
        }
        return s instanceof IASTDeclarationStatement ds && ds.getDeclaration() instanceof IASTSimpleDeclaration d
                && isLockType(d.getDeclSpecifier());
    }

    private static boolean isLockType(IASTDeclSpecifier spec) {
        return spec instanceof IASTNamedTypeSpecifier n && n.getName().toString().equals(TYPE);
    }

    /** The index of the {@code omp_unset_lock} that releases the lock set at {@code all[start]}, or {@code all.length}. */
    static int release(IASTStatement[] all, int start) {
        String lock = lockOf(all[start], SET);
        int end = start + 1;
        while (end < all.length && !lock.equals(lockOf(all[end], UNSET))) {
            end++;
        }
        return end;
    }

    /**
     * The critical section that starts with {@code omp_set_lock} at {@code all[start]}: its
     * statements as atomic increments, into {@code out}. Returns the index of the matching
     * {@code omp_unset_lock}.
     */
    int section(IASTStatement[] all, int start, List<Stmt> out) {
        String lock = lockOf(all[start], SET);
        if (ctx.parallelLoopDepth == 0) {
            throw new UnsupportedException("unsupported-omp.lock-outside-loop", ctx.src.range(all[start]), "lock",
                    lock);
        }
        int end = release(all, start);
        if (end == all.length) {
            throw new UnsupportedException("unsupported-omp.lock-not-released", ctx.src.range(all[start]), "lock",
                    lock);
        }
        List<Stmt> protectedStmts = new ArrayList<>();
        for (int k = start + 1; k < end; k++) {
            for (Stmt x : StmtUtil.flatten(statements.statement(all[k], ctx.claim(FunctionContext.start(all[k]))))) {
                Assign a = Increments.atomicIncrement(x);
                if (a == null) {
                    throw new UnsupportedException("unsupported-omp.lock-increment", ctx.src.range(all[k]), "lock",
                            lock, "code", SourceText.excerpt(all[k]));
                }
                protectedStmts.add(a);
            }
        }
        out.addAll(protectedStmts);
        return end;
    }
}
