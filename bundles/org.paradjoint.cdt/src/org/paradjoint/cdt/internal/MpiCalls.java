package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
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
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.mpi.Communication;
import org.paradjoint.core.mpi.MpiRoutine;
import org.paradjoint.core.mpi.MpiRuntime;

/**
 * The MPI calls of a C function as the IR knows them. A communication routine
 * ({@link MpiRoutine}) becomes its call on buffers of its own, with the copies that stage the
 * user's buffers through them (see {@link Communication}); {@code MPI_Comm_rank}/{@code
 * MPI_Comm_size} become assignments of a rank query. MPI's constants are recognised by the text
 * the user wrote ({@code MPI_COMM_WORLD}, {@code MPI_DOUBLE}), which is what a program relies on:
 * their values differ between MPI libraries. Anything else named {@code MPI_...} is a located
 * error that says what is supported.
 */
final class MpiCalls {

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

    private static final Set<String> ONE_SIDED = Set.of("MPI_Put", "MPI_Get", "MPI_Accumulate", "MPI_Win_create",
            "MPI_Win_fence", "MPI_Get_accumulate", "MPI_Fetch_and_op", "MPI_Compare_and_swap");
    private static final Set<String> NOT_YET = Set.of("MPI_Waitany", "MPI_Waitsome", "MPI_Test",
            "MPI_Testall", "MPI_Ssend", "MPI_Rsend", "MPI_Bsend", "MPI_Gatherv", "MPI_Scatterv", "MPI_Allgatherv", "MPI_Alltoall");

    private final FunctionContext ctx;
    private final MpiRequests requests;

    MpiCalls(FunctionContext ctx, MpiRequests requests) {
        this.ctx = ctx;
        this.requests = requests;
    }

    static boolean isMpi(IASTFunctionCallExpression call) {
        return Exprs.stripParens(call.getFunctionNameExpression()) instanceof IASTIdExpression id
                && id.getName().toString().startsWith("MPI_") && !id.getName().toString().equals("MPI_Wtime");
    }

    /** The statements of an MPI call used as a statement. */
    Stmt statement(IASTFunctionCallExpression call, SourceRange where) {
        String name = ((IASTIdExpression) Exprs.stripParens(call.getFunctionNameExpression())).getName().toString();
        IASTInitializerClause[] args = call.getArguments();
        if (name.equals("MPI_Comm_rank") || name.equals("MPI_Comm_size")) {
            return rankQuery(name, call, args, where);
        }
        if (name.equals("MPI_Waitall")) {
            return waitAll(call, args, where);
        }
        MpiRoutine routine = MpiRoutine.named(name).orElseThrow(() -> unsupportedRoutine(name, call));
        if (args.length != routine.arity()) {
            throw error("call-arity.function", call, "function", name, "arity", routine.arity(), "args", args.length);
        }
        List<Stmt> before = new ArrayList<>();
        List<Stmt> after = new ArrayList<>();
        List<Expr> ir = new ArrayList<>();
        for (int k = 0; k < args.length; k++) {
            ir.add(null);
        }
        if (routine.comm() >= 0) {
            ir.set(routine.comm(), comm(args[routine.comm()]));
        }
        switch (routine) {
            case SEND -> {
                ir.set(0, staged(args[0], args[1], args[2], ir, 1, 2, name + "_s", true, false, before, after));
                ir.set(3, peer(args[3]));
                ir.set(4, tag(args[4]));
            }
            case ISEND, IRECV -> {
                boolean send = routine == MpiRoutine.ISEND;
                // a receive's copy-out runs once its wait has completed it
                List<Stmt> afterWait = new ArrayList<>();
                ir.set(0, staged(args[0], args[1], args[2], ir, 1, 2, name + (send ? "_s" : "_r"), true, !send, before,
                        afterWait));
                ir.set(3, peer(args[3]));
                ir.set(4, tag(args[4]));
                Variable request = ctx.scopes.declareUnique(new Variable("pa_" + name.substring(4).toLowerCase()
                        + "_req", BaseType.MPI_REQUEST, List.of(Dim.c(new IntLit(2))), Variable.Kind.LOCAL, false,
                        org.paradjoint.core.ir.Layout.ROW_MAJOR, SourceRange.NONE));
                ir.set(6, new VarRef(request, ctx.src.range(args[6])));
                requests.start(call, args[6], new MpiRequests.Started(request, afterWait, call));
            }
            case WAIT -> {
                status(args[1]);
                MpiRequests.Started started = requests.complete(call, args[0]);
                return completion(List.of(started), where);
            }
            case RECV -> {
                // loaded first: a receive from MPI_PROC_NULL leaves the user's values as they were
                ir.set(0, staged(args[0], args[1], args[2], ir, 1, 2, name + "_r", true, true, before, after));
                ir.set(3, source(args[3]));
                ir.set(4, receiveTag(args[4]));
                ir.set(6, status(args[6], ir.get(3), ir.get(4), name));
            }
            case SENDRECV -> {
                ir.set(0, staged(args[0], args[1], args[2], ir, 1, 2, name + "_s", true, false, before, after));
                ir.set(3, peer(args[3]));
                ir.set(4, tag(args[4]));
                ir.set(5, staged(args[5], args[6], args[7], ir, 6, 7, name + "_r", true, true, before, after));
                ir.set(8, source(args[8]));
                ir.set(9, receiveTag(args[9]));
                ir.set(11, status(args[11], ir.get(8), ir.get(9), name));
            }
            case ALLREDUCE, REDUCE -> {
                ir.set(4, operation(args[4], name));
                boolean inPlace = isConstant(args[0], "MPI_IN_PLACE");
                if (routine == MpiRoutine.REDUCE) {
                    ir.set(5, value(args[5]));
                }
                // in place, the receive buffer holds the values sent
                IASTInitializerClause sent = inPlace ? args[1] : args[0];
                ir.set(0, staged(sent, args[2], args[3], ir, 2, 3, name + "_s", true, false, before, after));
                // a reduction's result off the root leaves the buffer as it was: loaded from it first
                ir.set(1, staged(args[1], args[2], args[3], ir, 2, 3, name + "_r", routine == MpiRoutine.REDUCE, true,
                        before, after));
            }
            case BCAST -> {
                ir.set(0, staged(args[0], args[1], args[2], ir, 1, 2, name + "_b", true, true, before, after));
                ir.set(3, value(args[3]));
            }
            case GATHER, SCATTER, ALLGATHER -> {
                Expr comm = ir.get(routine.comm());
                Expr root = routine == MpiRoutine.ALLGATHER ? null : value(args[6]);
                if (root != null) {
                    ir.set(6, root);
                }
                boolean gather = routine != MpiRoutine.SCATTER;
                // the gathered side holds count values per rank; a Gather's and a Scatter's is the root's
                ir.set(0, staged(args[0], args[1], args[2], ir, 1, 2, name + "_s", true, false, before, after,
                        gather ? null : comm, gather ? null : root));
                ir.set(3, staged(args[3], args[4], args[5], ir, 4, 5, name + "_r", routine == MpiRoutine.GATHER, true,
                        before, after, gather ? comm : null, routine == MpiRoutine.GATHER ? root : null));
                if (!ir.get(1).equals(ir.get(4))) {
                    throw error("unsupported-mpi.counts-differ", call, "routine", name);
                }
            }
            case BARRIER -> {
            }
        }
        List<Stmt> out = new ArrayList<>(before);
        out.add(new CallStmt(MpiRuntime.call(name, ir, where), where));
        out.addAll(after);
        return out.size() == 1 ? out.get(0) : new Block(out, where);
    }

