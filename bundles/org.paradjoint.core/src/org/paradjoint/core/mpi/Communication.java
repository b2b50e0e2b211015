package org.paradjoint.core.mpi;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.CalleeKind;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * A communication call of the IR read by its routine's argument positions ({@link MpiRoutine}).
 *
 * <p>Its buffers are whole local arrays that the front-end made for this call: the user's buffer
 * ({@code &x[k]}, {@code x + k}, {@code &s}, {@code x}) is copied into a send buffer before the call
 * and out of a receive buffer after it, and a receive buffer is first loaded with the user's values
 * (a receive from {@code MPI_PROC_NULL}, or a reduction's result on a rank that is not the root,
 * leaves them unchanged). The copies are ordinary assignments, so the analyses and both modes treat
 * the user's arrays as always; the call itself only moves values between buffers of its own, which
 * makes every rule of {@code MpiAdjoints} a statement about these buffers alone.
 */
public record Communication(MpiRoutine routine, Call call) {

    /** The communication a statement makes, if it is one. */
    public static Optional<Communication> of(Stmt s) {
        return s instanceof CallStmt c ? of(c.call()) : Optional.empty();
    }

    public static Optional<Communication> of(Call c) {
        if (c.kind() != CalleeKind.MPI) {
            return Optional.empty();
        }
        return MpiRoutine.named(c.name()).map(r -> new Communication(r, c));
    }

    /**
     * Refuses a communication inside a parallel loop: MPI is called by one thread at a time, outside
     * parallel regions ({@code MPI_THREAD_FUNNELED}), and the reversed messages must be posted in one
     * order on every rank, which threads would not keep.
     */
    public static void checkOutsideParallelLoops(Stmt body) {
        StmtUtil.forEach(body, s -> {
            if (s instanceof For f && f.omp() != null) {
                for (Communication c : in(f.body())) {
                    throw new UnsupportedException("unsupported-mpi.in-parallel-loop", c.call().range(), "routine",
                            c.routine().cName);
                }
            }
        });
    }

    /** Every communication in a statement tree, in program order. */
    public static List<Communication> in(Stmt body) {
        List<Communication> out = new ArrayList<>();
        StmtUtil.forEach(body, s -> of(s).ifPresent(out::add));
        return out;
    }

    /**
     * The floating buffers of every communication in {@code body}. They share one activity: a value
     * sent by one call is received by another call (on another rank), which the flow-insensitive
     * analyses cannot pair, and a derivative message must be sent exactly when its receiver expects
     * one; so either all carry derivatives or none does.
     */
    public static Set<Variable> floatingBuffers(Stmt body) {
        Set<Variable> out = new LinkedHashSet<>();
        for (Communication c : in(body)) {
            c.sendBuffer().filter(Variable::isFloating).ifPresent(out::add);
            c.recvBuffer().filter(Variable::isFloating).ifPresent(out::add);
        }
        return out;
    }

    public Optional<Variable> sendBuffer() {
        return buffer(routine.send);
    }

    public Optional<Variable> recvBuffer() {
        return buffer(routine.recv);
    }

    /** The buffers the call writes (a Bcast's single buffer included). */
    public List<Variable> written() {
        return recvBuffer().map(List::of).orElse(List.of());
    }

    public Expr count() {
        return arg(routine.count);
    }

    public Expr recvCount() {
        return arg(routine.recvCount);
    }

    public Expr peer() {
        return arg(routine.peer);
    }

    public Expr tag() {
        return arg(routine.tag);
    }

    public Expr recvPeer() {
        return arg(routine.recvPeer);
    }

    public Expr recvTag() {
        return arg(routine.recvTag);
    }

    public Expr comm() {
        return arg(routine.comm);
    }

    /**
     * The request array of a non-blocking call or of the {@code MPI_Wait} that completes one: two
     * requests of the call's own, the value's message in the first and its derivative's in the second
     * (see {@link #derivativeRequest}). The front-end makes one per call site and gives the matching
     * wait the same array, so a wait is paired with its call by this variable ({@link #started}).
     */
    public Optional<Variable> request() {
        return buffer(routine.request);
    }

    /** {@code MPI_ANY_SOURCE} or {@code MPI_ANY_TAG}, as the user wrote it. */
    public static boolean isWildcard(Expr e) {
        return e instanceof org.paradjoint.core.ir.TextOperand t
                && (t.text().equals("MPI_ANY_SOURCE") || t.text().equals("MPI_ANY_TAG"));
    }

