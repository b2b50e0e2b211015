package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.mpi.Communication;
import org.paradjoint.core.mpi.MpiRoutine;
import org.paradjoint.core.mpi.MpiRuntime;

/**
 * The MPI calls of a Fortran procedure ({@code use mpi} or {@code use mpi_f08}) as the IR knows
 * them: the same IR as the C front-end makes of the same calls (see core's {@code Communication}),
 * so that core's rules apply unchanged. Arguments sit where C has them; the trailing {@code
 * ierror} (optional with {@code mpi_f08}) is left out, since MPI's default error handler stops the
 * program on an error. Each user buffer ({@code x(k)}: the first of {@code count} consecutive
 * elements; a whole one-dimensional array; a scalar) is staged through a local array of the call's
 * own, loaded and stored by ordinary loops; a non-blocking call gets a request array of its own,
 * paired with its {@code MPI_Wait} by the request the user wrote. MPI's constants are known by
 * their names ({@code MPI_COMM_WORLD}, {@code MPI_SUM}), which the IR holds in upper case.
 */
final class MpiCalls {

    private static final Set<String> ONE_SIDED = Set.of("mpi_put", "mpi_get", "mpi_accumulate", "mpi_win_create",
            "mpi_win_fence", "mpi_get_accumulate", "mpi_fetch_and_op", "mpi_compare_and_swap");

    /** One argument: its tokens {@code [from, to)} in the line. */
    private record Arg(int from, int to, int start, int end) {
    }

    /** A non-blocking call waiting for its {@code MPI_Wait}: its request array and its receive's copy-out. */
    private record Started(Variable request, List<Stmt> afterWait, List<Stmt> block, SourceRange range, Variable status) {
    }

    private final Scope scope;
    private final ExprParser exprs;
    private final SourceText src;
    private final List<Variable> introduced;
    /** Integer variables of {@code use mpi} used as communicators: the IR types them {@code MPI_COMM}. */
    private final Set<Variable> communicators = new LinkedHashSet<>();
    /** The user's variables that only MPI calls name ({@code ierror}, requests): not declared in derivatives. */
    private final Set<Variable> consumed = new LinkedHashSet<>();
    private final Map<String, Started> started = new LinkedHashMap<>();

    private LogicalLine line;
    /** The counter of the loops that copy buffers, made by the first. */
    private Variable counter;

    MpiCalls(Scope scope, ExprParser exprs, SourceText src, List<Variable> introduced) {
        this.scope = scope;
        this.exprs = exprs;
        this.src = src;
        this.introduced = introduced;
    }

    /** Whether {@code l} is {@code call mpi_...(...)}. */
    static boolean isMpiCall(LogicalLine l, Classifier.Line cls) {
        if (cls.kind() != Classifier.Kind.CALL || l.tokens().size() <= cls.at() + 1) {
            return false;
        }
        Token n = l.tokens().get(cls.at() + 1);
        return n.isName() && n.text().startsWith("mpi_");
    }

    Set<Variable> communicators() {
        return communicators;
    }

    Set<Variable> consumed() {
        return consumed;
    }

    /** Errors for the non-blocking calls whose wait never came (reported once the procedure is read). */
    List<UnsupportedException> unwaited() {
        return started.entrySet().stream().map(e -> new UnsupportedException("unsupported-mpi.request-not-waited",
                e.getValue().range(), "request", e.getKey())).toList();
    }

