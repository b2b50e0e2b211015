/* One function per MPI rule of the reverse and tangent modes, each a complete small
 * kernel: paradjoint check rules.c --function NAME --run --ranks 1,2,4 */
#include <math.h>
#include <mpi.h>

/* Send/Recv along a chain of ranks, the ends talking to MPI_PROC_NULL; even ranks send
 * first, odd ranks receive first (no deadlock with blocking calls) */
#pragma ad gradient(f : x)
void chain(int n, const double *x, double *w, double *f, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int up = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;
    int down = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    for (int i = 0; i < n; i++)
        w[i] = x[i] * x[i];
    if (rank % 2 == 0) {
        MPI_Send(&w[n - 2], 2, MPI_DOUBLE, up, 7, comm);
        MPI_Recv(w, 2, MPI_DOUBLE, down, 7, comm, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(w, 2, MPI_DOUBLE, down, 7, comm, MPI_STATUS_IGNORE);
        MPI_Send(w + n - 2, 2, MPI_DOUBLE, up, 7, comm);
    }
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += sin(w[i]) * x[i];
    MPI_Allreduce(&s, f, 1, MPI_DOUBLE, MPI_SUM, comm);
}

/* a periodic halo exchange with MPI_Sendrecv, both directions, and a parallel stencil */
#pragma ad gradient(f : x)
void halo(int n, const double *x, double *u, double *f, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int left = (rank + size - 1) % size;
    int right = (rank + 1) % size;
    for (int i = 1; i <= n; i++)
        u[i] = x[i - 1];
    MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 0, &u[0], 1, MPI_DOUBLE, left, 0, comm, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[n + 1], 1, MPI_DOUBLE, right, 1, comm, MPI_STATUS_IGNORE);
    double s = 0.0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 1; i <= n; i++) {
        double lap = u[i - 1] - 2.0 * u[i] + u[i + 1];
        s += lap * lap * u[i];
    }
    MPI_Allreduce(&s, f, 1, MPI_DOUBLE, MPI_SUM, comm);
}

/* the same periodic halo exchange with non-blocking calls: two receives and two sends posted
 * at once, the interior computed while they travel, one MPI_Waitall for the four; the
 * adjoint keeps the overlap (each wait's reversal posts, each call's reversal completes) */
#pragma ad gradient(f : x)
void halo_nonblocking(int n, const double *x, double *u, double *f, MPI_Comm comm)
{
    int rank, size;
    MPI_Request req[4];
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int left = (rank + size - 1) % size;
    int right = (rank + 1) % size;
    for (int i = 1; i <= n; i++)
        u[i] = x[i - 1] * x[i - 1];
    MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, comm, &req[0]);
    MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, 1, comm, &req[1]);
    MPI_Isend(&u[n], 1, MPI_DOUBLE, right, 0, comm, &req[2]);
    MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, comm, &req[3]);
    double s = 0.0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 2; i < n; i++) {
        double lap = u[i - 1] - 2.0 * u[i] + u[i + 1];
        s += lap * lap * u[i];
    }
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    double edges = (u[0] - 2.0 * u[1] + u[2]) * u[1] + (u[n - 1] - 2.0 * u[n] + u[n + 1]) * u[n] * u[n];
    s += edges;
    MPI_Allreduce(&s, f, 1, MPI_DOUBLE, MPI_SUM, comm);
}

/* a chain with one request per direction, each completed by its own MPI_Wait; the
 * ends talk to MPI_PROC_NULL, whose receive leaves the values as they were */
#pragma ad gradient(f : x)
void chain_nonblocking(int n, const double *x, double *w, double *f, MPI_Comm comm)
{
    int rank, size;
    MPI_Request sent, received;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int up = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;
    int down = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    for (int i = 0; i < n; i++)
        w[i] = sin(x[i]) + x[i];
    for (int step = 0; step < 3; step++) {
        MPI_Irecv(w, 2, MPI_DOUBLE, down, step, comm, &received);
        MPI_Isend(w + n - 2, 2, MPI_DOUBLE, up, step, comm, &sent);
        MPI_Wait(&sent, MPI_STATUS_IGNORE);
        MPI_Wait(&received, MPI_STATUS_IGNORE);
        for (int i = 0; i < n; i++)
            w[i] = w[i] * (1.0 + 0.1 * x[i]);
    }
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += w[i] * w[i];
    MPI_Allreduce(&s, f, 1, MPI_DOUBLE, MPI_SUM, comm);
}

