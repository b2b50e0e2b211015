package org.paradjoint.pipeline.edits;

/** Small kernels for the edit tests (the repository's examples come from {@code Repo}). */
final class Sources {

    /** A parallel gather through an index array: unsafe until {@code c[i]} is asserted disjoint. */
    static final String INDIRECT_GATHER = """
            void gather_indirect(int n, double *y, const double *x, const int *c)
            {
                int i;
            #pragma ad gradient(y : x)
            #pragma omp parallel for private(i)
                for (i = 0; i < n; i++)
                    y[i] = 2.0 * x[c[i]];
            }
            """;

    private Sources() {
    }
}
