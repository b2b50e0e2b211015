package org.paradjoint.core.mpi;

import java.util.Arrays;
import java.util.Optional;

/**
 * The MPI communication routines the IR knows, with the position of each argument in the C
 * call. {@code MPI_Waitall} is not among them: the front-end reads it as one {@code MPI_Wait} per
 * request, which completes the same operations. A call of one of them is a {@link org.paradjoint.core.ir.CalleeKind#MPI} call whose
 * buffers are whole local arrays (the front-end stages the user's buffers through them, see
 * {@link Communication}); {@link Communication} reads the arguments by these positions.
 * Positions are -1 where the routine has no such argument.
 */
public enum MpiRoutine {
    //        name            send  recv  count rcount type  peer  tag   comm  op    root  rpeer rtag  request
    SEND("MPI_Send",           0,   -1,   1,   -1,    2,    3,    4,    5,   -1,   -1,   -1,   -1,   -1),
    RECV("MPI_Recv",          -1,    0,  -1,    1,    2,   -1,   -1,    5,   -1,   -1,    3,    4,   -1),
    SENDRECV("MPI_Sendrecv",   0,    5,   1,    6,    2,    3,    4,   10,   -1,   -1,    8,    9,   -1),
    ISEND("MPI_Isend",         0,   -1,   1,   -1,    2,    3,    4,    5,   -1,   -1,   -1,   -1,    6),
    IRECV("MPI_Irecv",        -1,    0,  -1,    1,    2,   -1,   -1,    5,   -1,   -1,    3,    4,    6),
    WAIT("MPI_Wait",          -1,   -1,  -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,    0),
    ALLREDUCE("MPI_Allreduce", 0,    1,   2,    2,    3,   -1,   -1,    5,    4,   -1,   -1,   -1,   -1),
    REDUCE("MPI_Reduce",       0,    1,   2,    2,    3,   -1,   -1,    6,    4,    5,   -1,   -1,   -1),
    BCAST("MPI_Bcast",         0,    0,   1,    1,    2,   -1,   -1,    4,   -1,    3,   -1,   -1,   -1),
    GATHER("MPI_Gather",       0,    3,   1,    4,    2,   -1,   -1,    7,   -1,    6,   -1,   -1,   -1),
    SCATTER("MPI_Scatter",     0,    3,   1,    4,    2,   -1,   -1,    7,   -1,    6,   -1,   -1,   -1),
    ALLGATHER("MPI_Allgather", 0,    3,   1,    4,    2,   -1,   -1,    6,   -1,   -1,   -1,   -1,   -1),
    BARRIER("MPI_Barrier",    -1,   -1,  -1,   -1,   -1,   -1,   -1,    0,   -1,   -1,   -1,   -1,   -1);

    public final String cName;
    final int send;
    final int recv;
    final int count;
    final int recvCount;
    /** The datatype of the send buffer, or of the receive buffer of a Recv. */
    final int type;
    /** The destination of a send (a Send's, or the send half of a Sendrecv's). */
    final int peer;
    final int tag;
    final int comm;
    final int op;
    final int root;
    /** The source of a receive (a Recv's, or the receive half of a Sendrecv's). */
    final int recvPeer;
    final int recvTag;
    /**
     * The request of a non-blocking call ({@code MPI_Isend}, {@code MPI_Irecv}), or the one a
     * {@code MPI_Wait} completes: a request array of the call's own (see {@link Communication#request}).
     */
    final int request;

    MpiRoutine(String cName, int send, int recv, int count, int recvCount, int type, int peer, int tag, int comm,
            int op, int root, int recvPeer, int recvTag, int request) {
        this.cName = cName;
        this.send = send;
        this.recv = recv;
        this.count = count;
        this.recvCount = recvCount;
        this.type = type;
        this.peer = peer;
        this.tag = tag;
        this.comm = comm;
        this.op = op;
        this.root = root;
        this.recvPeer = recvPeer;
        this.recvTag = recvTag;
        this.request = request;
    }

    /** The number of arguments of the C routine. */
    public int arity() {
        return switch (this) {
            case SEND -> 6;
            case RECV -> 7;
            case SENDRECV -> 12;
            case ISEND, IRECV -> 7;
            case WAIT -> 2;
            case ALLREDUCE -> 6;
            case REDUCE -> 7;
            case BCAST -> 5;
            case GATHER, SCATTER -> 8;
            case ALLGATHER -> 7;
            case BARRIER -> 1;
        };
    }

    /** The position of the communicator argument; -1 for {@code MPI_Wait}, which has none. */
    public int comm() {
        return comm;
    }

    /** The position of the status argument of a receive (or of a wait), -1 where there is none. */
    public int status() {
        return switch (this) {
            case RECV -> 6;
            case SENDRECV -> 11;
            case WAIT -> 1;
            default -> -1;
        };
    }

    /** The position of a receive's source. */
    public int recvPeer() {
        return recvPeer;
    }

    /** The position of a receive's tag. */
    public int recvTag() {
        return recvTag;
    }

    /** The position of the request argument, -1 for a blocking routine. */
    public int request() {
        return request;
    }

    /** Whether the call starts a communication that a later {@code MPI_Wait} completes. */
    public boolean isNonBlocking() {
        return this == ISEND || this == IRECV;
    }

    public static Optional<MpiRoutine> named(String name) {
        return Arrays.stream(values()).filter(r -> r.cName.equals(name)).findFirst();
    }
}