    /** The statements of the MPI call on line {@code l}, into {@code block} (the list the statement joins). */
    Stmt statement(LogicalLine l, int at, List<Stmt> block) {
        this.line = l;
        Cursor c = new Cursor(l, src, at + 1);
        Token name = c.next();
        String n = name.text();
        SourceRange where = src.range(l.start(), l.end());
        if (scope.mpi() == null) {
            throw c.at(name, "unsupported-mpi.fortran-without-use", "routine", spelled(n));
        }
        List<Arg> args = arguments(c, n);
        if (n.equals("mpi_comm_rank") || n.equals("mpi_comm_size")) {
            return rankQuery(n, name, args, where);
        }
        if (n.equals("mpi_waitall")) {
            return waitAll(name, args, where, block);
        }
        MpiRoutine routine = java.util.Arrays.stream(MpiRoutine.values())
                .filter(r -> r.cName.equalsIgnoreCase(n)).findFirst().orElseThrow(() -> unsupportedRoutine(n, name));
        arity(routine.arity(), args, name, routine.cName);
        List<Stmt> before = new ArrayList<>();
        List<Stmt> after = new ArrayList<>();
        List<Expr> ir = new ArrayList<>();
        for (int k = 0; k < routine.arity(); k++) {
            ir.add(null);
        }
        if (routine.comm() >= 0) {
            ir.set(routine.comm(), comm(args.get(routine.comm())));
        }
        String tempBase = n.substring(4);
        switch (routine) {
            case SEND -> {
                ir.set(0, staged(args, 0, 1, 2, ir, tempBase + "_s", true, false, before, after, null, null));
                ir.set(3, peer(args.get(3)));
                ir.set(4, tag(args.get(4)));
            }
            case ISEND, IRECV -> {
                boolean send = routine == MpiRoutine.ISEND;
                // a receive's copy-out runs once its wait has completed it
                List<Stmt> afterWait = new ArrayList<>();
                ir.set(0, staged(args, 0, 1, 2, ir, tempBase + (send ? "_s" : "_r"), true, !send, before, afterWait,
                        null, null));
                ir.set(3, send ? peer(args.get(3)) : source(args.get(3)));
                ir.set(4, send ? tag(args.get(4)) : receiveTag(args.get(4)));
                // a receive from a wildcard: its wait gets a status of its own, which says whom it matched
                Variable status = Communication.isWildcard(ir.get(3)) || Communication.isWildcard(ir.get(4))
                        ? fresh("pa_" + tempBase + "_status", BaseType.MPI_STATUS, List.of(Dim.c(new IntLit(1))))
                        : null;
                Variable request = fresh("pa_" + tempBase + "_req", BaseType.MPI_REQUEST, List.of(Dim.c(new IntLit(2))));
                ir.set(6, new VarRef(request, range(args.get(6))));
                String key = requestKey(args.get(6));
                if (started.containsKey(key)) {
                    throw error("unsupported-mpi.request-reused", args.get(6), "request", key);
                }
                started.put(key, new Started(request, afterWait, block, where, status));
            }
            case WAIT -> {
                Started s = complete(args.get(0), block);
                status(args.get(1));
                return completion(List.of(s), where);
            }
            case RECV -> {
                // loaded first: a receive from MPI_PROC_NULL leaves the user's values as they were
                ir.set(0, staged(args, 0, 1, 2, ir, tempBase + "_r", true, true, before, after, null, null));
                ir.set(3, source(args.get(3)));
                ir.set(4, receiveTag(args.get(4)));
                ir.set(6, status(args.get(6), ir.get(3), ir.get(4), tempBase));
            }
            case SENDRECV -> {
                ir.set(0, staged(args, 0, 1, 2, ir, tempBase + "_s", true, false, before, after, null, null));
                ir.set(3, peer(args.get(3)));
                ir.set(4, tag(args.get(4)));
                ir.set(5, staged(args, 5, 6, 7, ir, tempBase + "_r", true, true, before, after, null, null));
                ir.set(8, source(args.get(8)));
                ir.set(9, receiveTag(args.get(9)));
                ir.set(11, status(args.get(11), ir.get(8), ir.get(9), tempBase));
            }
            case ALLREDUCE, REDUCE -> {
                ir.set(4, operation(args.get(4), routine.cName));
                if (routine == MpiRoutine.REDUCE) {
                    ir.set(5, integer(args.get(5)));
                }
                // in place, the receive buffer holds the values sent
                int sent = isConstant(args.get(0), "mpi_in_place") ? 1 : 0;
                ir.set(0, staged(args, sent, 2, 3, ir, tempBase + "_s", true, false, before, after, null, null));
                // a reduction's result off the root leaves the buffer as it was: loaded from it first
                ir.set(1, staged(args, 1, 2, 3, ir, tempBase + "_r", routine == MpiRoutine.REDUCE, true, before, after,
                        null, null));
            }
            case BCAST -> {
                ir.set(0, staged(args, 0, 1, 2, ir, tempBase + "_b", true, true, before, after, null, null));
                ir.set(3, integer(args.get(3)));
            }
            case GATHER, SCATTER, ALLGATHER -> {
                Expr comm = ir.get(routine.comm());
                Expr root = routine == MpiRoutine.ALLGATHER ? null : integer(args.get(6));
                if (root != null) {
                    ir.set(6, root);
                }
                boolean gather = routine != MpiRoutine.SCATTER;
                // the gathered side holds count values per rank; a Gather's and a Scatter's is the root's
                ir.set(0, staged(args, 0, 1, 2, ir, tempBase + "_s", true, false, before, after, gather ? null : comm,
                        gather ? null : root));
                ir.set(3, staged(args, 3, 4, 5, ir, tempBase + "_r", routine == MpiRoutine.GATHER, true, before, after,
                        gather ? comm : null, routine == MpiRoutine.GATHER ? root : null));
                if (!ir.get(1).equals(ir.get(4))) {
                    throw c.at(name, "unsupported-mpi.counts-differ", "routine", routine.cName);
                }
            }
            case BARRIER -> {
            }
        }
        List<Stmt> out = new ArrayList<>(before);
        out.add(new CallStmt(MpiRuntime.call(routine.cName, ir, where), where));
        out.addAll(after);
        return out.size() == 1 ? out.get(0) : new Block(out, where);
    }

