package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.mpi.Communication;
import org.paradjoint.core.mpi.MpiRoutine;
import org.paradjoint.core.mpi.MpiRuntime;

/**
 * The derivative of each communication call, in both modes; the reversals themselves, with their
 * derivations, are the functions of {@link MpiRuntime#C_SOURCE}. A call whose buffers carry no
 * derivative (integer data, inactive arrays) has none: it runs in the primal and the forward sweep
 * only. Floating buffers all share one activity ({@link Communication#floatingBuffers}), so a
 * derivative message is sent exactly where its receiver posts the receive, on every rank.
 *
 * <p>A non-blocking call and the {@code MPI_Wait} that completes it are reversed as a pair that
 * keeps the overlap: the wait comes first in the reverse sweep and posts the reversed operation, the
 * call itself completes it; the derivative messages use the second request of the call's array.
 */
final class MpiAdjoints {

    private MpiAdjoints() {
    }

    /** Tangent mode: the same routine moving the derivatives, beside the values, on the derivative communicator. */
    static List<Stmt> tangent(Communication c, DiffContext cx) {
        if (!carriesDerivatives(c, cx)) {
            return List.of();
        }
        if (c.isWeighted()) {
            Variable s = c.sendBuffer().get();
            return List.of(new CallStmt(MpiRuntime.call(MpiRuntime.REDUCTION_D, List.of(new VarRef(s),
                    new VarRef(cx.derivative(s)), new VarRef(cx.derivative(c.recvBuffer().get())), c.count(),
                    c.operationArg(), c.rootOrAll(), c.comm()))));
        }
        if (c.startsWildcard()) {
            return List.of(); // received at the wait, from whom the value came (tangentOfWildcard)
        }
        if (c.completesWildcard()) {
            return List.of(new CallStmt(tangentOfWildcard(c.started(cx.fn.body()), c.status(), cx)));
        }
        // a wait has no communicator: it completes the derivative's request
        Call derivative = c.withBuffers(cx::derivative, c.comm() == null ? null : MpiRuntime.derivativeComm(c.comm()));
        if (c.matchesWildcard()) {
            // the derivative comes from the rank, and with the tag, that the value came from
            List<Expr> args = new ArrayList<>(derivative.args());
            Expr status = new VarRef(c.status());
            args.set(c.routine().recvPeer(), MpiRuntime.call(MpiRuntime.SOURCE, List.of(status)));
            args.set(c.routine().recvTag(), MpiRuntime.call(MpiRuntime.TAG, List.of(status)));
            args.set(c.routine().status(), MpiRuntime.statusIgnore(org.paradjoint.core.diag.SourceRange.NONE));
            derivative = derivative.withArgs(args);
        }
        return List.of(new CallStmt(derivative));
    }

    /**
     * The tangent of an {@code MPI_Irecv} from a wildcard, after the wait that completed the value's
     * message: a blocking receive of the tangent from the rank, and with the tag, that the value came
     * from (read from the wait's status). Posted beside the value's, it could match another sender's
     * tangent; the senders' tangents travel as before ({@code MPI_Isend} beside the value).
     */
    private static Call tangentOfWildcard(Communication irecv, Variable status, DiffContext cx) {
        Call posted = irecv.withBuffers(cx::derivative, MpiRuntime.derivativeComm(irecv.comm()));
        List<Expr> args = new ArrayList<>(posted.args());
        Expr st = new VarRef(status);
        args.set(MpiRoutine.IRECV.recvPeer(), MpiRuntime.call(MpiRuntime.SOURCE, List.of(st)));
        args.set(MpiRoutine.IRECV.recvTag(), MpiRuntime.call(MpiRuntime.TAG, List.of(st)));
        // MPI_Recv takes a status where MPI_Irecv takes its request
        args.set(MpiRoutine.RECV.status(), MpiRuntime.statusIgnore(org.paradjoint.core.diag.SourceRange.NONE));
        return new Call(MpiRoutine.RECV.cName, args, posted.range(), posted.kind());
    }

    /**
     * Reverse mode, forward sweep: what the reversal needs of the call that the primal's values do not
     * keep (the weights of a MAX, MIN or PROD reduction, whom a wildcard receive matched), recorded on
     * {@code tape} right after the call.
     */
    static List<Stmt> record(Communication c, DiffContext cx, Variable tape) {
        if (!carriesDerivatives(c, cx)) {
            return List.of();
        }
        if (c.matchesWildcard() || c.completesWildcard()) {
            return List.of(new CallStmt(MpiRuntime.call(MpiRuntime.RECORD_MATCH, List.of(new VarRef(tape),
                    new VarRef(c.status())))));
        }
        if (!c.isWeighted()) {
            return List.of();
        }
        return List.of(new CallStmt(MpiRuntime.call(MpiRuntime.RECORD_WEIGHTS, List.of(new VarRef(tape),
                new VarRef(c.sendBuffer().get()), c.count(), c.operationArg(), c.comm()))));
    }