/* rank 0 collects one value from every other rank in whatever order they arrive
 * (MPI_ANY_SOURCE, and MPI_ANY_TAG: each sender tags with its rank); the derivative code
 * records whom each receive matched, and the adjoint sends each value's adjoint back to
 * the rank that sent it */
#pragma ad gradient(f : x)
void collect_any(int n, const double *x, double *f, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i] * (1.0 + 0.1 * i);
    double total = s * s;
    if (rank == 0) {
        for (int p = 1; p < size; p++) {
            double part = 0.0;
            MPI_Recv(&part, 1, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, comm, MPI_STATUS_IGNORE);
            total += sin(part) * part;
        }
    } else {
        MPI_Send(&s, 1, MPI_DOUBLE, 0, rank, comm);
    }
    MPI_Bcast(&total, 1, MPI_DOUBLE, 0, comm);
    f[0] = total;
}

/* the same with non-blocking calls: rank 0 posts each receive from MPI_ANY_SOURCE and MPI_ANY_TAG
 * before work of its own, and the others send with MPI_Isend: the forward sweep records at each
 * wait whom the receive matched; the adjoint of the wait sends the value's adjoint back to that
 * rank with its tag, and the tangent is received from it after the wait */
#pragma ad gradient(f : x)
void collect_any_nonblocking(int n, const double *x, double *f, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i] * (1.0 + 0.1 * i);
    double total = s * s;
    if (rank == 0) {
        for (int p = 1; p < size; p++) {
            double part = 0.0, w;
            MPI_Request r;
            MPI_Irecv(&part, 1, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &r);
            w = x[p % n] * s;
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            total += sin(part) * part + w;
        }
    } else {
        MPI_Request r;
        MPI_Isend(&s, 1, MPI_DOUBLE, 0, rank, comm, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    MPI_Bcast(&total, 1, MPI_DOUBLE, 0, comm);
    f[0] = total;
}

/* a 2-D grid decomposed over the ranks by rows: the ghost rows 0 and n + 1 are exchanged as
 * &u[i][0] and u[i], and two rows are reduced at once (a buffer may run over several rows, as in
 * C's layout) */
#pragma ad gradient(f : x)
void rows(int n, int m, const double x[n][m], double u[n + 2][m], double *f, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int up = (rank + 1) % size, down = (rank + size - 1) % size;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            u[i + 1][j] = x[i][j] * x[i][j];
    MPI_Sendrecv(&u[n][0], m, MPI_DOUBLE, up, 0, u[0], m, MPI_DOUBLE, down, 0, comm, MPI_STATUS_IGNORE);
    MPI_Sendrecv(u[1], m, MPI_DOUBLE, down, 1, &u[n + 1][0], m, MPI_DOUBLE, up, 1, comm, MPI_STATUS_IGNORE);
    double s = 0.0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 1; i <= n; i++)
        for (int j = 1; j < m - 1; j++) {
            double lap = u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] - 4.0 * u[i][j];
            s += lap * lap * sin(u[i][j]);
        }
    /* two rows at once, running over the end of the first */
    double edge[2 * m];
    MPI_Allreduce(&u[1][0], edge, 2 * m, MPI_DOUBLE, MPI_MAX, comm);
    for (int k = 0; k < 2 * m; k++)
        s += 0.01 * edge[k];
    MPI_Allreduce(&s, f, 1, MPI_DOUBLE, MPI_SUM, comm);
}

/* a helper that shifts one value around the ring with non-blocking calls, called twice: it is
 * inlined with request arrays of each call's own, and each wait finds its own call */
static void shift(int n, double *w, int d, MPI_Comm comm)
{
    int rank, size;
    MPI_Request req[2];
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Irecv(&w[n - 1], 1, MPI_DOUBLE, (rank + size - d % size) % size, d, comm, &req[0]);
    MPI_Isend(&w[0], 1, MPI_DOUBLE, (rank + d) % size, d, comm, &req[1]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
}

#pragma ad gradient(f : x)
void shifts_in_helper(int n, const double *x, double *w, double *f, MPI_Comm comm)
{
    for (int i = 0; i < n; i++)
        w[i] = x[i] * x[i];
    shift(n, w, 1, comm);
    for (int i = 0; i < n; i++)
        w[i] = sin(w[i]) + w[(i + 1) % n];
    shift(n, w, 2, comm);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += w[i] * x[i];
    MPI_Allreduce(&s, f, 1, MPI_DOUBLE, MPI_SUM, comm);
}

/* MPI_Bcast from a root that is not rank 0 (when there are several), a Barrier, and an
 * in-place Allreduce of an array */
#pragma ad gradient(f : x)
void broadcast(int n, const double *x, double *f, MPI_Comm comm)
{
    int size;
    MPI_Comm_size(comm, &size);
    double a[3];
    for (int k = 0; k < 3; k++)
        a[k] = x[k] * x[k + 1];
    MPI_Bcast(a, 3, MPI_DOUBLE, size - 1, comm);
    MPI_Barrier(comm);
    double v[2] = {0.0, 0.0};
    for (int i = 0; i < n; i++) {
        v[0] += a[i % 3] * x[i];
        v[1] += exp(0.1 * x[i]) * a[(i + 1) % 3];
    }
    MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_DOUBLE, MPI_SUM, comm);
    f[0] = v[0] * v[1];
}