    // ---- arguments ----------------------------------------------------------------------------

    /** The arguments between the parentheses, split at the commas outside parentheses; the trailing ierror read. */
    private List<Arg> arguments(Cursor c, String routine) {
        List<Arg> out = new ArrayList<>();
        if (!c.peekIs("(")) {
            c.expectEnd("the call");
            return out;
        }
        int close = c.matching(c.pos());
        if (close < 0) {
            throw c.atNext("syntax-error.unbalanced-parentheses");
        }
        int from = c.pos() + 1;
        int depth = 0;
        for (int k = from; k <= close; k++) {
            Token t = c.token(k);
            if (k == close || depth == 0 && t.isOp(",")) {
                if (k > from) {
                    out.add(new Arg(from, k, c.token(from).start(), c.token(k - 1).end()));
                }
                from = k + 1;
            } else if (t.isOp("(")) {
                depth++;
            } else if (t.isOp(")")) {
                depth--;
            }
        }
        if (out.stream().anyMatch(a -> a.to() - a.from() >= 2 && c.token(a.from()).isName()
                && c.token(a.from() + 1).isOp("="))) {
            throw c.atNext("unsupported-call.keyword-arguments-are");
        }
        c.seek(close + 1);
        c.expectEnd("the call of " + spelled(routine));
        return out;
    }

    /** Checks the count ({@code arity}, then an optional {@code ierror}) and drops the ierror. */
    private void arity(int arity, List<Arg> args, Token name, String routine) {
        if (args.size() != arity && args.size() != arity + 1) {
            throw new UnsupportedException("unsupported-mpi.fortran-arity", src.range(name.start(), name.end()),
                    "routine", routine, "arity", arity, "args", args.size());
        }
        if (args.size() == arity + 1) {
            Arg ierror = args.remove(arity);
            if (!(scope.lookup(single(ierror)) instanceof Scope.Var v) || !v.variable().isScalar()
                    || !v.variable().type().isInteger()) {
                throw error("unsupported-mpi.fortran-ierror", ierror, "code", text(ierror));
            }
            consumed.add(v.variable());
        }
    }

    /** The name an argument consists of, or "" when it is more than one name. */
    private String single(Arg a) {
        return a.to() - a.from() == 1 && line.tokens().get(a.from()).isName() ? line.tokens().get(a.from()).text() : "";
    }

    /** Whether the argument is MPI's constant {@code name} (lower case, as the lexer gives names). */
    private boolean isConstant(Arg a, String name) {
        return single(a).equals(name) && scope.lookup(name) == null;
    }

    /** One argument as an expression (a whole array allowed). */
    private Expr parse(Arg a) {
        Cursor c = new Cursor(line, src, a.from());
        Expr e = exprs.argument(c);
        if (c.pos() != a.to()) {
            throw c.atNext("syntax-error.unexpected-after", "spelling", Cursor.spelling(c.peek()), "what", text(a));
        }
        return e;
    }

