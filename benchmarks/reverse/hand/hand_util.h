/* Shared code of the hand-written adjoints: per-thread accumulators for adjoint increments that
 * different iterations of a parallel loop would make to the same elements. */
#ifndef HAND_UTIL_H
#define HAND_UTIL_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

/* nthreads zeroed buffers of len doubles each, one after the other (buffer t at t*len). */
static inline double *hand_thread_buffers(long len, int *nthreads)
{
    int nt = omp_get_max_threads();
    double *buf = (double *) calloc((size_t) nt * (size_t) len, sizeof(double));
    if (buf == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    *nthreads = nt;
    return buf;
}

/* dst[e] += sum over the threads of buf[t*len + e], in parallel over e. */
static inline void hand_reduce_into(double *dst, const double *buf, long len, int nt)
{
    long e;
#pragma omp parallel for schedule(static)
    for (e = 0; e < len; e++) {
        double s = 0.0;
        for (int t = 0; t < nt; t++)
            s += buf[(long) t * len + e];
        dst[e] += s;
    }
}

#endif