/* MPI_Reduce(SUM) to a root, the root's result broadcast back to every rank */
#pragma ad gradient(f : x)
void reduce(int n, const double *x, double *f, MPI_Comm comm)
{
    double s = 0.0, t = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i] * x[i];
    MPI_Reduce(&s, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    double g = t * t;
    MPI_Bcast(&g, 1, MPI_DOUBLE, 0, comm);
    f[0] = g + s;
}

/* MPI_Gather to a root, MPI_Scatter back from it, and MPI_Allgather, n values per rank */
#pragma ad gradient(f : x)
void gather(int n, const double *x, double *all, double *back, double *f, MPI_Comm comm)
{
    int size;
    MPI_Comm_size(comm, &size);
    double mine[n];
    for (int i = 0; i < n; i++)
        mine[i] = x[i] * x[i];
    MPI_Gather(mine, n, MPI_DOUBLE, all, n, MPI_DOUBLE, size - 1, comm);
    for (int i = 0; i < n * size; i++)
        all[i] = sin(all[i]);
    MPI_Scatter(all, n, MPI_DOUBLE, back, n, MPI_DOUBLE, size - 1, comm);
    double ring[4 * n];
    MPI_Allgather(back, n, MPI_DOUBLE, ring, n, MPI_DOUBLE, comm);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += ring[i] * x[i] + back[i] * back[i];
    MPI_Allreduce(&s, f, 1, MPI_DOUBLE, MPI_SUM, comm);
}

/* MPI_Allreduce with MPI_MAX and MPI_MIN: every rank's result is the value of the rank that holds
 * the extremum, and so is its derivative */
#pragma ad gradient(f : x)
void extrema(int n, const double *x, double *f, MPI_Comm comm)
{
    double mine[2] = {0.0, 0.0}, top[2];
    double low = 0.0, lowest;
    for (int i = 0; i < n; i++) {
        mine[0] += sin(x[i]) * x[i];
        mine[1] += x[i] * x[i];
        low += exp(-x[i]);
    }
    MPI_Allreduce(mine, top, 2, MPI_DOUBLE, MPI_MAX, comm);
    MPI_Allreduce(&low, &lowest, 1, MPI_DOUBLE, MPI_MIN, comm);
    f[0] = top[0] * top[1] + lowest * x[0];
}

/* MPI_Reduce with MPI_MAX and MPI_MIN (the result on the root only) and MPI_PROD, reduced to a
 * root and to all: each rank's value enters with a weight of its own (1 on the rank that holds
 * the extremum, else 0; the product of the other ranks' values), recorded in the forward sweep */
#pragma ad gradient(f : x)
void products(int n, const double *x, double *f, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    double a[3] = {0.0, 0.0, 0.0};
    for (int i = 0; i < n; i++) {
        a[0] += x[i] * x[i];
        a[1] += sin(x[i] + 0.5 * i);
        a[2] += 0.1 * x[i];
    }
    a[2] += 1.0;
    double top = 0.0, bottom = 0.0;
    MPI_Reduce(&a[0], &top, 1, MPI_DOUBLE, MPI_MAX, 0, comm);
    MPI_Reduce(&a[1], &bottom, 1, MPI_DOUBLE, MPI_MIN, size - 1, comm);
    double p[2] = {0.0, 0.0}, q = 0.0;
    MPI_Allreduce(a + 1, p, 2, MPI_DOUBLE, MPI_PROD, comm);
    MPI_Reduce(&a[2], &q, 1, MPI_DOUBLE, MPI_PROD, 0, comm);
    f[0] = top * bottom + p[0] * p[1] + q * a[0];
}