    private Expr integer(Arg a) {
        Expr e = parse(a);
        if (!org.paradjoint.core.expr.ExprTypes.isInteger(e)) {
            throw error("unsupported-mpi.integer-argument", a, "code", text(a));
        }
        return e;
    }

    /** A rank: an integer, or {@code MPI_PROC_NULL}; never a wildcard. */
    private Expr peer(Arg a) {
        if (isConstant(a, "mpi_proc_null")) {
            return constant(a);
        }
        if (isConstant(a, "mpi_any_source")) {
            throw error("unsupported-mpi.wildcard", a, "code", "MPI_ANY_SOURCE");
        }
        return integer(a);
    }

    private Expr tag(Arg a) {
        if (isConstant(a, "mpi_any_tag")) {
            throw error("unsupported-mpi.wildcard", a, "code", "MPI_ANY_TAG");
        }
        return integer(a);
    }

    /** A blocking receive's source: a rank, {@code MPI_PROC_NULL} or {@code MPI_ANY_SOURCE} (the match is recorded). */
    private Expr source(Arg a) {
        return isConstant(a, "mpi_any_source") ? constant(a) : peer(a);
    }

    /** A blocking receive's tag: an integer or {@code MPI_ANY_TAG} (the match is recorded). */
    private Expr receiveTag(Arg a) {
        return isConstant(a, "mpi_any_tag") ? constant(a) : tag(a);
    }

    /**
     * The status of a blocking receive: the user's is not read by the derivative code; a receive
     * from a wildcard source or tag gets a status of its own, from which the derivative code reads
     * the match (the tangent's message comes from the same rank, the adjoint's goes back to it).
     */
    private Expr status(Arg a, Expr source, Expr tag, String routine) {
        TextOperand ignored = status(a);
        if (!Communication.isWildcard(source) && !Communication.isWildcard(tag)) {
            return ignored;
        }
        Variable status = fresh("pa_" + routine + "_status", BaseType.MPI_STATUS, List.of(Dim.c(new IntLit(1))));
        return new VarRef(status, range(a));
    }

    /** {@code MPI_STATUS_IGNORE} or a status of the user's, which the derivative code does not read. */
    private TextOperand status(Arg a) {
        if (!isConstant(a, "mpi_status_ignore") && !isConstant(a, "mpi_statuses_ignore")
                && !(scope.lookup(single(a)) instanceof Scope.MpiObject o && o.what().equals("MPI_Status"))) {
            throw error("unsupported-mpi.fortran-status", a, "code", text(a));
        }
        return MpiRuntime.statusIgnore(range(a));
    }

    private TextOperand operation(Arg a, String routine) {
        for (String op : List.of("mpi_sum", "mpi_max", "mpi_min", "mpi_prod")) {
            if (isConstant(a, op)) {
                return constant(a);
            }
        }
        throw error("unsupported-mpi.reduction-op", a, "routine", routine, "code", text(a));
    }

    /**
     * {@code MPI_COMM_WORLD}, {@code MPI_COMM_SELF}, or a scalar dummy: a {@code type(MPI_Comm)}, or
     * an integer (with {@code use mpi}), which the IR then types as a communicator.
     */
    private Expr comm(Arg a) {
        if (isConstant(a, "mpi_comm_world") || isConstant(a, "mpi_comm_self")) {
            return constant(a);
        }
        if (scope.lookup(single(a)) instanceof Scope.Var v && v.variable().isParameter() && v.variable().isScalar()) {
            Variable var = v.variable();
            if (var.type() == BaseType.MPI_COMM) {
                return new VarRef(var, range(a));
            }
            if (var.type() == BaseType.INT && scope.mpi() == Scope.MpiInterface.MPI) {
                communicators.add(var);
                return new VarRef(var, range(a));
            }
        }
        throw error("unsupported-mpi.fortran-communicator", a, "code", text(a));
    }

    private TextOperand constant(Arg a) {
        return new TextOperand(single(a).toUpperCase(Locale.ROOT), range(a));
    }

    // ---- buffers ------------------------------------------------------------------------------