    /** {@code MPI_Waitall(n, req, MPI_STATUSES_IGNORE)}: one wait per request, which completes the same operations. */
    private Stmt waitAll(IASTFunctionCallExpression call, IASTInitializerClause[] args, SourceRange where) {
        if (args.length != 3) {
            throw error("call-arity.function", call, "function", "MPI_Waitall", "arity", 3, "args", args.length);
        }
        if (!isConstant(args[2], "MPI_STATUSES_IGNORE")) {
            throw error("unsupported-mpi.status", args[2], "code", SourceText.excerpt(args[2]));
        }
        return completion(requests.completeAll(call, args[0], args[1]), where);
    }

    /** {@code MPI_Wait} on each request's own array, then what runs once each has completed (a receive's copy-out). */
    private static Stmt completion(List<MpiRequests.Started> completed, SourceRange where) {
        List<Stmt> out = new ArrayList<>();
        for (MpiRequests.Started s : completed) {
            out.add(new CallStmt(MpiRuntime.call(MpiRoutine.WAIT.cName, List.of(new VarRef(s.request(), where),
                    new TextOperand("MPI_STATUS_IGNORE", where)), where), where));
        }
        completed.forEach(s -> out.addAll(s.afterWait()));
        return out.size() == 1 ? out.get(0) : new Block(out, where);
    }

    /** {@code MPI_Comm_rank(comm, &r)}: {@code r = pa_mpi_rank(comm)}. */
    private Stmt rankQuery(String name, IASTFunctionCallExpression call, IASTInitializerClause[] args,
            SourceRange where) {
        if (args.length != 2) {
            throw error("call-arity.function", call, "function", name, "arity", 2, "args", args.length);
        }
        Expr comm = comm(args[0]);
        if (!(args[1] instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper)) {
            throw error("unsupported-mpi.rank-target", args[1], "routine", name, "code", SourceText.excerpt(args[1]));
        }
        LValue target = ctx.exprs.target(u.getOperand());
        if (!target.var().type().isInteger()) {
            throw error("unsupported-mpi.rank-target", args[1], "routine", name, "code", SourceText.excerpt(args[1]));
        }
        String query = name.equals("MPI_Comm_rank") ? MpiRuntime.RANK : MpiRuntime.SIZE;
        return new Assign(target, Assign.Op.SET, MpiRuntime.call(query, List.of(comm), where), false,
                List.of(), where);
    }

