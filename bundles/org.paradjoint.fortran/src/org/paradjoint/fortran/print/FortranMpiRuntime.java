package org.paradjoint.fortran.print;

/**
 * The MPI run-time support of generated Fortran: a module that a file whose procedures communicate
 * defines for itself, the Fortran counterpart of core's {@code MpiRuntime} (whose C functions carry
 * the derivations, in the same order and with the same names and arguments, so that the IR calls
 * either without translation): rank queries, the duplicated communicator of derivative messages,
 * and one subroutine per reversed routine. {@code pa_mpi_ierr} receives the error code of every MPI
 * call of the generated code (MPI's default handler stops the program on an error).
 *
 * <p>The module works with the integer handles of module {@code mpi}; code that uses {@code
 * mpi_f08} passes their {@code MPI_VAL} ({@link FortranMpi}). Its name is the file's own (see
 * {@link FortranPrinter#printFile}): the tangent and the adjoint of one source each carry one, and
 * a program that includes both must not see one module twice. Each keeps its own duplicated
 * communicators, which is all the derivative messages need: a tangent message and its receive are
 * both made by the tangent file's procedures, and likewise for the adjoint's.
 */
final class FortranMpiRuntime {

    private FortranMpiRuntime() {
    }

    /** The module {@code name}; {@code taped}: with the reversals that record on the tape (then after {@code paradjoint_tape}). */
    static String source(String name, boolean taped) {
        return HEAD.replace("NAME", name).replace("USE_TAPE", taped ? "  use paradjoint_tape\n" : "")
                .replace("TAPED_PUBLIC", taped ? ", &\n    pa_mpi_record_weights, pa_mpi_reduction_b, pa_mpi_record_match, pa_mpi_recv_matched_b, &\n"
                        + "    pa_mpi_sendrecv_matched_b, pa_mpi_irecv_matched_b_post" : "")
                + BASE + (taped ? TAPED : "") + "end module " + name + "\n";
    }

    private static final String HEAD = """
            ! Paradjoint MPI: rank queries and reversed communication (integer handles of module mpi)
            module NAME
              use mpi
            USE_TAPE  implicit none
              private
              public :: pa_mpi_ierr, pa_mpi_rank, pa_mpi_size, pa_mpi_derivative_comm, pa_mpi_send_b, pa_mpi_recv_b, &
                pa_mpi_sendrecv_b, pa_mpi_isend_b_post, pa_mpi_isend_b_wait, pa_mpi_irecv_b_post, pa_mpi_irecv_b_wait, &
                pa_mpi_allreduce_sum_b, pa_mpi_reduce_sum_b, pa_mpi_bcast_b, pa_mpi_reduction_d, pa_mpi_gather_b, &
                pa_mpi_scatter_b, pa_mpi_allgather_bTAPED_PUBLIC

              integer :: pa_mpi_ierr
              ! the user's communicators and their duplicates, which carry the derivative messages
              integer :: pa_mpi_ncomms = 0
              integer :: pa_mpi_user(16), pa_mpi_dup(16)

            contains

            """;

