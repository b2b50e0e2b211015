/* A relaxation sweep over the fields of a grid struct: members named in the annotation as g->m. */
#include "grid.h"

#pragma ad gradient(g->w, g->s : g->u, g->v, g->c)
void relax(grid_t *g, double alpha)
{
    double acc = 0.0;
#pragma omp parallel for reduction(+: acc)
    for (int i = 1; i < g->n - 1; i++) {
        g->w[i] = g->c[i] * (g->u[i - 1] + g->u[i + 1]) * g->v[i % NV];
        acc += g->u[i] * g->u[i];
    }
    g->s = alpha * acc + g->s * g->v[0];
}

void report(const grid_t *g)
{
    fprintf(g->log, "%s: s = %g after %ld calls\n", g->name, g->s, g->st.calls);
}
