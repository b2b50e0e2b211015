package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.tests.support.Kernels;

/**
 * {@link BranchSetLocals}: an inlined helper's result set in the {@code else} of the forward
 * sweep and read in the same branch of the reverse sweep, a parallel loop between them, gets a
 * value when the function starts; without it gcc reports it maybe-uninitialised and the
 * adjoint, compiled with -Wall -Wextra -Werror -fopenmp, does not build. Checked (dot product,
 * finite differences) at 1, 2 and 4 threads.
 */
class BranchSetLocalsTest {

    @Test
    void aHelpersResultSetInOneBranchIsZeroWhenTheAdjointStarts() {
        String b = Kernels.check("""
                static double get(double s)
                {
                    return s;
                }

                void branchy(int n, double *y, double *z, const double *x, double s)
                {
                    int i;
                    double t0;
                #pragma ad gradient(y, z : x, s)
                    {
                        t0 = 0.5;
                        if ((x[1] - x[3]) > 1.0) {
                            y[2] = t0;
                        } else {
                            y[2] = cos(fmin(1.0, get(s)));
                        }
                #pragma omp parallel for
                        for (i = 0; i < n - 1; i++)
                            z[i] = s * x[i + 1];
                    }
                }
                """, "branchy", DiffOptions.defaults(), new int[] {1, 2, 4},
                c -> c.set("n", "6").size("y", "3").size("z", "n").size("x", "n"))[1];
        assertTrue(b.replaceAll("\\s+", " ").contains("get_r = 0.0; if (!(x[1] - x[3] > 1.0)) { get_r = s; }"), b);
    }
}
