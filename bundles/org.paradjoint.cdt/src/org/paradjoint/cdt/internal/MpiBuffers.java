package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.mpi.MpiRuntime;

/**
 * The user's buffers of the MPI calls of a C function, staged through local arrays of each call's
 * own (see {@link org.paradjoint.core.mpi.Communication}): which buffers are understood ({@code
 * &x[k]}, {@code x + k}, {@code x}, {@code &a[i][j]}, {@code a[i]}, {@code &s}), the count and
 * datatype they are sent with, and the copies that load a staging array from the user's buffer and
 * store it back.
 */
final class MpiBuffers {

    /**
     * A user's buffer: an array (or scalar) and the offset of the first element sent or received,
     * counted in elements of the array in row-major order (C's layout), so that a buffer of a
     * multi-dimensional array may run over several rows, as C programs send them.
     */
    private record Buffer(Variable var, Expr offset, List<Expr> row) {

        Buffer(Variable var, Expr offset) {
            this(var, offset, null);
        }
    }

    private final FunctionContext ctx;

    MpiBuffers(FunctionContext ctx) {
        this.ctx = ctx;
    }

    /**
     * The buffer of one side of a call: a local array of {@code count} elements, with the copy that
     * loads it from the user's buffer ({@code load}: a send, or a receive that may leave the user's
     * values in place) and the copy that stores it back ({@code store}: a receive).
     */
    Expr staged(IASTInitializerClause bufferArg, IASTInitializerClause countArg,
            IASTInitializerClause typeArg, List<Expr> ir, int countAt, int typeAt, String tempName, boolean load,
            boolean store, List<Stmt> before, List<Stmt> after) {
        return staged(bufferArg, countArg, typeArg, ir, countAt, typeAt, tempName, load, store, before, after, null,
                null);
    }

    /**
     * As above; {@code comm} non-null: the buffer holds {@code count} values per rank of it (the
     * gathered side of a Gather, Scatter or Allgather); {@code root} non-null: it is the user's only
     * on that rank (elsewhere MPI does not read or write it, and it may be shorter), so the copies
     * run there only.
     */
    Expr staged(IASTInitializerClause bufferArg, IASTInitializerClause countArg,
            IASTInitializerClause typeArg, List<Expr> ir, int countAt, int typeAt, String tempName, boolean load,
            boolean store, List<Stmt> before, List<Stmt> after, Expr comm, Expr root) {
        Buffer user = buffer(bufferArg);
        Expr count = count(countArg);
        BaseType type = datatype(typeArg, user, bufferArg);
        ir.set(countAt, count);
        ir.set(typeAt, new TextOperand(type == BaseType.DOUBLE ? "MPI_DOUBLE" : "MPI_INT", ctx.src.range(typeArg)));
        SourceRange r = ctx.src.range(bufferArg);
        Expr length = comm == null ? count
                : new Binary(Binary.Op.MUL, count, MpiRuntime.call(MpiRuntime.SIZE, List.of(comm), r), r);
        if (user.var().isScalar() && !(length instanceof IntLit l && l.value() == 1)) {
            throw error("unsupported-mpi.scalar-count", countArg, "name", user.var().name(), "code",
                    SourceText.excerpt(countArg));
        }
        Variable temp = ctx.scopes.declareGenerated(new Variable("pa_" + tempName.substring(4).toLowerCase(),
                type, List.of(Dim.c(length)), Variable.Kind.LOCAL, false, org.paradjoint.core.ir.Layout.ROW_MAJOR,
                SourceRange.NONE));
        if (load) {
            before.add(onRoot(copy(temp, user, length, true, r), comm, root, r));
        }
        if (store) {
            after.add(onRoot(copy(temp, user, length, false, r), comm, root, r));
        }
        return new VarRef(temp, r);
    }

    /** {@code s}, or {@code if (pa_mpi_rank(comm) == root) s} when the buffer is the root's only. */
    private static Stmt onRoot(Stmt s, Expr comm, Expr root, SourceRange r) {
        if (root == null) {
            return s;
        }
        Expr rank = MpiRuntime.call(MpiRuntime.RANK, List.of(comm), r);
        return new org.paradjoint.core.ir.If(new Binary(Binary.Op.EQ, rank, root, r), new Block(List.of(s), r), null,
                r);
    }

