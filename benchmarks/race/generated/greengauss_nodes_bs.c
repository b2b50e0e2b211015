#include <stdio.h>
#include <stdlib.h>

#ifndef PARADJOINT_RUNTIME_H
#define PARADJOINT_RUNTIME_H
/* Paradjoint tape: typed stacks of the values the reverse sweep needs. */
typedef struct {
    double *d;
    long nd, capd;
    int *i;
    long ni, capi;
} pa_tape;

static inline void pa_tape_init(pa_tape *t)
{
    t->d = NULL;
    t->nd = 0;
    t->capd = 0;
    t->i = NULL;
    t->ni = 0;
    t->capi = 0;
}

static inline void pa_tape_free(pa_tape *t)
{
    free(t->d);
    free(t->i);
    pa_tape_init(t);
}

static inline void pa_tape_oom(void)
{
    fprintf(stderr, "paradjoint: out of memory for the tape\n");
    abort();
}

static inline void pa_push_d(pa_tape *t, double v)
{
    if (t->nd == t->capd) {
        long cap = t->capd > 0 ? 2 * t->capd : 64;
        double *p = (double *) realloc(t->d, (size_t) cap * sizeof(double));
        if (p == NULL) {
            pa_tape_oom();
        }
        t->d = p;
        t->capd = cap;
    }
    t->d[t->nd++] = v;
}

static inline double pa_pop_d(pa_tape *t)
{
    return t->d[--t->nd];
}

static inline void pa_push_i(pa_tape *t, int v)
{
    if (t->ni == t->capi) {
        long cap = t->capi > 0 ? 2 * t->capi : 64;
        int *p = (int *) realloc(t->i, (size_t) cap * sizeof(int));
        if (p == NULL) {
            pa_tape_oom();
        }
        t->i = p;
        t->capi = cap;
    }
    t->i[t->ni++] = v;
}

static inline int pa_pop_i(pa_tape *t)
{
    return t->i[--t->ni];
}
#endif /* PARADJOINT_RUNTIME_H */

/* Adjoint (reverse mode) of green_gauss in greengauss_nodes_serial.c: dependents grad; independents dv. */
void green_gauss_bs(int nnodes, int ncolors, const int *color_ia, const int (*edge2nodes)[2],
                    const double *sij, const double dv[nnodes], double dvbs[nnodes],
                    double grad[nnodes], double gradbs[nnodes])
{
    int ic, ie, i, j;
    double dvFacebs;
    pa_tape pa_t[1];
    (void) dv;
    (void) grad;
    pa_tape_init(pa_t);
    i = 0;
    j = 0;
    for (ic = 0; ic < ncolors; ic++) {
        for (ie = color_ia[ic]; ie < color_ia[ic + 1]; ie++) {
            pa_push_i(pa_t, i);
            i = edge2nodes[ie][0];
            pa_push_i(pa_t, j);
            j = edge2nodes[ie][1];
        }
    }
    dvFacebs = 0.0;
    for (ic = ncolors - 1; ic >= 0; ic--) {
        for (ie = color_ia[ic + 1] - 1; ie >= color_ia[ic]; ie--) {
            if (i != j) {
                dvFacebs -= sij[ie] * gradbs[j];
                dvFacebs += sij[ie] * gradbs[i];
                dvbs[i] += 0.5 * dvFacebs;
                dvbs[j] += 0.5 * dvFacebs;
                dvFacebs = 0.0;
            }
            j = pa_pop_i(pa_t);
            i = pa_pop_i(pa_t);
        }
    }
    pa_tape_free(pa_t);
}
