/* A careful hand-written adjoint of examples/mpi/heat.c, same signature as the generated heat_b:
 * the forward sweep is the primal (the steps are linear, so the reverse sweep needs no value of
 * them: nothing is stored); the reverse sweep runs the steps backwards, each as the transposed
 * stencil in gather form (every point collects from the points whose stencil reads it, so the
 * threads' rows need no atomics), then the reversed halo exchange: the ghost columns' adjoints
 * go back to the ranks that sent them and are added to their boundary columns. */
#include <mpi.h>
#include <stdlib.h>

#define AT(i, j) ((i) * (nc + 2) + (j))

void heat(int ny, int nc, int steps, const double *u0, double *u, double *v, double *norm, MPI_Comm comm);

void heat_hand_b(int ny, int nc, int steps, const double *u0, double *u0b, double *u, double *ub, double *v,
                 double *vb, double *norm, double *normb, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int left = (rank + size - 1) % size;
    int right = (rank + 1) % size;
    heat(ny, nc, steps, u0, u, v, norm, comm);
    /* norm = sum over ranks of s: every rank's s gets the sum of the seeds */
    double seed = normb[0], sb;
    MPI_Allreduce(&seed, &sb, 1, MPI_DOUBLE, MPI_SUM, comm);
    normb[0] = 0.0;
    int w = nc + 2;
#pragma omp parallel for
    for (int i = 0; i < ny; i++)
        for (int j = 0; j < w; j++) {
            int interior = i >= 1 && i < ny - 1 && j >= 1 && j <= nc;
            ub[AT(i, j)] += interior ? 2.0 * u[AT(i, j)] * sb : 0.0;
        }
    double *sendb = malloc(sizeof(double) * (size_t) ny * 2), *recvb = malloc(sizeof(double) * (size_t) ny * 2);
    for (int t = steps - 1; t >= 0; t--) {
        /* u = v on the interior, then v = stencil(u): ub moves to vb, vb gathers back into ub */
#pragma omp parallel for
        for (int i = 1; i < ny - 1; i++)
            for (int j = 1; j <= nc; j++) {
                vb[AT(i, j)] += ub[AT(i, j)];
                ub[AT(i, j)] = 0.0;
            }
#pragma omp parallel for
        for (int i = 0; i < ny; i++)
            for (int j = 0; j < w; j++) {
                double g = 0.0;
                int rows = i >= 1 && i < ny - 1, cols = j >= 1 && j <= nc;
                if (rows && cols)
                    g += 0.2 * vb[AT(i, j)];
                if (i >= 2 && cols)
                    g += 0.2 * vb[AT(i - 1, j)];
                if (i + 1 < ny - 1 && cols)
                    g += 0.2 * vb[AT(i + 1, j)];
                if (rows && j >= 2 && j - 1 <= nc)
                    g += 0.2 * vb[AT(i, j - 1)];
                if (rows && j + 1 >= 1 && j + 1 <= nc)
                    g += 0.2 * vb[AT(i, j + 1)];
                ub[AT(i, j)] += g;
            }
#pragma omp parallel for
        for (int i = 1; i < ny - 1; i++)
            for (int j = 1; j <= nc; j++)
                vb[AT(i, j)] = 0.0;
        /* the ghost columns were received: their adjoints go back to the senders */
        for (int i = 0; i < ny; i++) {
            sendb[i] = ub[AT(i, 0)];
            sendb[ny + i] = ub[AT(i, nc + 1)];
            ub[AT(i, 0)] = 0.0;
            ub[AT(i, nc + 1)] = 0.0;
        }
        MPI_Sendrecv(sendb + ny, ny, MPI_DOUBLE, right, 1, recvb, ny, MPI_DOUBLE, left, 1, comm, MPI_STATUS_IGNORE);
        MPI_Sendrecv(sendb, ny, MPI_DOUBLE, left, 0, recvb + ny, ny, MPI_DOUBLE, right, 0, comm, MPI_STATUS_IGNORE);
        for (int i = 0; i < ny; i++) {
            ub[AT(i, 1)] += recvb[i];
            ub[AT(i, nc)] += recvb[ny + i];
        }
    }
    free(sendb);
    free(recvb);
    /* u = u0 */
#pragma omp parallel for
    for (int k = 0; k < ny * w; k++) {
        u0b[k] += ub[k];
        ub[k] = 0.0;
    }
}