    /** {@code temp[k] = x[off + k]} (into the temporary) or {@code x[off + k] = temp[k]} over the count. */
    private Stmt copy(Variable temp, Buffer user, Expr count, boolean intoTemp, SourceRange r) {
        if (user.var().isScalar()) {
            LValue t = new ArrayRef(temp, List.of(new IntLit(0, r)), r);
            LValue u = new VarRef(user.var(), r);
            return intoTemp ? set(t, u, r) : set(u, t, r);
        }
        Variable k = ctx.scopes.declareGenerated(Variable.scalar("pa_k", BaseType.INT, Variable.Kind.LOCAL));
        Expr kRef = new VarRef(k, r);
        Expr index = user.offset() instanceof IntLit z && z.value() == 0 ? kRef : new Binary(Binary.Op.ADD, user.offset(), kRef, r);
        LValue t = new ArrayRef(temp, List.of(kRef), r);
        LValue u = new ArrayRef(user.var(), inOneRow(user, count) ? row(user, kRef) : indices(user.var(), index, r), r);
        Stmt body = intoTemp ? set(t, u, r) : set(u, t, r);
        return new For(k, new IntLit(0, r), Binary.Op.LT, count, new IntLit(1, r), new Block(List.of(body), r), null,
                List.of(), r);
    }

    private static Stmt set(LValue target, Expr value, SourceRange r) {
        return new Assign(target, Assign.Op.SET, value, false, List.of(), r);
    }

    /** Whether the buffer is one row from its start: {@code count} is the row's declared length. */
    private static boolean inOneRow(Buffer user, Expr count) {
        return user.row() != null && count.equals(user.var().dims().get(user.var().rank() - 1).extent());
    }

    /** Element {@code k} of the row the buffer starts: {@code a[i][k]}. */
    private static List<Expr> row(Buffer user, Expr k) {
        List<Expr> out = new ArrayList<>(user.row());
        out.add(k);
        return out;
    }

    /**
     * The indices of element {@code flat} (row-major) of {@code array}: {@code flat} itself for one
     * dimension, {@code flat / m} and {@code flat % m} for {@code a[][m]}, and so on.
     */
    private static List<Expr> indices(Variable array, Expr flat, SourceRange r) {
        List<Expr> out = new ArrayList<>();
        Expr stride = null; // the elements of one step in the current dimension
        for (int d = array.rank() - 1; d >= 0; d--) {
            Expr step = stride == null ? flat : new Binary(Binary.Op.DIV, flat, stride, r);
            out.add(0, d == 0 ? step : new Binary(Binary.Op.MOD, step, array.dims().get(d).extent(), r));
            Expr extent = array.dims().get(d).extent();
            stride = d == 0 ? null : stride == null ? extent : new Binary(Binary.Op.MUL, stride, extent, r);
        }
        return out;
    }

    /**
     * The row-major offset of {@code a[i][j]...}: the leading {@code indices} of an array whose
     * trailing extents are known (missing trailing indices count as 0: {@code a[i]} is row i).
     */
    private Expr flatOffset(Variable array, List<Expr> indices, IASTNode where) {
        for (int d = 1; d < array.rank(); d++) {
            if (!array.dims().get(d).extentKnown()) {
                throw error("unsupported-mpi.buffer", where, "code", SourceText.excerpt(where));
            }
        }
        SourceRange r = ctx.src.range(where);
        Expr flat = new IntLit(0, r);
        for (int d = 0; d < array.rank(); d++) {
            Expr scaled = d == 0 || flat instanceof IntLit z && z.value() == 0 ? flat
                    : new Binary(Binary.Op.MUL, flat, array.dims().get(d).extent(), r);
            flat = d < indices.size() ? plus(scaled, Binary.Op.ADD, indices.get(d), r) : scaled;
        }
        return flat;
    }

    /** The subscripts of {@code a[i][j]...} (outermost last) and its array, or null when it is not one. */
    private Buffer subscripted(IASTExpression e, IASTNode where) {
        List<IASTExpression> subscripts = new ArrayList<>();
        IASTExpression s = Exprs.stripParens(e);
        while (s instanceof IASTArraySubscriptExpression a) {
            subscripts.add(0, (IASTExpression) a.getArgument());
            s = Exprs.stripParens(a.getArrayExpression());
        }
        Variable array = ctx.exprs.arrayValued(s);
        if (array == null || subscripts.size() > array.rank()) {
            return null;
        }
        List<Expr> indices = subscripts.stream().map(i -> ctx.exprs.value(i)).toList();
        if (array.rank() == 1) {
            return new Buffer(array, indices.isEmpty() ? new IntLit(0) : indices.get(0));
        }
        // a[i] or &a[i][0]: the start of a row, which a count of one row's length does not leave
        boolean rowStart = indices.size() == array.rank() - 1 || indices.size() == array.rank()
                && indices.get(array.rank() - 1) instanceof IntLit z && z.value() == 0;
        return new Buffer(array, flatOffset(array, indices, where),
                rowStart ? indices.subList(0, array.rank() - 1) : null);
    }

