/* What every kernel of this suite includes from its own folder, in the manner of PolyBench 4.2's
 * per-kernel headers: problem sizes (small defaults that -D NAME=... overrides), the element
 * type and its printing format, the array-declaration macros spelled as C99 variable-length
 * array parameters, and a few helpers. */
#ifndef POLYBENCH_LOCAL_H
#define POLYBENCH_LOCAL_H

#include <stddef.h>

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

#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%0.2lf "
#define SCALAR_VAL(x) x
#define SQRT_FUN(x) sqrt(x)
#define EXP_FUN(x) exp(x)
#define POW_FUN(x, y) pow(x, y)

/* The array parameters of a kernel: the run-time extents (ddim) of a C99 variable-length array;
 * the compile-time ones (dim) only document the intended problem size. */
#define POLYBENCH_1D(var, dim1, ddim1) var[ddim1]
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[ddim1][ddim2]
#define POLYBENCH_3D(var, dim1, dim2, dim3, ddim1, ddim2, ddim3) var[ddim1][ddim2][ddim3]

typedef DATA_TYPE real_t;
typedef size_t extent_t;

/* the smaller of two values, written as a branch so that its derivative follows the winner */
static inline DATA_TYPE min_of(DATA_TYPE a, DATA_TYPE b)
{
    return a < b ? a : b;
}

/* a smooth, positive nonlinearity for kernels that are linear in PolyBench */
static inline DATA_TYPE softplus(DATA_TYPE v)
{
    return log(SCALAR_VAL(1.0) + EXP_FUN(v));
}

#endif
