/* What a PolyBench-4.2-style kernel file includes from its own folder: the problem size (a
 * default that -D N=... overrides), the element type, a helper and printing conventions. */
#ifndef LOCAL_H
#define LOCAL_H

#include <stddef.h>
#include <stdint.h>

#ifndef N
#define N 40
#endif
#define GHOST 1
#define SCALAR_VAL(x) x
#define DATA_PRINTF_MODIFIER "%0.4lf "

typedef double DATA_TYPE;
typedef int64_t index_t;

/* a smooth nonlinearity, inlined into the kernels that call it */
static inline DATA_TYPE soft_square(DATA_TYPE v)
{
    return v * v / (SCALAR_VAL(1.0) + v * v);
}

#endif