    /** Reverse mode: the reversed communication of the adjoints, where the call stood in the reverse sweep. */
    static List<Stmt> reverse(Communication c, DiffContext cx, Variable tape) {
        if (c.routine() == MpiRoutine.BARRIER) {
            return List.of(new CallStmt(c.call())); // every rank waits at the same point of the reverse sweep
        }
        if (!carriesDerivatives(c, cx)) {
            return List.of();
        }
        List<Expr> args = new ArrayList<>();
        String helper = switch (c.routine()) {
            case SEND -> {
                args.addAll(List.of(adjoint(c.sendBuffer().get(), cx), c.count(), c.peer(), c.tag()));
                yield MpiRuntime.SEND_B;
            }
            case RECV -> {
                if (c.matchesWildcard()) {
                    args.addAll(List.of(new VarRef(tape), adjoint(c.recvBuffer().get(), cx), c.recvCount()));
                    yield MpiRuntime.RECV_MATCHED_B;
                }
                args.addAll(List.of(adjoint(c.recvBuffer().get(), cx), c.recvCount(), c.recvPeer(), c.recvTag()));
                yield MpiRuntime.RECV_B;
            }
            case SENDRECV -> {
                if (c.matchesWildcard()) {
                    args.add(new VarRef(tape));
                }
                args.addAll(List.of(adjoint(c.sendBuffer().get(), cx), c.count(), c.peer(), c.tag(),
                        adjoint(c.recvBuffer().get(), cx), c.recvCount()));
                if (c.matchesWildcard()) {
                    yield MpiRuntime.SENDRECV_MATCHED_B;
                }
                args.addAll(List.of(c.recvPeer(), c.recvTag()));
                yield MpiRuntime.SENDRECV_B;
            }
            case ALLREDUCE, REDUCE -> {
                boolean all = c.routine() == MpiRoutine.ALLREDUCE;
                if (c.isWeighted()) {
                    args.addAll(List.of(new VarRef(tape), adjoint(c.sendBuffer().get(), cx),
                            adjoint(c.recvBuffer().get(), cx), c.count(), c.rootOrAll()));
                    yield MpiRuntime.REDUCTION_B;
                }
                args.addAll(List.of(adjoint(c.sendBuffer().get(), cx), adjoint(c.recvBuffer().get(), cx), c.count()));
                if (!all) {
                    args.add(c.root());
                }
                yield all ? MpiRuntime.ALLREDUCE_SUM_B : MpiRuntime.REDUCE_SUM_B;
            }
            case BCAST -> {
                args.addAll(List.of(adjoint(c.recvBuffer().get(), cx), c.count(), c.root()));
                yield MpiRuntime.BCAST_B;
            }
            case GATHER, SCATTER -> {
                args.addAll(List.of(adjoint(c.sendBuffer().get(), cx), c.count(), adjoint(c.recvBuffer().get(), cx),
                        c.root()));
                yield c.routine() == MpiRoutine.GATHER ? MpiRuntime.GATHER_B
                        : MpiRuntime.SCATTER_B;
            }
            case ALLGATHER -> {
                args.addAll(List.of(adjoint(c.sendBuffer().get(), cx), c.count(), adjoint(c.recvBuffer().get(), cx)));
                yield MpiRuntime.ALLGATHER_B;
            }
            case ISEND -> {
                args.add(c.derivativeRequest());
                yield MpiRuntime.ISEND_B_WAIT;
            }
            case IRECV -> {
                args.addAll(List.of(adjoint(c.recvBuffer().get(), cx), c.recvCount(), c.recvPeer(),
                        c.derivativeRequest()));
                yield MpiRuntime.IRECV_B_WAIT;
            }
            case WAIT -> {
                Communication started = c.started(cx.fn.body());
                if (c.completesWildcard()) {
                    args.addAll(List.of(new VarRef(tape), adjoint(started.recvBuffer().get(), cx), started.recvCount(),
                            started.comm(), c.derivativeRequest()));
                    yield MpiRuntime.IRECV_MATCHED_B_POST;
                }
                boolean send = started.routine() == MpiRoutine.ISEND;
                Variable buffer = send ? started.sendBuffer().get() : started.recvBuffer().get();
                args.addAll(List.of(adjoint(buffer, cx), send ? started.count() : started.recvCount(),
                        send ? started.peer() : started.recvPeer(), send ? started.tag() : started.recvTag(),
                        started.comm(), c.derivativeRequest()));
                yield send ? MpiRuntime.ISEND_B_POST : MpiRuntime.IRECV_B_POST;
            }
            case BARRIER -> throw new IllegalStateException("handled above");
        };
        if (c.routine().comm() >= 0 && !c.routine().isNonBlocking()) {
            args.add(c.comm());
        }
        return List.of(new CallStmt(MpiRuntime.call(helper, args)));
    }

    private static boolean carriesDerivatives(Communication c, DiffContext cx) {
        if (c.routine() == MpiRoutine.WAIT) {
            return carriesDerivatives(c.started(cx.fn.body()), cx);
        }
        return c.movesFloating() && c.sendBuffer().or(c::recvBuffer).map(cx::isActive).orElse(false);
    }

    private static Expr adjoint(Variable buffer, DiffContext cx) {
        return new VarRef(cx.derivative(buffer));
    }
}