    /**
     * The user's buffer: the variable, the first subscript of its first element (null for a scalar)
     * and the other subscripts, which the run keeps: it goes along the first dimension, the
     * contiguous one in Fortran's column-major order (a column of {@code u(ny, 0:nc + 1)} is {@code
     * u(1, j)} with a count of {@code ny}).
     */
    private record Buffer(Variable var, Expr first, List<Expr> rest) {
    }

    /**
     * The buffer of one side of a call: a local array of {@code count} elements ({@code count} per
     * rank of {@code comm} when it is non-null), with the copy that loads it from the user's buffer
     * ({@code load}) and the one that stores it back ({@code store}); with {@code root} non-null the
     * user's buffer is the root's only, and the copies run there only.
     */
    private Expr staged(List<Arg> args, int bufferAt, int countAt, int typeAt, List<Expr> ir, String tempName,
            boolean load, boolean store, List<Stmt> before, List<Stmt> after, Expr comm, Expr root) {
        Arg bufferArg = args.get(bufferAt);
        Buffer user = buffer(bufferArg);
        Expr count = count(args.get(countAt));
        BaseType type = datatype(args.get(typeAt), user, bufferArg);
        ir.set(countAt, count);
        ir.set(typeAt, constant(args.get(typeAt)));
        SourceRange r = range(bufferArg);
        Expr length = comm == null ? count
                : new Binary(Binary.Op.MUL, count, MpiRuntime.call(MpiRuntime.SIZE, List.of(comm), r), r);
        if (user.first() == null && !(length instanceof IntLit l && l.value() == 1)) {
            throw error("unsupported-mpi.scalar-count", args.get(countAt), "name", user.var().name(), "code",
                    text(args.get(countAt)));
        }
        Variable temp = fresh("pa_" + tempName, type, List.of(Dim.c(length)));
        if (load) {
            before.add(onRoot(copy(temp, user, length, true, r), comm, root, r));
        }
        if (store) {
            after.add(onRoot(copy(temp, user, length, false, r), comm, root, r));
        }
        return new VarRef(temp, r);
    }

    /** An element {@code x(k)} or {@code a(i, j)}, a whole one-dimensional array {@code x}, or a scalar. */
    private Buffer buffer(Arg a) {
        if (isConstant(a, "mpi_in_place")) {
            throw error("unsupported-mpi.in-place", a);
        }
        Expr e;
        try {
            e = parse(a);
        } catch (UnsupportedException x) {
            throw error("unsupported-mpi.fortran-buffer", a, "code", text(a));
        }
        if (e instanceof VarRef v && v.var().isScalar()) {
            return new Buffer(v.var(), null, List.of());
        }
        if (e instanceof VarRef v && v.var().rank() == 1) {
            return new Buffer(v.var(), v.var().dims().get(0).lower(), List.of());
        }
        if (e instanceof ArrayRef x) {
            return new Buffer(x.var(), x.indices().get(0), x.indices().subList(1, x.indices().size()));
        }
        throw error("unsupported-mpi.fortran-buffer", a, "code", text(a));
    }

    /** A count the staging arrays can be declared with: a constant or an expression over integer dummies. */
    private Expr count(Arg a) {
        Expr e = integer(a);
        boolean fixed = ExprUtil.variables(e).stream()
                .allMatch(v -> v.isParameter() && v.isScalar() && v.type().isInteger());
        if (!fixed) {
            throw error("unsupported-mpi.count", a, "code", text(a));
        }
        return e;
    }

    /** {@code MPI_DOUBLE_PRECISION} or {@code MPI_REAL8} for real(8) data, {@code MPI_INTEGER} for integers. */
    private BaseType datatype(Arg a, Buffer user, Arg bufferArg) {
        BaseType expected = isConstant(a, "mpi_double_precision") || isConstant(a, "mpi_real8") ? BaseType.DOUBLE
                : isConstant(a, "mpi_integer") ? BaseType.INT : null;
        if (expected == null) {
            throw error("unsupported-mpi.fortran-datatype", a, "code", text(a));
        }
        if (user.var().type() != expected) {
            throw error("unsupported-mpi.datatype-mismatch", bufferArg, "code", text(bufferArg), "type",
                    user.var().type() == BaseType.INT ? "integer" : user.var().type() == BaseType.DOUBLE ? "real(8)"
                            : user.var().type() == BaseType.FLOAT ? "real(4)" : "integer(8)",
                    "datatype", text(a));
        }
        return expected;
    }

