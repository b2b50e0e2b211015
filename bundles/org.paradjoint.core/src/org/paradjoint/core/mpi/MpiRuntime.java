package org.paradjoint.core.mpi;

import java.util.List;

import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CalleeKind;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.TextOperand;

/**
 * The C functions a generated file that communicates defines for itself (after {@code #include
 * <mpi.h>}): rank and size queries, the duplicated communicator of derivative messages, and one
 * function per reversed routine. Each reversal is written out here once, with its derivation, so
 * that the adjoint code calls it like a statement. All are {@code static inline}: a file defines
 * them all and uses some, without warnings.
 *
 * <p>Conventions of the reversals: {@code sb}/{@code rb} are the adjoints of a call's send and
 * receive buffers (see {@link Communication}); adjoints are added ({@code +=}) to send buffers,
 * whatever they held; a receive buffer's adjoint is sent away and then zero, because the receive
 * overwrote the buffer, except where the primal call left the buffer as it was (a receive from
 * {@code MPI_PROC_NULL}, a reduction's result off the root), where it passes through unchanged.
 */
public final class MpiRuntime {

    public static final String RANK = "pa_mpi_rank";
    public static final String SIZE = "pa_mpi_size";
    public static final String DERIVATIVE_COMM = "pa_mpi_derivative_comm";
    public static final String SEND_B = "pa_mpi_send_b";
    public static final String RECV_B = "pa_mpi_recv_b";
    public static final String SENDRECV_B = "pa_mpi_sendrecv_b";
    public static final String ALLREDUCE_SUM_B = "pa_mpi_allreduce_sum_b";
    public static final String REDUCE_SUM_B = "pa_mpi_reduce_sum_b";
    public static final String BCAST_B = "pa_mpi_bcast_b";
    public static final String REDUCTION_D = "pa_mpi_reduction_d";
    public static final String RECORD_WEIGHTS = "pa_mpi_record_weights";
    public static final String REDUCTION_B = "pa_mpi_reduction_b";
    public static final String GATHER_B = "pa_mpi_gather_b";
    public static final String SCATTER_B = "pa_mpi_scatter_b";
    public static final String ALLGATHER_B = "pa_mpi_allgather_b";
    public static final String SOURCE = "pa_mpi_source";
    public static final String TAG = "pa_mpi_tag";
    public static final String RECORD_MATCH = "pa_mpi_record_match";
    public static final String RECV_MATCHED_B = "pa_mpi_recv_matched_b";
    public static final String SENDRECV_MATCHED_B = "pa_mpi_sendrecv_matched_b";
    public static final String IRECV_MATCHED_B_POST = "pa_mpi_irecv_matched_b_post";
    public static final String ISEND_B_POST = "pa_mpi_isend_b_post";
    public static final String ISEND_B_WAIT = "pa_mpi_isend_b_wait";
    public static final String IRECV_B_POST = "pa_mpi_irecv_b_post";
    public static final String IRECV_B_WAIT = "pa_mpi_irecv_b_wait";

    private MpiRuntime() {
    }

    /** A call of one of these functions (or of an MPI routine itself). */
    public static Call call(String name, List<Expr> args) {
        return call(name, args, SourceRange.NONE);
    }

    /** The same, located where the user wrote it. */
    public static Call call(String name, List<Expr> args, SourceRange range) {
        return new Call(name, args, range, CalleeKind.MPI);
    }

    /** {@code MPI_STATUS_IGNORE}, the status of every receive and wait the IR holds. */
    public static TextOperand statusIgnore(SourceRange range) {
        return new TextOperand("MPI_STATUS_IGNORE", range);
    }

    /** The communicator that carries the derivative messages of the user's {@code comm}. */
    public static Call derivativeComm(Expr comm) {
        return call(DERIVATIVE_COMM, List.of(comm));
    }

