/* What a PolyBench-4.2-style solver file includes from its own folder: the problem size (a
 * default that -D N=... overrides), the stopping rule, the element type and a helper. */
#ifndef RELAX_H
#define RELAX_H

#ifndef N
#define N 32
#endif
#define MAX_SWEEPS 50
#define TOLERANCE 1e-4
#define FIXED_EVERY 7

typedef double DATA_TYPE;

/* a smooth damping of the source term, inlined into the kernel */
static inline DATA_TYPE damping(DATA_TYPE v)
{
    return 1.0 / (1.0 + v * v);
}

#endif