    /**
     * A blocking receive whose source or tag is a wildcard: its status array (a call's own,
     * {@code MPI_Status pa_recv_status[1]}) tells the derivative code whom it matched.
     */
    public boolean matchesWildcard() {
        return (routine == MpiRoutine.RECV || routine == MpiRoutine.SENDRECV)
                && (isWildcard(recvPeer()) || isWildcard(recvTag()));
    }

    /**
     * An {@code MPI_Irecv} whose source or tag is a wildcard: whom it matched is known at its wait
     * ({@link #completesWildcard}), so its derivative message is received there, not posted here.
     */
    public boolean startsWildcard() {
        return routine == MpiRoutine.IRECV && (isWildcard(recvPeer()) || isWildcard(recvTag()));
    }

    /**
     * The {@code MPI_Wait} of an {@code MPI_Irecv} that {@linkplain #startsWildcard starts from a
     * wildcard}: the front-end gives it a status array of its own (a wait of any other call ignores
     * its status), from which the derivative code reads whom the receive matched.
     */
    public boolean completesWildcard() {
        return routine == MpiRoutine.WAIT && arg(routine.status()) instanceof VarRef;
    }

    /** The status array of a receive that {@linkplain #matchesWildcard matches a wildcard}, or of a wait that completes one. */
    public Variable status() {
        return buffer(routine.status()).orElseThrow();
    }

    /** {@code request + 1}: the request of the derivative message beside the value's. */
    public Expr derivativeRequest() {
        return new org.paradjoint.core.ir.Binary(org.paradjoint.core.ir.Binary.Op.ADD, new VarRef(request().get()),
                new org.paradjoint.core.ir.IntLit(1));
    }

    /**
     * The non-blocking call in {@code body} that this {@code MPI_Wait} completes: the one with the same
     * request array (the front-end pairs them within one block, the call first).
     */
    public Communication started(Stmt body) {
        Variable r = request().orElseThrow();
        return in(body).stream().filter(c -> c.routine.isNonBlocking() && c.request().orElseThrow().equals(r))
                .findFirst().orElseThrow(() -> new IllegalStateException("no call started " + r.name()));
    }

    public Expr root() {
        return arg(routine.root);
    }

    /** The reduction's operation as MPI spells it ({@code MPI_SUM}, {@code MPI_MAX}, {@code MPI_MIN}, {@code MPI_PROD}), or null. */
    public String operation() {
        return routine.op < 0 ? null : text(arg(routine.op));
    }

    /**
     * A reduction other than a sum ({@code MPI_MAX}, {@code MPI_MIN}, {@code MPI_PROD}): each rank's
     * value enters the result with a weight of its own (1 on the rank that holds an extremum, the
     * product of the others' values), which the forward sweep records for the reversal.
     */
    public boolean isWeighted() {
        return (routine == MpiRoutine.ALLREDUCE || routine == MpiRoutine.REDUCE) && !"MPI_SUM".equals(operation());
    }

    /** The root of an {@code MPI_Reduce}, -1 for an {@code MPI_Allreduce} (the result on every rank). */
    public Expr rootOrAll() {
        return routine == MpiRoutine.REDUCE ? root() : new org.paradjoint.core.ir.IntLit(-1);
    }

    /** The operation argument as written. */
    public Expr operationArg() {
        return arg(routine.op);
    }

    /** True when the call moves floating-point values (its buffers are floating arrays). */
    public boolean movesFloating() {
        return sendBuffer().or(this::recvBuffer).map(Variable::isFloating).orElse(false);
    }

    /**
     * The same call with its floating buffers replaced by {@code buffer}'s images, its
     * communicator by {@code comm} and its request by the derivative's: the tangent's message
     * beside the value's.
     */
    public Call withBuffers(java.util.function.UnaryOperator<Variable> buffer, Expr comm) {
        List<Expr> args = new ArrayList<>(call.args());
        // a Bcast's one buffer is both its send and its receive buffer: replaced once
        for (int p : java.util.stream.IntStream.of(routine.send, routine.recv).distinct().toArray()) {
            if (p >= 0 && args.get(p) instanceof VarRef v) {
                args.set(p, new VarRef(buffer.apply(v.var()), v.range()));
            }
        }
        if (routine.comm >= 0) {
            args.set(routine.comm, comm);
        }
        if (routine.request >= 0) {
            args.set(routine.request, derivativeRequest());
        }
        return call.withArgs(args);
    }

