package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.cdt.core.dom.ast.IASTCompoundStatement;
import org.eclipse.cdt.core.dom.ast.IASTDeclarationStatement;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IASTNamedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTStatement;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * Pairs each non-blocking call ({@code MPI_Isend}, {@code MPI_Irecv}) of a function with the
 * {@code MPI_Wait} or {@code MPI_Waitall} that completes it, by the request the user wrote
 * ({@code &r}, {@code &req[2]}, {@code req + 2}; {@code MPI_Waitall(4, req, ...)} completes
 * {@code req[0]} to {@code req[3]}).
 *
 * <p>The pair must stand in one block, the call first, each directly in it (not under an
 * {@code if} or a loop without braces of its own): then every run of the block that starts the
 * operation also completes it, so the reverse sweep can post the reversed operation where it meets
 * the wait and complete it where it meets the call. The user's requests are not needed by the
 * derivative code: each call gets a request array of its own ({@link
 * org.paradjoint.core.mpi.Communication#request}), and declarations of {@code MPI_Request}
 * variables are left out.
 */
final class MpiRequests {

    /**
     * A started operation: its request array, what runs once it completes (a receive's copy-out),
     * and the status its wait fills (a receive from a wildcard; null otherwise).
     */
    record Started(Variable request, List<Stmt> afterWait, IASTNode call, Variable status) {
    }

    private record Key(IASTNode block, String request) {
    }

    private static final String TYPE = "MPI_Request";

    private final FunctionContext ctx;
    private final Map<Key, Started> pending = new LinkedHashMap<>();

    MpiRequests(FunctionContext ctx) {
        this.ctx = ctx;
    }

    /** {@code MPI_Request r;} or {@code MPI_Request req[4];}: nothing the derivative code needs. */
    static boolean isDeclaration(IASTStatement s) {
        return s instanceof IASTDeclarationStatement ds && ds.getDeclaration() instanceof IASTSimpleDeclaration d
                && d.getDeclSpecifier() instanceof IASTNamedTypeSpecifier n && n.getName().toString().equals(TYPE);
    }

    /** Records a non-blocking call started with the request the user wrote at {@code requestArg}. */
    void start(IASTNode call, IASTInitializerClause requestArg, Started started) {
        Key key = new Key(block(call), element(requestArg));
        if (pending.containsKey(key)) {
            throw error("unsupported-mpi.request-reused", call, "request", key.request());
        }
        pending.put(key, started);
    }

    /** What {@code MPI_Wait(requestArg, ...)} completes. */
    Started complete(IASTNode wait, IASTInitializerClause requestArg) {
        return complete(wait, element(requestArg));
    }

    /** What {@code MPI_Waitall(count, array, ...)} completes, in the order of the array. */
    List<Started> completeAll(IASTNode wait, IASTInitializerClause countArg, IASTInitializerClause arrayArg) {
        IASTExpression count = Exprs.stripParens((IASTExpression) countArg);
        IASTExpression array = Exprs.stripParens((IASTExpression) arrayArg);
        Integer n = constant(count);
        if (n == null || !(array instanceof IASTIdExpression)) {
            throw error("unsupported-mpi.waitall", wait, "code", SourceText.excerpt(wait));
        }
        List<Started> out = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            out.add(complete(wait, array.getRawSignature().strip() + "[" + k + "]"));
        }
        return out;
    }

    /**
     * Reports every call of {@code block} that no wait of the block completed: its request would be
     * completed elsewhere, or never.
     */
    void checkCompleted(IASTCompoundStatement block) {
        pending.entrySet().removeIf(e -> {
            if (e.getKey().block() != block) {
                return false;
            }
            ctx.report(error("unsupported-mpi.request-not-waited", e.getValue().call(), "request",
                    e.getKey().request()));
            return true;
        });
    }

    /** Whether a call of {@code block} still waits for its completion. */
    boolean hasPending(IASTCompoundStatement block) {
        return pending.keySet().stream().anyMatch(k -> k.block() == block);
    }

    private Started complete(IASTNode wait, String request) {
        Started s = pending.remove(new Key(block(wait), request));
        if (s == null) {
            throw error("unsupported-mpi.request-unmatched", wait, "request", request);
        }
        return s;
    }

    /** The block the call's statement stands in directly. */
    private IASTNode block(IASTNode call) {
        IASTNode statement = call.getParent();
        if (!(statement instanceof IASTStatement) || !(statement.getParent() instanceof IASTCompoundStatement)) {
            throw error("unsupported-mpi.request-not-in-block", call, "code", SourceText.excerpt(call));
        }
        return statement.getParent();
    }

    /** The request element the user wrote, as {@code r} or {@code req[K]} with a constant K. */
    private String element(IASTInitializerClause arg) {
        IASTExpression e = Exprs.stripParens((IASTExpression) arg);
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper) {
            IASTExpression operand = Exprs.stripParens(u.getOperand());
            if (operand instanceof IASTIdExpression) {
                return operand.getRawSignature().strip();
            }
            if (operand instanceof IASTArraySubscriptExpression a
                    && Exprs.stripParens(a.getArrayExpression()) instanceof IASTIdExpression array
                    && constant(a.getArgument()) instanceof Integer k) {
                return array.getRawSignature().strip() + "[" + k + "]";
            }
        } else if (e instanceof IASTIdExpression) {
            return e.getRawSignature().strip() + "[0]";
        } else if (e instanceof IASTBinaryExpression b && b.getOperator() == IASTBinaryExpression.op_plus
                && Exprs.stripParens(b.getOperand1()) instanceof IASTIdExpression array
                && constant(b.getOperand2()) instanceof Integer k) {
            return array.getRawSignature().strip() + "[" + k + "]";
        }
        throw error("unsupported-mpi.request", arg, "code", SourceText.excerpt(arg));
    }

    /** The value of an integer literal (after macro expansion, read as every literal is), or null. */
    private Integer constant(IASTNode n) {
        return n instanceof IASTExpression e && Exprs.stripParens(e) instanceof IASTLiteralExpression
                && ctx.exprs.value(e) instanceof org.paradjoint.core.ir.IntLit l ? (int) l.value() : null;
    }

    private UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, ctx.src.range(node), arguments);
    }
}
