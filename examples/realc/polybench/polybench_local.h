/* What every kernel of this suite includes from its own folder, in the manner of PolyBench 4.2's
 * per-kernel headers: problem sizes (small defaults that -D NAME=... overrides), the element
 * type and its printing format, the array-declaration macros spelled as C99 variable-length
 * array parameters, the loop-bound macros, a typedef and a helper. */
#ifndef POLYBENCH_LOCAL_H
#define POLYBENCH_LOCAL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* problem sizes: small, so that a derivative check runs in about a second */
#ifndef N
#define N 12
#endif
#ifndef M
#define M 10
#endif
#ifndef NI
#define NI 8
#endif
#ifndef NJ
#define NJ 9
#endif
#ifndef NK
#define NK 10
#endif
#ifndef NL
#define NL 11
#endif
#ifndef NM
#define NM 12
#endif
#ifndef TSTEPS
#define TSTEPS 3
#endif

/* the element type: double unless -D DATA_TYPE_IS_FLOAT */
#if !defined(DATA_TYPE_IS_FLOAT) && !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#ifdef DATA_TYPE_IS_FLOAT
#  define DATA_TYPE float
#  define DATA_PRINTF_MODIFIER "%0.2f "
#  define SCALAR_VAL(x) x##f
#  define SQRT_FUN(x) sqrtf(x)
#  define EXP_FUN(x) expf(x)
#  define POW_FUN(x, y) powf(x, y)
#endif

#ifdef DATA_TYPE_IS_DOUBLE
#  define DATA_TYPE double
#  define DATA_PRINTF_MODIFIER "%0.2lf "
#  define SCALAR_VAL(x) x
#  define SQRT_FUN(x) sqrt(x)
#  define EXP_FUN(x) exp(x)
#  define POW_FUN(x, y) pow(x, y)
#endif

/* Loop bounds: the run-time size (the kernel's parameter), not the compile-time one. */
#define POLYBENCH_LOOP_BOUND(x, y) y
#define _PB_N POLYBENCH_LOOP_BOUND(N, n)
#define _PB_M POLYBENCH_LOOP_BOUND(M, m)
#define _PB_NI POLYBENCH_LOOP_BOUND(NI, ni)
#define _PB_NJ POLYBENCH_LOOP_BOUND(NJ, nj)
#define _PB_NK POLYBENCH_LOOP_BOUND(NK, nk)
#define _PB_NL POLYBENCH_LOOP_BOUND(NL, nl)
#define _PB_NM POLYBENCH_LOOP_BOUND(NM, nm)
#define _PB_TSTEPS POLYBENCH_LOOP_BOUND(TSTEPS, tsteps)

/* The array parameters of a kernel: C99 variable-length arrays of the run-time extents (ddim),
 * the compile-time ones (dim) only documenting the intended problem size, each extent padded by
 * POLYBENCH_PADDING_FACTOR elements (none by default). */
#ifndef POLYBENCH_PADDING_FACTOR
#define POLYBENCH_PADDING_FACTOR 0
#endif
#define POLYBENCH_C99_SELECT(x, y) y
#define POLYBENCH_EXTENT(dim, ddim) POLYBENCH_C99_SELECT(dim, ddim) + POLYBENCH_PADDING_FACTOR
#define POLYBENCH_1D(var, dim1, ddim1) var[POLYBENCH_EXTENT(dim1, ddim1)]
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) \
    var[POLYBENCH_EXTENT(dim1, ddim1)][POLYBENCH_EXTENT(dim2, ddim2)]
#define POLYBENCH_3D(var, dim1, dim2, dim3, ddim1, ddim2, ddim3) \
    var[POLYBENCH_EXTENT(dim1, ddim1)][POLYBENCH_EXTENT(dim2, ddim2)][POLYBENCH_EXTENT(dim3, ddim3)]

/* A main's arrays, as PolyBench declares and allocates them: a pointer to the whole array,
 * passed on as POLYBENCH_ARRAY(A), printed only where the compiler cannot prove it unread. */
#define POLYBENCH_1D_ARRAY_DECL(var, type, dim1, ddim1) \
    type (*var)[POLYBENCH_EXTENT(dim1, ddim1)] = \
        (type (*)[POLYBENCH_EXTENT(dim1, ddim1)]) polybench_alloc_data(POLYBENCH_EXTENT(dim1, ddim1), sizeof(type))
#define POLYBENCH_2D_ARRAY_DECL(var, type, dim1, dim2, ddim1, ddim2) \
    type (*var)[POLYBENCH_EXTENT(dim1, ddim1)][POLYBENCH_EXTENT(dim2, ddim2)] = \
        (type (*)[POLYBENCH_EXTENT(dim1, ddim1)][POLYBENCH_EXTENT(dim2, ddim2)]) \
        polybench_alloc_data((POLYBENCH_EXTENT(dim1, ddim1)) * (POLYBENCH_EXTENT(dim2, ddim2)), sizeof(type))
#define POLYBENCH_3D_ARRAY_DECL(var, type, dim1, dim2, dim3, ddim1, ddim2, ddim3) \
    type (*var)[POLYBENCH_EXTENT(dim1, ddim1)][POLYBENCH_EXTENT(dim2, ddim2)][POLYBENCH_EXTENT(dim3, ddim3)] = \
        (type (*)[POLYBENCH_EXTENT(dim1, ddim1)][POLYBENCH_EXTENT(dim2, ddim2)][POLYBENCH_EXTENT(dim3, ddim3)]) \
        polybench_alloc_data((POLYBENCH_EXTENT(dim1, ddim1)) * (POLYBENCH_EXTENT(dim2, ddim2)) \
                             * (POLYBENCH_EXTENT(dim3, ddim3)), sizeof(type))
#define POLYBENCH_ARRAY(x) *x
#define POLYBENCH_FREE_ARRAY(x) free((void *) x)
#define POLYBENCH_DUMP_TARGET stderr
#define POLYBENCH_DUMP_START fprintf(POLYBENCH_DUMP_TARGET, "==BEGIN DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_FINISH fprintf(POLYBENCH_DUMP_TARGET, "==END   DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_BEGIN(s) fprintf(POLYBENCH_DUMP_TARGET, "begin dump: %s", s)
#define POLYBENCH_DUMP_END(s) fprintf(POLYBENCH_DUMP_TARGET, "\nend   dump: %s\n", s)
#define polybench_prevent_dce(func) \
    if (argc > 42 && !strcmp(argv[0], "")) \
        func

static inline void *polybench_alloc_data(unsigned long long n, int elt_size)
{
    void *data = malloc(n * elt_size);

    if (data == NULL) {
        fprintf(stderr, "[PolyBench] malloc: cannot allocate %llu elements\n", n);
        exit(1);
    }
    return data;
}

/* a base of an RNA sequence (nussinov): an int, since char is not supported */
typedef int base;

/* the smaller of two path lengths, a branch: its derivative follows the shorter one */
static inline DATA_TYPE min_length(DATA_TYPE a, DATA_TYPE b)
{
    return a < b ? a : b;
}

#endif
