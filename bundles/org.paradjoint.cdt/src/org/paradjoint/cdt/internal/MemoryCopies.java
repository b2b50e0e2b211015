package org.paradjoint.cdt.internal;

import java.util.List;

import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTTypeIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * {@code memcpy(dst, src, count * sizeof(T))} between one-dimensional arrays (parameters, locals
 * or members of a struct parameter), as codes copy a
 * new state back ({@code memcpy(u + 1, tmp + 1, (n - 2) * sizeof(double))}): the copy loop it
 * stands for, {@code for (pa_c = 0; pa_c < count; pa_c++) dst[d + pa_c] = src[s + pa_c];}, which
 * every transformation reads as any loop. {@code dst} and {@code src} are arrays, {@code a + e} or
 * {@code &a[e]}; the size is a count times the {@code sizeof} of the arrays' element type (as a
 * type or as an element). Anything else is an error that says what is read. ({@code memmove},
 * whose ranges may overlap, is not read: the loop would copy in the wrong order for some.)
 */
final class MemoryCopies {

    private final FunctionContext ctx;

    MemoryCopies(FunctionContext ctx) {
        this.ctx = ctx;
    }

    /** True for a call of the C library's {@code memcpy} (one the file defines is called as its own). */
    static boolean isCopy(IASTFunctionCallExpression call) {
        return Exprs.stripParens(call.getFunctionNameExpression()) instanceof IASTIdExpression id
                && id.getName().toString().equals("memcpy") && !Exprs.callsDefinition(call);
    }

    /** The copy loop of {@code call}, a statement at {@code where}. */
    For loop(IASTFunctionCallExpression call, SourceRange where) {
        IASTInitializerClause[] args = call.getArguments();
        if (args.length != 3 || !(args[0] instanceof IASTExpression d) || !(args[1] instanceof IASTExpression s)
                || !(args[2] instanceof IASTExpression size)) {
            throw unreadable(call);
        }
        ArrayRef to = start(d, call);
        ArrayRef from = start(s, call);
        if (to.var().type() != from.var().type()) {
            throw unreadable(call);
        }
        Expr count = count(size, to.var().type(), call);
        Variable c = ctx.scopes.declareGenerated(Variable.scalar("pa_c", BaseType.INT, Variable.Kind.LOCAL));
        VarRef k = new VarRef(c, where);
        Assign copy = new Assign(shifted(to, k, where), Assign.Op.SET, shifted(from, k, where), false, List.of(),
                where);
        return new For(c, new IntLit(0, where), Binary.Op.LT, count, new IntLit(1, where), new Block(List.of(copy),
                where), null, List.of(), where);
    }

    /** Element {@code k} from where a copy starts. */
    private static ArrayRef shifted(ArrayRef start, Expr k, SourceRange where) {
        return new ArrayRef(start.var(), List.of(org.paradjoint.core.expr.Exprs.add(start.indices().get(0), k)), where);
    }

    /** Where a copy starts ({@link Exprs#pointerInto}): element 0 of an array, or of {@code a + e}, {@code &a[e]}. */
    private ArrayRef start(IASTExpression e, IASTNode call) {
        ArrayRef start = ctx.exprs.pointerInto(e);
        if (start == null) {
            throw unreadable(call);
        }
        return start;
    }

    /** The element count of {@code count * sizeof(T)} or {@code sizeof(T) * count}, T the element type. */
    private Expr count(IASTExpression size, BaseType element, IASTNode call) {
        if (Exprs.stripParens(size) instanceof IASTBinaryExpression b
                && b.getOperator() == IASTBinaryExpression.op_multiply) {
            if (isSizeOf(b.getOperand2(), element)) {
                return ctx.exprs.value(b.getOperand1());
            }
            if (isSizeOf(b.getOperand1(), element)) {
                return ctx.exprs.value(b.getOperand2());
            }
        }
        throw unreadable(call);
    }

    /**
     * {@code sizeof(T)} of the element type, or {@code sizeof} of an element ({@code sizeof u[0]},
     * {@code sizeof *u}).
     */
    private boolean isSizeOf(IASTExpression e, BaseType element) {
        IASTExpression s = Exprs.stripParens(e);
        if (s instanceof IASTTypeIdExpression t && t.getOperator() == IASTTypeIdExpression.op_sizeof) {
            try {
                return ctx.types.castType(t.getTypeId()) == element;
            } catch (UnsupportedException x) {
                return false;
            }
        }
        if (s instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_sizeof) {
            IASTExpression of = Exprs.stripParens(u.getOperand());
            Variable array = ctx.exprs.arrayValued(of instanceof IASTUnaryExpression star
                    && star.getOperator() == IASTUnaryExpression.op_star ? star.getOperand()
                    : of instanceof IASTArraySubscriptExpression a ? a.getArrayExpression() : of);
            return array != null && array.rank() == 1 && array.type() == element;
        }
        return false;
    }

    private UnsupportedException unreadable(IASTNode call) {
        return new UnsupportedException("unsupported-memcpy", ctx.src.range(call), "code", SourceText.excerpt(call));
    }
}