    /**
     * The buffer of one side of a call: a local array of {@code count} elements, with the copy that
     * loads it from the user's buffer ({@code load}: a send, or a receive that may leave the user's
     * values in place) and the copy that stores it back ({@code store}: a receive).
     */
    private Expr staged(IASTInitializerClause bufferArg, IASTInitializerClause countArg,
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
    private Expr staged(IASTInitializerClause bufferArg, IASTInitializerClause countArg,
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

    /** {@code MPI_SUM}, {@code MPI_MAX}, {@code MPI_MIN} or {@code MPI_PROD}. */
    private TextOperand operation(IASTInitializerClause arg, String routine) {
        for (String op : List.of("MPI_SUM", "MPI_MAX", "MPI_MIN", "MPI_PROD")) {
            if (isConstant(arg, op)) {
                return new TextOperand(op, ctx.src.range(arg));
            }
        }
        throw error("unsupported-mpi.reduction-op", arg, "routine", routine, "code", SourceText.excerpt(arg));
    }

    private Expr comm(IASTInitializerClause arg) {
        if (isConstant(arg, "MPI_COMM_WORLD") || isConstant(arg, "MPI_COMM_SELF")) {
            return new TextOperand(SourceText.excerpt(arg), ctx.src.range(arg));
        }
        Expr e = ctx.exprs.value((IASTExpression) arg);
        if (e instanceof VarRef v && v.var().type() == BaseType.MPI_COMM) {
            return e;
        }
        throw error("unsupported-mpi.communicator", arg, "code", SourceText.excerpt(arg));
    }

    /** A rank: an integer expression, or {@code MPI_PROC_NULL}; never a wildcard. */
    private Expr peer(IASTInitializerClause arg) {
        if (isConstant(arg, "MPI_PROC_NULL")) {
            return new TextOperand("MPI_PROC_NULL", ctx.src.range(arg));
        }
        if (isConstant(arg, "MPI_ANY_SOURCE")) {
            throw error("unsupported-mpi.wildcard", arg, "code", "MPI_ANY_SOURCE");
        }
        return value(arg);
    }

    private Expr tag(IASTInitializerClause arg) {
        if (isConstant(arg, "MPI_ANY_TAG")) {
            throw error("unsupported-mpi.wildcard", arg, "code", "MPI_ANY_TAG");
        }
        return value(arg);
    }

    /** A receive's source: a rank, {@code MPI_PROC_NULL} or {@code MPI_ANY_SOURCE} (the match is recorded). */
    private Expr source(IASTInitializerClause arg) {
        return isConstant(arg, "MPI_ANY_SOURCE") ? new TextOperand("MPI_ANY_SOURCE", ctx.src.range(arg)) : peer(arg);
    }

    /** A receive's tag: an integer or {@code MPI_ANY_TAG} (the match is recorded). */
    private Expr receiveTag(IASTInitializerClause arg) {
        return isConstant(arg, "MPI_ANY_TAG") ? new TextOperand("MPI_ANY_TAG", ctx.src.range(arg)) : tag(arg);
    }

    /**
     * The status of a blocking receive: the user's must be ignored; a receive from a wildcard source
     * or tag gets a status of its own, from which the derivative code reads the match (the tangent's
     * message comes from the same rank, the adjoint's goes back to it).
     */
    private Expr status(IASTInitializerClause arg, Expr source, Expr tag, String routine) {
        TextOperand ignored = status(arg);
        if (!Communication.isWildcard(source) && !Communication.isWildcard(tag)) {
            return ignored;
        }
        Variable status = ctx.scopes.declareGenerated(new Variable("pa_" + routine.substring(4).toLowerCase()
                + "_status", BaseType.MPI_STATUS, List.of(Dim.c(new IntLit(1))), Variable.Kind.LOCAL, false,
                org.paradjoint.core.ir.Layout.ROW_MAJOR, SourceRange.NONE));
        return new VarRef(status, ctx.src.range(arg));
    }

    private TextOperand status(IASTInitializerClause arg) {
        if (!isConstant(arg, "MPI_STATUS_IGNORE")) {
            throw error("unsupported-mpi.status", arg, "code", SourceText.excerpt(arg));
        }
        return new TextOperand("MPI_STATUS_IGNORE", ctx.src.range(arg));
    }

    private Expr value(IASTInitializerClause arg) {
        Expr e = ctx.exprs.value((IASTExpression) arg);
        if (!org.paradjoint.core.expr.ExprTypes.isInteger(e)) {
            throw error("unsupported-mpi.integer-argument", arg, "code", SourceText.excerpt(arg));
        }
        return e;
    }

    /** Whether the user wrote MPI's constant {@code name} here (its expansion differs between libraries). */
    private static boolean isConstant(IASTNode arg, String name) {
        return arg.getRawSignature().strip().equals(name);
    }

    private UnsupportedException unsupportedRoutine(String name, IASTNode call) {
        if (ONE_SIDED.contains(name) || name.startsWith("MPI_Win_")) {
            return error("unsupported-mpi.one-sided", call, "routine", name);
        }
        if (NOT_YET.contains(name)) {
            return error("unsupported-mpi.routine-not-yet", call, "routine", name);
        }
        return error("unsupported-mpi.routine", call, "routine", name);
    }

    private UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, ctx.src.range(node), arguments);
    }
}