    /** {@code temp(k) = x(first + k)} (into the temporary) or back, for k from 0 below {@code count}. */
    private Stmt copy(Variable temp, Buffer user, Expr count, boolean intoTemp, SourceRange r) {
        if (user.first() == null) {
            ArrayRef t = new ArrayRef(temp, List.of(new IntLit(0, r)), r);
            VarRef u = new VarRef(user.var(), r);
            return intoTemp ? set(t, u, r) : set(u, t, r);
        }
        if (counter == null) {
            // one counter for every copy: the copies are sequential loops, never nested
            counter = fresh("pa_k", BaseType.INT, List.of());
        }
        Variable k = counter;
        Expr kRef = new VarRef(k, r);
        Expr index = user.first() instanceof IntLit z && z.value() == 0 ? kRef
                : new Binary(Binary.Op.ADD, user.first(), kRef, r);
        ArrayRef t = new ArrayRef(temp, List.of(kRef), r);
        List<Expr> subscripts = new ArrayList<>(List.of(index));
        subscripts.addAll(user.rest());
        ArrayRef u = new ArrayRef(user.var(), subscripts, r);
        Stmt body = intoTemp ? set(t, u, r) : set(u, t, r);
        return new For(k, new IntLit(0, r), Binary.Op.LT, count, new IntLit(1, r), new Block(List.of(body), r), null,
                List.of(), r);
    }

    private static Stmt set(org.paradjoint.core.ir.LValue target, Expr value, SourceRange r) {
        return new Assign(target, Assign.Op.SET, value, false, List.of(), r);
    }

    /** {@code s}, or {@code if (pa_mpi_rank(comm) == root) s} when the buffer is the root's only. */
    private static Stmt onRoot(Stmt s, Expr comm, Expr root, SourceRange r) {
        if (root == null) {
            return s;
        }
        Expr rank = MpiRuntime.call(MpiRuntime.RANK, List.of(comm), r);
        return new If(new Binary(Binary.Op.EQ, rank, root, r), new Block(List.of(s), r), null, r);
    }

    // ---- requests -----------------------------------------------------------------------------

    /** {@code r} or {@code reqs(K)} with a constant {@code K}: the name the wait is paired by. */
    private String requestKey(Arg a) {
        String name = line.tokens().get(a.from()).text();
        Scope.Symbol s = scope.lookup(name);
        boolean request = s instanceof Scope.MpiObject o && o.what().equals("MPI_Request")
                || s instanceof Scope.Var v && v.variable().type() == BaseType.INT && scope.mpi() == Scope.MpiInterface.MPI;
        boolean shape = a.to() - a.from() == 1 || a.to() - a.from() == 4 && line.tokens().get(a.from() + 1).isOp("(")
                && line.tokens().get(a.from() + 2).kind() == Token.Kind.INT && line.tokens().get(a.from() + 3).isOp(")");
        if (!line.tokens().get(a.from()).isName() || !request || !shape) {
            throw error("unsupported-mpi.fortran-request", a, "code", text(a));
        }
        if (s instanceof Scope.Var v) {
            consumed.add(v.variable());
        }
        return a.to() - a.from() == 1 ? name : name + "(" + line.tokens().get(a.from() + 2).text() + ")";
    }

    /** The call that started the request a wait names: earlier in the same block. */
    private Started complete(Arg a, List<Stmt> block) {
        String key = requestKey(a);
        Started s = started.remove(key);
        if (s == null || s.block() != block) {
            throw error("unsupported-mpi.request-unmatched", a, "request", key);
        }
        return s;
    }

