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

/* Adjoint (reverse mode) of compact17 in compact17.c: dependents unew; independents uold. */
void compact17_b(int n, double *unew, double *unewb, const double *uold, double *uoldb,
                 const double w[9][9])
{
    int offset, from, i;
    pa_tape pa_t[1];
    (void) unew;
    (void) uold;
    pa_tape_init(pa_t);
    from = 0;
    for (offset = 0; offset <= 8; offset++) {
        pa_push_i(pa_t, from);
        from = 8 + offset;
    }
    for (offset = 8; offset >= 0; offset--) {
        #pragma omp parallel for shared(unewb, uoldb) private(i)
        for (i = from; i <= n - 1; i += 9) {
            uoldb[i - 8] += w[8][8] * unewb[i - 8];
            uoldb[i - 7] += w[8][7] * unewb[i - 8];
            uoldb[i - 6] += w[8][6] * unewb[i - 8];
            uoldb[i - 5] += w[8][5] * unewb[i - 8];
            uoldb[i - 4] += w[8][4] * unewb[i - 8];
            uoldb[i - 3] += w[8][3] * unewb[i - 8];
            uoldb[i - 2] += w[8][2] * unewb[i - 8];
            uoldb[i - 1] += w[8][1] * unewb[i - 8];
            uoldb[i - 0] += w[8][0] * unewb[i - 8];
            uoldb[i - 8] += w[7][8] * unewb[i - 7];
            uoldb[i - 7] += w[7][7] * unewb[i - 7];
            uoldb[i - 6] += w[7][6] * unewb[i - 7];
            uoldb[i - 5] += w[7][5] * unewb[i - 7];
            uoldb[i - 4] += w[7][4] * unewb[i - 7];
            uoldb[i - 3] += w[7][3] * unewb[i - 7];
            uoldb[i - 2] += w[7][2] * unewb[i - 7];
            uoldb[i - 1] += w[7][1] * unewb[i - 7];
            uoldb[i - 0] += w[7][0] * unewb[i - 7];
            uoldb[i - 8] += w[6][8] * unewb[i - 6];
            uoldb[i - 7] += w[6][7] * unewb[i - 6];
            uoldb[i - 6] += w[6][6] * unewb[i - 6];
            uoldb[i - 5] += w[6][5] * unewb[i - 6];
            uoldb[i - 4] += w[6][4] * unewb[i - 6];
            uoldb[i - 3] += w[6][3] * unewb[i - 6];
            uoldb[i - 2] += w[6][2] * unewb[i - 6];
            uoldb[i - 1] += w[6][1] * unewb[i - 6];
            uoldb[i - 0] += w[6][0] * unewb[i - 6];
            uoldb[i - 8] += w[5][8] * unewb[i - 5];
            uoldb[i - 7] += w[5][7] * unewb[i - 5];
            uoldb[i - 6] += w[5][6] * unewb[i - 5];
            uoldb[i - 5] += w[5][5] * unewb[i - 5];
            uoldb[i - 4] += w[5][4] * unewb[i - 5];
            uoldb[i - 3] += w[5][3] * unewb[i - 5];
            uoldb[i - 2] += w[5][2] * unewb[i - 5];
            uoldb[i - 1] += w[5][1] * unewb[i - 5];
            uoldb[i - 0] += w[5][0] * unewb[i - 5];
            uoldb[i - 8] += w[4][8] * unewb[i - 4];
            uoldb[i - 7] += w[4][7] * unewb[i - 4];
            uoldb[i - 6] += w[4][6] * unewb[i - 4];
            uoldb[i - 5] += w[4][5] * unewb[i - 4];
            uoldb[i - 4] += w[4][4] * unewb[i - 4];
            uoldb[i - 3] += w[4][3] * unewb[i - 4];
            uoldb[i - 2] += w[4][2] * unewb[i - 4];
            uoldb[i - 1] += w[4][1] * unewb[i - 4];
            uoldb[i - 0] += w[4][0] * unewb[i - 4];
            uoldb[i - 8] += w[3][8] * unewb[i - 3];
            uoldb[i - 7] += w[3][7] * unewb[i - 3];
            uoldb[i - 6] += w[3][6] * unewb[i - 3];
            uoldb[i - 5] += w[3][5] * unewb[i - 3];
            uoldb[i - 4] += w[3][4] * unewb[i - 3];
            uoldb[i - 3] += w[3][3] * unewb[i - 3];
            uoldb[i - 2] += w[3][2] * unewb[i - 3];
            uoldb[i - 1] += w[3][1] * unewb[i - 3];
            uoldb[i - 0] += w[3][0] * unewb[i - 3];
            uoldb[i - 8] += w[2][8] * unewb[i - 2];
            uoldb[i - 7] += w[2][7] * unewb[i - 2];
            uoldb[i - 6] += w[2][6] * unewb[i - 2];
            uoldb[i - 5] += w[2][5] * unewb[i - 2];
            uoldb[i - 4] += w[2][4] * unewb[i - 2];
            uoldb[i - 3] += w[2][3] * unewb[i - 2];
            uoldb[i - 2] += w[2][2] * unewb[i - 2];
            uoldb[i - 1] += w[2][1] * unewb[i - 2];
            uoldb[i - 0] += w[2][0] * unewb[i - 2];
            uoldb[i - 8] += w[1][8] * unewb[i - 1];
            uoldb[i - 7] += w[1][7] * unewb[i - 1];
            uoldb[i - 6] += w[1][6] * unewb[i - 1];
            uoldb[i - 5] += w[1][5] * unewb[i - 1];
            uoldb[i - 4] += w[1][4] * unewb[i - 1];
            uoldb[i - 3] += w[1][3] * unewb[i - 1];
            uoldb[i - 2] += w[1][2] * unewb[i - 1];
            uoldb[i - 1] += w[1][1] * unewb[i - 1];
            uoldb[i - 0] += w[1][0] * unewb[i - 1];
            uoldb[i - 8] += w[0][8] * unewb[i - 0];
            uoldb[i - 7] += w[0][7] * unewb[i - 0];
            uoldb[i - 6] += w[0][6] * unewb[i - 0];
            uoldb[i - 5] += w[0][5] * unewb[i - 0];
            uoldb[i - 4] += w[0][4] * unewb[i - 0];
            uoldb[i - 3] += w[0][3] * unewb[i - 0];
            uoldb[i - 2] += w[0][2] * unewb[i - 0];
            uoldb[i - 1] += w[0][1] * unewb[i - 0];
            uoldb[i - 0] += w[0][0] * unewb[i - 0];
        }
        from = pa_pop_i(pa_t);
    }
    pa_tape_free(pa_t);
}