    public static final String C_SOURCE = """
            #ifndef PARADJOINT_MPI_H
            #define PARADJOINT_MPI_H
            /* ---- MPI: rank queries and reversed communication ---- */

            static inline int pa_mpi_rank(MPI_Comm comm)
            {
                int r;
                MPI_Comm_rank(comm, &r);
                return r;
            }

            static inline int pa_mpi_size(MPI_Comm comm)
            {
                int s;
                MPI_Comm_size(comm, &s);
                return s;
            }

            /* Derivative messages travel on a duplicate of the user's communicator, made the first time
               (every rank reaches it in the same order: derivative code runs collectively): MPI matches a
               message by communicator, source and tag, so no receive of the user's can take one, whatever
               tags the user's code uses. */
            static inline MPI_Comm pa_mpi_derivative_comm(MPI_Comm comm)
            {
                static MPI_Comm user[16], dup[16];
                static int n = 0;
                for (int k = 0; k < n; k++)
                    if (user[k] == comm)
                        return dup[k];
                if (n == 16) {
                    fprintf(stderr, "paradjoint: derivatives on more than 16 communicators\\n");
                    MPI_Abort(comm, 1);
                }
                user[n] = comm;
                MPI_Comm_dup(comm, &dup[n]);
                return dup[n++];
            }

            /* The source and the tag that a receive from MPI_ANY_SOURCE or MPI_ANY_TAG matched. */
            static inline int pa_mpi_source(const MPI_Status *status)
            {
                return status->MPI_SOURCE;
            }

            static inline int pa_mpi_tag(const MPI_Status *status)
            {
                return status->MPI_TAG;
            }

            static inline double *pa_mpi_scratch(int count)
            {
                double *t = (double *) malloc(sizeof(double) * (size_t) (count > 0 ? count : 1));
                if (!t) {
                    fprintf(stderr, "paradjoint: out of memory for a message of %d values\\n", count);
                    MPI_Abort(MPI_COMM_WORLD, 1);
                }
                return t;
            }

            /* MPI_Send(s, count, dest, tag): dest's r = s, so s's adjoint gains dest's adjoint of r, which
               dest sends back (pa_mpi_recv_b). */
            static inline void pa_mpi_send_b(double *sb, int count, int dest, int tag, MPI_Comm comm)
            {
                if (dest == MPI_PROC_NULL)
                    return;
                double *t = pa_mpi_scratch(count);
                MPI_Recv(t, count, MPI_DOUBLE, dest, tag, pa_mpi_derivative_comm(comm), MPI_STATUS_IGNORE);
                for (int k = 0; k < count; k++)
                    sb[k] += t[k];
                free(t);
            }

            /* MPI_Recv(r, count, source, tag): r = source's s, overwriting r: r's adjoint goes to source
               (pa_mpi_send_b) and is zero before the receive. */
            static inline void pa_mpi_recv_b(double *rb, int count, int source, int tag, MPI_Comm comm)
            {
                if (source == MPI_PROC_NULL)
                    return;
                MPI_Send(rb, count, MPI_DOUBLE, source, tag, pa_mpi_derivative_comm(comm));
                for (int k = 0; k < count; k++)
                    rb[k] = 0.0;
            }

            /* MPI_Sendrecv: both halves reversed at once, with the same partners and tags: r's adjoint
               goes back to source, s's comes back from dest. */
            static inline void pa_mpi_sendrecv_b(double *sb, int scount, int dest, int stag, double *rb, int rcount,
                                                 int source, int rtag, MPI_Comm comm)
            {
                double *t = pa_mpi_scratch(scount);
                MPI_Sendrecv(rb, rcount, MPI_DOUBLE, source, rtag, t, scount, MPI_DOUBLE, dest, stag,
                             pa_mpi_derivative_comm(comm), MPI_STATUS_IGNORE);
                if (dest != MPI_PROC_NULL)
                    for (int k = 0; k < scount; k++)
                        sb[k] += t[k];
                if (source != MPI_PROC_NULL)
                    for (int k = 0; k < rcount; k++)
                        rb[k] = 0.0;
                free(t);
            }

            /* MPI_Isend(s, count, dest, tag, req) ... MPI_Wait(req): as MPI_Send, with the overlap kept. The
               reverse sweep meets the wait first: its reversal posts the receive of dest's adjoint of r
               (pa_mpi_isend_b_post), the Isend's reversal completes it (pa_mpi_isend_b_wait), and what lies
               between runs meanwhile. s is a buffer of the call's own that only this call reads, so its
               adjoint is zero until this reversal: the message lands in it directly (no scratch to keep
               between the two). A receive from MPI_PROC_NULL leaves it zero. */
            static inline void pa_mpi_isend_b_post(double *sb, int count, int dest, int tag, MPI_Comm comm,
                                                   MPI_Request *req)
            {
                MPI_Irecv(sb, count, MPI_DOUBLE, dest, tag, pa_mpi_derivative_comm(comm), req);
            }

            static inline void pa_mpi_isend_b_wait(MPI_Request *req)
            {
                MPI_Wait(req, MPI_STATUS_IGNORE);
            }

            /* MPI_Irecv(r, count, source, tag, req) ... MPI_Wait(req): as MPI_Recv; the wait's reversal sends
               r's adjoint back to source (pa_mpi_irecv_b_post), the Irecv's reversal waits for the send to
               complete and zeroes the adjoint (pa_mpi_irecv_b_wait): r was overwritten, unless the source was
               MPI_PROC_NULL, which left r, and so its adjoint, alone. */
            static inline void pa_mpi_irecv_b_post(double *rb, int count, int source, int tag, MPI_Comm comm,
                                                   MPI_Request *req)
            {
                MPI_Isend(rb, count, MPI_DOUBLE, source, tag, pa_mpi_derivative_comm(comm), req);
            }

            static inline void pa_mpi_irecv_b_wait(double *rb, int count, int source, MPI_Request *req)
            {
                MPI_Wait(req, MPI_STATUS_IGNORE);
                if (source != MPI_PROC_NULL)
                    for (int k = 0; k < count; k++)
                        rb[k] = 0.0;
            }

            /* MPI_Allreduce(s, r, SUM): r = sum over ranks p of s_p on every rank, so every s_q's adjoint
               gains the sum over p of r_p's adjoint: an Allreduce(SUM) of the adjoints. */
            static inline void pa_mpi_allreduce_sum_b(double *sb, double *rb, int count, MPI_Comm comm)
            {
                double *t = pa_mpi_scratch(count);
                MPI_Allreduce(rb, t, count, MPI_DOUBLE, MPI_SUM, pa_mpi_derivative_comm(comm));
                for (int k = 0; k < count; k++) {
                    sb[k] += t[k];
                    rb[k] = 0.0;
                }
                free(t);
            }

            /* MPI_Reduce(s, r, SUM, root): r = sum of s_p on the root only, so every s_q's adjoint gains the
               root's adjoint of r: a Bcast from the root. Off the root r is left alone, and so is its adjoint. */
            static inline void pa_mpi_reduce_sum_b(double *sb, double *rb, int count, int root, MPI_Comm comm)
            {
                double *t = pa_mpi_scratch(count);
                int me = pa_mpi_rank(comm);
                if (me == root)
                    for (int k = 0; k < count; k++)
                        t[k] = rb[k];
                MPI_Bcast(t, count, MPI_DOUBLE, root, pa_mpi_derivative_comm(comm));
                for (int k = 0; k < count; k++)
                    sb[k] += t[k];
                if (me == root)
                    for (int k = 0; k < count; k++)
                        rb[k] = 0.0;
                free(t);
            }

            /* MPI_Bcast(b, root): b_p = b_root on every rank p, overwriting b off the root: the root's adjoint
               becomes the sum of every rank's (a Reduce(SUM) to the root), the others' is zero. */
            static inline void pa_mpi_bcast_b(double *bb, int count, int root, MPI_Comm comm)
            {
                double *t = pa_mpi_scratch(count);
                int me = pa_mpi_rank(comm);
                MPI_Reduce(bb, t, count, MPI_DOUBLE, MPI_SUM, root, pa_mpi_derivative_comm(comm));
                for (int k = 0; k < count; k++)
                    bb[k] = me == root ? t[k] : 0.0;
                free(t);
            }

            /* The rank that won element k of an MPI_Allreduce(MAX or MIN) of s into r: the lowest rank whose
               s[k] equals the result (a tie goes to the lowest, one valid choice of derivative at a kink). */
            static inline void pa_mpi_winners(const double *s, const double *r, int *winner, int count, MPI_Comm comm)
            {
                int me = pa_mpi_rank(comm), size = pa_mpi_size(comm);
                for (int k = 0; k < count; k++)
                    winner[k] = s[k] == r[k] ? me : size;
                MPI_Allreduce(MPI_IN_PLACE, winner, count, MPI_INT, MPI_MIN, pa_mpi_derivative_comm(comm));
            }

            /* w[k] = d r[k] / d s[k] on this rank, where r is the reduction of every rank's s by op (MPI_MAX,
               MPI_MIN or MPI_PROD): for MAX and MIN 1 on the rank that holds the extremum (the lowest rank of a
               tie) and 0 elsewhere; for PROD the product of the other ranks' values, computed from all of them
               (so a zero factor elsewhere gives 0, and one here does not make the weight undefined). */
            static inline void pa_mpi_weights(const double *s, double *w, int count, MPI_Op op, MPI_Comm comm)
            {
                MPI_Comm dcomm = pa_mpi_derivative_comm(comm);
                int me = pa_mpi_rank(comm), size = pa_mpi_size(comm);
                if (op == MPI_PROD) {
                    double *all = pa_mpi_scratch(count * size);
                    MPI_Allgather(s, count, MPI_DOUBLE, all, count, MPI_DOUBLE, dcomm);
                    for (int k = 0; k < count; k++) {
                        double p = 1.0;
                        for (int q = 0; q < size; q++)
                            if (q != me)
                                p *= all[q * count + k];
                        w[k] = p;
                    }
                    free(all);
                    return;
                }
                double *r = pa_mpi_scratch(count);
                int *winner = (int *) malloc(sizeof(int) * (size_t) (count > 0 ? count : 1));
                MPI_Allreduce(s, r, count, MPI_DOUBLE, op, dcomm);
                pa_mpi_winners(s, r, winner, count, comm);
                for (int k = 0; k < count; k++)
                    w[k] = winner[k] == me ? 1.0 : 0.0;
                free(winner);
                free(r);
            }

            /* Tangent of MPI_Allreduce (root < 0) or MPI_Reduce to root by MAX, MIN or PROD: r[k]'s tangent is
               the sum over ranks of w[k] s[k]'s tangent, on every rank or on the root (elsewhere r, and so its
               tangent, is left alone). */
            static inline void pa_mpi_reduction_d(const double *s, const double *sd, double *rd, int count, MPI_Op op,
                                                  int root, MPI_Comm comm)
            {
                double *t = pa_mpi_scratch(count);
                pa_mpi_weights(s, t, count, op, comm);
                for (int k = 0; k < count; k++)
                    t[k] *= sd[k];
                if (root < 0)
                    MPI_Allreduce(t, rd, count, MPI_DOUBLE, MPI_SUM, pa_mpi_derivative_comm(comm));
                else
                    MPI_Reduce(t, rd, count, MPI_DOUBLE, MPI_SUM, root, pa_mpi_derivative_comm(comm));
                free(t);
            }

            /* MPI_Gather(s, count, r, root): the root's r[p count + k] = s_p[k], overwriting the root's r:
               each s_p's adjoint gains the root's adjoint of its slice (an MPI_Scatter from the root), the
               root's is zero after; off the root r is left alone, and so is its adjoint. */
            static inline void pa_mpi_gather_b(double *sb, int count, double *rb, int root, MPI_Comm comm)
            {
                double *t = pa_mpi_scratch(count);
                MPI_Scatter(rb, count, MPI_DOUBLE, t, count, MPI_DOUBLE, root, pa_mpi_derivative_comm(comm));
                for (int k = 0; k < count; k++)
                    sb[k] += t[k];
                if (pa_mpi_rank(comm) == root)
                    for (int k = 0; k < count * pa_mpi_size(comm); k++)
                        rb[k] = 0.0;
                free(t);
            }

            /* MPI_Scatter(s, count, r, root): r_p[k] = the root's s[p count + k], overwriting r everywhere:
               the root's s gains every rank's adjoint of its r (an MPI_Gather to the root), which is zero
               after. */
            static inline void pa_mpi_scatter_b(double *sb, int count, double *rb, int root, MPI_Comm comm)
            {
                int me = pa_mpi_rank(comm), size = pa_mpi_size(comm);
                double *t = pa_mpi_scratch(me == root ? count * size : 1);
                MPI_Gather(rb, count, MPI_DOUBLE, t, count, MPI_DOUBLE, root, pa_mpi_derivative_comm(comm));
                if (me == root)
                    for (int k = 0; k < count * size; k++)
                        sb[k] += t[k];
                for (int k = 0; k < count; k++)
                    rb[k] = 0.0;
                free(t);
            }

            /* MPI_Allgather(s, count, r): r_q[p count + k] = s_p[k] on every rank q, overwriting r: s_p's
               adjoint gains the sum over q of r_q's adjoint at p count + k (MPI_Reduce_scatter_block, SUM). */
            static inline void pa_mpi_allgather_b(double *sb, int count, double *rb, MPI_Comm comm)
            {
                double *t = pa_mpi_scratch(count);
                MPI_Reduce_scatter_block(rb, t, count, MPI_DOUBLE, MPI_SUM, pa_mpi_derivative_comm(comm));
                for (int k = 0; k < count; k++)
                    sb[k] += t[k];
                for (int k = 0; k < count * pa_mpi_size(comm); k++)
                    rb[k] = 0.0;
                free(t);
            }
            #endif
            """;