    /** {@code MPI_Waitall(n, reqs, statuses)}: one wait per request of {@code reqs(1..n)}, in order. */
    private Stmt waitAll(Token name, List<Arg> args, SourceRange where, List<Stmt> block) {
        arity(3, args, name, "MPI_Waitall");
        Arg count = args.get(0);
        Arg array = args.get(1);
        if (line.tokens().get(count.from()).kind() != Token.Kind.INT || count.to() - count.from() != 1
                || single(array).isEmpty()) {
            throw error("unsupported-mpi.fortran-waitall", new Arg(count.from(), array.to(), count.start(), array.end()),
                    "code", src.excerpt(count.start(), array.end()));
        }
        status(args.get(2));
        long n = Long.parseLong(line.tokens().get(count.from()).text());
        List<Started> done = new ArrayList<>();
        for (long k = 1; k <= n; k++) {
            String key = single(array) + "(" + k + ")";
            Started s = started.remove(key);
            if (s == null || s.block() != block) {
                throw error("unsupported-mpi.request-unmatched", array, "request", key);
            }
            done.add(s);
        }
        requestKey(array); // the array is the user's request array: consumed
        return completion(done, where);
    }

    /** {@code MPI_Wait} on each request's own array, then what runs once each has completed (a receive's copy-out). */
    private static Stmt completion(List<Started> completed, SourceRange where) {
        List<Stmt> out = new ArrayList<>();
        for (Started s : completed) {
            out.add(new CallStmt(MpiRuntime.call(MpiRoutine.WAIT.cName, List.of(new VarRef(s.request(), where),
                    s.status() == null ? MpiRuntime.statusIgnore(where) : new VarRef(s.status(), where)), where), where));
        }
        completed.forEach(s -> out.addAll(s.afterWait()));
        return out.size() == 1 ? out.get(0) : new Block(out, where);
    }

    // ---- rank queries -------------------------------------------------------------------------

    /** {@code MPI_Comm_rank(comm, r)}: {@code r = pa_mpi_rank(comm)}. */
    private Stmt rankQuery(String n, Token name, List<Arg> args, SourceRange where) {
        String routine = n.equals("mpi_comm_rank") ? "MPI_Comm_rank" : "MPI_Comm_size";
        arity(2, args, name, routine);
        Expr comm = comm(args.get(0));
        if (!(scope.lookup(single(args.get(1))) instanceof Scope.Var v) || !v.variable().isScalar()
                || v.variable().type() != BaseType.INT || v.intent() == Scope.Intent.IN) {
            throw error("unsupported-mpi.fortran-rank-target", args.get(1), "routine", routine, "code",
                    text(args.get(1)));
        }
        String query = n.equals("mpi_comm_rank") ? MpiRuntime.RANK : MpiRuntime.SIZE;
        return new Assign(new VarRef(v.variable(), range(args.get(1))), Assign.Op.SET,
                MpiRuntime.call(query, List.of(comm), where), false, List.of(), where);
    }

    // ---- helpers ------------------------------------------------------------------------------

    /** A local of the reading's own, named {@code base} or {@code base} and a number when that is taken. */
    private Variable fresh(String base, BaseType type, List<Dim> dims) {
        String name = base;
        for (int k = 1; taken(name); k++) {
            name = base + k;
        }
        Variable v = new Variable(name, type, dims, Variable.Kind.LOCAL, false, Layout.ROW_MAJOR, SourceRange.NONE);
        introduced.add(v);
        return v;
    }

    private boolean taken(String name) {
        return scope.lookup(name) != null || scope.unit().procedure(name) != null
                || introduced.stream().anyMatch(v -> v.name().equals(name));
    }

    private UnsupportedException unsupportedRoutine(String n, Token name) {
        SourceRange r = src.range(name.start(), name.end());
        if (ONE_SIDED.contains(n) || n.startsWith("mpi_win_")) {
            return new UnsupportedException("unsupported-mpi.one-sided", r, "routine", spelled(n));
        }
        return new UnsupportedException("unsupported-mpi.fortran-routine", r, "routine", spelled(n));
    }

    /** {@code mpi_send} as MPI spells it: {@code MPI_Send}. */
    private static String spelled(String n) {
        return "MPI_" + Character.toUpperCase(n.charAt(4)) + n.substring(5);
    }

    private String text(Arg a) {
        return src.excerpt(a.start(), a.end());
    }

    private SourceRange range(Arg a) {
        return src.range(a.start(), a.end());
    }

    private UnsupportedException error(String id, Arg a, Object... arguments) {
        return new UnsupportedException(id, range(a), arguments);
    }
}