    private static final String BASE = """
              function pa_mpi_rank(comm) result(r)
                integer, intent(in) :: comm
                integer :: r
                call MPI_Comm_rank(comm, r, pa_mpi_ierr)
              end function pa_mpi_rank

              function pa_mpi_size(comm) result(s)
                integer, intent(in) :: comm
                integer :: s
                call MPI_Comm_size(comm, s, pa_mpi_ierr)
              end function pa_mpi_size

              ! Derivative messages travel on a duplicate of the user's communicator, made the first time
              ! (every rank reaches it in the same order: derivative code runs collectively): MPI matches a
              ! message by communicator, source and tag, so no receive of the user's can take one.
              function pa_mpi_derivative_comm(comm) result(d)
                integer, intent(in) :: comm
                integer :: d, k
                do k = 1, pa_mpi_ncomms
                  if (pa_mpi_user(k) == comm) then
                    d = pa_mpi_dup(k)
                    return
                  end if
                end do
                if (pa_mpi_ncomms == 16) then
                  write (*, '(a)') 'paradjoint: derivatives on more than 16 communicators'
                  call MPI_Abort(comm, 1, pa_mpi_ierr)
                end if
                pa_mpi_ncomms = pa_mpi_ncomms + 1
                pa_mpi_user(pa_mpi_ncomms) = comm
                call MPI_Comm_dup(comm, pa_mpi_dup(pa_mpi_ncomms), pa_mpi_ierr)
                d = pa_mpi_dup(pa_mpi_ncomms)
              end function pa_mpi_derivative_comm

              ! MPI_Send(s, count, dest, tag): dest's r = s, so s's adjoint gains dest's adjoint of r, which
              ! dest sends back (pa_mpi_recv_b).
              subroutine pa_mpi_send_b(sb, count, dest, tag, comm)
                integer, intent(in) :: count, dest, tag, comm
                real(8), intent(inout) :: sb(count)
                real(8), allocatable :: t(:)
                if (dest == MPI_PROC_NULL) return
                allocate(t(count))
                call MPI_Recv(t, count, MPI_DOUBLE_PRECISION, dest, tag, pa_mpi_derivative_comm(comm), &
                  MPI_STATUS_IGNORE, pa_mpi_ierr)
                sb = sb + t
              end subroutine pa_mpi_send_b

              ! MPI_Recv(r, count, source, tag): r = source's s, overwritten, so r's adjoint goes back to
              ! source and is zero after. A receive from MPI_PROC_NULL left r, and so its adjoint, alone.
              subroutine pa_mpi_recv_b(rb, count, source, tag, comm)
                integer, intent(in) :: count, source, tag, comm
                real(8), intent(inout) :: rb(count)
                if (source == MPI_PROC_NULL) return
                call MPI_Send(rb, count, MPI_DOUBLE_PRECISION, source, tag, pa_mpi_derivative_comm(comm), pa_mpi_ierr)
                rb = 0.0d0
              end subroutine pa_mpi_recv_b

              ! MPI_Sendrecv: both halves reversed at once, with the same partners and tags: r's adjoint
              ! goes back to source, s's comes back from dest.
              subroutine pa_mpi_sendrecv_b(sb, scount, dest, stag, rb, rcount, source, rtag, comm)
                integer, intent(in) :: scount, dest, stag, rcount, source, rtag, comm
                real(8), intent(inout) :: sb(scount), rb(rcount)
                real(8), allocatable :: t(:)
                allocate(t(scount))
                call MPI_Sendrecv(rb, rcount, MPI_DOUBLE_PRECISION, source, rtag, t, scount, MPI_DOUBLE_PRECISION, &
                  dest, stag, pa_mpi_derivative_comm(comm), MPI_STATUS_IGNORE, pa_mpi_ierr)
                if (dest /= MPI_PROC_NULL) sb = sb + t
                if (source /= MPI_PROC_NULL) rb = 0.0d0
              end subroutine pa_mpi_sendrecv_b

              ! MPI_Isend(s, count, dest, tag, req) ... MPI_Wait(req): as MPI_Send, with the overlap kept. The
              ! reverse sweep meets the wait first: its reversal posts the receive of dest's adjoint of r
              ! (pa_mpi_isend_b_post), the Isend's reversal completes it (pa_mpi_isend_b_wait). s is a buffer
              ! of the call's own that only this call reads, so its adjoint is zero until then: the message
              ! lands in it directly. A receive from MPI_PROC_NULL leaves it zero.
              subroutine pa_mpi_isend_b_post(sb, count, dest, tag, comm, req)
                integer, intent(in) :: count, dest, tag, comm
                real(8), intent(inout) :: sb(count)
                integer, intent(inout) :: req
                call MPI_Irecv(sb, count, MPI_DOUBLE_PRECISION, dest, tag, pa_mpi_derivative_comm(comm), req, &
                  pa_mpi_ierr)
              end subroutine pa_mpi_isend_b_post

              subroutine pa_mpi_isend_b_wait(req)
                integer, intent(inout) :: req
                call MPI_Wait(req, MPI_STATUS_IGNORE, pa_mpi_ierr)
              end subroutine pa_mpi_isend_b_wait

              ! MPI_Irecv(r, count, source, tag, req) ... MPI_Wait(req): as MPI_Recv; the wait's reversal sends
              ! r's adjoint back to source (pa_mpi_irecv_b_post), the Irecv's reversal waits for the send to
              ! complete and zeroes the adjoint (pa_mpi_irecv_b_wait), unless the source was MPI_PROC_NULL.
              subroutine pa_mpi_irecv_b_post(rb, count, source, tag, comm, req)
                integer, intent(in) :: count, source, tag, comm
                real(8), intent(inout) :: rb(count)
                integer, intent(inout) :: req
                call MPI_Isend(rb, count, MPI_DOUBLE_PRECISION, source, tag, pa_mpi_derivative_comm(comm), req, &
                  pa_mpi_ierr)
              end subroutine pa_mpi_irecv_b_post

              subroutine pa_mpi_irecv_b_wait(rb, count, source, req)
                integer, intent(in) :: count, source
                real(8), intent(inout) :: rb(count)
                integer, intent(inout) :: req
                call MPI_Wait(req, MPI_STATUS_IGNORE, pa_mpi_ierr)
                if (source /= MPI_PROC_NULL) rb = 0.0d0
              end subroutine pa_mpi_irecv_b_wait

              ! MPI_Allreduce(s, r, SUM): r = sum over ranks p of s_p on every rank, so every s_q's adjoint
              ! gains the sum over p of r_p's adjoint: an Allreduce(SUM) of the adjoints.
              subroutine pa_mpi_allreduce_sum_b(sb, rb, count, comm)
                integer, intent(in) :: count, comm
                real(8), intent(inout) :: sb(count), rb(count)
                real(8), allocatable :: t(:)
                allocate(t(count))
                call MPI_Allreduce(rb, t, count, MPI_DOUBLE_PRECISION, MPI_SUM, pa_mpi_derivative_comm(comm), &
                  pa_mpi_ierr)
                sb = sb + t
                rb = 0.0d0
              end subroutine pa_mpi_allreduce_sum_b

              ! MPI_Reduce(s, r, SUM, root): r = sum of s_p on the root only, so every s_q's adjoint gains the
              ! root's adjoint of r: a Bcast from the root. Off the root r is left alone, and so is its adjoint.
              subroutine pa_mpi_reduce_sum_b(sb, rb, count, root, comm)
                integer, intent(in) :: count, root, comm
                real(8), intent(inout) :: sb(count), rb(count)
                real(8), allocatable :: t(:)
                allocate(t(count))
                t = 0.0d0
                if (pa_mpi_rank(comm) == root) t = rb
                call MPI_Bcast(t, count, MPI_DOUBLE_PRECISION, root, pa_mpi_derivative_comm(comm), pa_mpi_ierr)
                sb = sb + t
                if (pa_mpi_rank(comm) == root) rb = 0.0d0
              end subroutine pa_mpi_reduce_sum_b

              ! MPI_Bcast(b, root): b_p = b_root on every rank p, overwriting b off the root: the root's adjoint
              ! becomes the sum of every rank's (a Reduce(SUM) to the root), the others' is zero.
              subroutine pa_mpi_bcast_b(bb, count, root, comm)
                integer, intent(in) :: count, root, comm
                real(8), intent(inout) :: bb(count)
                real(8), allocatable :: t(:)
                allocate(t(count))
                call MPI_Reduce(bb, t, count, MPI_DOUBLE_PRECISION, MPI_SUM, root, pa_mpi_derivative_comm(comm), &
                  pa_mpi_ierr)
                if (pa_mpi_rank(comm) == root) then
                  bb = t
                else
                  bb = 0.0d0
                end if
              end subroutine pa_mpi_bcast_b

              ! w(k) = d r(k) / d s(k) on this rank, where r is the reduction of every rank's s by op (MPI_MAX,
              ! MPI_MIN or MPI_PROD): for MAX and MIN 1 on the rank that holds the extremum (the lowest rank of
              ! a tie) and 0 elsewhere; for PROD the product of the other ranks' values, computed from all of
              ! them (so a zero factor elsewhere gives 0, and one here does not make the weight undefined).
              subroutine pa_mpi_weights(s, w, count, op, comm)
                integer, intent(in) :: count, op, comm
                real(8), intent(in) :: s(count)
                real(8), intent(out) :: w(count)
                real(8), allocatable :: all(:), r(:)
                integer, allocatable :: winner(:)
                integer :: me, ranks, k, q
                me = pa_mpi_rank(comm)
                ranks = pa_mpi_size(comm)
                if (op == MPI_PROD) then
                  allocate(all(count * ranks))
                  call MPI_Allgather(s, count, MPI_DOUBLE_PRECISION, all, count, MPI_DOUBLE_PRECISION, &
                    pa_mpi_derivative_comm(comm), pa_mpi_ierr)
                  do k = 1, count
                    w(k) = 1.0d0
                    do q = 0, ranks - 1
                      if (q /= me) w(k) = w(k) * all(q * count + k)
                    end do
                  end do
                  return
                end if
                allocate(r(count), winner(count))
                call MPI_Allreduce(s, r, count, MPI_DOUBLE_PRECISION, op, pa_mpi_derivative_comm(comm), pa_mpi_ierr)
                do k = 1, count
                  winner(k) = merge(me, ranks, s(k) == r(k))
                end do
                call MPI_Allreduce(MPI_IN_PLACE, winner, count, MPI_INTEGER, MPI_MIN, pa_mpi_derivative_comm(comm), &
                  pa_mpi_ierr)
                do k = 1, count
                  w(k) = merge(1.0d0, 0.0d0, winner(k) == me)
                end do
              end subroutine pa_mpi_weights

              ! Tangent of MPI_Allreduce (root < 0) or MPI_Reduce to root by MAX, MIN or PROD: r(k)'s tangent is
              ! the sum over ranks of w(k) times s(k)'s tangent, on every rank or on the root (elsewhere r, and
              ! so its tangent, is left alone).
              subroutine pa_mpi_reduction_d(s, sd, rd, count, op, root, comm)
                integer, intent(in) :: count, op, root, comm
                real(8), intent(in) :: s(count), sd(count)
                real(8), intent(inout) :: rd(count)
                real(8), allocatable :: t(:)
                allocate(t(count))
                call pa_mpi_weights(s, t, count, op, comm)
                t = t * sd
                if (root < 0) then
                  call MPI_Allreduce(t, rd, count, MPI_DOUBLE_PRECISION, MPI_SUM, pa_mpi_derivative_comm(comm), &
                    pa_mpi_ierr)
                else
                  call MPI_Reduce(t, rd, count, MPI_DOUBLE_PRECISION, MPI_SUM, root, pa_mpi_derivative_comm(comm), &
                    pa_mpi_ierr)
                end if
              end subroutine pa_mpi_reduction_d

              ! MPI_Gather(s, count, r, root): the root's r(p count + k) = s_p(k), overwriting the root's r:
              ! each s_p's adjoint gains the root's adjoint of its slice (an MPI_Scatter from the root), the
              ! root's is zero after; off the root r is left alone, and so is its adjoint.
              subroutine pa_mpi_gather_b(sb, count, rb, root, comm)
                integer, intent(in) :: count, root, comm
                real(8), intent(inout) :: sb(count), rb(*)
                real(8), allocatable :: t(:)
                allocate(t(count))
                call MPI_Scatter(rb, count, MPI_DOUBLE_PRECISION, t, count, MPI_DOUBLE_PRECISION, root, &
                  pa_mpi_derivative_comm(comm), pa_mpi_ierr)
                sb = sb + t
                if (pa_mpi_rank(comm) == root) rb(1:count * pa_mpi_size(comm)) = 0.0d0
              end subroutine pa_mpi_gather_b

              ! MPI_Scatter(s, count, r, root): r_p(k) = the root's s(p count + k), overwriting r everywhere:
              ! the root's s gains every rank's adjoint of its r (an MPI_Gather to the root), which is zero after.
              subroutine pa_mpi_scatter_b(sb, count, rb, root, comm)
                integer, intent(in) :: count, root, comm
                real(8), intent(inout) :: sb(*), rb(count)
                real(8), allocatable :: t(:)
                integer :: n
                n = count * pa_mpi_size(comm)
                allocate(t(n))
                call MPI_Gather(rb, count, MPI_DOUBLE_PRECISION, t, count, MPI_DOUBLE_PRECISION, root, &
                  pa_mpi_derivative_comm(comm), pa_mpi_ierr)
                if (pa_mpi_rank(comm) == root) sb(1:n) = sb(1:n) + t
                rb = 0.0d0
              end subroutine pa_mpi_scatter_b

              ! MPI_Allgather(s, count, r): r_q(p count + k) = s_p(k) on every rank q, overwriting r: s_p's
              ! adjoint gains the sum over q of r_q's adjoint at p count + k (MPI_Reduce_scatter_block, SUM).
              subroutine pa_mpi_allgather_b(sb, count, rb, comm)
                integer, intent(in) :: count, comm
                real(8), intent(inout) :: sb(count), rb(*)
                real(8), allocatable :: t(:)
                allocate(t(count))
                call MPI_Reduce_scatter_block(rb, t, count, MPI_DOUBLE_PRECISION, MPI_SUM, &
                  pa_mpi_derivative_comm(comm), pa_mpi_ierr)
                sb = sb + t
                rb(1:count * pa_mpi_size(comm)) = 0.0d0
              end subroutine pa_mpi_allgather_b
            """;