    /**
     * {@code &x[k]}, {@code x + k}, {@code k + x}, {@code x} (an array or pointer), {@code &a[i][j]},
     * {@code a[i]} (row i of a two-dimensional array) or {@code &s} (a scalar).
     */
    private Buffer buffer(IASTInitializerClause arg) {
        IASTExpression e = Exprs.stripParens((IASTExpression) arg);
        if (isConstant(arg, "MPI_IN_PLACE")) {
            throw error("unsupported-mpi.in-place", arg);
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper) {
            IASTExpression operand = Exprs.stripParens(u.getOperand());
            if (operand instanceof IASTArraySubscriptExpression) {
                Buffer element = subscripted(operand, arg);
                if (element != null && countSubscripts(operand) == element.var().rank()) {
                    return element;
                }
            } else if (operand instanceof IASTIdExpression) {
                if (ctx.exprs.value(operand) instanceof VarRef v && v.var().isScalar()) {
                    return new Buffer(v.var(), new IntLit(0));
                }
            }
        } else {
            Buffer shifted = pointer(e);
            if (shifted != null) {
                return shifted;
            }
        }
        throw error("unsupported-mpi.buffer", arg, "code", SourceText.excerpt(arg));
    }

    /**
     * A one-dimensional array plus or minus integers, in any order ({@code x}, {@code x + k},
     * {@code k + x}, {@code x + n - 2}); null for anything else.
     */
    private Buffer pointer(IASTExpression expression) {
        IASTExpression e = Exprs.stripParens(expression);
        if (e instanceof IASTIdExpression || e instanceof IASTArraySubscriptExpression) {
            // an array or pointer, or a row of one (a[i] of a two-dimensional a): a pointer to elements
            Buffer b = subscripted(e, e);
            return b != null && countSubscripts(e) < b.var().rank() ? b : null;
        }
        if (!(e instanceof IASTBinaryExpression b) || b.getOperator() != IASTBinaryExpression.op_plus
                && b.getOperator() != IASTBinaryExpression.op_minus) {
            return null;
        }
        SourceRange r = ctx.src.range(b);
        Buffer left = pointer(b.getOperand1());
        if (left != null) {
            Binary.Op op = b.getOperator() == IASTBinaryExpression.op_plus ? Binary.Op.ADD : Binary.Op.SUB;
            return new Buffer(left.var(), plus(left.offset(), op, ctx.exprs.value(b.getOperand2()), r));
        }
        Buffer right = b.getOperator() == IASTBinaryExpression.op_plus ? pointer(b.getOperand2()) : null;
        return right == null ? null
                : new Buffer(right.var(), plus(ctx.exprs.value(b.getOperand1()), Binary.Op.ADD, right.offset(), r));
    }

    private static int countSubscripts(IASTExpression e) {
        int n = 0;
        for (IASTExpression s = Exprs.stripParens(e); s instanceof IASTArraySubscriptExpression a;
                s = Exprs.stripParens(a.getArrayExpression())) {
            n++;
        }
        return n;
    }

    private static Expr plus(Expr a, Binary.Op op, Expr b, SourceRange r) {
        if (a instanceof IntLit z && z.value() == 0 && op == Binary.Op.ADD) {
            return b;
        }
        if (b instanceof IntLit z && z.value() == 0) {
            return a;
        }
        return new Binary(op, a, b, r);
    }

    private Expr count(IASTInitializerClause arg) {
        Expr e = ctx.exprs.value((IASTExpression) arg);
        // the staging buffers are locals of this size
        if (!Declarations.isFunctionLevelExtent(e)) {
            throw error("unsupported-mpi.count", arg, "code", SourceText.excerpt(arg));
        }
        return e;
    }

    /** {@code MPI_DOUBLE} for a double buffer, {@code MPI_INT} for an int one. */
    private BaseType datatype(IASTInitializerClause arg, Buffer user, IASTInitializerClause bufferArg) {
        BaseType expected = isConstant(arg, "MPI_DOUBLE") ? BaseType.DOUBLE
                : isConstant(arg, "MPI_INT") ? BaseType.INT : null;
        if (expected == null) {
            throw error("unsupported-mpi.datatype", arg, "code", SourceText.excerpt(arg));
        }
        if (user.var().type() != expected) {
            throw error("unsupported-mpi.datatype-mismatch", bufferArg, "code", SourceText.excerpt(bufferArg),
                    "type", user.var().type().cName(), "datatype", SourceText.excerpt(arg));
        }
        return expected;
    }

    private static boolean isConstant(IASTNode arg, String name) {
        return MpiCalls.isConstant(arg, name);
    }

    private UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, ctx.src.range(node), arguments);
    }
}
