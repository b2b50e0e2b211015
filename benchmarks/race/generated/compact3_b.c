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

/* Adjoint (reverse mode) of compact3 in compact3.c: dependents unew; independents uold. */
void compact3_b(int n, double *unew, double *unewb, const double *uold, double *uoldb, double wl,
                double wc, double wr)
{
    int offset, from, i;
    pa_tape pa_t[1];
    (void) unew;
    (void) uold;
    pa_tape_init(pa_t);
    from = 0;
    for (offset = 0; offset <= 1; offset++) {
        pa_push_i(pa_t, from);
        from = 2 + offset;
    }
    for (offset = 1; offset >= 0; offset--) {
        #pragma omp parallel for shared(unewb, uoldb) private(i)
        for (i = from; i <= n - 2; i += 2) {
            uoldb[i] += wr * unewb[i - 1];
            uoldb[i] += wc * unewb[i];
            uoldb[i - 1] += wl * unewb[i];
        }
        from = pa_pop_i(pa_t);
    }
    pa_tape_free(pa_t);
}
