/* The 2-D five-point heat solver of the OpDiLib study, written the way MPI+OpenMP codes are:
 * the grid's columns are decomposed over the ranks (each rank holds nc columns and one ghost
 * column on each side, periodic over the ranks), the rows of a rank are shared by its threads,
 * the ghost columns are packed, exchanged with MPI_Sendrecv and unpacked every step, and the
 * output is the global sum of squares of the final state.
 *   paradjoint check heat.c --function heat --set ny=12 --set nc=5 --set steps=3 --run --ranks 1,2,4 */
#include <mpi.h>

/* row-major: point (i, j) of the ny x (nc + 2) block, column 0 and nc + 1 the ghosts */
#define AT(i, j) ((i) * (nc + 2) + (j))

#pragma ad gradient(norm : u0)
void heat(int ny, int nc, int steps, const double *u0, double *u, double *v, double *norm, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int left = (rank + size - 1) % size;
    int right = (rank + 1) % size;
    double to_left[ny], to_right[ny], from_left[ny], from_right[ny];
    for (int k = 0; k < ny * (nc + 2); k++)
        u[k] = u0[k];
    for (int t = 0; t < steps; t++) {
        for (int i = 0; i < ny; i++) {
            to_left[i] = u[AT(i, 1)];
            to_right[i] = u[AT(i, nc)];
        }
        MPI_Sendrecv(to_right, ny, MPI_DOUBLE, right, 0, from_left, ny, MPI_DOUBLE, left, 0, comm,
                     MPI_STATUS_IGNORE);
        MPI_Sendrecv(to_left, ny, MPI_DOUBLE, left, 1, from_right, ny, MPI_DOUBLE, right, 1, comm,
                     MPI_STATUS_IGNORE);
        for (int i = 0; i < ny; i++) {
            u[AT(i, 0)] = from_left[i];
            u[AT(i, nc + 1)] = from_right[i];
        }
#pragma omp parallel for
        for (int i = 1; i < ny - 1; i++)
            for (int j = 1; j <= nc; j++)
                v[AT(i, j)] = u[AT(i, j)] + 0.2 * (u[AT(i - 1, j)] + u[AT(i + 1, j)] + u[AT(i, j - 1)]
                                                   + u[AT(i, j + 1)] - 4.0 * u[AT(i, j)]);
#pragma omp parallel for
        for (int i = 1; i < ny - 1; i++)
            for (int j = 1; j <= nc; j++)
                u[AT(i, j)] = v[AT(i, j)];
    }
    double s = 0.0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 1; i < ny - 1; i++)
        for (int j = 1; j <= nc; j++)
            s += u[AT(i, j)] * u[AT(i, j)];
    MPI_Allreduce(&s, norm, 1, MPI_DOUBLE, MPI_SUM, comm);
}
