/* Driver of the MPI benchmark: examples/mpi/heat.c (primal), its generated adjoint heat_b and the
 * hand-written heat_hand_b, on a grid of NY rows and NC columns split over the ranks (strong
 * scaling: the same problem at every rank count).
 *   mpirun -np R bench_main check NY NC STEPS   the two adjoints agree (relative 1e-9)
 *   mpirun -np R bench_main time VARIANT NY NC STEPS
 *                                               the faster of two calls of primal|generated|hand,
 *                                               and the peak resident set of the slowest rank */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#ifdef _OPENMP
#include <omp.h>
#endif

void heat(int ny, int nc, int steps, const double *u0, double *u, double *v, double *norm, MPI_Comm comm);
void heat_b(int ny, int nc, int steps, const double *u0, double *u0b, double *u, double *ub, double *v, double *vb,
            double *norm, double *normb, MPI_Comm comm);
void heat_hand_b(int ny, int nc, int steps, const double *u0, double *u0b, double *u, double *ub, double *v,
                 double *vb, double *norm, double *normb, MPI_Comm comm);

typedef struct {
    int ny, nc, steps;
    double *u0, *u0b, *u, *ub, *v, *vb;
} grid;

static grid make(int ny, int nc, int steps, int rank)
{
    grid g = {ny, nc, steps, 0, 0, 0, 0, 0, 0};
    size_t n = (size_t) ny * (size_t) (nc + 2);
    double **all[] = {&g.u0, &g.u0b, &g.u, &g.ub, &g.v, &g.vb};
    for (int k = 0; k < 6; k++)
        *all[k] = calloc(n, sizeof(double));
    srand(1234u + 17u * (unsigned) rank);
    for (size_t k = 0; k < n; k++)
        g.u0[k] = (double) rand() / RAND_MAX;
    return g;
}

static double run(const char *variant, grid *g)
{
    size_t n = (size_t) g->ny * (size_t) (g->nc + 2);
    double norm = 0.0, normb = 1.0;
    memset(g->u0b, 0, n * sizeof(double));
    memset(g->ub, 0, n * sizeof(double));
    memset(g->vb, 0, n * sizeof(double));
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (strcmp(variant, "primal") == 0)
        heat(g->ny, g->nc, g->steps, g->u0, g->u, g->v, &norm, MPI_COMM_WORLD);
    else if (strcmp(variant, "generated") == 0)
        heat_b(g->ny, g->nc, g->steps, g->u0, g->u0b, g->u, g->ub, g->v, g->vb, &norm, &normb, MPI_COMM_WORLD);
    else
        heat_hand_b(g->ny, g->nc, g->steps, g->u0, g->u0b, g->u, g->ub, g->v, g->vb, &norm, &normb, MPI_COMM_WORLD);
    double t = MPI_Wtime() - t0, slowest;
    MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return slowest;
}

int main(int argc, char **argv)
{
    int provided, rank, ranks, threads = 1;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    int check = argc == 5 && strcmp(argv[1], "check") == 0;
    if (!check && argc != 6) {
        if (rank == 0)
            fprintf(stderr, "usage: bench_main check NY NC STEPS | time VARIANT NY NC STEPS\n");
        MPI_Finalize();
        return 2;
    }
    int a = check ? 2 : 3;
    int ny = atoi(argv[a]), nc = atoi(argv[a + 1]) / ranks, steps = atoi(argv[a + 2]);
    grid g = make(ny, nc, steps, rank);
    int status = 0;
    if (check) {
        size_t n = (size_t) ny * (size_t) (nc + 2);
        double *generated = malloc(n * sizeof(double));
        run("generated", &g);
        memcpy(generated, g.u0b, n * sizeof(double));
        run("hand", &g);
        double diff = 0.0, scale = 0.0, d, s;
        for (size_t k = 0; k < n; k++) {
            diff = fmax(diff, fabs(generated[k] - g.u0b[k]));
            scale = fmax(scale, fabs(g.u0b[k]));
        }
        MPI_Allreduce(&diff, &d, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        MPI_Allreduce(&scale, &s, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        status = !(d <= 1e-9 * s) || s == 0.0;
        if (rank == 0)
            printf("check ranks=%d threads=%d ny=%d nc=%d steps=%d rel_diff=%.2e %s\n", ranks, threads, ny, nc * ranks,
                   steps, d / s, status ? "FAILED" : "ok");
        free(generated);
    } else {
        const char *variant = argv[2];
        double best = run(variant, &g);
        double again = run(variant, &g);
        best = fmin(best, again);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        long rss = ru.ru_maxrss, max_rss;
        MPI_Allreduce(&rss, &max_rss, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
        if (rank == 0)
            printf("time variant=%s ranks=%d threads=%d ny=%d nc=%d steps=%d seconds=%.6f max_rss_kb=%ld\n", variant,
                   ranks, threads, ny, nc * ranks, steps, best, max_rss);
    }
    MPI_Finalize();
    return status;
}
