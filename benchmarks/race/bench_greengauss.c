/* Timing driver of the green_gauss adjoints (kernels/greengauss_nodes.c: the example's loop with
 * the node count as a parameter); variants as in bench_compact3.c.
 *
 * Mesh: an NX x NX grid of nodes (natural numbering), each square cut into two triangles; the
 * edges (right, up, diagonal) are coloured greedily in order so that no two edges of a colour
 * share a node, then grouped by colour (color_ia[c] .. color_ia[c+1]-1).
 * Usage: bench_greengauss [NX [SWEEPS [VARIANT...]]]. */
#include "bench.h"

#include "generated/greengauss_nodes_b.c"
#include "generated/greengauss_nodes_ba.c"
#include "generated/greengauss_nodes_br.c"
#include "generated/greengauss_nodes_bs.c"

typedef void (*adjoint_fn)(int, int, const int *, const int (*)[2], const double *, const double *, double *,
                           double *, double *);

/* The coloured edge set of the triangulated grid; returns the number of colours. */
static int coloured_mesh(int nx, int *nedges, int (**edges)[2], int **color_ia)
{
    int nn = nx * nx;
    int ne = 3 * (nx - 1) * (nx - 1) + 2 * (nx - 1);
    int (*raw)[2] = bench_alloc((size_t) ne, sizeof *raw);
    int m = 0;
    for (int y = 0; y < nx; y++) {
        for (int x = 0; x < nx; x++) {
            int a = y * nx + x;
            if (x + 1 < nx) {
                raw[m][0] = a;
                raw[m++][1] = a + 1;
            }
            if (y + 1 < nx) {
                raw[m][0] = a;
                raw[m++][1] = a + nx;
            }
            if (x + 1 < nx && y + 1 < nx) {
                raw[m][0] = a;
                raw[m++][1] = a + nx + 1;
            }
        }
    }
    unsigned long long *used = bench_alloc((size_t) nn, sizeof *used);
    int *colour = bench_alloc((size_t) ne, sizeof *colour);
    int ncolors = 0;
    for (int e = 0; e < ne; e++) {
        unsigned long long busy = used[raw[e][0]] | used[raw[e][1]];
        int c = 0;
        while (busy & (1ULL << c)) {
            c++;
        }
        colour[e] = c;
        used[raw[e][0]] |= 1ULL << c;
        used[raw[e][1]] |= 1ULL << c;
        ncolors = c + 1 > ncolors ? c + 1 : ncolors;
    }
    int *ia = bench_alloc((size_t) ncolors + 1, sizeof *ia);
    for (int e = 0; e < ne; e++) {
        ia[colour[e] + 1]++;
    }
    for (int c = 0; c < ncolors; c++) {
        ia[c + 1] += ia[c];
    }
    int *next = bench_alloc((size_t) ncolors, sizeof *next);
    memcpy(next, ia, sizeof(int) * (size_t) ncolors);
    int (*sorted)[2] = bench_alloc((size_t) ne, sizeof *sorted);
    for (int e = 0; e < ne; e++) {
        int k = next[colour[e]]++;
        sorted[k][0] = raw[e][0];
        sorted[k][1] = raw[e][1];
    }
    free(raw);
    free(used);
    free(colour);
    free(next);
    *nedges = ne;
    *edges = sorted;
    *color_ia = ia;
    return ncolors;
}

static const char *const names[] = {"proven", "all-atomic", "reduction", "serial"};
static const adjoint_fn fns[] = {green_gauss_b, green_gauss_ba, green_gauss_br, green_gauss_bs};
static int nn, ne, ncolors;
static int (*edges)[2];
static int *color_ia;
static double *sij, *dv, *dvb, *grad, *gradb;

static void reset(int v)
{
    (void) v;
    memset(grad, 0, sizeof(double) * (size_t) nn);
    bench_fill(gradb, nn, -1.0, 1.0, 3);
    memset(dvb, 0, sizeof(double) * (size_t) nn);
}

static void sweep(int v)
{
    fns[v](nn, ncolors, color_ia, (const int (*)[2]) edges, sij, dv, dvb, grad, gradb);
}

static double checksum(void)
{
    return bench_sum(dvb, nn);
}

int main(int argc, char **argv)
{
    int nx = argc > 1 ? atoi(argv[1]) : 317;
    int sweeps = argc > 2 ? atoi(argv[2]) : 900;
    ncolors = coloured_mesh(nx, &ne, &edges, &color_ia);
    nn = nx * nx;
    sij = bench_alloc((size_t) ne, sizeof(double));
    dv = bench_alloc((size_t) nn, sizeof(double));
    dvb = bench_alloc((size_t) nn, sizeof(double));
    grad = bench_alloc((size_t) nn, sizeof(double));
    gradb = bench_alloc((size_t) nn, sizeof(double));
    bench_fill(sij, ne, -1.0, 1.0, 5);
    bench_fill(dv, nn, 0.5, 1.5, 1);
    printf("# green_gauss mesh: %d nodes, %d edges, %d colours\n", nn, ne, ncolors);
    bench_kernel k = {"greengauss", nn, 4, names, reset, sweep, checksum};
    bench_run(&k, sweeps, argc, argv);
    return 0;
}