    /**
     * The reversals that record on the tape in the forward sweep (printed after the tape runtime,
     * in files whose adjoint records them): a reduction by MAX, MIN or PROD records, per element, the
     * weight of this rank's value in the result; a receive from a wildcard source or tag records whom it matched.
     */
    public static final String TAPED_SOURCE = """
            #ifndef PARADJOINT_MPI_TAPED_H
            #define PARADJOINT_MPI_TAPED_H
            /* forward sweep of MPI_Allreduce or MPI_Reduce by MAX, MIN or PROD: the weights w (pa_mpi_weights)
               that its reversal needs, last on top */
            static inline void pa_mpi_record_weights(pa_tape *t, const double *s, int count, MPI_Op op, MPI_Comm comm)
            {
                double *w = pa_mpi_scratch(count);
                pa_mpi_weights(s, w, count, op, comm);
                for (int k = 0; k < count; k++)
                    pa_push_d(t, w[k]);
                free(w);
            }

            /* forward sweep of a receive from MPI_ANY_SOURCE or MPI_ANY_TAG: the source and tag it matched,
               which its reversal sends the adjoint back to (the sender's reversal receives it with the tag it
               sent with) */
            static inline void pa_mpi_record_match(pa_tape *t, const MPI_Status *status)
            {
                pa_push_i(t, status->MPI_SOURCE);
                pa_push_i(t, status->MPI_TAG);
            }

            static inline void pa_mpi_recv_matched_b(pa_tape *t, double *rb, int count, MPI_Comm comm)
            {
                int tag = pa_pop_i(t);
                int source = pa_pop_i(t);
                pa_mpi_recv_b(rb, count, source, tag, comm);
            }

            static inline void pa_mpi_sendrecv_matched_b(pa_tape *t, double *sb, int scount, int dest, int stag, double *rb,
                                                         int rcount, MPI_Comm comm)
            {
                int tag = pa_pop_i(t);
                int source = pa_pop_i(t);
                pa_mpi_sendrecv_b(sb, scount, dest, stag, rb, rcount, source, tag, comm);
            }

            /* the reversal of the MPI_Wait of an MPI_Irecv from MPI_ANY_SOURCE or MPI_ANY_TAG, whose match the
               forward sweep recorded after the wait: the adjoint goes back to the rank that sent, with its tag */
            static inline void pa_mpi_irecv_matched_b_post(pa_tape *t, double *rb, int count, MPI_Comm comm,
                                                           MPI_Request *req)
            {
                int tag = pa_pop_i(t);
                int source = pa_pop_i(t);
                pa_mpi_irecv_b_post(rb, count, source, tag, comm, req);
            }

            /* MPI_Allreduce (root < 0) or MPI_Reduce to root by MAX, MIN or PROD: r[k] depends on s[k] with
               weight w[k] (recorded), so s[k]'s adjoint gains w[k] times the sum over the ranks of r[k]'s adjoint
               (an Allreduce(SUM)), or times the root's (a Bcast); r is overwritten where it was written. */
            static inline void pa_mpi_reduction_b(pa_tape *t, double *sb, double *rb, int count, int root, MPI_Comm comm)
            {
                double *sum = pa_mpi_scratch(count);
                int me = pa_mpi_rank(comm);
                if (root < 0) {
                    MPI_Allreduce(rb, sum, count, MPI_DOUBLE, MPI_SUM, pa_mpi_derivative_comm(comm));
                } else {
                    if (me == root)
                        for (int k = 0; k < count; k++)
                            sum[k] = rb[k];
                    MPI_Bcast(sum, count, MPI_DOUBLE, root, pa_mpi_derivative_comm(comm));
                }
                for (int k = count - 1; k >= 0; k--) {
                    sb[k] += pa_pop_d(t) * sum[k];
                    if (root < 0 || me == root)
                        rb[k] = 0.0;
                }
                free(sum);
            }
            #endif
            """;

    /** Whether {@code name} is one of the functions of {@link #TAPED_SOURCE}. */
    public static boolean isTaped(String name) {
        return List.of(RECORD_WEIGHTS, REDUCTION_B, RECORD_MATCH, RECV_MATCHED_B, SENDRECV_MATCHED_B,
                IRECV_MATCHED_B_POST).contains(name);
    }
}
