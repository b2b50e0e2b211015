package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
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

    private static final Set<String> ONE_SIDED = Set.of("MPI_Put", "MPI_Get", "MPI_Accumulate", "MPI_Win_create",
            "MPI_Win_fence", "MPI_Get_accumulate", "MPI_Fetch_and_op", "MPI_Compare_and_swap");
    private static final Set<String> NOT_YET = Set.of("MPI_Waitany", "MPI_Waitsome", "MPI_Test",
            "MPI_Testall", "MPI_Ssend", "MPI_Rsend", "MPI_Bsend", "MPI_Gatherv", "MPI_Scatterv", "MPI_Allgatherv", "MPI_Alltoall");

    private final FunctionContext ctx;
    private final MpiRequests requests;
    private final MpiBuffers buffers;

    MpiCalls(FunctionContext ctx, MpiRequests requests) {
        this.ctx = ctx;
        this.requests = requests;
        this.buffers = new MpiBuffers(ctx);
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
                ir.set(0, buffers.staged(args[0], args[1], args[2], ir, 1, 2, name + "_s", true, false, before, after));
                ir.set(3, peer(args[3]));
                ir.set(4, tag(args[4]));
            }
            case ISEND, IRECV -> {
                boolean send = routine == MpiRoutine.ISEND;
                // a receive's copy-out runs once its wait has completed it
                List<Stmt> afterWait = new ArrayList<>();
                ir.set(0, buffers.staged(args[0], args[1], args[2], ir, 1, 2, name + (send ? "_s" : "_r"), true, !send, before,
                        afterWait));
                ir.set(3, send ? peer(args[3]) : source(args[3]));
                ir.set(4, send ? tag(args[4]) : receiveTag(args[4]));
                // a receive from a wildcard: its wait gets a status of its own, which says whom it matched
                Variable status = Communication.isWildcard(ir.get(3)) || Communication.isWildcard(ir.get(4))
                        ? ctx.scopes.declareUnique(new Variable("pa_" + name.substring(4).toLowerCase() + "_status",
                                BaseType.MPI_STATUS, List.of(Dim.c(new IntLit(1))), Variable.Kind.LOCAL, false,
                                org.paradjoint.core.ir.Layout.ROW_MAJOR, SourceRange.NONE))
                        : null;
                Variable request = ctx.scopes.declareUnique(new Variable("pa_" + name.substring(4).toLowerCase()
                        + "_req", BaseType.MPI_REQUEST, List.of(Dim.c(new IntLit(2))), Variable.Kind.LOCAL, false,
                        org.paradjoint.core.ir.Layout.ROW_MAJOR, SourceRange.NONE));
                ir.set(6, new VarRef(request, ctx.src.range(args[6])));
                requests.start(call, args[6], new MpiRequests.Started(request, afterWait, call, status));
            }
            case WAIT -> {
                status(args[1]);
                MpiRequests.Started started = requests.complete(call, args[0]);
                return completion(List.of(started), where);
            }
            case RECV -> {
                // loaded first: a receive from MPI_PROC_NULL leaves the user's values as they were
                ir.set(0, buffers.staged(args[0], args[1], args[2], ir, 1, 2, name + "_r", true, true, before, after));
                ir.set(3, source(args[3]));
                ir.set(4, receiveTag(args[4]));
                ir.set(6, status(args[6], ir.get(3), ir.get(4), name));
            }
            case SENDRECV -> {
                ir.set(0, buffers.staged(args[0], args[1], args[2], ir, 1, 2, name + "_s", true, false, before, after));
                ir.set(3, peer(args[3]));
                ir.set(4, tag(args[4]));
                ir.set(5, buffers.staged(args[5], args[6], args[7], ir, 6, 7, name + "_r", true, true, before, after));
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
                ir.set(0, buffers.staged(sent, args[2], args[3], ir, 2, 3, name + "_s", true, false, before, after));
                // a reduction's result off the root leaves the buffer as it was: loaded from it first
                ir.set(1, buffers.staged(args[1], args[2], args[3], ir, 2, 3, name + "_r", routine == MpiRoutine.REDUCE, true,
                        before, after));
            }
            case BCAST -> {
                ir.set(0, buffers.staged(args[0], args[1], args[2], ir, 1, 2, name + "_b", true, true, before, after));
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
                ir.set(0, buffers.staged(args[0], args[1], args[2], ir, 1, 2, name + "_s", true, false, before, after,
                        gather ? null : comm, gather ? null : root));
                ir.set(3, buffers.staged(args[3], args[4], args[5], ir, 4, 5, name + "_r", routine == MpiRoutine.GATHER, true,
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
                    s.status() == null ? MpiRuntime.statusIgnore(where) : new VarRef(s.status(), where)), where), where));
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
        return MpiRuntime.statusIgnore(ctx.src.range(arg));
    }

    private Expr value(IASTInitializerClause arg) {
        Expr e = ctx.exprs.value((IASTExpression) arg);
        if (!org.paradjoint.core.expr.ExprTypes.isInteger(e)) {
            throw error("unsupported-mpi.integer-argument", arg, "code", SourceText.excerpt(arg));
        }
        return e;
    }

    /** Whether the user wrote MPI's constant {@code name} here (its expansion differs between libraries). */
    static boolean isConstant(IASTNode arg, String name) {
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