    private static final String TAPED = """

              ! forward sweep of MPI_Allreduce or MPI_Reduce by MAX, MIN or PROD: the weights w (pa_mpi_weights)
              ! that its reversal needs, last on top
              subroutine pa_mpi_record_weights(tape, s, count, op, comm)
                type(pa_tape), intent(inout) :: tape
                integer, intent(in) :: count, op, comm
                real(8), intent(in) :: s(count)
                real(8), allocatable :: w(:)
                integer :: k
                allocate(w(count))
                call pa_mpi_weights(s, w, count, op, comm)
                do k = 1, count
                  call pa_push_d(tape, w(k))
                end do
              end subroutine pa_mpi_record_weights

              ! forward sweep of a receive from MPI_ANY_SOURCE or MPI_ANY_TAG: the source and tag it matched
              ! (read from its status by the caller), which its reversal sends the adjoint back to (the
              ! sender's reversal receives it with the tag it sent with)
              subroutine pa_mpi_record_match(tape, source, tag)
                type(pa_tape), intent(inout) :: tape
                integer, intent(in) :: source, tag
                call pa_push_i(tape, source)
                call pa_push_i(tape, tag)
              end subroutine pa_mpi_record_match

              subroutine pa_mpi_recv_matched_b(tape, rb, count, comm)
                type(pa_tape), intent(inout) :: tape
                integer, intent(in) :: count, comm
                real(8), intent(inout) :: rb(count)
                integer :: source, tag
                tag = pa_pop_i(tape)
                source = pa_pop_i(tape)
                call pa_mpi_recv_b(rb, count, source, tag, comm)
              end subroutine pa_mpi_recv_matched_b

              ! the reversal of the MPI_Wait of an MPI_Irecv from MPI_ANY_SOURCE or MPI_ANY_TAG, whose match the
              ! forward sweep recorded after the wait: the adjoint goes back to the rank that sent, with its tag
              subroutine pa_mpi_irecv_matched_b_post(tape, rb, count, comm, req)
                type(pa_tape), intent(inout) :: tape
                integer, intent(in) :: count, comm
                real(8), intent(inout) :: rb(count)
                integer, intent(inout) :: req
                integer :: source, tag
                tag = pa_pop_i(tape)
                source = pa_pop_i(tape)
                call pa_mpi_irecv_b_post(rb, count, source, tag, comm, req)
              end subroutine pa_mpi_irecv_matched_b_post

              subroutine pa_mpi_sendrecv_matched_b(tape, sb, scount, dest, stag, rb, rcount, comm)
                type(pa_tape), intent(inout) :: tape
                integer, intent(in) :: scount, dest, stag, rcount, comm
                real(8), intent(inout) :: sb(scount), rb(rcount)
                integer :: source, tag
                tag = pa_pop_i(tape)
                source = pa_pop_i(tape)
                call pa_mpi_sendrecv_b(sb, scount, dest, stag, rb, rcount, source, tag, comm)
              end subroutine pa_mpi_sendrecv_matched_b

              ! MPI_Allreduce (root < 0) or MPI_Reduce to root by MAX, MIN or PROD: r(k) depends on s(k) with
              ! weight w(k) (recorded), so s(k)'s adjoint gains w(k) times the sum over the ranks of r(k)'s
              ! adjoint (an Allreduce(SUM)), or times the root's (a Bcast); r is overwritten where it was written.
              subroutine pa_mpi_reduction_b(tape, sb, rb, count, root, comm)
                type(pa_tape), intent(inout) :: tape
                integer, intent(in) :: count, root, comm
                real(8), intent(inout) :: sb(count), rb(count)
                real(8), allocatable :: total(:)
                integer :: k
                logical :: written
                allocate(total(count))
                written = root < 0
                if (.not. written) written = pa_mpi_rank(comm) == root
                if (root < 0) then
                  call MPI_Allreduce(rb, total, count, MPI_DOUBLE_PRECISION, MPI_SUM, pa_mpi_derivative_comm(comm), &
                    pa_mpi_ierr)
                else
                  total = 0.0d0
                  if (written) total = rb
                  call MPI_Bcast(total, count, MPI_DOUBLE_PRECISION, root, pa_mpi_derivative_comm(comm), pa_mpi_ierr)
                end if
                do k = count, 1, -1
                  sb(k) = sb(k) + pa_pop_d(tape) * total(k)
                  if (written) rb(k) = 0.0d0
                end do
              end subroutine pa_mpi_reduction_b
            """;
}