    /**
     * What the adjoint does in place of this call, in words (for {@code paradjoint analyze});
     * {@code body} holds the call, where a wait finds the call it completes.
     */
    public String reversal(Stmt body) {
        return reversal(body, org.paradjoint.core.print.MessageSpelling.C);
    }

    /** The same, its expressions spelled as the source's language writes them ({@code mod(rank + 1, n)} in Fortran). */
    public String reversal(Stmt body, org.paradjoint.core.print.MessageSpelling spelling) {
        java.util.function.Function<Expr, String> text = spelling::expr;
        String peer = peer() == null ? null : text.apply(peer());
        String source = recvPeer() == null ? null : text.apply(recvPeer());
        return switch (routine) {
            case SEND -> "receives from " + peer + " (tag " + text.apply(tag()) + ") the receiver's adjoint of the values"
                    + " and adds it to theirs";
            case RECV -> "sends the received values' adjoint back to " + matched(source, text) + " and zeroes it";
            case SENDRECV -> "sends the received values' adjoint back to " + matched(source, text) + " and receives from "
                    + peer + " (tag " + text.apply(tag()) + ") the adjoint of the values sent there";
            case ALLREDUCE -> "sums the result's adjoint over the ranks (MPI_Allreduce, MPI_SUM) into the adjoint of the"
                    + " values sent" + weights();
            case REDUCE -> "broadcasts the root's (" + text.apply(root()) + ") adjoint of the result (MPI_Bcast) into every"
                    + " rank's adjoint of the values sent" + weights();
            case BCAST -> "sums every rank's adjoint to the root " + text.apply(root()) + " (MPI_Reduce, MPI_SUM) and zeroes"
                    + " it off the root";
            case GATHER -> "scatters the root's (" + text.apply(root()) + ") adjoint of the gathered values (MPI_Scatter) into"
                    + " every rank's adjoint of the values sent";
            case SCATTER -> "gathers every rank's adjoint of the values received (MPI_Gather) into the root's ("
                    + text.apply(root()) + ") adjoint of the values scattered";
            case ALLGATHER -> "sums every rank's adjoint of the gathered values and scatters the sums back"
                    + " (MPI_Reduce_scatter_block) into the adjoint of the values sent";
            case ISEND -> "completes (MPI_Wait) the receive of the adjoint from " + peer + " (tag " + text.apply(tag())
                    + ") that the reversal of its MPI_Wait posted; the adjoint is added to the values'";
            case IRECV -> "completes (MPI_Wait) the send of the received values' adjoint back to " + (startsWildcard()
                    ? "the rank that sent them, with its tag (recorded at the MPI_Wait)"
                    : source + " (tag " + text.apply(recvTag()) + ")") + " that the reversal of its MPI_Wait posted, and zeroes it";
            case WAIT -> {
                Communication c = started(body);
                SourceRange at = c.call().range();
                yield "posts the reversal of the " + c.routine().cName + (at.isKnown() ? " of line " + at.line() : "")
                        + (c.routine() == MpiRoutine.ISEND ? " (MPI_Irecv of the adjoint from " + text.apply(c.peer())
                                : " (MPI_Isend of the adjoint back to " + (completesWildcard()
                                        ? "the rank that sent them, with its tag: the match is recorded in the forward"
                                                + " sweep after the wait"
                                        : text.apply(c.recvPeer())))
                        + "), which that call's reversal completes: the overlap is kept";
            }
            case BARRIER -> "stays a barrier";
        };
    }

    /** How a reduction's reversal weighs each rank's share. */
    private String weights() {
        return switch (operation()) {
            case "MPI_SUM" -> "";
            case "MPI_PROD" -> ", times the product of the other ranks' values (MPI_PROD: recorded in the forward sweep)";
            default -> " of the rank that holds each element's result (" + operation()
                    + ": recorded in the forward sweep; the lowest rank of a tie)";
        };
    }

    /** Where a receive's reversal sends: its source and tag, or whom a wildcard matched. */
    private String matched(String source, java.util.function.Function<Expr, String> text) {
        return matchesWildcard() ? "the rank that sent them, with its tag (" + source + ", " + text.apply(recvTag())
                + ": the match is recorded in the forward sweep)" : source + " (tag " + text.apply(recvTag()) + ")";
    }

    private static String text(Expr e) {
        return org.paradjoint.core.print.CPrinter.print(e);
    }

    private Optional<Variable> buffer(int position) {
        return position >= 0 && arg(position) instanceof VarRef v ? Optional.of(v.var()) : Optional.empty();
    }

    private Expr arg(int position) {
        return position < 0 ? null : call.args().get(position);
    }
}
